package kubectl

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

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
