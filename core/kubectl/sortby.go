package kubectl

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/apijson"
	"github.com/kubeloop/kubeloop/core/yaml"
)

// `kubectl get --sort-by=FIELD`. Without it kubectl prints what the API
// server lists, in name order — events too, which is why people sort them
// with --sort-by=.lastTimestamp (kubernetes/kubernetes#29838).

// fieldPath is a parsed --sort-by expression: `.a.b`, `{.a.b}` or `a.b`
// (kubectl relaxes the JSONPath the same way), with [N] list indexes.
type fieldPath struct {
	text  string // as kubectl quotes it in errors: {.a.b}
	steps []pathStep
}

type pathStep struct {
	field string
	index int // >= 0: a list index instead of a field
}

func parseFieldPath(expr string) (fieldPath, error) {
	e := strings.TrimSpace(expr)
	e = strings.TrimSuffix(strings.TrimPrefix(e, "{"), "}")
	if !strings.HasPrefix(e, ".") {
		e = "." + e
	}
	p := fieldPath{text: "{" + e + "}"}
	for rest := e; rest != ""; {
		switch {
		case strings.HasPrefix(rest, "."):
			rest = rest[1:]
			end := strings.IndexAny(rest, ".[")
			if end < 0 {
				end = len(rest)
			}
			if end == 0 {
				return p, fmt.Errorf("unexpected path string, expected a 'name1.name2' or '.name1.name2' or '{name1.name2}' or '{.name1.name2}'")
			}
			p.steps = append(p.steps, pathStep{field: rest[:end], index: -1})
			rest = rest[end:]
		case strings.HasPrefix(rest, "["):
			end := strings.IndexByte(rest, ']')
			if end < 0 {
				return p, fmt.Errorf("unterminated array")
			}
			n, err := strconv.Atoi(rest[1:end])
			if err != nil || n < 0 {
				return p, fmt.Errorf("invalid array index %q", rest[1:end])
			}
			p.steps = append(p.steps, pathStep{index: n})
			rest = rest[end+1:]
		default:
			return p, fmt.Errorf("unexpected path string, expected a 'name1.name2' or '.name1.name2' or '{name1.name2}' or '{.name1.name2}'")
		}
	}
	return p, nil
}

// lookup finds the field in o's JSON form; ok false when o has no such field.
func (p fieldPath) lookup(o api.Object) (any, bool) {
	text, err := yaml.EncodeJSON(o)
	if err != nil {
		return nil, false
	}
	var v any
	if apijson.Decode([]byte(text), &v, apijson.Options{UseNumber: true}) != nil {
		return nil, false
	}
	for _, s := range p.steps {
		switch x := v.(type) {
		case map[string]any:
			if s.index >= 0 {
				return nil, false
			}
			var ok bool
			if v, ok = x[s.field]; !ok {
				return nil, false
			}
		case []any:
			if s.index < 0 || s.index >= len(x) {
				return nil, false
			}
			v = x[s.index]
		default:
			return nil, false
		}
	}
	return v, true
}

// sortObjects orders objs by the field, stably: numbers by value, strings
// (timestamps among them: RFC 3339 sorts by time) by text, false before
// true; objects without the field first. It fails, as kubectl does, when no
// object has the field at all.
func sortObjects(objs []api.Object, expr string) error {
	p, err := parseFieldPath(expr)
	if err != nil {
		return err
	}
	type keyed struct {
		o     api.Object
		v     any
		found bool
	}
	ks := make([]keyed, len(objs))
	someHave := false
	for i, o := range objs {
		v, ok := p.lookup(o)
		ks[i] = keyed{o, v, ok}
		someHave = someHave || ok
	}
	if len(objs) > 0 && !someHave {
		return fmt.Errorf("couldn't find any field with path %q in the list of objects", p.text)
	}
	sort.SliceStable(ks, func(i, j int) bool {
		a, b := ks[i], ks[j]
		if !a.found || !b.found {
			return !a.found && b.found
		}
		return lessValue(a.v, b.v)
	})
	for i := range ks {
		objs[i] = ks[i].o
	}
	return nil
}

func lessValue(a, b any) bool {
	switch x := a.(type) {
	case apijson.Number:
		if y, ok := b.(apijson.Number); ok {
			fx, _ := x.Float64()
			fy, _ := y.Float64()
			return fx < fy
		}
	case string:
		if y, ok := b.(string); ok {
			return x < y
		}
	case bool:
		if y, ok := b.(bool); ok {
			return !x && y
		}
	}
	return fmt.Sprint(a) < fmt.Sprint(b)
}
