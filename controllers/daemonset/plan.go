package daemonset

import (
	"fmt"
	"sort"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
)

// This file is the DaemonSet controller's decisions as pure functions of
// what it observes: which nodes should run a daemon pod, which pods to
// create and delete (manage), and which old pods a rolling update replaces
// next. Tests drive them directly with upstream's cases.

// Labels on daemon pods.
const (
	RevisionHashLabel          = "controller-revision-hash"
	PodTemplateGenerationLabel = "pod-template-generation"
)

// Eligibility is whether a node should run the daemon pod (shouldRun) and
// whether a daemon pod already there may stay (shouldContinue: only an
// untolerated NoExecute taint evicts it), with the reason when not.
type Eligibility struct {
	ShouldRun, ShouldContinue bool
	Why                       string
}

// NodeShouldRunDaemonPod decides a node's eligibility for ds: its
// nodeSelector and required node affinity must match, and every NoSchedule
// and NoExecute taint must be tolerated — with the tolerations every
// daemon pod gets (DaemonPodTolerations).
func NodeShouldRunDaemonPod(n *api.Node, ds *api.DaemonSet) Eligibility {
	spec := ds.Spec.Template.Spec
	if spec.NodeName != "" && spec.NodeName != n.Name {
		return Eligibility{Why: fmt.Sprintf("%s: the template's nodeName is %s", n.Name, spec.NodeName)}
	}
	if !api.MatchesNode(&spec, n) {
		return Eligibility{Why: fmt.Sprintf("%s: does not match the pod's node selector/affinity", n.Name)}
	}
	tols := DaemonPodTolerations(&spec)
	if t, bad := api.FirstUntoleratedTaint(n.Spec.Taints, tols, "NoSchedule", "NoExecute"); bad {
		_, evict := api.FirstUntoleratedTaint(n.Spec.Taints, tols, "NoExecute")
		return Eligibility{ShouldContinue: !evict, Why: fmt.Sprintf("%s: taint %s not tolerated", n.Name, t.ToString())}
	}
	return Eligibility{ShouldRun: true, ShouldContinue: true}
}

// DaemonPodTolerations are the template's tolerations plus the ones every
// daemon pod gets, so it keeps running on a not-ready, unreachable,
// pressured or cordoned node (and, with hostNetwork, one whose network is
// not up yet).
func DaemonPodTolerations(spec *api.PodSpec) []api.Toleration {
	tols := append([]api.Toleration(nil), spec.Tolerations...)
	add := func(key, effect string) {
		t := api.Toleration{Key: key, Operator: "Exists", Effect: effect}
		for i, old := range tols {
			if old.Key == key && old.Effect == effect && old.Operator == "Exists" {
				tols[i] = t
				return
			}
		}
		tols = append(tols, t)
	}
	add("node.kubernetes.io/not-ready", "NoExecute")
	add("node.kubernetes.io/unreachable", "NoExecute")
	add("node.kubernetes.io/disk-pressure", "NoSchedule")
	add("node.kubernetes.io/memory-pressure", "NoSchedule")
	add("node.kubernetes.io/pid-pressure", "NoSchedule")
	add("node.kubernetes.io/unschedulable", "NoSchedule")
	if spec.HostNetwork {
		add("node.kubernetes.io/network-unavailable", "NoSchedule")
	}
	return tols
}

// Plan is what one sync does: create a daemon pod on each of Create (node
// names), delete each of Delete.
type Plan struct {
	Create []string
	Delete []*api.Pod
	// Why explains the decisions, in words, for the trace.
	Why []string
}

func (p *Plan) why(format string, args ...any) { p.Why = append(p.Why, fmt.Sprintf(format, args...)) }

// delete plans pod's deletion and says why.
func (p *Plan) delete(pod *api.Pod, format string, args ...any) {
	p.Delete = append(p.Delete, pod)
	p.why(format, args...)
}

func (p *Plan) deletes(pod *api.Pod) bool {
	for _, d := range p.Delete {
		if d.UID == pod.UID && d.Name == pod.Name {
			return true
		}
	}
	return false
}

