package patch

// Merge applies an RFC 7386 merge patch: objects merge, null deletes,
// anything else (lists included) replaces.
func Merge(doc, patch any) any {
	p, ok := patch.(map[string]any)
	if !ok {
		return patch
	}
	d, _ := doc.(map[string]any)
	out := make(map[string]any, len(d)+len(p))
	for k, v := range d {
		out[k] = v
	}
	for _, k := range sortedKeys(p) {
		if p[k] == nil {
			delete(out, k)
			continue
		}
		out[k] = Merge(out[k], p[k])
	}
	return out
}
