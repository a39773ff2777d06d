package patch

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// This file applies RFC 6902 JSON patches (add, remove, replace, move,
// copy, test) to decoded JSON, with the error wording of the library the
// API server uses.

// Op is one operation of a JSON patch.
type Op struct {
	op, path, from string
	value          any
	hasValue       bool
}

// DecodeJSONPatch reads a JSON patch: a list of operation objects.
func DecodeJSONPatch(v any) ([]Op, error) {
	list, ok := v.([]any)
	if !ok {
		return nil, fmt.Errorf("json: cannot unmarshal %s into Go value of type jsonpatch.Patch", JSONKind(v))
	}
	ops := make([]Op, 0, len(list))
	for _, item := range list {
		m, ok := item.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("json: cannot unmarshal %s into Go value of type jsonpatch.Operation", JSONKind(item))
		}
		var o Op
		o.op, _ = m["op"].(string)
		o.path, _ = m["path"].(string)
		o.from, _ = m["from"].(string)
		o.value, o.hasValue = m["value"]
		ops = append(ops, o)
	}
	return ops, nil
}

// ApplyJSONPatch applies ops to doc in order; the first failure stops it.
func ApplyJSONPatch(doc any, ops []Op) (any, error) {
	var err error
	for _, o := range ops {
		switch o.op {
		case "add":
			if !o.hasValue {
				return nil, errors.New("jsonpatch add operation does not apply: value is missing")
			}
			doc, err = pointerSet(doc, o.path, DeepCopy(o.value), true, "add")
		case "remove":
			doc, _, err = pointerRemove(doc, o.path)
		case "replace":
			if !o.hasValue {
				return nil, errors.New("jsonpatch replace operation does not apply: value is missing")
			}
			doc, err = pointerSet(doc, o.path, DeepCopy(o.value), false, "replace")
		case "move":
			var v any
			doc, v, err = pointerRemove(doc, o.from)
			if err == nil {
				doc, err = pointerSet(doc, o.path, v, true, "move")
			}
		case "copy":
			var v any
			v, err = pointerGet(doc, o.from)
			if err == nil {
				doc, err = pointerSet(doc, o.path, DeepCopy(v), true, "copy")
			}
		case "test":
			var v any
			v, err = pointerGet(doc, o.path)
			if err != nil || !SameValue(v, o.value) {
				err = fmt.Errorf("testing value %s failed: test failed", o.path)
			}
		default:
			err = fmt.Errorf("Unexpected kind: %s", o.op)
		}
		if err != nil {
			return nil, err
		}
	}
	return doc, nil
}

// parsePointer splits an RFC 6901 pointer into unescaped tokens.
func parsePointer(p string) ([]string, error) {
	if p == "" {
		return nil, nil
	}
	if !strings.HasPrefix(p, "/") {
		return nil, fmt.Errorf("JSON pointer must be empty or start with a \"/\": %q", p)
	}
	parts := strings.Split(p[1:], "/")
	for i, s := range parts {
		parts[i] = strings.ReplaceAll(strings.ReplaceAll(s, "~1", "/"), "~0", "~")
	}
	return parts, nil
}

// listIndex reads a list index token; "-" (end) only when allowed.
func listIndex(tok string, n int, allowEnd bool) (int, error) {
	if tok == "-" && allowEnd {
		return n, nil
	}
	i, err := strconv.Atoi(tok)
	if err != nil || i < 0 || i > n || (i == n && !allowEnd) || (len(tok) > 1 && tok[0] == '0') {
		return 0, fmt.Errorf("Unable to access invalid index: %s: invalid index referenced", tok)
	}
	return i, nil
}

