package export

import (
	"slices"
	"strings"
)

// serverMetadata is what the API server keeps about an object, never
// written by a learner.
var serverMetadata = []string{
	"uid", "resourceVersion", "generation", "creationTimestamp", "deletionTimestamp",
	"deletionGracePeriodSeconds", "managedFields", "ownerReferences", "selfLink",
}

// serverAnnotations are written by controllers and kubectl, not by people.
var serverAnnotations = []string{
	LastApplied,
	"deployment.kubernetes.io/revision",
	"deployment.kubernetes.io/desired-replicas",
	"deployment.kubernetes.io/max-replicas",
	"pv.kubernetes.io/bind-completed",
	"pv.kubernetes.io/bound-by-controller",
	annProvisionedBy,
	"volume.beta.kubernetes.io/storage-provisioner",
	"volume.kubernetes.io/storage-provisioner",
	"volume.kubernetes.io/selected-node",
}

const annProvisionedBy = "pv.kubernetes.io/provisioned-by"

// stripServerFields removes from an object's tree its status (also the
// status of the objects it embeds, such as volumeClaimTemplates), the
// server's metadata, the controllers' annotations and the finalizers
// Kubernetes adds — a finalizer the learner wrote (in written, the
// last-applied manifest) or of their own domain stays.
func stripServerFields(tree, written map[string]any) {
	delete(tree, "status")
	stripEmbeddedStatus(tree["spec"])
	meta, _ := tree["metadata"].(map[string]any)
	if meta == nil {
		return
	}
	for _, k := range serverMetadata {
		delete(meta, k)
	}
	if ann, ok := meta["annotations"].(map[string]any); ok {
		for _, k := range serverAnnotations {
			delete(ann, k)
		}
	}
	if fs, ok := meta["finalizers"].([]any); ok {
		wrote, _ := at(written, "metadata", "finalizers").([]any)
		var keep []any
		for _, f := range fs {
			if s, _ := f.(string); !kubernetesFinalizer(s) || slices.Contains(wrote, f) {
				keep = append(keep, f)
			}
		}
		if keep == nil {
			delete(meta, "finalizers")
		} else {
			meta["finalizers"] = keep
		}
	}
}

// stripEmbeddedStatus drops the status of every object held inside a spec:
// a map with both metadata and spec is a whole object (a claim template).
func stripEmbeddedStatus(v any) {
	switch x := v.(type) {
	case map[string]any:
		_, hasMeta := x["metadata"].(map[string]any)
		_, hasSpec := x["spec"].(map[string]any)
		if hasMeta && hasSpec {
			delete(x, "status")
		}
		for _, c := range x {
			stripEmbeddedStatus(c)
		}
	case []any:
		for _, c := range x {
			stripEmbeddedStatus(c)
		}
	}
}

// kubernetesFinalizer: the finalizers Kubernetes itself adds have no
// domain (foregroundDeletion, orphan) or one of kubernetes.io.
func kubernetesFinalizer(s string) bool {
	domain, _, ok := strings.Cut(s, "/")
	return !ok || domain == "kubernetes.io" || strings.HasSuffix(domain, ".kubernetes.io")
}

// at follows a path of map keys (string) and slice indexes (int) in a
// generic tree; nil when any step is missing.
func at(v any, path ...any) any {
	v, _ = lookup(v, path)
	return v
}

// lookup is at, and whether the path is there at all.
func lookup(v any, path []any) (any, bool) {
	for _, p := range path {
		var ok bool
		switch k := p.(type) {
		case string:
			m, _ := v.(map[string]any)
			v, ok = m[k]
		case int:
			s, _ := v.([]any)
			ok = k < len(s)
			if ok {
				v = s[k]
			}
		}
		if !ok {
			return nil, false
		}
	}
	return v, true
}
