package kubectl

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/kubeloop/kubeloop/core/pattern"
)

// A learner's shell habit is `kubectl get pods | grep web`: the terminal
// runs one kubectl command, but its output may go through a few text
// filters, as it would in a shell. Only stdout is piped; kubectl's errors
// still show.

// pipeFilters are the commands that may follow a |, by name.
var pipeFilters = map[string]func(args []string, in string) (out string, code int, err error){
	"grep": runGrep,
	"head": func(args []string, in string) (string, int, error) { return headTail("head", args, in) },
	"tail": func(args []string, in string) (string, int, error) { return headTail("tail", args, in) },
	"wc":   runWc,
	"sort": runSort,
}

// pipeHelp says what may follow a |.
const pipeHelp = "a | may pass kubectl's output to grep, head, tail, wc or sort"

// splitPipeline cuts line at each | outside quotes: the kubectl command,
// then the filters. "||" is a command list, which the terminal does not run.
func splitPipeline(line string) (string, []string, error) {
	var parts []string
	start, quote, escaped := 0, rune(0), false
	for i, c := range line {
		switch {
		case escaped:
			escaped = false
		case quote != 0:
			if c == quote {
				quote = 0
			} else if c == '\\' && quote == '"' {
				escaped = true
			}
		case c == '\\':
			escaped = true
		case c == '\'' || c == '"':
			quote = c
		case c == '|':
			if strings.HasPrefix(line[i+1:], "|") || strings.HasSuffix(line[:i], "|") {
				return "", nil, errShellOperator
			}
			parts = append(parts, line[start:i])
			start = i + 1
		}
	}
	parts = append(parts, line[start:])
	return parts[0], parts[1:], nil
}

// runFilters passes text through each filter in turn; the code is the
// last one's, as a shell reports a pipeline's.
func runFilters(filters []string, text string) (string, int, error) {
	code := 0
	for _, f := range filters {
		words, err := Split(f)
		if err != nil {
			return "", 1, err
		}
		if len(words) == 0 {
			return "", 1, errors.New("syntax error near unexpected token `|'")
		}
		run, ok := pipeFilters[words[0]]
		if !ok {
			return "", 127, fmt.Errorf("%s is not available in this terminal: %s", words[0], pipeHelp)
		}
		if text, code, err = run(words[1:], text); err != nil {
			return "", code, err
		}
	}
	return text, code, nil
}

func splitLines(text string) []string {
	if text == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(text, "\n"), "\n")
}

