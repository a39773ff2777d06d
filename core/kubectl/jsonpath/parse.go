// Package jsonpath is kubectl's JSONPath template language, as `kubectl get
// -o jsonpath=…`, `-o custom-columns=…` and `--sort-by` read it: text with
// {expressions} over an object's JSON form. Besides JSONPath's child
// (.name, ['name']), wildcard (* and [*]), recursive descent (..name),
// subscript ([i], [start:end:step]), union ([a,b]) and filter
// ([?(@.x == "y")]) operators, kubectl's dialect has quoted text
// ({"\n"}) and {range …}…{end} loops; the leading $ is optional.
//
// Values are what apijson decodes into `any` with UseNumber: maps,
// slices, strings, apijson.Number, bools and nil.
package jsonpath

import (
	"fmt"
	"strconv"
	"strings"
)

// Template is a parsed template.
type Template struct {
	text  string
	nodes []node
}

// node is one piece of a template: literal text, an expression, or the
// start or end of a range.
type node struct {
	kind  nodeKind
	text  string // nodeText
	steps []step // nodeExpr, nodeRange
}

type nodeKind int

const (
	nodeText nodeKind = iota
	nodeExpr
	nodeRange
	nodeEnd
)

// step is one operator of an expression, applied to every value the
// steps before it gave.
type step struct {
	op stepOp
	// field: the key (stepField, stepRecursive with a name).
	field string
	// slice: [start:end:step]; a bound not given is nil.
	start, end, stride *int
	// union: each alternative is a path of its own.
	union [][]step
	// filter: left op right, or left alone ("exists").
	filter *filter
}

type stepOp int

const (
	stepField     stepOp = iota // .name or ['name']
	stepWildcard                // .* or [*]
	stepRecursive               // ..name (field set) or ..* (field empty)
	stepIndex                   // [i]: start only
	stepSlice                   // [start:end:step]
	stepUnion                   // [a,b] of indexes or names
	stepFilter                  // [?(…)]
)

// filter is [?(left op right)]; an operand is a path from the element
// (@…) or a literal.
type filter struct {
	left, right operand
	op          string // ==, !=, <, >, <=, >=, or "exists"
}

type operand struct {
	path    []step // from @
	literal any    // string, apijson-like number (float64) or bool
	isPath  bool
}

// ParseError is a template kubectl cannot parse.
type ParseError struct {
	Template string
	Msg      string
}

func (e *ParseError) Error() string {
	return fmt.Sprintf("error parsing jsonpath %s, %s", e.Template, e.Msg)
}

// Parse parses a template.
func Parse(text string) (*Template, error) {
	t := &Template{text: text}
	fail := func(format string, args ...any) (*Template, error) {
		return nil, &ParseError{Template: text, Msg: fmt.Sprintf(format, args...)}
	}
	depth := 0
	for rest := text; rest != ""; {
		open := strings.IndexByte(rest, '{')
		if open < 0 {
			t.nodes = append(t.nodes, node{kind: nodeText, text: rest})
			break
		}
		if open > 0 {
			t.nodes = append(t.nodes, node{kind: nodeText, text: rest[:open]})
		}
		closeAt, ok := actionEnd(rest[open+1:])
		if !ok {
			return fail("unclosed action")
		}
		action := strings.TrimSpace(rest[open+1 : open+1+closeAt])
		rest = rest[open+1+closeAt+1:]
		switch {
		case action == "end":
			if depth == 0 {
				return fail("not in range, nothing to end")
			}
			depth--
			t.nodes = append(t.nodes, node{kind: nodeEnd})
		case strings.HasPrefix(action, "range ") || action == "range":
			steps, err := parsePath(strings.TrimSpace(strings.TrimPrefix(action, "range")))
			if err != nil {
				return fail("%v", err)
			}
			depth++
			t.nodes = append(t.nodes, node{kind: nodeRange, steps: steps})
		case strings.HasPrefix(action, `"`):
			s, err := strconv.Unquote(action)
			if err != nil {
				return fail("unclosed quote: %s", action)
			}
			t.nodes = append(t.nodes, node{kind: nodeText, text: s})
		default:
			steps, err := parsePath(action)
			if err != nil {
				return fail("%v", err)
			}
			t.nodes = append(t.nodes, node{kind: nodeExpr, steps: steps})
		}
	}
	if depth > 0 {
		return fail("unclosed range: missing {end}")
	}
	return t, nil
}

