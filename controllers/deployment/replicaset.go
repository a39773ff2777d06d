package deployment

// This file builds the Deployment's ReplicaSets: the pod-template-hash that
// names them, the new ReplicaSet itself, which existing one is "new", and
// the annotations that carry revisions and sizes.

import (
	"bytes"
	"maps"
	"sort"
	"strconv"
	"strings"

	"github.com/kubeloop/kubeloop/controllers/deephash"
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/apijson"
)

// Labels and annotations the Deployment controller writes, as upstream.
const (
	// PodTemplateHashLabel tells the pods of one ReplicaSet from another's.
	PodTemplateHashLabel = "pod-template-hash"
	// RevisionAnnotation numbers the rollouts; the Deployment copies its new
	// ReplicaSet's.
	RevisionAnnotation = "deployment.kubernetes.io/revision"
	// RevisionHistoryAnnotation keeps the revisions a re-used ReplicaSet
	// served before (a rollback to its template).
	RevisionHistoryAnnotation = "deployment.kubernetes.io/revision-history"
	// DesiredReplicasAnnotation is spec.replicas when the ReplicaSet was
	// last sized: a different value means a scaling event.
	DesiredReplicasAnnotation = "deployment.kubernetes.io/desired-replicas"
	// MaxReplicasAnnotation is spec.replicas + maxSurge when it was last
	// sized: the base of proportional scaling.
	MaxReplicasAnnotation = "deployment.kubernetes.io/max-replicas"

	lastAppliedAnnotation = "kubectl.kubernetes.io/last-applied-configuration"
	// maxRevisionHistoryChars bounds revision-history, as upstream does.
	maxRevisionHistoryChars = 2000
)

// ComputeHash is the pod-template-hash of a template, as upstream's
// controller.ComputeHash computes it: the deep hash of the template as the
// k8s.io/api struct of the release the sandbox claims (deephash), then the
// collision count when set, so a ReplicaSet gets the name a real cluster of
// that release gives it. The template is hashed as it is, labels and all.
func ComputeHash(t *api.PodTemplateSpec, collisionCount *int32) string {
	return deephash.PodTemplateHash(t, collisionCount, deephash.Minor)
}

// canonicalTemplate is the template's JSON without the pod-template-hash
// label. An empty label map and a missing one encode the same (omitempty),
// which is the semantic equality upstream uses.
func canonicalTemplate(t *api.PodTemplateSpec) []byte {
	c := *t // shallow: only the label map is replaced
	if _, ok := c.Labels[PodTemplateHashLabel]; ok {
		c.Labels = maps.Clone(c.Labels)
		delete(c.Labels, PodTemplateHashLabel)
	}
	b, err := apijson.Marshal(&c)
	if err != nil {
		panic("deployment: pod template does not encode: " + err.Error()) // all api types encode
	}
	return b
}

// EqualIgnoreHash reports whether two templates are equal apart from their
// pod-template-hash labels: how a Deployment recognises its new ReplicaSet.
func EqualIgnoreHash(a, b *api.PodTemplateSpec) bool {
	return bytes.Equal(canonicalTemplate(a), canonicalTemplate(b))
}

// FindNewReplicaSet returns the ReplicaSet whose template is the
// Deployment's (ignoring the hash label), the oldest if several are.
func FindNewReplicaSet(d *api.Deployment, rss []*api.ReplicaSet) *api.ReplicaSet {
	sorted := append([]*api.ReplicaSet(nil), rss...)
	sort.SliceStable(sorted, func(i, j int) bool { return olderThan(sorted[i], sorted[j]) })
	want := canonicalTemplate(&d.Spec.Template)
	for _, rs := range sorted {
		if bytes.Equal(canonicalTemplate(&rs.Spec.Template), want) {
			return rs
		}
	}
	return nil
}

// splitReplicaSets returns the new ReplicaSet (nil if none) and the others.
func splitReplicaSets(d *api.Deployment, rss []*api.ReplicaSet) (*api.ReplicaSet, []*api.ReplicaSet) {
	newRS := FindNewReplicaSet(d, rss)
	var old []*api.ReplicaSet
	for _, rs := range rss {
		if rs != newRS {
			old = append(old, rs)
		}
	}
	return newRS, old
}

