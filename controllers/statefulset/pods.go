package statefulset

import (
	"fmt"
	"maps"
	"strconv"
	"strings"

	"github.com/kubeloop/kubeloop/controllers/history"
	"github.com/kubeloop/kubeloop/core/api"
)

// Labels the controller puts on its pods.
const (
	PodNameLabel  = "statefulset.kubernetes.io/pod-name"
	PodIndexLabel = "apps.kubernetes.io/pod-index"
)

// PodName is the name of the set's pod with ordinal ord: web-0.
func PodName(set *api.StatefulSet, ord int) string { return fmt.Sprintf("%s-%d", set.Name, ord) }

// ClaimName is the claim of template t for ordinal ord: www-web-0.
func ClaimName(set *api.StatefulSet, t string, ord int) string {
	return fmt.Sprintf("%s-%s-%d", t, set.Name, ord)
}

// ordinalOf parses <set>-<ordinal>; ok is false for pods not named so.
func ordinalOf(set *api.StatefulSet, p *api.Pod) (int, bool) {
	rest, found := strings.CutPrefix(p.Name, set.Name+"-")
	if !found {
		return 0, false
	}
	n, err := strconv.Atoi(rest)
	if err != nil || n < 0 || strconv.Itoa(n) != rest {
		return 0, false
	}
	return n, true
}

// revisionOf is the controller-revision-hash label: the revision name.
func revisionOf(p *api.Pod) string { return p.Labels[history.ControllerRevisionKey] }

// newPod builds the pod for ordinal ord from template t of revision rev:
// the identity (name, hostname, subdomain, labels), the owner reference,
// and one volume per claim template pointing at that ordinal's claim.
func newPod(set *api.StatefulSet, t *api.PodTemplateSpec, rev string, ord int) *api.Pod {
	owner := api.DeepCopy(set)
	api.SetKind(owner)
	name := PodName(set, ord)
	labels := maps.Clone(t.Labels)
	if labels == nil {
		labels = map[string]string{}
	}
	labels[PodNameLabel] = name
	labels[PodIndexLabel] = strconv.Itoa(ord)
	labels[history.ControllerRevisionKey] = rev
	p := &api.Pod{
		ObjectMeta: api.ObjectMeta{Name: name, Namespace: set.Namespace, Labels: labels,
			Annotations:     maps.Clone(t.Annotations),
			OwnerReferences: []api.OwnerReference{api.NewControllerRef(owner)}},
		Spec: api.DeepCopy(t.Spec),
	}
	p.Spec.Hostname = name
	p.Spec.Subdomain = set.Spec.ServiceName
	// Claim volumes first, in template order; the template's own volumes
	// of other names after them.
	var vols []api.Volume
	claimed := map[string]bool{}
	for _, ct := range set.Spec.VolumeClaimTemplates {
		claimed[ct.Name] = true
		vols = append(vols, api.Volume{Name: ct.Name,
			PersistentVolumeClaim: &api.PersistentVolumeClaimVolumeSource{ClaimName: ClaimName(set, ct.Name, ord)}})
	}
	for _, v := range p.Spec.Volumes {
		if !claimed[v.Name] {
			vols = append(vols, v)
		}
	}
	p.Spec.Volumes = vols
	return p
}

// newClaims builds the claims of ordinal ord from the claim templates:
// named <template>-<set>-<ordinal>, labelled with the selector's labels,
// owned by the set when whenDeleted is Delete.
func newClaims(set *api.StatefulSet, ord int) []*api.PersistentVolumeClaim {
	var out []*api.PersistentVolumeClaim
	for _, ct := range set.Spec.VolumeClaimTemplates {
		c := api.DeepCopy(ct)
		c.Name = ClaimName(set, ct.Name, ord)
		c.Namespace = set.Namespace
		c.Status = api.PersistentVolumeClaimStatus{}
		c.ResourceVersion, c.UID = "", ""
		if set.Spec.Selector != nil {
			if c.Labels == nil {
				c.Labels = map[string]string{}
			}
			maps.Copy(c.Labels, set.Spec.Selector.MatchLabels)
		}
		if whenDeleted(set) {
			c.OwnerReferences = append(c.OwnerReferences, plainRef(set))
		}
		out = append(out, &c)
	}
	return out
}

// plainRef is a non-controller owner reference, as the retention policy
// writes them in v1.31.
func plainRef(o api.Object) api.OwnerReference {
	c := api.DeepCopyObject(o)
	api.SetKind(c)
	t, m := c.GetTypeMeta(), c.GetObjectMeta()
	return api.OwnerReference{APIVersion: t.APIVersion, Kind: t.Kind, Name: m.Name, UID: m.UID}
}

func whenDeleted(set *api.StatefulSet) bool {
	p := set.Spec.PersistentVolumeClaimRetentionPolicy
	return p != nil && p.WhenDeleted == api.DeletePersistentVolumeClaimRetentionPolicyType
}

func whenScaled(set *api.StatefulSet) bool {
	p := set.Spec.PersistentVolumeClaimRetentionPolicy
	return p != nil && p.WhenScaled == api.DeletePersistentVolumeClaimRetentionPolicyType
}

func hasOwner(m *api.ObjectMeta, uid string) bool {
	for _, r := range m.OwnerReferences {
		if r.UID == uid {
			return true
		}
	}
	return false
}

func isFinished(p *api.Pod) bool {
	return p.Status.Phase == api.PodFailed || p.Status.Phase == api.PodSucceeded
}

func runningAndReady(p *api.Pod) bool {
	return p.Status.Phase == api.PodRunning && api.IsPodReady(p)
}

func healthy(p *api.Pod) bool { return runningAndReady(p) && p.DeletionTimestamp == nil }

// notReadyReason says, for the trace, why a pod does not count yet.
func notReadyReason(p *api.Pod) string {
	switch {
	case p.DeletionTimestamp != nil:
		return "is terminating"
	case p.Status.Phase != api.PodRunning:
		if p.Status.Phase == "" {
			return "is Pending"
		}
		return "is " + p.Status.Phase
	default:
		return "is not Ready"
	}
}
