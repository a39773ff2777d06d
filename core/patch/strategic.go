package patch

import (
	"fmt"
	"strings"
)

// This file merges a strategic merge patch, the patch kubectl sends by
// default: a merge patch in which some lists (containers, env, volumes,
// ports, …) are merged item by item on a key instead of being replaced,
// and directives ($patch: replace|delete, $retainKeys,
// $deleteFromPrimitiveList, $setElementOrder) say more than a value can.

// Strategic applies a strategic merge patch to an object's JSON (either
// may be nil). It returns nil when the patch deletes the object
// ($patch: delete).
func Strategic(doc, patch map[string]any) (map[string]any, error) {
	return strategic(doc, patch, nil)
}

// MergeKey is the strategic-merge key of the list field at the end of
// path (the object keys from the root, list indices left out): the field
// its items are matched on, or "" for a list that is replaced whole. As in
// k8s.io/api's patchMergeKey tags.
func MergeKey(path []string) string {
	field := path[len(path)-1]
	switch field {
	case "containers", "initContainers", "ephemeralContainers", "env", "volumes", "imagePullSecrets", "resourceClaims":
		return "name"
	case "volumeMounts":
		return "mountPath"
	case "volumeDevices":
		return "devicePath"
	case "hostAliases", "podIPs":
		return "ip"
	case "ownerReferences":
		return "uid"
	case "conditions", "addresses":
		return "type"
	case "topologySpreadConstraints":
		return "topologyKey"
	case "ports":
		if len(path) >= 2 && strings.HasSuffix(path[len(path)-2], "ontainers") {
			return "containerPort"
		}
		return "port"
	}
	return ""
}

// mergesPrimitives reports a list of scalars merged as a set (finalizers).
func mergesPrimitives(path []string) bool { return path[len(path)-1] == "finalizers" }

// strategic applies a strategic merge patch to doc (either may be
// nil). It returns nil when the patch deletes the object ($patch: delete).
func strategic(doc, patch map[string]any, path []string) (map[string]any, error) {
	switch patch["$patch"] {
	case "replace":
		return stripDirectives(patch).(map[string]any), nil
	case "delete":
		return nil, nil
	case nil:
	default:
		return nil, fmt.Errorf("unknown patch type: %v in map: %v", patch["$patch"], GoValue(patch))
	}
	out := make(map[string]any, len(doc)+len(patch))
	for k, v := range doc {
		out[k] = v
	}
	for _, k := range sortedKeys(patch) {
		v := patch[k]
		switch {
		case k == "$patch" || strings.HasPrefix(k, "$setElementOrder/"):
			continue
		case k == "$retainKeys":
			continue
		case strings.HasPrefix(k, "$deleteFromPrimitiveList/"):
			field := strings.TrimPrefix(k, "$deleteFromPrimitiveList/")
			gone, _ := v.([]any)
			cur, _ := out[field].([]any)
			var kept []any
			for _, x := range cur {
				if !containsJSON(gone, x) {
					kept = append(kept, x)
				}
			}
			out[field] = kept
			continue
		case v == nil:
			delete(out, k)
			continue
		}
		sub := append(append([]string(nil), path...), k)
		switch pv := v.(type) {
		case map[string]any:
			dv, _ := out[k].(map[string]any)
			merged, err := strategic(dv, pv, sub)
			if err != nil {
				return nil, err
			}
			if merged == nil {
				delete(out, k)
			} else {
				out[k] = merged
			}
		case []any:
			dv, _ := out[k].([]any)
			merged, err := strategicMergeList(dv, pv, sub)
			if err != nil {
				return nil, err
			}
			out[k] = merged
		default:
			out[k] = v
		}
	}
	for _, k := range sortedKeys(patch) {
		if field, ok := strings.CutPrefix(k, "$setElementOrder/"); ok {
			order, _ := patch[k].([]any)
			if list, isList := out[field].([]any); isList {
				out[field] = inElementOrder(list, order, MergeKey(append(append([]string(nil), path...), field)))
			}
		}
	}
	if keep, ok := patch["$retainKeys"].([]any); ok {
		for k := range out {
			if !containsJSON(keep, k) {
				delete(out, k)
			}
		}
	}
	return out, nil
}

// strategicMergeList merges a patch list into a list: item by item on the
// merge key where the field has one, as a set for primitive-merge lists,
// otherwise the patch replaces the list.
func strategicMergeList(doc, patch []any, path []string) ([]any, error) {
	for _, item := range patch {
		if m, ok := item.(map[string]any); ok && len(m) == 1 && m["$patch"] == "replace" {
			var rest []any
			for _, x := range patch {
				if x2, ok := x.(map[string]any); !(ok && len(x2) == 1 && x2["$patch"] == "replace") {
					rest = append(rest, stripDirectives(x))
				}
			}
			return rest, nil
		}
	}
	if mergesPrimitives(path) {
		out := append([]any(nil), doc...)
		for _, x := range patch {
			if !containsJSON(out, x) {
				out = append(out, x)
			}
		}
		return out, nil
	}
	key := MergeKey(path)
	if key == "" {
		return stripDirectives(patch).([]any), nil
	}
	out := append([]any(nil), doc...)
	for _, item := range patch {
		pm, ok := item.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("unable to find api field in struct %s for the json field %q", "Unknown", path[len(path)-1])
		}
		kv, has := pm[key]
		if !has {
			return nil, fmt.Errorf("map: %v does not contain declared merge key: %s", GoValue(pm), key)
		}
		at := -1
		for i, d := range out {
			if dm, ok := d.(map[string]any); ok && SameValue(dm[key], kv) {
				at = i
				break
			}
		}
		if pm["$patch"] == "delete" {
			if at >= 0 {
				out = append(out[:at], out[at+1:]...)
			}
			continue
		}
		if at < 0 {
			out = append(out, stripDirectives(pm))
			continue
		}
		dm, _ := out[at].(map[string]any)
		merged, err := strategic(dm, pm, path)
		if err != nil {
			return nil, err
		}
		out[at] = merged
	}
	return out, nil
}

// inElementOrder orders a merged list as a patch's $setElementOrder says
// (client-side apply sends the manifest's order): the items it names in
// its order, each item it does not name kept after the item it followed.
// key is the list's merge key, "" for a list of scalars.
func inElementOrder(list, order []any, key string) []any {
	id := func(item any) string {
		if m, ok := item.(map[string]any); ok && key != "" {
			return jsonText(m[key])
		}
		return jsonText(item)
	}
	byID := map[string]any{}
	for _, item := range list {
		byID[id(item)] = item
	}
	var ordered []any
	named := map[string]bool{}
	for _, o := range order {
		k := id(o)
		if item, ok := byID[k]; ok && !named[k] {
			ordered = append(ordered, item)
			named[k] = true
		}
	}
	out := make([]any, 0, len(list))
	emitted := map[string]bool{}
	for li, oi := 0, 0; li < len(list) || oi < len(ordered); {
		if li < len(list) {
			k := id(list[li])
			if emitted[k] {
				li++
				continue
			}
			if !named[k] {
				out = append(out, list[li])
				emitted[k] = true
				li++
				continue
			}
		}
		if oi == len(ordered) {
			li++
			continue
		}
		out = append(out, ordered[oi])
		emitted[id(ordered[oi])] = true
		oi++
	}
	return out
}

// stripDirectives removes "$..." keys from maps, recursively.
func stripDirectives(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			if !strings.HasPrefix(k, "$") {
				out[k] = stripDirectives(e)
			}
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = stripDirectives(e)
		}
		return out
	}
	return v
}
