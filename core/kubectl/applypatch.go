package kubectl

import (
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/apijson"
	"github.com/kubeloop/kubeloop/core/patch"
)

// applyPatchOf is the strategic merge patch `kubectl apply` sends to bring
// live to manifest (the JSON as written, unknown fields included): the
// three-way patch of k8s.io/apimachinery's CreateThreeWayMergePatch over
// the last applied configuration (original), the manifest with its new
// last-applied annotation (modified) and live (current). It holds every
// field the manifest sets to a value live does not have, null for every
// field the last applied configuration had and the manifest drops, and,
// for a list merged on a key, the changed items and the list's order
// ($setElementOrder). The patch is used for the API server's answer
// (refusedApply); a successful apply merges as Apply does.
func applyPatchOf(live api.Object, manifest []byte, namespace string) (map[string]any, error) {
	var modified map[string]any
	if err := apijson.Decode(manifest, &modified, apijson.Options{UseNumber: true}); err != nil {
		return nil, err
	}
	meta, _ := modified["metadata"].(map[string]any)
	if meta == nil {
		meta = map[string]any{}
		modified["metadata"] = meta
	}
	if k := api.KindOf(live); k != nil && k.Namespaced {
		if _, has := meta["namespace"]; !has {
			meta["namespace"] = namespace // kubectl's builder sets it
		}
	}
	// kubectl records the manifest without its own annotation (leaving
	// "annotations": {} when it had none), then adds it
	// (GetModifiedConfiguration); the encoder ends it with a newline.
	annotations, _ := meta["annotations"].(map[string]any)
	if annotations == nil {
		annotations = map[string]any{}
	}
	delete(annotations, LastAppliedAnnotation)
	meta["annotations"] = annotations
	applied, err := apijson.Marshal(modified)
	if err != nil {
		return nil, err
	}
	annotations[LastAppliedAnnotation] = string(applied) + "\n"

	b, err := apijson.Marshal(live)
	if err != nil {
		return nil, err
	}
	var current map[string]any
	if err := apijson.Decode(b, &current, apijson.Options{UseNumber: true}); err != nil {
		return nil, err
	}
	var original map[string]any
	if prev, ok := live.GetObjectMeta().Annotations[LastAppliedAnnotation]; ok {
		_ = apijson.Decode([]byte(prev), &original, apijson.Options{UseNumber: true}) // a mangled one deletes nothing
	}
	patch := addedOrChanged(current, modified, nil)
	mergeDeletions(patch, original, modified)
	return patch, nil
}

// addedOrChanged is what modified sets that current lacks or holds
// otherwise; fields only current has are left alone.
func addedOrChanged(current, modified map[string]any, path []string) map[string]any {
	out := map[string]any{}
	for k, mv := range modified {
		cv, has := current[k]
		at := append(path[:len(path):len(path)], k)
		switch m := mv.(type) {
		case map[string]any:
			if c, ok := cv.(map[string]any); ok {
				if d := addedOrChanged(c, m, at); len(d) > 0 {
					out[k] = d
				}
				continue
			}
		case []any:
			if c, ok := cv.([]any); ok && patch.MergeKey(at) != "" && allMaps(m) && allMaps(c) {
				if items := changedItems(c, m, patch.MergeKey(at), at); len(items) > 0 {
					out[k] = items
					out["$setElementOrder/"+k] = elementOrder(m, patch.MergeKey(at))
				}
				continue
			}
		}
		if !has || !patch.SameValue(cv, mv) {
			out[k] = mv
		}
	}
	return out
}

// changedItems are the items of modified, matched to current's on key,
// that add or change something, each as its own patch with its key.
func changedItems(current, modified []any, key string, path []string) []any {
	var out []any
	for _, x := range modified {
		m := x.(map[string]any)
		var match map[string]any
		for _, y := range current {
			if c := y.(map[string]any); patch.SameValue(c[key], m[key]) {
				match = c
				break
			}
		}
		if match == nil {
			out = append(out, m)
			continue
		}
		if d := addedOrChanged(match, m, path); len(d) > 0 {
			d[key] = m[key]
			out = append(out, d)
		}
	}
	return out
}

func elementOrder(items []any, key string) []any {
	out := make([]any, len(items))
	for i, x := range items {
		out[i] = map[string]any{key: x.(map[string]any)[key]}
	}
	return out
}

func allMaps(items []any) bool {
	for _, x := range items {
		if _, ok := x.(map[string]any); !ok {
			return false
		}
	}
	return true
}

// mergeDeletions adds to patch a null for every field original has and
// modified does not (maps compared field by field).
func mergeDeletions(patch, original, modified map[string]any) {
	for k, ov := range original {
		mv, has := modified[k]
		if !has {
			patch[k] = nil
			continue
		}
		om, ok1 := ov.(map[string]any)
		mm, ok2 := mv.(map[string]any)
		if !ok1 || !ok2 {
			continue
		}
		sub, _ := patch[k].(map[string]any)
		if sub == nil {
			sub = map[string]any{}
		}
		mergeDeletions(sub, om, mm)
		if len(sub) > 0 {
			patch[k] = sub
		}
	}
}
