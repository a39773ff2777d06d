package jsonpath

import (
	"fmt"
	"io"
	"slices"

	"github.com/kubeloop/kubeloop/core/apijson"
)

// Execute writes the template's text for data. With allowMissing (kubectl's
// --allow-missing-template-keys, true unless turned off) a field an object
// does not have gives nothing; without it, an error. It stops at the first
// write w refuses and returns that error: a bounded writer ends a long
// output early.
func (t *Template) Execute(w io.StringWriter, data any, allowMissing bool) error {
	return t.run(t.nodes, data, allowMissing, func(vals []any) error {
		return printValues(w, vals)
	}, func(s string) error {
		_, err := w.WriteString(s)
		return err
	})
}

// Results is what each expression of the template gave, in order (text
// is left out): custom-columns asks one template per column for its values.
func (t *Template) Results(data any, allowMissing bool) ([][]any, error) {
	var out [][]any
	err := t.run(t.nodes, data, allowMissing, func(vals []any) error {
		out = append(out, vals)
		return nil
	}, func(string) error { return nil })
	return out, err
}

// run walks nodes over data, handing each expression's values to emit and
// each text to text; a range runs the nodes up to its end once per value.
func (t *Template) run(nodes []node, data any, allowMissing bool, emit func([]any) error, text func(string) error) error {
	for i := 0; i < len(nodes); i++ {
		n := nodes[i]
		switch n.kind {
		case nodeText:
			if err := text(n.text); err != nil {
				return err
			}
		case nodeExpr:
			vals, err := eval([]any{data}, n.steps, allowMissing)
			if err != nil {
				return err
			}
			if err := emit(vals); err != nil {
				return err
			}
		case nodeRange:
			end := matchingEnd(nodes, i)
			vals, err := eval([]any{data}, n.steps, allowMissing)
			if err != nil {
				return err
			}
			for _, v := range vals {
				if err := t.run(nodes[i+1:end], v, allowMissing, emit, text); err != nil {
					return err
				}
			}
			i = end
		}
	}
	return nil
}

// matchingEnd is the index of the {end} closing the range at nodes[i]
// (Parse has checked there is one).
func matchingEnd(nodes []node, i int) int {
	depth := 0
	for j := i + 1; j < len(nodes); j++ {
		switch nodes[j].kind {
		case nodeRange:
			depth++
		case nodeEnd:
			if depth == 0 {
				return j
			}
			depth--
		}
	}
	return len(nodes)
}

// maxValues bounds what one expression may give. Each .. multiplies the
// values by what is under them: {..*..*..*} over a list of 10,000 pods
// would be billions, and the page would run out of memory and die (kubectl
// on a real cluster would just take its time).
const maxValues = 1 << 20

// eval applies steps to every value in turn.
func eval(in []any, steps []step, allowMissing bool) ([]any, error) {
	cur := in
	for _, s := range steps {
		var err error
		if cur, err = apply(cur, s, allowMissing); err != nil {
			return nil, err
		}
		if len(cur) > maxValues {
			return nil, fmt.Errorf("the template gives more than %d values", maxValues)
		}
	}
	return cur, nil
}

func apply(in []any, s step, allowMissing bool) ([]any, error) {
	var out []any
	switch s.op {
	case stepField:
		if len(in) == 0 {
			return nil, nil
		}
		for _, v := range in {
			if m, ok := v.(map[string]any); ok {
				if x, ok := m[s.field]; ok {
					out = append(out, x)
				}
			}
		}
		if len(out) == 0 && !allowMissing {
			return nil, fmt.Errorf("%s is not found", s.field)
		}
	case stepWildcard:
		for _, v := range in {
			out = append(out, children(v)...)
		}
	case stepRecursive:
		for _, v := range in {
			if out = descend(out, v); len(out) > maxValues {
				return nil, fmt.Errorf("the template gives more than %d values", maxValues)
			}
		}
		if s.field != "" {
			return apply(out, step{op: stepField, field: s.field}, allowMissing)
		}
	case stepIndex, stepSlice:
		for _, v := range in {
			if v == nil {
				continue
			}
			list, ok := v.([]any)
			if !ok {
				return nil, fmt.Errorf("%s is not array or slice", typeName(v))
			}
			got, err := subscript(list, s)
			if err != nil {
				return nil, err
			}
			out = append(out, got...)
		}
	case stepUnion:
		for _, alt := range s.union {
			got, err := eval(in, alt, allowMissing)
			if err != nil {
				return nil, err
			}
			out = append(out, got...)
		}
	case stepFilter:
		for _, v := range in {
			list, ok := v.([]any)
			if !ok {
				return nil, fmt.Errorf("%s is not array or slice and cannot be filtered", printable(v))
			}
			for _, e := range list {
				pass, err := s.filter.matches(e, allowMissing)
				if err != nil {
					return nil, err
				}
				if pass {
					out = append(out, e)
				}
			}
		}
	}
	return out, nil
}

// children are a map's values (by key, so that the output is the same
// every time; kubectl's order is Go's map order) or a list's elements.
func children(v any) []any {
	switch x := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		out := make([]any, len(keys))
		for i, k := range keys {
			out[i] = x[k]
		}
		return out
	case []any:
		return x
	}
	return nil
}

