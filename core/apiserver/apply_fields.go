package apiserver

// Field sets of decoded JSON objects, as server-side apply computes them
// (structured-merge-diff's ToFieldSet, Compare, Merge and RemoveItems),
// with the list and map types of apply_schema.go. A walk carries two
// paths: names, the field names from the root (what the schema is looked
// up by), and els, the path elements of the field set.

// walker holds what every step of a walk needs.
type walker struct{ kind string }

func extend(p []string, s string) []string { return append(p[:len(p):len(p)], s) }

// applied is the set a manager owns by applying config: every leaf, every
// item of a keyed or set list, every atomic value, and every empty object
// or list (an applied object's own fields are implied by its children).
func (w walker) applied(v any, names, els []string, set *fieldSet) {
	switch x := v.(type) {
	case map[string]any:
		if len(x) == 0 || (len(names) > 0 && atomicObject(names)) {
			set.insert(els)
			return
		}
		for k, c := range x {
			w.applied(c, extend(names, k), extend(els, "f:"+k), set)
		}
	case []any:
		shape := listShapeAt(w.kind, names)
		if len(x) == 0 || shape.typ == atomicList {
			set.insert(els)
			return
		}
		for _, item := range x {
			el, ok := w.itemElement(shape, item)
			if !ok {
				continue
			}
			set.insert(extend(els, el))
			if shape.typ == mapList && !shape.atomicItems {
				if m, ok := item.(map[string]any); ok {
					for k, c := range m {
						w.applied(c, extend(names, k), extend(extend(els, el), "f:"+k), set)
					}
				}
			}
		}
	default:
		set.insert(els)
	}
}

// itemElement is the path element of a list's item.
func (w walker) itemElement(shape listShape, item any) (string, bool) {
	if shape.typ == setList {
		return valueKey(item), true
	}
	return itemKey(shape, item)
}

// all adds every node of v, v included: what a field that was not there
// before brings.
func (w walker) all(v any, names, els []string, set *fieldSet) {
	set.insert(els)
	switch x := v.(type) {
	case map[string]any:
		if len(names) > 0 && atomicObject(names) {
			return
		}
		for k, c := range x {
			w.all(c, extend(names, k), extend(els, "f:"+k), set)
		}
	case []any:
		shape := listShapeAt(w.kind, names)
		if shape.typ == atomicList {
			return
		}
		for _, item := range x {
			el, ok := w.itemElement(shape, item)
			if !ok {
				continue
			}
			if shape.typ == mapList && !shape.atomicItems {
				w.all(item, names, extend(els, el), set)
			} else {
				set.insert(extend(els, el))
			}
		}
	}
}

// compare adds to changed the paths new adds or changes from old, and to
// removed those old has and new lacks (structured-merge-diff's Compare:
// a null object or list is an empty one).
func (w walker) compare(old, new any, names, els []string, changed, removed *fieldSet) {
	atomic := len(names) > 0 && atomicObject(names)
	switch n := new.(type) {
	case map[string]any:
		o, isMap := old.(map[string]any)
		if atomic || (!isMap && old != nil) {
			if !sameJSON(old, new) {
				changed.insert(els)
			}
			return
		}
		for k, c := range n {
			oc, had := o[k]
			if !had {
				w.all(c, extend(names, k), extend(els, "f:"+k), changed)
				continue
			}
			w.compare(oc, c, extend(names, k), extend(els, "f:"+k), changed, removed)
		}
		for k, oc := range o {
			if _, has := n[k]; !has {
				w.all(oc, extend(names, k), extend(els, "f:"+k), removed)
			}
		}
	case []any:
		o, isList := old.([]any)
		shape := listShapeAt(w.kind, names)
		if shape.typ == atomicList || (!isList && old != nil) {
			if !sameJSON(old, new) {
				changed.insert(els)
			}
			return
		}
		before := map[string]any{}
		for _, item := range o {
			if el, ok := w.itemElement(shape, item); ok {
				before[el] = item
			}
		}
		after := map[string]bool{}
		for _, item := range n {
			el, ok := w.itemElement(shape, item)
			if !ok {
				continue
			}
			after[el] = true
			prev, had := before[el]
			switch {
			case !had && shape.typ == mapList && !shape.atomicItems:
				w.all(item, names, extend(els, el), changed)
			case !had:
				changed.insert(extend(els, el))
			case shape.typ == mapList && shape.atomicItems:
				if !sameJSON(prev, item) {
					changed.insert(extend(els, el))
				}
			case shape.typ == mapList:
				w.compare(prev, item, names, extend(els, el), changed, removed)
			}
		}
		for el, item := range before {
			if !after[el] {
				if shape.typ == mapList && !shape.atomicItems {
					w.all(item, names, extend(els, el), removed)
				} else {
					removed.insert(extend(els, el))
				}
			}
		}
	default:
		if !sameJSON(old, new) {
			changed.insert(els)
		}
	}
}