// unquoted calls at with the index of each byte of s outside quoted text
// ('…' or "…", with \ escapes inside), until it returns true; it returns
// that index, or -1. The parser's scans for a closing } or ], a comma or
// an operator all skip what is quoted, as {"{"} and [?(@.a=="x,y")] need.
func unquoted(s string, at func(i int) bool) int {
	var quote byte
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case quote != 0:
			if c == '\\' {
				i++
			} else if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case at(i):
			return i
		}
	}
	return -1
}

// actionEnd is the index of the } that closes an action.
func actionEnd(s string) (int, bool) {
	i := unquoted(s, func(i int) bool { return s[i] == '}' })
	return i, i >= 0
}

// parsePath parses an expression: [$|@] then operators.
func parsePath(s string) ([]step, error) {
	s = strings.TrimSpace(s)
	s = strings.TrimPrefix(s, "$")
	s = strings.TrimPrefix(s, "@")
	var steps []step
	for s != "" {
		switch {
		case strings.HasPrefix(s, ".."):
			s = s[2:]
			if strings.HasPrefix(s, "*") {
				steps = append(steps, step{op: stepRecursive})
				s = s[1:]
				continue
			}
			name, rest := fieldName(s)
			steps = append(steps, step{op: stepRecursive, field: name})
			s = rest
		case strings.HasPrefix(s, "."):
			s = s[1:]
			if strings.HasPrefix(s, "*") {
				steps = append(steps, step{op: stepWildcard})
				s = s[1:]
				continue
			}
			name, rest := fieldName(s)
			if name == "" {
				if rest == "" {
					continue // a trailing "." (as in {.}) is the value itself
				}
				return nil, fmt.Errorf("unrecognized character in action: %q", rest[0])
			}
			steps = append(steps, step{op: stepField, field: name})
			s = rest
		case strings.HasPrefix(s, "["):
			end, ok := bracketEnd(s)
			if !ok {
				return nil, fmt.Errorf("unclosed array expect ]")
			}
			st, err := parseBracket(strings.TrimSpace(s[1:end]))
			if err != nil {
				return nil, err
			}
			steps = append(steps, st...)
			s = s[end+1:]
		default:
			// kubectl reads a bare name as a field of the current value.
			name, rest := fieldName(s)
			if name == "" {
				return nil, fmt.Errorf("unrecognized character in action: %q", s[0])
			}
			steps = append(steps, step{op: stepField, field: name})
			s = rest
		}
	}
	return steps, nil
}

// fieldName reads a name up to the next operator; \. is a dot within it
// (kubernetes\.io/change-cause).
func fieldName(s string) (name, rest string) {
	var b strings.Builder
	i := 0
	for ; i < len(s); i++ {
		c := s[i]
		if c == '\\' && i+1 < len(s) {
			i++
			b.WriteByte(s[i])
			continue
		}
		if c == '.' || c == '[' || c == ' ' || c == ')' || c == '=' || c == '!' || c == '<' || c == '>' || c == ',' {
			break
		}
		b.WriteByte(c)
	}
	return b.String(), s[i:]
}

// bracketEnd is the index of the ] closing the [ at s[0], past nested
// brackets (filters hold them).
func bracketEnd(s string) (int, bool) {
	depth := 0
	i := unquoted(s, func(i int) bool {
		switch s[i] {
		case '[':
			depth++
		case ']':
			depth--
		}
		return depth == 0
	})
	return i, i >= 0
}

