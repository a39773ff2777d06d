package kubectl

import (
	"fmt"
	"sort"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/apijson"
	"github.com/kubeloop/kubeloop/core/kubectl/jsonpath"
	"github.com/kubeloop/kubeloop/core/yaml"
)

// `kubectl get --sort-by=FIELD`. Without it kubectl prints what the API
// server lists, in name order — events too, which is why people sort them
// with --sort-by=.lastTimestamp (kubernetes/kubernetes#29838).

// sortField reads --sort-by's field from each object: a JSONPath as
// custom-columns takes it (relaxedPath), whose first value is the key.
type sortField struct {
	text string // {.a.b}, as kubectl quotes it in errors
	tmpl *jsonpath.Template
}

func parseSortField(expr string) (sortField, error) {
	text, err := relaxedPath(expr)
	if err != nil {
		return sortField{}, err
	}
	tmpl, err := jsonpath.Parse(text)
	return sortField{text: text, tmpl: tmpl}, err
}

// lookup finds the field in o's JSON form; ok false when o has no such field.
func (p sortField) lookup(o api.Object) (any, bool) {
	v, err := yaml.Generic(o)
	if err != nil {
		return nil, false
	}
	results, err := p.tmpl.Results(v, true)
	if err != nil || len(results) == 0 || len(results[0]) == 0 {
		return nil, false
	}
	return results[0][0], true
}

// sortObjects orders objs by the field, stably: numbers by value, strings
// (timestamps among them: RFC 3339 sorts by time) by text, false before
// true; objects without the field first. It fails, as kubectl does, when no
// object has the field at all.
func sortObjects(objs []api.Object, expr string) error {
	p, err := parseSortField(expr)
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
