package yaml

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml/ast"

	"github.com/kubeloop/kubeloop/core/apijson"
)

// jsonWriter turns a checked YAML syntax tree into the JSON kubectl would
// send for it: sigs.k8s.io/yaml reads YAML into plain values and writes
// them as JSON, and the API server decodes that. kubeloop does the same,
// decoding the JSON with core/apijson, rather than link goccy's own
// reflection decoder into the page's wasm as well.
//
// Plain scalars are typed as YAML 1.1 reads them (`paused: yes` is true),
// aliases are expanded (checkAliases has bounded that and found what each
// stands for), and a
// merge key (`<<: *defaults`) adds the keys the mapping does not set
// itself, earlier merged mappings before later ones.
type jsonWriter struct {
	d *docDecoder
	b []byte
}

// ToJSON converts one YAML document, a patch say, into the JSON kubectl
// would send for it, within Decode's limits and with its messages. Unlike
// Decode it takes any value, not only an object: "[1, 2]" is a list.
func ToJSON(text string) (b []byte, err error) {
	if e := checkSize(text); e != nil {
		return nil, Errors{e}
	}
	d := &docDecoder{lines: strings.Split(text, "\n"), startLine: 1}
	defer func() {
		if r := recover(); r != nil {
			b, err = nil, Errors{{Line: 1, Message: fmt.Sprintf("cannot read this YAML: %v", r)}}
		}
	}()
	body, e := d.parse(text)
	if e == nil {
		b, e = d.toJSON(body)
	}
	if e != nil {
		return nil, Errors{e}
	}
	return b, nil
}

// toJSON writes n as JSON.
func (d *docDecoder) toJSON(n ast.Node) ([]byte, *Error) {
	w := &jsonWriter{d: d}
	if e := w.value(n); e != nil {
		return nil, e
	}
	return w.b, nil
}

func (w *jsonWriter) value(n ast.Node) *Error {
	switch x := n.(type) {
	case nil, *ast.NullNode:
		w.b = append(w.b, "null"...)
	case *ast.AnchorNode:
		return w.value(x.Value)
	case *ast.AliasNode:
		target, e := w.alias(x)
		if e != nil {
			return e
		}
		return w.value(target)
	case *ast.TagNode:
		if x.Start != nil && x.Start.Value == "!!str" {
			if s, ok := scalarString(unwrap(x.Value)); ok {
				w.b = append(w.b, apijson.Quote(s)...)
				return nil
			}
		}
		return w.value(x.Value)
	case *ast.MappingNode:
		return w.object(x.Values)
	case *ast.MappingValueNode:
		return w.object([]*ast.MappingValueNode{x})
	case *ast.SequenceNode:
		w.b = append(w.b, '[')
		for i, v := range x.Values {
			if i > 0 {
				w.b = append(w.b, ',')
			}
			if e := w.value(v); e != nil {
				return e
			}
		}
		w.b = append(w.b, ']')
	case *ast.StringNode:
		if isPlain(x.Token) {
			return w.plain(x, x.Value)
		}
		w.b = append(w.b, apijson.Quote(x.Value)...)
	case *ast.LiteralNode:
		w.b = append(w.b, apijson.Quote(x.Value.Value)...)
	case *ast.IntegerNode, *ast.FloatNode, *ast.BoolNode, *ast.InfinityNode, *ast.NanNode:
		// goccy types plain scalars by its own, looser rules (++.0 is a
		// float to it); what a plain scalar means is YAML 1.1's answer,
		// as for the ones it calls strings.
		return w.plain(n, n.GetToken().Value)
	default:
		return w.d.at(n, fmt.Sprintf("cannot read a %s here", nodeKind(n)))
	}
	return nil
}

func (w *jsonWriter) alias(x *ast.AliasNode) (ast.Node, *Error) {
	if target, ok := w.d.aliases[x]; ok {
		return target, nil
	}
	name := ""
	if tk := x.Value.GetToken(); tk != nil {
		name = tk.Value
	}
	return nil, w.d.at(x, fmt.Sprintf("unknown anchor %q: an alias (*%s) must come after its anchor (&%s)", name, name, name))
}

// float writes a number as encoding/json writes a float64, which is what
// kubectl's YAML-to-JSON conversion gives: `cpu: 1.50` arrives as 1.5.
// JSON has no infinity and no NaN.
func (w *jsonWriter) float(n ast.Node, v float64) *Error {
	if math.IsInf(v, 0) || math.IsNaN(v) {
		return w.d.at(n, fmt.Sprintf("%s cannot be sent to the API server: JSON has no infinity or NaN", scalarText(n)))
	}
	b, err := apijson.Marshal(v)
	if err != nil {
		return w.d.at(n, err.Error())
	}
	w.b = append(w.b, b...)
	return nil
}

