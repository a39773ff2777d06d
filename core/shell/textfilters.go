package shell

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// The text filters — grep, head, tail, wc, sort — print what GNU grep and
// coreutils print (busybox's where it differs), exit codes included. They
// read their file operands, or stdin without any; the page's terminal has
// no files, so there they read only what is piped to them.

// textFilterNames is the filters in the order a message names them.
var textFilterNames = []string{"grep", "head", "tail", "wc", "sort"}

var textFilters = map[string]func(s *session, args []string, stdin string, out, errOut *strings.Builder) int{
	"grep": runGrep,
	"head": func(s *session, args []string, stdin string, out, errOut *strings.Builder) int {
		return headTail(s, "head", args, stdin, out, errOut)
	},
	"tail": func(s *session, args []string, stdin string, out, errOut *strings.Builder) int {
		return headTail(s, "tail", args, stdin, out, errOut)
	},
	"wc":   runWc,
	"sort": runSort,
}

// source is one input of a filter: a file's name and text, or stdin's.
type source struct {
	name  string // "" for stdin
	text  string
	stdin bool
}

// sources reads a filter's inputs: each file operand ("-" is stdin), or
// stdin when there is none. A file it cannot read is reported and
// skipped, and ok is false; in the page's terminal any file is refused.
func (s *session) sources(prog string, files []string, stdin string, errOut *strings.Builder) (srcs []source, ok bool) {
	if len(files) == 0 {
		return []source{{text: stdin, stdin: true}}, true
	}
	if s.env.Flavor == terminal {
		fmt.Fprintf(errOut, "%s: this terminal's %s reads only what is piped to it, not files\n", prog, prog)
		return nil, false
	}
	ok = true
	for _, f := range files {
		if f == "-" {
			srcs = append(srcs, source{name: "(standard input)", text: stdin, stdin: true})
			continue
		}
		b, err := s.env.FS.ReadFile(s.abs(f))
		if err != nil {
			errOut.WriteString(s.openError(prog, f, errText(err)))
			ok = false
			continue
		}
		srcs = append(srcs, source{name: f, text: string(b)})
	}
	return srcs, ok
}

// openError is how prog says it cannot read file f: busybox's applets
// and GNU's programs each word it their own way.
func (s *session) openError(prog, f, why string) string {
	switch {
	case prog == "sort" && s.env.Flavor == Busybox:
		return fmt.Sprintf("sort: can't open '%s': %s\n", f, why)
	case prog == "sort":
		return fmt.Sprintf("sort: cannot read: %s: %s\n", f, why)
	case (prog == "head" || prog == "tail") && s.env.Flavor == Debian:
		return fmt.Sprintf("%s: cannot open '%s' for reading: %s\n", prog, f, why)
	}
	return fmt.Sprintf("%s: %s: %s\n", prog, f, why)
}

// headTail is head or tail: -n NUM, -NUM (10 by default); tail -n +NUM
// starts at line NUM. With several files each has a "==> NAME <==" header.
func headTail(s *session, name string, args []string, stdin string, out, errOut *strings.Builder) int {
	n, fromStart := 10, false
	var files []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		text := ""
		switch {
		case a == "-" || !strings.HasPrefix(a, "-"):
			files = append(files, a)
			continue
		case a == "-n" && i+1 < len(args):
			i++
			text = args[i]
		case strings.HasPrefix(a, "-n"):
			text = a[2:]
		default:
			text = a[1:]
		}
		if name == "tail" && strings.HasPrefix(text, "+") {
			fromStart, text = true, text[1:]
		}
		v, err := strconv.Atoi(text)
		if err != nil || v < 0 {
			fmt.Fprintf(errOut, "%s: invalid number of lines: %q\n", name, text)
			return 1
		}
		n = v
	}
	srcs, ok := s.sources(name, files, stdin, errOut)
	for i, src := range srcs {
		if len(srcs) > 1 {
			if i > 0 {
				out.WriteString("\n")
			}
			fmt.Fprintf(out, "==> %s <==\n", src.name)
		}
		lines := splitLines(src.text)
		switch {
		case name == "head":
			lines = lines[:min(n, len(lines))]
		case fromStart:
			lines = lines[min(max(n-1, 0), len(lines)):]
		default:
			lines = lines[max(len(lines)-n, 0):]
		}
		out.WriteString(joinLines(lines))
	}
	return exitUnless(ok, 1)
}