// Sync plans one pass of the controller over nodes (sorted by name) and
// the daemon pods by target node: manage first, then — when the strategy
// is RollingUpdate — the rolling update over what manage leaves, as
// upstream's controller does once its expectations are met.
func Sync(ds *api.DaemonSet, nodes []*api.Node, byNode map[string][]*api.Pod, hash string, now time.Time) Plan {
	plan := manage(ds, nodes, byNode, hash, now)
	if ds.Spec.UpdateStrategy.Type != api.RollingUpdateDaemonSetStrategyType {
		return plan
	}
	// What manage leaves: its deletions gone, its creations present as
	// new, not yet available pods.
	after := map[string][]*api.Pod{}
	for node, pods := range byNode {
		for _, p := range pods {
			if !plan.deletes(p) {
				after[node] = append(after[node], p)
			}
		}
	}
	for i, node := range plan.Create {
		after[node] = append(after[node], &api.Pod{ObjectMeta: api.ObjectMeta{Name: fmt.Sprintf("(new %d)", i),
			Labels: map[string]string{RevisionHashLabel: hash}}})
	}
	ru := rollingUpdate(ds, nodes, after, hash, now)
	plan.Why = append(plan.Why, ru.Why...)
	for _, p := range ru.Delete {
		if !plan.deletes(p) {
			plan.Delete = append(plan.Delete, p)
		}
	}
	plan.Create = append(plan.Create, ru.Create...)
	return plan
}

// manage makes every eligible node run exactly one daemon pod: create
// where none is, delete extras (the oldest stays), failed pods, and pods
// on nodes that may no longer run them. With maxSurge, a node may briefly
// run an old and a new pod.
func manage(ds *api.DaemonSet, nodes []*api.Node, byNode map[string][]*api.Pod, hash string, now time.Time) Plan {
	var plan Plan
	surge := allowsSurge(ds)
	known := map[string]bool{}
	for _, n := range nodes {
		known[n.Name] = true
		e := NodeShouldRunDaemonPod(n, ds)
		pods := byNode[n.Name]
		switch {
		case e.ShouldRun && len(pods) == 0:
			plan.Create = append(plan.Create, n.Name)
			plan.why("%s: eligible and has no daemon pod: create one", n.Name)
		case e.ShouldContinue:
			if !e.ShouldRun && e.Why != "" {
				plan.why("%s (the pod there may stay: it tolerates the NoExecute taints)", e.Why)
			}
			plan.keepOne(ds, n.Name, pods, e.ShouldRun, surge, hash, now)
		case len(pods) > 0:
			for _, p := range pods {
				if p.DeletionTimestamp == nil {
					plan.delete(p, "%s: delete daemon pod %s", e.Why, p.Name)
				}
			}
		default:
			plan.why("%s: no daemon pod", e.Why)
		}
	}
	plan.deleteNeverBound(byNode, known)
	return plan
}

// keepOne leaves one live daemon pod on a node whose pod may stay: failed
// pods go, and of several the oldest stays — with maxSurge, an old and a
// new one until the new one is available. shouldRun says whether the node
// may also get a new pod.
func (p *Plan) keepOne(ds *api.DaemonSet, node string, pods []*api.Pod, shouldRun, surge bool, hash string, now time.Time) {
	running := p.deleteFailed(node, pods)
	if len(running) <= 1 {
		if len(running) == 0 && len(pods) > 0 && surge && shouldRun {
			p.Create = append(p.Create, node)
			p.why("%s: its daemon pods are going: create one (maxSurge)", node)
		}
		return
	}
	sortOldestFirst(running)
	if !surge {
		for _, pod := range running[1:] {
			p.delete(pod, "%s: %d daemon pods: keep the oldest, delete %s", node, len(running), pod.Name)
		}
		return
	}
	p.keepOldAndNew(ds, node, running, hash, now)
}

