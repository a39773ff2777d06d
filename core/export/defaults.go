package export

import (
	"bytes"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/apijson"
)

// recreator runs on a manifest what the API server runs on a new object
// of its kind before storing it, and returns the result as JSON. Two
// trees that recreate the same JSON are the same object to the server.
type recreator struct {
	kind *api.Kind
	uid  string // the live object's: a Job's generated selector names it
	// tokenVolume is the live pod's kube-api-access- volume, "" if
	// admission mounted none: its name was drawn at random, so recreating
	// the pod mounts it under the same name.
	tokenVolume string
}

func (r recreator) recreate(tree map[string]any) ([]byte, error) {
	b, err := apijson.Marshal(tree)
	if err != nil {
		return nil, err
	}
	o := r.kind.New()
	if err := apijson.Unmarshal(b, o); err != nil {
		return nil, err
	}
	o.GetObjectMeta().UID = r.uid
	api.Default(o)
	r.onCreate(o)
	return apijson.Marshal(o)
}

// onCreate is what admission writes into a new object besides api.Default
// that is the same on every cluster: a Job's selector and template labels
// generated from its uid (unless manualSelector), and a pod's service
// account, its token volume and mounts (if the live pod has them), and
// its priority.
func (r recreator) onCreate(o api.Object) {
	switch x := o.(type) {
	case *api.Job:
		api.GenerateJobSelector(x)
	case *api.Pod:
		if x.Spec.ServiceAccountName == "" {
			x.Spec.ServiceAccountName = api.DefaultServiceAccountName
		}
		x.Spec.DeprecatedServiceAccount = x.Spec.ServiceAccountName
		if r.tokenVolume != "" {
			api.MountServiceAccountToken(x, r.tokenVolume)
		}
		// A live pod passed admission; a manifest it refuses is one whose
		// fields are not to be dropped, and the comparison keeps them.
		_ = api.AdmitPodPriority(x)
	}
}

// identity are the paths that say which object this is; taking them out
// would not be undone by defaulting, but apply needs them.
var identity = [][]any{{"apiVersion"}, {"kind"}, {"metadata", "name"}, {"metadata", "namespace"}, {"metadata", "generateName"}}

// dropDefaults removes from tree every field the server would give back by
// itself: a field goes when recreating the tree without it gives target
// (the recreated tree with it). Fields in written, the last-applied
// manifest, stay.
//
// Most often all the learner did not write is defaults, so that is tried
// first, at once. Otherwise each field is tried, larger parts before
// their fields (a whole defaulted `strategy` goes at once), a list's items
// past those the learner wrote one by one (the tolerations admission
// appends), and metadata last, as its defaults follow the spec's (a Job's
// labels are its template's).
func dropDefaults(tree, written map[string]any, target []byte, r recreator) {
	d := dropper{root: tree, target: target, r: r}
	if written != nil {
		only := onlyWritten(tree, written, nil).(map[string]any)
		if got, err := r.recreate(only); err == nil && bytes.Equal(got, target) {
			clear(tree)
			maps.Copy(tree, only)
			return
		}
	}
	d.walkMap(tree, nil, written)
}

// onlyWritten is a copy of v (at path) with only what written has, and
// the object's identity.
func onlyWritten(v, written any, path []any) any {
	switch x := v.(type) {
	case map[string]any:
		w, _ := written.(map[string]any)
		out := map[string]any{}
		for k, c := range x {
			p := append(slices.Clip(path), k)
			if wc, ok := w[k]; ok {
				out[k] = onlyWritten(c, wc, p)
			} else if isIdentity(p) || isIdentityParent(p) {
				out[k] = onlyWritten(c, nil, p)
			}
		}
		return out
	case []any:
		w, _ := written.([]any)
		out := make([]any, 0, min(len(x), len(w)))
		for i := range min(len(x), len(w)) {
			out = append(out, onlyWritten(x[i], w[i], append(slices.Clip(path), i)))
		}
		return out
	}
	return v
}

type dropper struct {
	root    map[string]any
	target  []byte
	r       recreator
	removed bool
}

// same reports whether the tree as it now is recreates the target.
func (d *dropper) same() bool {
	got, err := d.r.recreate(d.root)
	return err == nil && bytes.Equal(got, d.target)
}

func (d *dropper) walkMap(m map[string]any, path []any, written any) {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	// sort.Slice: its one sort serves every element type, where
	// slices.SortFunc would add a sort for strings to the page's binary.
	sort.Slice(keys, func(i, j int) bool { return metadataLast(keys[i], keys[j]) < 0 })
	for _, k := range keys {
		p := append(slices.Clip(path), k)
		if isIdentity(p) {
			continue
		}
		w, wrote := lookup(written, []any{k})
		v := m[k]
		if !wrote {
			delete(m, k)
			if d.same() {
				continue
			}
			m[k] = v
		}
		d.walk(v, p, w, func(nv any) { m[k] = nv })
	}
}

func (d *dropper) walk(v any, path []any, written any, set func(any)) {
	switch x := v.(type) {
	case map[string]any:
		d.walkMap(x, path, written)
	case []any:
		d.walkSlice(x, path, written, set)
	}
}

// walkSlice tries each item past those written, then walks into each
// remaining item.
func (d *dropper) walkSlice(s []any, path []any, written any, set func(any)) {
	w, _ := written.([]any)
	for i := 0; i < len(s); {
		if i >= len(w) {
			without := slices.Delete(slices.Clone(s), i, i+1)
			set(without)
			if d.same() {
				s = without
				continue
			}
			set(s)
		}
		var wi any
		if i < len(w) {
			wi = w[i]
		}
		d.walk(s[i], append(slices.Clip(path), i), wi, func(nv any) { s[i] = nv })
		i++
	}
}

// metadataLast orders keys by name, metadata last.
func metadataLast(a, b string) int {
	switch {
	case a == b:
		return 0
	case a == "metadata":
		return 1
	case b == "metadata":
		return -1
	}
	return strings.Compare(a, b)
}

// isIdentityParent: the metadata that holds the name.
func isIdentityParent(path []any) bool { return len(path) == 1 && path[0] == "metadata" }

func isIdentity(path []any) bool {
	for _, id := range identity {
		if slices.Equal(id, path) {
			return true
		}
	}
	return false
}
