package apiserver

import (
	"sort"
	"strconv"
	"strings"

	"github.com/kubeloop/kubeloop/core/apijson"
)

// A fieldSet is a set of field paths, as server-side apply tracks who set
// what (structured-merge-diff's fieldpath.Set). It is a tree: each child is
// named by a path element in upstream's FieldsV1 spelling —
// "f:replicas" (a field or map key), `k:{"name":"nginx"}` (a list item by
// its keys), `v:"x"` (an item of a list that is a set) — and a node is a
// member when the path to it is in the set.
type fieldSet struct {
	member   bool
	children map[string]*fieldSet
}

func newFieldSet() *fieldSet { return &fieldSet{} }

// child returns the child named el, made if missing.
func (s *fieldSet) child(el string) *fieldSet {
	if s.children == nil {
		s.children = map[string]*fieldSet{}
	}
	c := s.children[el]
	if c == nil {
		c = &fieldSet{}
		s.children[el] = c
	}
	return c
}

// insert adds a path.
func (s *fieldSet) insert(path []string) {
	n := s
	for _, el := range path {
		n = n.child(el)
	}
	n.member = true
}

// has reports a path in the set.
func (s *fieldSet) has(path []string) bool {
	n := s
	for _, el := range path {
		if n = n.children[el]; n == nil {
			return false
		}
	}
	return n.member
}

func (s *fieldSet) empty() bool {
	if s == nil {
		return true
	}
	if s.member {
		return false
	}
	for _, c := range s.children {
		if !c.empty() {
			return false
		}
	}
	return true
}

// paths lists the set's members in upstream's order (fields, then keyed
// items, then values; each sorted).
func (s *fieldSet) paths() [][]string {
	var out [][]string
	var walk func(n *fieldSet, at []string)
	walk = func(n *fieldSet, at []string) {
		if n.member && len(at) > 0 {
			out = append(out, append([]string(nil), at...))
		}
		for _, el := range sortedElements(n.children) {
			walk(n.children[el], append(at, el))
		}
	}
	walk(s, nil)
	return out
}

// union adds o's members to s.
func (s *fieldSet) union(o *fieldSet) {
	for _, p := range o.paths() {
		s.insert(p)
	}
}

// minus removes o's members from s.
func (s *fieldSet) minus(o *fieldSet) {
	for _, p := range o.paths() {
		s.remove(p)
	}
}

// remove takes a path out of the set (its children stay).
func (s *fieldSet) remove(path []string) {
	n := s
	for _, el := range path {
		if n = n.children[el]; n == nil {
			return
		}
	}
	n.member = false
}

// intersect is the members of s also in o.
func (s *fieldSet) intersect(o *fieldSet) *fieldSet {
	out := newFieldSet()
	for _, p := range s.paths() {
		if o.has(p) {
			out.insert(p)
		}
	}
	return out
}

// fieldsV1 encodes the set as metadata.managedFields' fieldsV1: each
// member a key, {} when it has no children, "." inside when it has.
func (s *fieldSet) fieldsV1() []byte {
	var b strings.Builder
	var write func(n *fieldSet, top bool)
	write = func(n *fieldSet, top bool) {
		b.WriteByte('{')
		first := true
		if n.member && !top && !n.childless() {
			b.WriteString(`".":{}`)
			first = false
		}
		for _, el := range sortedElements(n.children) {
			c := n.children[el]
			if c.empty() {
				continue
			}
			if !first {
				b.WriteByte(',')
			}
			first = false
			b.Write(apijson.Quote(el))
			b.WriteByte(':')
			write(c, false)
		}
		b.WriteByte('}')
	}
	write(s, true)
	return []byte(b.String())
}

// childless reports a node none of whose children holds a member.
func (s *fieldSet) childless() bool {
	for _, c := range s.children {
		if !c.empty() {
			return false
		}
	}
	return true
}