// descend appends v, if it holds anything, and then everything under it
// that does: what .. searches.
func descend(out []any, v any) []any {
	kids := children(v)
	if len(kids) == 0 {
		return out
	}
	out = append(out, v)
	for _, k := range kids {
		out = descend(out, k)
	}
	return out
}

// subscript is list[i] or list[start:end:step], negative bounds counting
// from the end, with kubectl's errors for bounds outside the list.
func subscript(list []any, s step) ([]any, error) {
	n := len(list)
	start, end := 0, n
	if s.start != nil {
		start = *s.start
		if start < 0 {
			start += n
		}
	}
	if s.op == stepIndex {
		end = start + 1
	} else if s.end != nil {
		end = *s.end
		if end < 0 {
			end += n
		}
	}
	if start == end {
		return nil, nil
	}
	if start < 0 || start >= n {
		return nil, fmt.Errorf("array index out of bounds: index %d, length %d", start, n)
	}
	if end < 0 || end > n {
		return nil, fmt.Errorf("array index out of bounds: index %d, length %d", end-1, n)
	}
	if start > end {
		return nil, fmt.Errorf("starting index %d is greater than ending index %d", start, end)
	}
	stride := 1
	if s.stride != nil {
		if *s.stride <= 0 {
			return nil, fmt.Errorf("step must be > 0")
		}
		stride = *s.stride
	}
	var out []any
	for i := start; i < end; i += stride {
		out = append(out, list[i])
	}
	return out, nil
}

// matches tests one element of a filtered list.
func (f *filter) matches(e any, allowMissing bool) (bool, error) {
	lefts, err := f.left.values(e, allowMissing)
	if f.op == "exists" {
		return len(lefts) > 0, nil
	}
	if err != nil {
		return false, err
	}
	rights, err := f.right.values(e, allowMissing)
	if err != nil {
		return false, err
	}
	if len(lefts) == 0 || len(rights) == 0 {
		return false, nil
	}
	if len(lefts) > 1 || len(rights) > 1 {
		return false, fmt.Errorf("can only compare one element at a time")
	}
	return compare(lefts[0], rights[0], f.op)
}

func (o operand) values(e any, allowMissing bool) ([]any, error) {
	if !o.isPath {
		return []any{o.literal}, nil
	}
	// A field an element lacks means the element does not match, so the
	// path is read as if missing keys were allowed.
	return eval([]any{e}, o.path, true)
}

// compare compares two scalars of one type: numbers by value, strings by
// text, booleans for (in)equality only.
func compare(a, b any, op string) (bool, error) {
	if x, ok := number(a); ok {
		y, ok := number(b)
		if !ok {
			return false, fmt.Errorf("incompatible types for comparison")
		}
		return ordered(x, y, op), nil
	}
	switch x := a.(type) {
	case string:
		y, ok := b.(string)
		if !ok {
			return false, fmt.Errorf("incompatible types for comparison")
		}
		return ordered(x, y, op), nil
	case bool:
		y, ok := b.(bool)
		if !ok {
			return false, fmt.Errorf("incompatible types for comparison")
		}
		switch op {
		case "==":
			return x == y, nil
		case "!=":
			return x != y, nil
		}
		return false, fmt.Errorf("invalid type for comparison")
	}
	return false, fmt.Errorf("invalid type for comparison")
}

func ordered[T float64 | string](x, y T, op string) bool {
	switch op {
	case "==":
		return x == y
	case "!=":
		return x != y
	case "<":
		return x < y
	case ">":
		return x > y
	case "<=":
		return x <= y
	}
	return x >= y // ">="
}

func number(v any) (float64, bool) {
	switch x := v.(type) {
	case float64:
		return x, true
	case apijson.Number:
		f, err := x.Float64()
		return f, err == nil
	}
	return 0, false
}

// printValues writes one expression's values as kubectl prints them,
// separated by spaces: maps and lists as compact JSON, the rest as text.
func printValues(w io.StringWriter, vals []any) error {
	for i, v := range vals {
		text := printable(v)
		switch v.(type) {
		case map[string]any, []any:
			b, err := apijson.Marshal(v)
			if err != nil {
				return err
			}
			text = string(b)
		}
		if i > 0 {
			text = " " + text
		}
		if _, err := w.WriteString(text); err != nil {
			return err
		}
	}
	return nil
}

// printable is a value as Go's fmt prints it, which is what kubectl shows
// for a scalar (and, in custom-columns, for anything).
func printable(v any) string {
	if v == nil {
		return "<nil>"
	}
	return fmt.Sprint(v)
}

// typeName names a value's type as kubectl's messages do (its values are
// Go's decoding of JSON: numbers are int64 there).
func typeName(v any) string {
	switch v.(type) {
	case map[string]any:
		return "map[string]interface {}"
	case string:
		return "string"
	case bool:
		return "bool"
	case apijson.Number:
		return "int64"
	}
	return fmt.Sprintf("%T", v)
}