// merge is live with config applied: config's values win, objects merge
// field by field, keyed and set lists item by item (mergeItems), and
// atomic values are replaced.
func (w walker) merge(live, config any, names []string) any {
	switch c := config.(type) {
	case map[string]any:
		l, isMap := live.(map[string]any)
		if !isMap || (len(names) > 0 && atomicObject(names)) {
			return config
		}
		out := make(map[string]any, len(l)+len(c))
		for k, v := range l {
			out[k] = v
		}
		for k, v := range c {
			out[k] = w.merge(l[k], v, extend(names, k))
		}
		return out
	case []any:
		l, isList := live.([]any)
		shape := listShapeAt(w.kind, names)
		if !isList || shape.typ == atomicList {
			return config
		}
		return w.mergeItems(l, c, names, shape)
	}
	return config
}

// mergeItems merges the items of a keyed or set list in
// structured-merge-diff's order: the config's items in the config's
// order, each live item the config lacks kept after the item it followed.
func (w walker) mergeItems(live, config []any, names []string, shape listShape) []any {
	key := func(item any) string {
		el, ok := w.itemElement(shape, item)
		if !ok {
			return jsonText(item) // no key: never matched
		}
		return el
	}
	liveByKey := map[string]any{}
	for _, item := range live {
		liveByKey[key(item)] = item
	}
	inConfig := map[string]bool{}
	for _, item := range config {
		inConfig[key(item)] = true
	}
	out := make([]any, 0, len(live)+len(config))
	emitted := map[string]bool{}
	for li, ci := 0, 0; li < len(live) || ci < len(config); {
		if li < len(live) {
			k := key(live[li])
			if emitted[k] {
				li++
				continue
			}
			if !inConfig[k] {
				out = append(out, live[li])
				emitted[k] = true
				li++
				continue
			}
		}
		if ci == len(config) {
			li++
			continue
		}
		item := config[ci]
		k := key(item)
		if prev, had := liveByKey[k]; had && shape.typ == mapList && !shape.atomicItems {
			item = w.merge(prev, item, names)
		}
		out = append(out, item)
		emitted[k] = true
		ci++
	}
	return out
}

// removePath deletes the node at els from v (decoded JSON), if there.
func (w walker) removePath(v any, names, els []string) any {
	if len(els) == 0 {
		return v
	}
	el := els[0]
	switch x := v.(type) {
	case map[string]any:
		if len(el) < 2 || el[:2] != "f:" {
			return v
		}
		k := el[2:]
		c, has := x[k]
		if !has {
			return v
		}
		out := make(map[string]any, len(x))
		for kk, vv := range x {
			out[kk] = vv
		}
		if len(els) == 1 {
			delete(out, k)
		} else {
			out[k] = w.removePath(c, extend(names, k), els[1:])
		}
		return out
	case []any:
		shape := listShapeAt(w.kind, names)
		out := make([]any, 0, len(x))
		for _, item := range x {
			ie, ok := w.itemElement(shape, item)
			if !ok || ie != el {
				out = append(out, item)
				continue
			}
			if len(els) > 1 {
				out = append(out, w.removePath(item, names, els[1:]))
			}
		}
		return out
	}
	return v
}

// stripIgnored removes what no manager owns: the type, the server's
// metadata, the managed fields themselves and (for the main resource) the
// status, as upstream's stripMeta and reset fields do.
func stripIgnored(v map[string]any) map[string]any {
	out := make(map[string]any, len(v))
	for k, x := range v {
		switch k {
		case "apiVersion", "kind", "status":
			continue
		}
		out[k] = x
	}
	if m, ok := v["metadata"].(map[string]any); ok {
		meta := make(map[string]any, len(m))
		for k, x := range m {
			switch k {
			case "name", "namespace", "creationTimestamp", "selfLink", "uid", "generation", "managedFields", "resourceVersion":
				continue
			}
			meta[k] = x
		}
		out["metadata"] = meta
	}
	return out
}

// sameJSON reports two decoded values that encode alike.
func sameJSON(a, b any) bool { return jsonText(a) == jsonText(b) }