// parseFieldsV1 reads fieldsV1 back into a set.
func parseFieldsV1(raw []byte) *fieldSet {
	s := newFieldSet()
	if len(raw) == 0 {
		return s
	}
	var v map[string]any
	if err := apijson.Decode(raw, &v, apijson.Options{UseNumber: true}); err != nil {
		return s
	}
	var read func(n *fieldSet, m map[string]any, top bool)
	read = func(n *fieldSet, m map[string]any, top bool) {
		if !top && len(m) == 0 {
			n.member = true
		}
		for k, c := range m {
			if k == "." {
				n.member = true
				continue
			}
			cm, _ := c.(map[string]any)
			read(n.child(k), cm, false)
		}
	}
	read(s, v, true)
	return s
}

// sortedElements orders path elements as structured-merge-diff does:
// fields by name, then keyed items by their keys' values (numbers as
// numbers), then set values.
func sortedElements(m map[string]*fieldSet) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool { return elementLess(out[i], out[j]) })
	return out
}

func elementLess(a, b string) bool {
	rank := func(el string) int {
		switch {
		case strings.HasPrefix(el, "f:"):
			return 0
		case strings.HasPrefix(el, "k:"):
			return 1
		case strings.HasPrefix(el, "v:"):
			return 2
		}
		return 3
	}
	if ra, rb := rank(a), rank(b); ra != rb {
		return ra < rb
	}
	if strings.HasPrefix(a, "k:") {
		return keysLess(a[2:], b[2:])
	}
	return a < b
}

// keysLess compares two keyed items' keys field by field, numbers by
// value.
func keysLess(a, b string) bool {
	var ka, kb map[string]any
	_ = apijson.Decode([]byte(a), &ka, apijson.Options{UseNumber: true})
	_ = apijson.Decode([]byte(b), &kb, apijson.Options{UseNumber: true})
	names := map[string]bool{}
	for k := range ka {
		names[k] = true
	}
	for k := range kb {
		names[k] = true
	}
	sorted := make([]string, 0, len(names))
	for k := range names {
		sorted = append(sorted, k)
	}
	sort.Strings(sorted)
	for _, k := range sorted {
		x, y := ka[k], kb[k]
		if x == nil || y == nil {
			if (x == nil) != (y == nil) {
				return x == nil
			}
			continue
		}
		nx, okx := x.(apijson.Number)
		ny, oky := y.(apijson.Number)
		if okx && oky {
			fx, _ := nx.Float64()
			fy, _ := ny.Float64()
			if fx != fy {
				return fx < fy
			}
			continue
		}
		sx, sy := jsonText(x), jsonText(y)
		if sx != sy {
			return sx < sy
		}
	}
	return a < b
}

// jsonText is a value's JSON.
func jsonText(v any) string {
	b, _ := apijson.Marshal(v)
	return string(b)
}

// pathString writes a path as upstream's conflict messages do:
// .spec.template.spec.containers[name="nginx"].image.
func pathString(path []string) string {
	var b strings.Builder
	for _, el := range path {
		switch {
		case strings.HasPrefix(el, "f:"):
			b.WriteString("." + el[2:])
		case strings.HasPrefix(el, "k:"):
			var keys map[string]any
			_ = apijson.Decode([]byte(el[2:]), &keys, apijson.Options{UseNumber: true})
			names := make([]string, 0, len(keys))
			for k := range keys {
				names = append(names, k)
			}
			sort.Strings(names)
			parts := make([]string, len(names))
			for i, k := range names {
				parts[i] = k + "=" + jsonText(keys[k])
			}
			b.WriteString("[" + strings.Join(parts, ",") + "]")
		case strings.HasPrefix(el, "v:"):
			b.WriteString("[=" + el[2:] + "]")
		case strings.HasPrefix(el, "i:"):
			b.WriteString("[" + el[2:] + "]")
		default:
			b.WriteString(strconv.Quote(el))
		}
	}
	return b.String()
}