func pointerGet(doc any, p string) (any, error) {
	toks, err := parsePointer(p)
	if err != nil {
		return nil, err
	}
	cur := doc
	for _, t := range toks {
		switch c := cur.(type) {
		case map[string]any:
			v, ok := c[t]
			if !ok {
				return nil, fmt.Errorf("Unable to get nonexistent key: %s: missing value", t)
			}
			cur = v
		case []any:
			i, err := listIndex(t, len(c), false)
			if err != nil {
				return nil, err
			}
			cur = c[i]
		default:
			return nil, fmt.Errorf("Unable to get nonexistent key: %s: missing value", t)
		}
	}
	return cur, nil
}

// pointerSet sets (add: inserts into lists) the value at p and returns the
// new document; containers along the way are copied, never shared.
func pointerSet(doc any, p string, v any, insert bool, op string) (any, error) {
	toks, err := parsePointer(p)
	if err != nil {
		return nil, err
	}
	if len(toks) == 0 {
		return v, nil
	}
	missingPath := fmt.Errorf("jsonpatch %s operation does not apply: doc is missing path: %q", op, p)
	var set func(cur any, toks []string) (any, error)
	set = func(cur any, toks []string) (any, error) {
		t := toks[0]
		last := len(toks) == 1
		switch c := cur.(type) {
		case map[string]any:
			out := make(map[string]any, len(c)+1)
			for k, x := range c {
				out[k] = x
			}
			if last {
				if _, ok := c[t]; !ok && !insert {
					return nil, fmt.Errorf("jsonpatch %s operation does not apply: doc is missing key: %s", op, p)
				}
				out[t] = v
				return out, nil
			}
			child, ok := c[t]
			if !ok {
				return nil, missingPath
			}
			nv, err := set(child, toks[1:])
			if err != nil {
				return nil, err
			}
			out[t] = nv
			return out, nil
		case []any:
			i, err := listIndex(t, len(c), insert && last)
			if err != nil {
				return nil, err
			}
			out := append([]any(nil), c...)
			if last {
				if insert {
					out = append(out[:i], append([]any{v}, out[i:]...)...)
				} else {
					out[i] = v
				}
				return out, nil
			}
			nv, err := set(c[i], toks[1:])
			if err != nil {
				return nil, err
			}
			out[i] = nv
			return out, nil
		}
		return nil, missingPath
	}
	return set(doc, toks)
}

// pointerRemove removes the value at p and returns the new document and
// the value removed.
func pointerRemove(doc any, p string) (any, any, error) {
	toks, err := parsePointer(p)
	if err != nil {
		return nil, nil, err
	}
	if len(toks) == 0 {
		return nil, nil, fmt.Errorf("jsonpatch remove operation does not apply: doc is missing path: %q", p)
	}
	var removed any
	var rm func(cur any, toks []string) (any, error)
	rm = func(cur any, toks []string) (any, error) {
		t := toks[0]
		last := len(toks) == 1
		switch c := cur.(type) {
		case map[string]any:
			child, ok := c[t]
			if !ok {
				if last {
					return nil, fmt.Errorf("Unable to remove nonexistent key: %s: missing value", t)
				}
				return nil, fmt.Errorf("jsonpatch remove operation does not apply: doc is missing path: %q", p)
			}
			out := make(map[string]any, len(c))
			for k, x := range c {
				out[k] = x
			}
			if last {
				removed = child
				delete(out, t)
				return out, nil
			}
			nv, err := rm(child, toks[1:])
			if err != nil {
				return nil, err
			}
			out[t] = nv
			return out, nil
		case []any:
			i, err := listIndex(t, len(c), false)
			if err != nil {
				return nil, err
			}
			out := append([]any(nil), c...)
			if last {
				removed = out[i]
				return append(out[:i], out[i+1:]...), nil
			}
			nv, err := rm(c[i], toks[1:])
			if err != nil {
				return nil, err
			}
			out[i] = nv
			return out, nil
		}
		return nil, fmt.Errorf("jsonpatch remove operation does not apply: doc is missing path: %q", p)
	}
	out, err := rm(doc, toks)
	return out, removed, err
}