// parseBracket parses what is between [ and ].
func parseBracket(in string) ([]step, error) {
	switch {
	case in == "*":
		return []step{{op: stepWildcard}}, nil
	case strings.HasPrefix(in, "?"):
		f, err := parseFilter(strings.TrimSpace(in[1:]))
		if err != nil {
			return nil, err
		}
		return []step{{op: stepFilter, filter: f}}, nil
	}
	parts := splitTopLevel(in, ',')
	if len(parts) > 1 {
		u := step{op: stepUnion}
		for _, p := range parts {
			alt, err := parseBracket(strings.TrimSpace(p))
			if err != nil {
				return nil, err
			}
			u.union = append(u.union, alt)
		}
		return []step{u}, nil
	}
	if strings.HasPrefix(in, "'") || strings.HasPrefix(in, `"`) {
		name, err := unquoteName(in)
		if err != nil {
			return nil, err
		}
		// ['a.b'] is the path .a.b, as kubectl reads it.
		return parsePath("." + name)
	}
	if strings.Contains(in, ":") {
		bounds := strings.Split(in, ":")
		if len(bounds) > 3 {
			return nil, fmt.Errorf("invalid array index %s", in)
		}
		st := step{op: stepSlice}
		ptrs := []**int{&st.start, &st.end, &st.stride}
		for i, b := range bounds {
			b = strings.TrimSpace(b)
			if b == "" {
				continue
			}
			n, err := strconv.Atoi(b)
			if err != nil {
				return nil, fmt.Errorf("invalid array index %s", in)
			}
			*ptrs[i] = &n
		}
		return []step{st}, nil
	}
	n, err := strconv.Atoi(in)
	if err != nil {
		return nil, fmt.Errorf("invalid array index %s", in)
	}
	return []step{{op: stepIndex, start: &n}}, nil
}

func unquoteName(s string) (string, error) {
	if len(s) < 2 || s[len(s)-1] != s[0] {
		return "", fmt.Errorf("unclosed quote: %s", s)
	}
	return s[1 : len(s)-1], nil
}

// splitTopLevel splits s at sep outside quotes and brackets.
func splitTopLevel(s string, sep byte) []string {
	var parts []string
	depth, start := 0, 0
	unquoted(s, func(i int) bool {
		switch c := s[i]; {
		case c == '[' || c == '(':
			depth++
		case c == ']' || c == ')':
			depth--
		case c == sep && depth == 0:
			parts = append(parts, s[start:i])
			start = i + 1
		}
		return false
	})
	return append(parts, s[start:])
}

// parseFilter parses (left op right) or (left).
func parseFilter(s string) (*filter, error) {
	if !strings.HasPrefix(s, "(") || !strings.HasSuffix(s, ")") {
		return nil, fmt.Errorf("unclosed filter expect )")
	}
	s = strings.TrimSpace(s[1 : len(s)-1])
	for _, op := range []string{"==", "!=", "<=", ">=", "<", ">"} {
		i := indexOutsideQuotes(s, op)
		if i < 0 {
			continue
		}
		left, err := parseOperand(strings.TrimSpace(s[:i]))
		if err != nil {
			return nil, err
		}
		right, err := parseOperand(strings.TrimSpace(s[i+len(op):]))
		if err != nil {
			return nil, err
		}
		return &filter{left: left, right: right, op: op}, nil
	}
	left, err := parseOperand(s)
	if err != nil {
		return nil, err
	}
	return &filter{left: left, op: "exists"}, nil
}

func indexOutsideQuotes(s, sub string) int {
	return unquoted(s, func(i int) bool { return strings.HasPrefix(s[i:], sub) })
}

func parseOperand(s string) (operand, error) {
	switch {
	case s == "":
		return operand{}, fmt.Errorf("missing operand in filter")
	case strings.HasPrefix(s, "@") || strings.HasPrefix(s, "$"):
		steps, err := parsePath(s)
		return operand{path: steps, isPath: true}, err
	case strings.HasPrefix(s, "'") || strings.HasPrefix(s, `"`):
		v, err := unquoteName(s)
		return operand{literal: v}, err
	case s == "true" || s == "false":
		return operand{literal: s == "true"}, nil
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return operand{}, fmt.Errorf("unrecognized filter operand %s", s)
	}
	return operand{literal: f}, nil
}