// deleteFailed deletes a node's failed daemon pods, a new one following
// each, and returns the rest that are not being deleted already.
func (p *Plan) deleteFailed(node string, pods []*api.Pod) (running []*api.Pod) {
	for _, pod := range pods {
		if pod.DeletionTimestamp != nil {
			continue
		}
		if pod.Status.Phase == api.PodFailed {
			p.delete(pod, "%s: daemon pod %s failed: delete it, a new one follows", node, pod.Name)
			continue
		}
		running = append(running, pod)
	}
	return running
}

// keepOldAndNew is keepOne under maxSurge, over running pods oldest
// first: the oldest old pod and the oldest new one stay, the rest go; the
// old one goes too once it is not ready, or the new one is available.
func (p *Plan) keepOldAndNew(ds *api.DaemonSet, node string, running []*api.Pod, hash string, now time.Time) {
	var oldestNew, oldestOld *api.Pod
	for _, pod := range running {
		switch {
		case pod.Labels[RevisionHashLabel] == hash && oldestNew == nil:
			oldestNew = pod
		case pod.Labels[RevisionHashLabel] != hash && oldestOld == nil:
			oldestOld = pod
		default:
			p.delete(pod, "%s: extra daemon pod %s: delete it", node, pod.Name)
		}
	}
	if oldestNew == nil || oldestOld == nil {
		return
	}
	switch {
	case !api.IsPodReady(oldestOld):
		p.delete(oldestOld, "%s: old pod %s is not ready and %s replaces it: delete the old one", node, oldestOld.Name, oldestNew.Name)
	case api.IsPodAvailable(oldestNew, ds.Spec.MinReadySeconds, now):
		p.delete(oldestOld, "%s: new pod %s is available: delete old pod %s", node, oldestNew.Name, oldestOld.Name)
	}
}

// deleteNeverBound deletes the pods meant for nodes that no longer exist
// (not in known) and never got bound: no pod garbage collector will find
// them.
func (p *Plan) deleteNeverBound(byNode map[string][]*api.Pod, known map[string]bool) {
	for _, node := range sortedKeys(byNode) {
		if known[node] {
			continue
		}
		for _, pod := range byNode[node] {
			if pod.Spec.NodeName == "" && pod.DeletionTimestamp == nil {
				p.delete(pod, "%s: node is gone and pod %s was never bound: delete it", node, pod.Name)
			}
		}
	}
}

// rollingUpdate picks the old pods to replace next. Without maxSurge: delete
// old pods while at most maxUnavailable daemon pods are unavailable (an
// unavailable old pod can always go); manage creates their replacements.
// With maxSurge: start a new pod beside an old one on up to maxSurge nodes,
// and delete each old pod once its replacement is available.
func rollingUpdate(ds *api.DaemonSet, nodes []*api.Node, byNode map[string][]*api.Pod, hash string, now time.Time) Plan {
	var plan Plan
	maxSurge, maxUnavailable := UpdateCounts(ds, nodes)
	eligible := map[string]bool{}
	for _, n := range nodes {
		if NodeShouldRunDaemonPod(n, ds).ShouldRun {
			eligible[n.Name] = true
		}
	}
	minReady := ds.Spec.MinReadySeconds
	if maxSurge == 0 {
		var allowed, candidates []*api.Pod
		unavailable := 0
		for _, node := range sortedKeys(byNode) {
			newPod, oldPod, ok := updatedPodsOnNode(byNode[node], hash)
			switch {
			case !ok:
				unavailable++
			case oldPod == nil && newPod == nil, oldPod != nil && newPod != nil:
				unavailable++ // manage creates or deletes here
			case newPod != nil:
				if !api.IsPodAvailable(newPod, minReady, now) {
					unavailable++
				}
			case !api.IsPodAvailable(oldPod, minReady, now):
				allowed = append(allowed, oldPod)
				unavailable++
			case unavailable >= maxUnavailable:
			default:
				candidates = append(candidates, oldPod)
			}
		}
		n := min(max(maxUnavailable-unavailable, 0), len(candidates))
		plan.Delete = append(allowed, candidates[:n]...)
		if len(allowed)+len(candidates) > 0 {
			plan.why("rolling update: maxUnavailable %d, %d unavailable now: replace %d old pod(s) (%d already unavailable)",
				maxUnavailable, unavailable, len(plan.Delete), len(allowed))
		}
		return plan
	}
	var candidates, allowed []string
	surged := 0
	for _, node := range sortedKeys(byNode) {
		newPod, oldPod, ok := updatedPodsOnNode(byNode[node], hash)
		switch {
		case !ok:
			surged++
		case oldPod == nil:
		case newPod == nil:
			switch {
			case !eligible[node]:
			case !api.IsPodAvailable(oldPod, minReady, now):
				allowed = append(allowed, node)
			case surged >= maxSurge:
			default:
				candidates = append(candidates, node)
			}
		default:
			if !api.IsPodAvailable(newPod, minReady, now) {
				surged++
				continue
			}
			plan.Delete = append(plan.Delete, oldPod)
		}
	}
	n := min(max(maxSurge-surged, 0), len(candidates))
	plan.Create = append(allowed, candidates[:n]...)
	if len(allowed)+len(candidates) > 0 {
		plan.why("rolling update: maxSurge %d, %d surge pod(s) not yet available: start %d new pod(s) beside old ones",
			maxSurge, surged, len(plan.Create))
	}
	return plan
}