// plain writes an unquoted scalar the YAML parser read as a string, as YAML
// 1.1 types it.
func (w *jsonWriter) plain(n ast.Node, s string) *Error {
	switch resolvePlain(s) {
	case kindNull:
		w.b = append(w.b, "null"...)
		return nil
	case kindBool:
		v, _ := parseBool(s)
		w.b = strconv.AppendBool(w.b, v)
		return nil
	case kindInt:
		digits := strings.ReplaceAll(s, "_", "")
		if v, err := strconv.ParseInt(digits, 0, 64); err == nil {
			w.b = strconv.AppendInt(w.b, v, 10)
			return nil
		}
		if v, err := strconv.ParseUint(digits, 0, 64); err == nil {
			w.b = strconv.AppendUint(w.b, v, 10)
			return nil
		}
		// Past 64 bits: go-yaml v2 reads a decimal as a float.
		v, err := strconv.ParseFloat(digits, 64)
		if err != nil {
			return w.d.at(n, fmt.Sprintf("the number %s does not fit in 64 bits", s))
		}
		return w.float(n, v)
	case kindFloat:
		v, err := strconv.ParseFloat(strings.ReplaceAll(s, "_", ""), 64)
		if err != nil {
			v = math.NaN() // .inf, .nan and their other spellings
		}
		return w.float(n, v)
	}
	w.b = append(w.b, apijson.Quote(s)...)
	return nil
}

// object writes a mapping. Keys the mapping sets itself win over merged
// ones; the parser has already refused a key set twice.
func (w *jsonWriter) object(values []*ast.MappingValueNode) *Error {
	type field struct {
		key   string
		value ast.Node
	}
	var (
		fields []field
		merges []ast.Node
		seen   = map[string]bool{}
	)
	for _, mv := range values {
		if _, merge := mv.Key.(*ast.MergeKeyNode); merge {
			merges = append(merges, mv.Value)
			continue
		}
		k := w.key(mv.Key)
		seen[k] = true
		fields = append(fields, field{k, mv.Value})
	}
	var merged []field
	var add func(n ast.Node, top bool) *Error
	add = func(n ast.Node, top bool) *Error {
		switch x := unwrap(n).(type) {
		case *ast.AliasNode:
			target, e := w.alias(x)
			if e != nil {
				return e
			}
			return add(target, top)
		case *ast.MappingNode:
			for _, mv := range x.Values {
				if _, merge := mv.Key.(*ast.MergeKeyNode); merge {
					if e := add(mv.Value, false); e != nil {
						return e
					}
					continue
				}
				if k := w.key(mv.Key); !seen[k] {
					seen[k] = true
					merged = append(merged, field{k, mv.Value})
				}
			}
			return nil
		case *ast.SequenceNode:
			if top {
				for _, v := range x.Values {
					if e := add(v, false); e != nil {
						return e
					}
				}
				return nil
			}
		}
		return w.d.at(n, fmt.Sprintf("a merge key (<<) takes a map or a list of maps, not a %s", nodeKind(n)))
	}
	for _, m := range merges {
		if e := add(m, true); e != nil {
			return e
		}
	}
	w.b = append(w.b, '{')
	for i, f := range append(fields, merged...) {
		if i > 0 {
			w.b = append(w.b, ',')
		}
		w.b = append(w.b, apijson.Quote(f.key)...)
		w.b = append(w.b, ':')
		if e := w.value(f.value); e != nil {
			return e
		}
	}
	w.b = append(w.b, '}')
	return nil
}

// key is a mapping key as a JSON object's: a number or a boolean as its
// value reads (`0001: x` is "1"), anything else as keyString spells it.
// Which it is, is YAML 1.1's answer (resolvePlain), not goccy's node type:
// `++.0: x` is the key "++.0".
func (w *jsonWriter) key(k ast.MapKeyNode) string {
	switch x := unwrap(k).(type) {
	case *ast.IntegerNode, *ast.FloatNode, *ast.BoolNode:
		switch resolvePlain(x.GetToken().Value) {
		case kindInt, kindFloat, kindBool:
			kw := &jsonWriter{d: w.d}
			if e := kw.value(x); e == nil {
				return string(kw.b)
			}
		}
	}
	return keyString(k)
}

// scalarString is a scalar's text, for an explicit !!str tag.
func scalarString(n ast.Node) (string, bool) {
	switch x := n.(type) {
	case *ast.StringNode:
		return x.Value, true
	case *ast.LiteralNode:
		return x.Value.Value, true
	case *ast.IntegerNode, *ast.FloatNode, *ast.BoolNode, *ast.NullNode, *ast.InfinityNode, *ast.NanNode:
		return x.GetToken().Value, true
	}
	return "", false
}
