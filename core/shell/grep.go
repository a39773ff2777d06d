package shell

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kubeloop/kubeloop/core/pattern"
)

// runGrep is grep with the options people pipe kubectl into: -i -v -c -n
// -w -q, -E (extended), -F (fixed), -A/-B/-C NUM. Without -E or -F the
// pattern is a basic regular expression, as grep reads it. grep exits 1
// when no line matched, 2 on an error. With several files each line
// printed starts with its file's name. Patterns are matched by
// core/pattern, not package regexp, which would add its Unicode tables to
// the page's wasm.
func runGrep(s *session, args []string, stdin string, out, errOut *strings.Builder) int {
	var (
		pat                                string
		havePat, ignoreCase, invert, count bool
		number, word, extended, fixed      bool
		quiet                              bool
		after, before                      int
		files                              []string
	)
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !strings.HasPrefix(a, "-") || a == "-" {
			if havePat {
				files = append(files, a)
			} else {
				pat, havePat = a, true
			}
			continue
		}
		if a == "-e" && i+1 < len(args) {
			i++
			pat, havePat = args[i], true
			continue
		}
		for j := 1; j < len(a); j++ {
			switch c := a[j]; c {
			case 'i':
				ignoreCase = true
			case 'v':
				invert = true
			case 'c':
				count = true
			case 'n':
				number = true
			case 'q':
				quiet = true
			case 'o':
				fmt.Fprintf(errOut, "grep: -o is not supported in %s\n", s.where())
				return 2
			case 'w':
				word = true
			case 'E':
				extended = true
			case 'F':
				fixed = true
			case 'A', 'B', 'C':
				numText := a[j+1:]
				if numText == "" && i+1 < len(args) {
					i++
					numText = args[i]
				}
				n, err := strconv.Atoi(numText)
				if err != nil || n < 0 {
					fmt.Fprintf(errOut, "grep: %s: invalid context length argument\n", numText)
					return 2
				}
				if c != 'B' {
					after = n
				}
				if c != 'A' {
					before = n
				}
				j = len(a)
			default:
				fmt.Fprintf(errOut, "grep: invalid option -- '%c'\nUsage: grep [OPTION]... PATTERNS\n", c)
				return 2
			}
		}
	}
	if !havePat {
		errOut.WriteString("Usage: grep [OPTION]... PATTERNS\n")
		return 2
	}
	expr := pat
	switch {
	case fixed:
		expr = quoteMeta(pat)
	case !extended:
		expr = basicToExtended(pat)
	}
	if word {
		expr = `\b(?:` + expr + `)\b`
	}
	if ignoreCase {
		expr = "(?i)" + expr
	}
	re, err := pattern.Compile(expr)
	if err != nil {
		fmt.Fprintf(errOut, "grep: invalid pattern %q\n", pat)
		return 2
	}
	srcs, ok := s.sources("grep", files, stdin, errOut)
	matches := 0
	for _, src := range srcs {
		prefix := ""
		if len(srcs) > 1 {
			prefix = src.name
		}
		lines, n := grepLines(re, invert, splitLines(src.text), before, after, number, prefix)
		matches += n
		switch {
		case quiet:
		case count && prefix != "":
			fmt.Fprintf(out, "%s:%d\n", prefix, n)
		case count:
			fmt.Fprintf(out, "%d\n", n)
		default:
			out.WriteString(joinLines(lines))
		}
	}
	switch {
	case quiet && matches > 0:
		return 0
	case !ok:
		return 2
	case matches == 0:
		return 1
	}
	return 0
}

// where names the place a refusal speaks of.
func (s *session) where() string {
	if s.env.Flavor == terminal {
		return "this terminal"
	}
	return "this sandbox"
}

// grepLines selects the lines matching re (or not, with invert), with
// before and after lines of context, numbered when asked and each
// after prefix and a colon when prefix is not "". It returns the lines to
// print and how many matched.
func grepLines(re *pattern.Pattern, invert bool, lines []string, before, after int, number bool, prefix string) ([]string, int) {
	// Each line is matched once: the after-context of one match looks
	// ahead at lines the loop then reaches itself.
	selected := make([]bool, len(lines))
	matches := 0
	for i, l := range lines {
		if selected[i] = re.MatchString(l) != invert; selected[i] {
			matches++
		}
	}
	mark := func(i int, sep string) string {
		l := numbered(number, i, sep, lines[i])
		if prefix != "" {
			l = prefix + sep + l
		}
		return l
	}
	var out []string
	lastPrinted := -1
	for i := range lines {
		if !selected[i] {
			continue
		}
		first := max(i-before, lastPrinted+1)
		if lastPrinted >= 0 && first > lastPrinted+1 && (before > 0 || after > 0) {
			out = append(out, "--")
		}
		for k := first; k < i; k++ {
			out = append(out, mark(k, "-"))
		}
		out = append(out, mark(i, ":"))
		lastPrinted = i
		for k := i + 1; k <= min(i+after, len(lines)-1); k++ {
			if selected[k] {
				break // the next match prints itself
			}
			out = append(out, mark(k, "-"))
			lastPrinted = k
		}
	}
	return out, matches
}

// quoteMeta escapes what a pattern would read as an operator.
func quoteMeta(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if strings.IndexByte(`\.+*?()|[]{}^$`, s[i]) >= 0 {
			b.WriteByte('\\')
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

func numbered(on bool, i int, sep, line string) string {
	if !on {
		return line
	}
	return strconv.Itoa(i+1) + sep + line
}

// basicToExtended rewrites a basic regular expression (grep's default) for
// Go: there + ? | ( ) { } are literal and \+ \? \| \( \) \{ \} special.
func basicToExtended(bre string) string {
	var b strings.Builder
	inBracket := false
	for i := 0; i < len(bre); i++ {
		c := bre[i]
		switch {
		case inBracket:
			b.WriteByte(c)
			if c == ']' {
				inBracket = false
			}
		case c == '[':
			inBracket = true
			b.WriteByte(c)
			if i+1 < len(bre) && bre[i+1] == ']' { // "[]…]": ] is a member
				i++
				b.WriteByte(']')
			}
		case c == '\\' && i+1 < len(bre):
			i++
			if strings.IndexByte("+?|(){}", bre[i]) >= 0 {
				b.WriteByte(bre[i])
			} else {
				b.WriteByte('\\')
				b.WriteByte(bre[i])
			}
		case strings.IndexByte("+?|(){}", c) >= 0:
			b.WriteByte('\\')
			b.WriteByte(c)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}