// UpdateCounts resolves maxSurge and maxUnavailable against the number of
// nodes that should run the pod, both rounded up; both 0 → unavailable 1.
func UpdateCounts(ds *api.DaemonSet, nodes []*api.Node) (maxSurge, maxUnavailable int) {
	desired := 0
	for _, n := range nodes {
		if NodeShouldRunDaemonPod(n, ds).ShouldRun {
			desired++
		}
	}
	if ru := ds.Spec.UpdateStrategy.RollingUpdate; ru != nil {
		if ru.MaxSurge != nil {
			maxSurge, _ = ru.MaxSurge.ScaledValue(desired, true)
		}
		if ru.MaxUnavailable != nil {
			maxUnavailable, _ = ru.MaxUnavailable.ScaledValue(desired, true)
		}
	}
	if desired > 0 && maxSurge == 0 && maxUnavailable == 0 {
		maxUnavailable = 1
	}
	return maxSurge, maxUnavailable
}

func allowsSurge(ds *api.DaemonSet) bool {
	ru := ds.Spec.UpdateStrategy.RollingUpdate
	if ds.Spec.UpdateStrategy.Type != api.RollingUpdateDaemonSetStrategyType || ru == nil || ru.MaxSurge == nil {
		return false
	}
	v, _ := ru.MaxSurge.ScaledValue(100, true)
	return v > 0
}

// updatedPodsOnNode splits a node's live pods into at most one new and one
// old; ok is false when there are more.
func updatedPodsOnNode(pods []*api.Pod, hash string) (newPod, oldPod *api.Pod, ok bool) {
	for _, p := range pods {
		if p.DeletionTimestamp != nil {
			continue
		}
		if p.Labels[RevisionHashLabel] == hash {
			if newPod != nil {
				return nil, nil, false
			}
			newPod = p
		} else {
			if oldPod != nil {
				return nil, nil, false
			}
			oldPod = p
		}
	}
	return newPod, oldPod, true
}

// sortOldestFirst orders pods bound first, then oldest, then by name.
func sortOldestFirst(pods []*api.Pod) {
	sort.SliceStable(pods, func(i, j int) bool {
		a, b := pods[i], pods[j]
		if (a.Spec.NodeName != "") != (b.Spec.NodeName != "") {
			return a.Spec.NodeName != ""
		}
		if !a.CreationTimestamp.Equal(b.CreationTimestamp.Time) {
			return a.CreationTimestamp.Before(b.CreationTimestamp.Time)
		}
		return a.Name < b.Name
	})
}

func sortedKeys(m map[string][]*api.Pod) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
