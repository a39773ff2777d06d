// Package history keeps the rollout history of StatefulSets and DaemonSets
// as ControllerRevisions, the way upstream's controller history does: each
// distinct pod template is stored once, named <owner>-<hash>, numbered by
// revision, and its hash labels the pods made from it
// (controller-revision-hash) so a controller can tell old pods from new.
package history

import (
	"hash/fnv"
	"maps"
	"slices"
	"strconv"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/apijson"
)

// Labels on ControllerRevisions and the pods they describe.
const (
	HashLabel             = "controller.kubernetes.io/hash"
	ControllerRevisionKey = "controller-revision-hash"
)

// safeAlphabet is upstream's rand.SafeEncodeString alphabet: no vowels, no
// look-alikes, so generated names never spell words.
const safeAlphabet = "bcdfghjklmnpqrstvwxz2456789"

// SafeEncode maps each byte of s into safeAlphabet (digits 0→4 … 9→f).
func SafeEncode(s string) string {
	b := []byte(s)
	for i, c := range b {
		b[i] = safeAlphabet[int(c)%len(safeAlphabet)]
	}
	return string(b)
}

// Patch is the revision data for a template: the patch that replaces a
// set's template with this one, as upstream stores it.
func Patch(t *api.PodTemplateSpec) api.RawExtension {
	tmpl, err := apijson.Marshal(t)
	if err != nil {
		panic("history: pod template does not encode: " + err.Error()) // api types always encode
	}
	var m map[string]any
	_ = apijson.Unmarshal(tmpl, &m)
	m["$patch"] = "replace"
	out, _ := apijson.Marshal(map[string]any{"spec": map[string]any{"template": m}})
	return out
}

// Hash is FNV-32a over the data (and the collision count, when set),
// printed in decimal and safe-encoded.
func Hash(data []byte, collisionCount *int32) string {
	h := fnv.New32a()
	h.Write(data)
	if collisionCount != nil {
		h.Write([]byte(strconv.Itoa(int(*collisionCount))))
	}
	return SafeEncode(strconv.FormatUint(uint64(h.Sum32()), 10))
}

// New builds the revision of owner's template t: name <owner>-<hash>,
// labels = selectorLabels + the hash label, a controller reference.
func New(owner api.Object, selectorLabels map[string]string, t *api.PodTemplateSpec, revision int64, collisionCount *int32) *api.ControllerRevision {
	data := Patch(t)
	hash := Hash(data, collisionCount)
	o := api.DeepCopyObject(owner)
	api.SetKind(o)
	labels := maps.Clone(selectorLabels)
	if labels == nil {
		labels = map[string]string{}
	}
	labels[HashLabel] = hash
	m := owner.GetObjectMeta()
	return &api.ControllerRevision{
		ObjectMeta: api.ObjectMeta{Name: m.Name + "-" + hash, Namespace: m.Namespace, Labels: labels,
			OwnerReferences: []api.OwnerReference{api.NewControllerRef(o)}},
		Data: data, Revision: revision,
	}
}

// Template decodes the pod template a revision stores.
func Template(r *api.ControllerRevision) (*api.PodTemplateSpec, error) {
	var p struct {
		Spec struct {
			Template apijson.RawMessage `json:"template"`
		} `json:"spec"`
	}
	if err := apijson.Unmarshal(r.Data, &p); err != nil {
		return nil, err
	}
	var m map[string]any
	if err := apijson.Unmarshal(p.Spec.Template, &m); err != nil {
		return nil, err
	}
	delete(m, "$patch")
	clean, _ := apijson.Marshal(m)
	var t api.PodTemplateSpec
	if err := apijson.Unmarshal(clean, &t); err != nil {
		return nil, err
	}
	return &t, nil
}

// Equal reports whether two revisions store the same template.
func Equal(a, b *api.ControllerRevision) bool { return string(a.Data) == string(b.Data) }

// Sort orders revisions by revision number, then name.
func Sort(revs []*api.ControllerRevision) {
	slices.SortFunc(revs, func(a, b *api.ControllerRevision) int {
		if a.Revision != b.Revision {
			return int(a.Revision - b.Revision)
		}
		if a.Name < b.Name {
			return -1
		}
		return 1
	})
}

// Next is the revision number after the highest in revs (1 for none).
func Next(revs []*api.ControllerRevision) int64 {
	var maxRev int64
	for _, r := range revs {
		maxRev = max(maxRev, r.Revision)
	}
	return maxRev + 1
}