func joinLines(lines []string) string {
	if len(lines) == 0 {
		return ""
	}
	return strings.Join(lines, "\n") + "\n"
}

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
	var out []string
	matches, lastPrinted := 0, -1
	for i, l := range lines {
		if re.MatchString(l) == invert {
			continue
		}
		matches++
		if count {
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
			if re.MatchString(lines[k]) != invert {
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

// headTail is head or tail: -n NUM, -NUM (10 by default); tail -n +NUM
// starts at line NUM.
func headTail(name string, args []string, in string) (string, int, error) {
	n, fromStart := 10, false
	for i := 0; i < len(args); i++ {
		a := args[i]
		text := ""
		switch {
		case a == "-n" && i+1 < len(args):
			i++
			text = args[i]
		case strings.HasPrefix(a, "-n"):
			text = a[2:]
		case len(a) > 1 && a[0] == '-':
			text = a[1:]
		default:
			return "", 1, fmt.Errorf("%s: this terminal's %s reads only what is piped to it, not files", name, name)
		}
		if name == "tail" && strings.HasPrefix(text, "+") {
			fromStart, text = true, text[1:]
		}
		v, err := strconv.Atoi(text)
		if err != nil || v < 0 {
			return "", 1, fmt.Errorf("%s: invalid number of lines: %q", name, text)
		}
		n = v
	}
	lines := splitLines(in)
	switch {
	case name == "head":
		lines = lines[:min(n, len(lines))]
	case fromStart:
		lines = lines[min(max(n-1, 0), len(lines)):]
	default:
		lines = lines[max(len(lines)-n, 0):]
	}
	return joinLines(lines), 0, nil
}

// runWc counts lines (-l), words (-w) and bytes (-c); without an option,
// all three as GNU wc prints them for its standard input.
func runWc(args []string, in string) (string, int, error) {
	counts := map[byte]int{'l': strings.Count(in, "\n"), 'w': len(strings.Fields(in)), 'c': len(in)}
	var asked []byte
	for _, a := range args {
		if !strings.HasPrefix(a, "-") || len(a) < 2 {
			return "", 1, errors.New("wc: this terminal's wc reads only what is piped to it, not files")
		}
		for j := 1; j < len(a); j++ {
			if _, ok := counts[a[j]]; !ok {
				return "", 1, fmt.Errorf("wc: invalid option -- '%c'", a[j])
			}
			asked = append(asked, a[j])
		}
	}
	if len(asked) == 1 {
		return strconv.Itoa(counts[asked[0]]) + "\n", 0, nil
	}
	var fields []string
	for _, c := range []byte("lwc") {
		if len(asked) == 0 || slices.Contains(asked, c) {
			fields = append(fields, fmt.Sprintf("%7d", counts[c]))
		}
	}
	return strings.Join(fields, " ") + "\n", 0, nil
}

// runSort sorts lines: -r reverses, -n compares leading numbers, -u drops
// repeats.
func runSort(args []string, in string) (string, int, error) {
	var reverse, numeric, unique bool
	for _, a := range args {
		if !strings.HasPrefix(a, "-") || len(a) < 2 {
			return "", 2, errors.New("sort: this terminal's sort reads only what is piped to it, not files")
		}
		for j := 1; j < len(a); j++ {
			switch a[j] {
			case 'r':
				reverse = true
			case 'n':
				numeric = true
			case 'u':
				unique = true
			default:
				return "", 2, fmt.Errorf("sort: invalid option -- '%c'", a[j])
			}
		}
	}
	lines := splitLines(in)
	slices.SortStableFunc(lines, func(a, b string) int {
		c := strings.Compare(a, b)
		if numeric {
			if na, nb := leadingNumber(a), leadingNumber(b); na != nb {
				c = cmpFloat(na, nb)
			}
		}
		if reverse {
			c = -c
		}
		return c
	})
	if unique {
		lines = slices.Compact(lines)
	}
	return joinLines(lines), 0, nil
}

func leadingNumber(s string) float64 {
	s = strings.TrimLeft(s, " \t")
	end := 0
	for end < len(s) && (s[end] >= '0' && s[end] <= '9' || s[end] == '.' || end == 0 && s[end] == '-') {
		end++
	}
	v, _ := strconv.ParseFloat(s[:end], 64)
	return v
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// pipe passes the command's stdout through filters. What kubectl wrote to
// stderr stays, ahead of the filtered output, as a terminal shows a
// pipeline's; the exit code becomes the last filter's.
func (c *invocation) pipe(filters []string) {
	if len(filters) == 0 {
		return
	}
	if c.watch != nil || c.session != nil {
		c.watch, c.session = nil, nil
		c.resetStdout("")
		c.fail("a watch (-w) or an interactive shell cannot be piped in this terminal")
		return
	}
	text, code, err := runFilters(filters, c.out.String())
	c.resetStdout(text)
	if err != nil {
		c.err.WriteString(err.Error() + "\n")
	}
	c.code = code
}

// resetStdout replaces what the command wrote to stdout with text, after
// its stderr.
func (c *invocation) resetStdout(text string) {
	var log []Chunk
	for _, ch := range c.log {
		if ch.Stderr {
			log = append(log, ch)
		}
	}
	c.log = log
	c.out = output{log: &c.log}
	c.out.WriteString(text)
}