// runWc counts lines (-l), words (-w) and bytes (-c); without an option,
// all three. Several files get a line each and a total.
func runWc(s *session, args []string, stdin string, out, errOut *strings.Builder) int {
	var asked []byte
	var files []string
	for _, a := range args {
		if !strings.HasPrefix(a, "-") || a == "-" {
			files = append(files, a)
			continue
		}
		for j := 1; j < len(a); j++ {
			if !strings.ContainsRune("lwc", rune(a[j])) {
				fmt.Fprintf(errOut, "wc: invalid option -- '%c'\n", a[j])
				return 1
			}
			asked = append(asked, a[j])
		}
	}
	if len(asked) == 0 {
		asked = []byte("lwc")
	}
	srcs, ok := s.sources("wc", files, stdin, errOut)
	if !ok && len(srcs) == 0 {
		return 1
	}
	total := source{name: "total"}
	for _, src := range srcs {
		total.text += src.text
	}
	width := s.wcWidth(srcs, len(asked))
	print := func(src source) {
		var fields []string
		for _, c := range []byte("lwc") {
			if slices.Contains(asked, c) {
				fields = append(fields, fmt.Sprintf("%*d", width, wcCount(c, src.text)))
			}
		}
		line := strings.Join(fields, " ")
		if src.name != "" && !(src.stdin && len(srcs) == 1) {
			line += " " + src.name
		}
		out.WriteString(line + "\n")
	}
	for _, src := range srcs {
		print(src)
	}
	if len(srcs) > 1 {
		print(total)
	}
	return exitUnless(ok, 1)
}

func wcCount(c byte, text string) int {
	switch c {
	case 'l':
		return strings.Count(text, "\n")
	case 'w':
		return len(strings.Fields(text))
	}
	return len(text)
}

// wcWidth is the width of wc's columns. GNU wc pads to the digits of the
// files' total size, at least 7 when stdin is among them, and not at all
// for one count of one input; busybox pads to 9 unless it prints one count.
func (s *session) wcWidth(srcs []source, counts int) int {
	if counts == 1 && (len(srcs) == 1 || s.env.Flavor == Busybox) {
		return 1
	}
	if s.env.Flavor == Busybox {
		return 9
	}
	size, width := 0, 1
	for _, src := range srcs {
		if src.stdin {
			width = 7
		} else {
			size += len(src.text)
		}
	}
	return max(width, len(strconv.Itoa(size)))
}

// runSort sorts lines: -r reverses, -n compares leading numbers, -u drops
// repeats. Several files are sorted together.
func runSort(s *session, args []string, stdin string, out, errOut *strings.Builder) int {
	var reverse, numeric, unique bool
	var files []string
	for _, a := range args {
		if !strings.HasPrefix(a, "-") || a == "-" {
			files = append(files, a)
			continue
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
				fmt.Fprintf(errOut, "sort: invalid option -- '%c'\n", a[j])
				return 2
			}
		}
	}
	srcs, ok := s.sources("sort", files, stdin, errOut)
	if !ok {
		return exitUnless(false, s.sortFailure())
	}
	var lines []string
	for _, src := range srcs {
		lines = append(lines, splitLines(src.text)...)
	}
	// sort.SliceStable, not slices.SortStableFunc: its one sort serves
	// every caller, where slices' is copied into the page's binary for each
	// element type.
	sort.SliceStable(lines, func(i, j int) bool {
		a, b := lines[i], lines[j]
		c := strings.Compare(a, b)
		if numeric {
			if na, nb := leadingNumber(a), leadingNumber(b); na != nb {
				c = cmpFloat(na, nb)
			}
		}
		if reverse {
			c = -c
		}
		return c < 0
	})
	if unique {
		lines = slices.Compact(lines)
	}
	out.WriteString(joinLines(lines))
	return 0
}

// sortFailure is sort's status when it cannot read a file: GNU's 2,
// busybox's 1.
func (s *session) sortFailure() int {
	if s.env.Flavor == Busybox {
		return 1
	}
	return 2
}

// exitUnless is 0 when ok, else code.
func exitUnless(ok bool, code int) int {
	if ok {
		return 0
	}
	return code
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
