package kubectl

import (
	"maps"
	"sort"
	"strconv"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/apijson"
	"github.com/kubeloop/kubeloop/core/store"
)

// This file finds a Deployment's ReplicaSets and their revisions, as
// kubectl's deployment utilities do on the client side: what `rollout
// history`, `rollout undo` and `describe deployment` read.

// Annotations and labels the Deployment controller writes; kubectl reads
// them by name (it does not share code with the controller).
const (
	revisionAnnotation    = "deployment.kubernetes.io/revision"
	podTemplateHashLabel  = "pod-template-hash"
	restartedAtAnnotation = "kubectl.kubernetes.io/restartedAt"
)

// rolloutAnnotationsToKeep are the Deployment's own annotations a rollback
// keeps rather than taking them from the ReplicaSet.
var rolloutAnnotationsToKeep map[string]bool

func fillRolloutAnnotationsToKeep() {
	rolloutAnnotationsToKeep = map[string]bool{
		LastAppliedAnnotation:                       true,
		revisionAnnotation:                          true,
		"deployment.kubernetes.io/revision-history": true,
		"deployment.kubernetes.io/desired-replicas": true,
		"deployment.kubernetes.io/max-replicas":     true,
		"deprecated.deployment.rollback.to":         true,
	}
}

// ownedReplicaSets are the ReplicaSets in d's namespace that its selector
// matches and that d controls, as the store lists them (by name).
func ownedReplicaSets(s *store.Store, d *api.Deployment) []*api.ReplicaSet {
	sel, err := d.Spec.Selector.AsSelector()
	if err != nil {
		return nil
	}
	var out []*api.ReplicaSet
	for _, o := range s.List(api.ReplicaSets, d.Namespace) {
		rs := o.(*api.ReplicaSet)
		if sel.Matches(rs.Labels) && api.IsControlledBy(rs, d.UID) {
			out = append(out, rs)
		}
	}
	return out
}

// splitReplicaSets returns the new ReplicaSet (the oldest whose template is
// d's, ignoring pod-template-hash; nil if none) and all the others, oldest
// first, as upstream's deployment util sorts them (by creation, then name)
// before describe lists them.
func splitReplicaSets(d *api.Deployment, rss []*api.ReplicaSet) (newRS *api.ReplicaSet, old []*api.ReplicaSet) {
	byAge := append([]*api.ReplicaSet(nil), rss...)
	sort.SliceStable(byAge, func(i, j int) bool {
		a, b := byAge[i].CreationTimestamp.Time, byAge[j].CreationTimestamp.Time
		if !a.Equal(b) {
			return a.Before(b)
		}
		return byAge[i].Name < byAge[j].Name
	})
	for _, rs := range byAge {
		if equalIgnoreHash(&rs.Spec.Template, &d.Spec.Template) {
			newRS = rs
			break
		}
	}
	for _, rs := range byAge {
		if rs != newRS {
			old = append(old, rs)
		}
	}
	return newRS, old
}

// revisionOf reads a ReplicaSet's revision annotation.
func revisionOf(rs *api.ReplicaSet) (int64, bool) {
	v, err := strconv.ParseInt(rs.Annotations[revisionAnnotation], 10, 64)
	return v, err == nil
}

// equalIgnoreHash compares two pod templates, ignoring pod-template-hash.
func equalIgnoreHash(a, b *api.PodTemplateSpec) bool {
	return string(templateJSON(a)) == string(templateJSON(b))
}

func templateJSON(t *api.PodTemplateSpec) []byte {
	c := api.DeepCopy(*t)
	if _, ok := c.Labels[podTemplateHashLabel]; ok {
		c.Labels = maps.Clone(c.Labels)
		delete(c.Labels, podTemplateHashLabel)
	}
	if len(c.Labels) == 0 {
		c.Labels = nil
	}
	if len(c.Annotations) == 0 {
		c.Annotations = nil
	}
	b, _ := apijson.Marshal(&c) // api types always encode
	return b
}