// NewReplicaSet builds the ReplicaSet for the Deployment's current template,
// named <deployment>-<hash>, at 0 replicas: its labels, selector and
// template labels gain pod-template-hash, and it is controlled by d (whose
// TypeMeta must be set).
func NewReplicaSet(d *api.Deployment, hash string) *api.ReplicaSet {
	tmpl := api.DeepCopy(d.Spec.Template)
	tmpl.Labels = withLabel(d.Spec.Template.Labels, PodTemplateHashLabel, hash)
	sel := api.DeepCopy(d.Spec.Selector)
	if sel == nil {
		sel = &api.LabelSelector{}
	}
	sel.MatchLabels = withLabel(sel.MatchLabels, PodTemplateHashLabel, hash)
	rs := &api.ReplicaSet{
		ObjectMeta: api.ObjectMeta{
			Name:            d.Name + "-" + hash,
			Namespace:       d.Namespace,
			Labels:          maps.Clone(tmpl.Labels),
			OwnerReferences: []api.OwnerReference{api.NewControllerRef(d)},
		},
		Spec: api.ReplicaSetSpec{
			Replicas:        api.Ptr[int32](0),
			MinReadySeconds: d.Spec.MinReadySeconds,
			Selector:        sel,
			Template:        tmpl,
		},
	}
	api.SetKind(rs)
	return rs
}

func withLabel(in map[string]string, k, v string) map[string]string {
	out := make(map[string]string, len(in)+1)
	maps.Copy(out, in)
	out[k] = v
	return out
}

// skipAnnotation lists the Deployment annotations that are not copied to
// its ReplicaSets: kubectl's last-applied-configuration (it describes the
// Deployment) and the controller's own deployment.kubernetes.io ones.
func skipAnnotation(k string) bool {
	return k == lastAppliedAnnotation || strings.HasPrefix(k, "deployment.kubernetes.io/") ||
		k == "deprecated.deployment.rollback.to"
}

// SetNewReplicaSetAnnotations stamps the new ReplicaSet: the Deployment's
// annotations (kubernetes.io/change-cause among them), the revision
// newRevision unless it already has a higher one, and — when it is reused
// with a new number, as after a rollback — the old number appended to
// revision-history. A ReplicaSet about to be created also gets
// desired-replicas and max-replicas. It reports whether anything changed.
func SetNewReplicaSetAnnotations(d *api.Deployment, rs *api.ReplicaSet, newRevision int64, exists bool) bool {
	changed := false
	if rs.Annotations == nil {
		rs.Annotations = map[string]string{}
	}
	for k, v := range d.Annotations {
		if skipAnnotation(k) || rs.Annotations[k] == v {
			continue
		}
		rs.Annotations[k] = v
		changed = true
	}
	oldText, had := rs.Annotations[RevisionAnnotation]
	oldRevision, err := strconv.ParseInt(oldText, 10, 64)
	if err != nil {
		if had && oldText != "" {
			return changed // someone wrote garbage: leave it for them
		}
		oldRevision = 0
	}
	if oldRevision < newRevision {
		rs.Annotations[RevisionAnnotation] = strconv.FormatInt(newRevision, 10)
		changed = true
		if had {
			appendRevisionHistory(rs, oldText, maxRevisionHistoryChars)
		}
	}
	if !exists && SetReplicasAnnotations(rs, replicasOf(d), replicasOf(d)+MaxSurge(d)) {
		changed = true
	}
	return changed
}

// appendRevisionHistory adds old to revision-history, dropping the oldest
// entries if the list would pass limitChars characters.
func appendRevisionHistory(rs *api.ReplicaSet, old string, limitChars int) {
	cur := rs.Annotations[RevisionHistoryAnnotation]
	if cur == "" {
		rs.Annotations[RevisionHistoryAnnotation] = old
		return
	}
	list := strings.Split(cur, ",")
	total := len(cur) + len(old) + 1
	start := 0
	for total > limitChars && start < len(list) {
		total -= len(list[start]) + 1
		start++
	}
	rs.Annotations[RevisionHistoryAnnotation] = strings.Join(append(list[start:], old), ",")
}

// SetReplicasAnnotations records desired and max (replicas + maxSurge) on
// rs; it reports whether they changed.
func SetReplicasAnnotations(rs *api.ReplicaSet, desired, maxReplicas int32) bool {
	if !ReplicasAnnotationsNeedUpdate(rs, desired, maxReplicas) {
		return false
	}
	if rs.Annotations == nil {
		rs.Annotations = map[string]string{}
	}
	rs.Annotations[DesiredReplicasAnnotation] = strconv.Itoa(int(desired))
	rs.Annotations[MaxReplicasAnnotation] = strconv.Itoa(int(maxReplicas))
	return true
}

// ReplicasAnnotationsNeedUpdate reports whether rs's desired-replicas or
// max-replicas differ from the given values.
func ReplicasAnnotationsNeedUpdate(rs *api.ReplicaSet, desired, maxReplicas int32) bool {
	return rs.Annotations[DesiredReplicasAnnotation] != strconv.Itoa(int(desired)) ||
		rs.Annotations[MaxReplicasAnnotation] != strconv.Itoa(int(maxReplicas))
}
