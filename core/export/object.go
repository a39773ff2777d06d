package export

import (
	"fmt"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/apijson"
	"github.com/kubeloop/kubeloop/core/yaml"
)

// LastApplied is kubectl's annotation holding the manifest it last
// applied: the fields in it are the ones the learner wrote.
const LastApplied = "kubectl.kubernetes.io/last-applied-configuration"

// Object returns o as the learner would write it, in the generic form
// yaml.EncodeValue writes (maps, slices, strings, bools, apijson.Numbers).
// o is not changed. The error is one of a last-applied annotation that is
// not JSON, or of an object its own kind cannot hold (a programmer error).
func Object(o api.Object) (map[string]any, error) {
	g, err := yaml.Generic(o)
	if err != nil {
		return nil, err
	}
	tree, _ := g.(map[string]any)
	if tree == nil {
		return nil, fmt.Errorf("export: %T is not an object in JSON", o)
	}
	written, err := lastApplied(o)
	if err != nil {
		return nil, err
	}
	stripServerFields(tree, written)
	dropAllocated(tree, api.KindOf(o).Kind, written)
	r := recreator{kind: api.KindOf(o), uid: o.GetObjectMeta().UID}
	if p, ok := o.(*api.Pod); ok {
		r.tokenVolume = api.ServiceAccountTokenVolume(p)
	}
	target, err := r.recreate(tree)
	if err != nil {
		return nil, err
	}
	dropDefaults(tree, written, target, r)
	tidyMetadata(tree)
	return tree, nil
}

// lastApplied is the manifest the annotation holds, nil without one.
func lastApplied(o api.Object) (map[string]any, error) {
	text := o.GetObjectMeta().Annotations[LastApplied]
	if text == "" {
		return nil, nil
	}
	var m map[string]any
	if err := apijson.Unmarshal([]byte(text), &m); err != nil {
		return nil, fmt.Errorf("export: %s/%s: its %s annotation is not JSON: %w", api.KindOf(o).Kind, o.GetObjectMeta().Name, LastApplied, err)
	}
	return m, nil
}

// tidyMetadata drops labels and annotations left empty: a learner leaves
// them out rather than write `annotations: {}`.
func tidyMetadata(tree map[string]any) {
	meta, _ := tree["metadata"].(map[string]any)
	for _, k := range []string{"labels", "annotations"} {
		if m, ok := meta[k].(map[string]any); ok && len(m) == 0 {
			delete(meta, k)
		}
	}
}
