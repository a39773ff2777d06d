package kubectl

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/kubeloop/kubeloop/core/pattern"
)

// runGrep is grep with the options people pipe kubectl into: -i -v -c -n
// -w, -E (extended), -F (fixed), -A/-B/-C NUM. Without -E or -F the
// pattern is a basic regular expression, as grep reads it. grep exits 1
// when no line matched. Patterns are matched by core/pattern, not package
// regexp, which would add its Unicode tables to the page's wasm.
func runGrep(args []string, in string) (string, int, error) {
	var (
		pat                                string
		havePat, ignoreCase, invert, count bool
		number, word, extended, fixed      bool
		after, before                      int
	)
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !strings.HasPrefix(a, "-") || a == "-" {
			if havePat {
				return "", 2, errors.New("grep: this terminal's grep reads only what is piped to it, not files")
			}
			pat, havePat = a, true
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
			case 'o':
				return "", 2, errors.New("grep: -o is not supported in this terminal")
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
					return "", 2, fmt.Errorf("grep: %s: invalid context length argument", numText)
				}
				if c != 'B' {
					after = n
				}
				if c != 'A' {
					before = n
				}
				j = len(a)
			default:
				return "", 2, fmt.Errorf("grep: invalid option -- '%c'\nUsage: grep [OPTION]... PATTERNS", c)
			}
		}
	}
	if !havePat {
		return "", 2, errors.New("Usage: grep [OPTION]... PATTERNS")
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
		return "", 2, fmt.Errorf("grep: invalid pattern %q", pat)
	}
	lines := splitLines(in)
	// Each line is matched once: the after-context of one match looks
	// ahead at lines the loop then reaches itself.
	selected := make([]bool, len(lines))
	matches := 0
	for i, l := range lines {
		if selected[i] = re.MatchString(l) != invert; selected[i] {
			matches++
		}
	}
	var out []string
	lastPrinted := -1
	for i, l := range lines {
		if !selected[i] || count {
			continue
		}
		first := max(i-before, lastPrinted+1)
		if lastPrinted >= 0 && first > lastPrinted+1 && (before > 0 || after > 0) {
			out = append(out, "--")
		}
		for k := first; k < i; k++ {
			out = append(out, numbered(number, k, "-", lines[k]))
		}
		out = append(out, numbered(number, i, ":", l))
		lastPrinted = i
		for k := i + 1; k <= min(i+after, len(lines)-1); k++ {
			if selected[k] {
				break // the next match prints itself
			}
			out = append(out, numbered(number, k, "-", lines[k]))
			lastPrinted = k
		}
	}
	code := 0
	if matches == 0 {
		code = 1
	}
	if count {
		return strconv.Itoa(matches) + "\n", code, nil
	}
	return joinLines(out), code, nil
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
