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
	o, ok := parseGrep(s, args, errOut)
	if !ok {
		return 2
	}
	re, err := pattern.Compile(o.expression())
	if err != nil {
		fmt.Fprintf(errOut, "grep: invalid pattern %q\n", o.pat)
		return 2
	}
	return grepSources(s, o, re, stdin, out, errOut)
}

// grepOptions is what grep's command line asks for.
type grepOptions struct {
	pat                              string
	ignoreCase, invert, count, quiet bool
	number, word, extended, fixed    bool
	after, before                    int // lines of context
	files                            []string
}

// parseGrep reads grep's command line: the first operand (or -e's
// argument) is the pattern, the rest are files. On a usage error it writes
// grep's message to errOut and reports false.
func parseGrep(s *session, args []string, errOut *strings.Builder) (o grepOptions, ok bool) {
	havePat := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case !strings.HasPrefix(a, "-") || a == "-":
			if havePat {
				o.files = append(o.files, a)
			} else {
				o.pat, havePat = a, true
			}
		case a == "-e" && i+1 < len(args):
			i++
			o.pat, havePat = args[i], true
		default:
			if i, ok = o.setFlags(s, args, i, errOut); !ok {
				return o, false
			}
		}
	}
	if !havePat {
		errOut.WriteString("Usage: grep [OPTION]... PATTERNS\n")
		return o, false
	}
	return o, true
}

// setFlags sets the options named by args[i], one letter each (-inv). A
// context flag takes the rest of the word as its number, or the next
// argument when nothing follows it. It returns the index of the last
// argument read; on an unknown or refused flag it writes grep's message
// and reports false.
func (o *grepOptions) setFlags(s *session, args []string, i int, errOut *strings.Builder) (last int, ok bool) {
	a := args[i]
	for j := 1; j < len(a); j++ {
		switch c := a[j]; c {
		case 'i':
			o.ignoreCase = true
		case 'v':
			o.invert = true
		case 'c':
			o.count = true
		case 'n':
			o.number = true
		case 'q':
			o.quiet = true
		case 'o':
			fmt.Fprintf(errOut, "grep: -o is not supported in %s\n", s.where())
			return i, false
		case 'w':
			o.word = true
		case 'E':
			o.extended = true
		case 'F':
			o.fixed = true
		case 'A', 'B', 'C':
			numText := a[j+1:]
			if numText == "" && i+1 < len(args) {
				i++
				numText = args[i]
			}
			return i, o.setContext(c, numText, errOut)
		default:
			fmt.Fprintf(errOut, "grep: invalid option -- '%c'\nUsage: grep [OPTION]... PATTERNS\n", c)
			return i, false
		}
	}
	return i, true
}

// setContext sets the lines of context flag -A, -B or -C asks for (-C
// both before and after). A number that is not a count is refused with
// grep's message.
func (o *grepOptions) setContext(flag byte, numText string, errOut *strings.Builder) bool {
	n, err := strconv.Atoi(numText)
	if err != nil || n < 0 {
		fmt.Fprintf(errOut, "grep: %s: invalid context length argument\n", numText)
		return false
	}
	if flag != 'B' {
		o.after = n
	}
	if flag != 'A' {
		o.before = n
	}
	return true
}

// expression is the pattern as core/pattern reads it: quoted with -F,
// rewritten from a basic expression without -E, then bounded by word
// edges with -w and made case-blind with -i.
func (o grepOptions) expression() string {
	expr := o.pat
	switch {
	case o.fixed:
		expr = quoteMeta(o.pat)
	case !o.extended:
		expr = basicToExtended(o.pat)
	}
	if o.word {
		expr = `\b(?:` + expr + `)\b`
	}
	if o.ignoreCase {
		expr = "(?i)" + expr
	}
	return expr
}

// grepSources runs re over the files o names (stdin without any) and
// prints the lines, counts or nothing o asks for. It returns grep's exit
// code: 0 when a line matched, 1 when none did, 2 when a file could not be
// read — unless -q found a match, which is 0 all the same.
func grepSources(s *session, o grepOptions, re *pattern.Pattern, stdin string, out, errOut *strings.Builder) int {
	srcs, ok := s.sources("grep", o.files, stdin, errOut)
	matches := 0
	for _, src := range srcs {
		prefix := ""
		if len(srcs) > 1 {
			prefix = src.name
		}
		lines, n := grepLines(re, o.invert, splitLines(src.text), o.before, o.after, o.number, prefix)
		matches += n
		switch {
		case o.quiet:
		case o.count && prefix != "":
			fmt.Fprintf(out, "%s:%d\n", prefix, n)
		case o.count:
			fmt.Fprintf(out, "%d\n", n)
		default:
			out.WriteString(joinLines(lines))
		}
	}
	switch {
	case o.quiet && matches > 0:
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
