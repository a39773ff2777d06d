package export

import (
	"reflect"
	"slices"
	"strings"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/apijson"
	"github.com/kubeloop/kubeloop/core/yaml"
)

// recreator runs on a manifest what the API server runs on a new object
// of its kind before storing it, and returns the result as a tree, with
// the server's fields stripped as from the live object.
type recreator struct {
	kind *api.Kind
	uid  string // the live object's: a Job's generated selector names it
}

func (r recreator) recreate(tree map[string]any) (map[string]any, error) {
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
	onCreate(o)
	g, err := yaml.Generic(o)
	if err != nil {
		return nil, err
	}
	m, _ := g.(map[string]any)
	stripServerFields(m, nil)
	return m, nil
}

// onCreate is what admission writes into a new object besides api.Default
// that is the same on every cluster: a Job's selector and template labels
// generated from its uid (unless manualSelector), and a pod's service
// account.
func onCreate(o api.Object) {
	switch x := o.(type) {
	case *api.Job:
		api.GenerateJobSelector(x)
	case *api.Pod:
		if x.Spec.ServiceAccountName == "" {
			x.Spec.ServiceAccountName = api.DefaultServiceAccountName
		}
	}
}

// identity are the paths that say which object this is; taking them out
// would not be undone by defaulting, but apply needs them.
var identity = [][]any{{"apiVersion"}, {"kind"}, {"metadata", "name"}, {"metadata", "namespace"}, {"metadata", "generateName"}}

// dropDefaults removes from tree every field the server would give back by
// itself: a field goes when recreating the tree without it gives target
// (the recreated tree with it). Larger parts are tried before their
// fields (a whole defaulted `strategy` goes at once); a list's items past
// those the learner wrote are tried one by one (the tolerations admission
// appends). Fields in written, the last-applied manifest, stay. Removing
// one field can make another removable (a Job's labels follow its
// template's), so it repeats until nothing more goes.
func dropDefaults(tree, target, written map[string]any, r recreator) {
	d := dropper{root: tree, target: target, r: r}
	for range 4 {
		d.removed = false
		d.walkMap(tree, nil, written)
		if !d.removed {
			return
		}
	}
}

type dropper struct {
	root, target map[string]any
	r            recreator
	removed      bool
}

// same reports whether the tree as it now is recreates the target.
func (d *dropper) same() bool {
	got, err := d.r.recreate(d.root)
	return err == nil && reflect.DeepEqual(got, d.target)
}

func (d *dropper) walkMap(m map[string]any, path []any, written any) {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, strings.Compare)
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
				d.removed = true
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
				d.removed = true
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

func isIdentity(path []any) bool {
	for _, id := range identity {
		if slices.Equal(id, path) {
			return true
		}
	}
	return false
}
