package daemonset

import (
	"fmt"
	"strconv"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/store"
)

// Status computes a DaemonSet's status from the nodes and its pods, as
// upstream: per eligible node, the oldest daemon pod counts for current,
// ready, available and updated; pods on nodes that should not run one are
// misscheduled. It also says when a ready pod will become available.
func Status(ds *api.DaemonSet, nodes []*api.Node, byNode map[string][]*api.Pod, hash string, now time.Time) (api.DaemonSetStatus, time.Duration) {
	st := api.DaemonSetStatus{ObservedGeneration: ds.Generation, CollisionCount: ds.Status.CollisionCount, Conditions: ds.Status.Conditions}
	var requeue time.Duration
	for _, n := range nodes {
		pods := byNode[n.Name]
		if !NodeShouldRunDaemonPod(n, ds).ShouldRun {
			if len(pods) > 0 {
				st.NumberMisscheduled++
			}
			continue
		}
		st.DesiredNumberScheduled++
		if len(pods) == 0 {
			continue
		}
		st.CurrentNumberScheduled++
		sorted := append([]*api.Pod(nil), pods...)
		sortOldestFirst(sorted)
		p := sorted[0]
		if api.IsPodReady(p) {
			st.NumberReady++
			if api.IsPodAvailable(p, ds.Spec.MinReadySeconds, now) {
				st.NumberAvailable++
			} else if c := p.Condition(api.PodReady); c != nil {
				wait := c.LastTransitionTime.Add(time.Duration(ds.Spec.MinReadySeconds) * time.Second).Sub(now)
				if wait > 0 && (requeue == 0 || wait < requeue) {
					requeue = wait
				}
			}
		}
		if p.Labels[RevisionHashLabel] == hash || p.Labels[PodTemplateGenerationLabel] == fmt.Sprint(ds.Generation) {
			st.UpdatedNumberScheduled++
		}
	}
	st.NumberUnavailable = st.DesiredNumberScheduled - st.NumberAvailable
	return st, requeue
}

func (r *Reconciler) updateStatus(ctx *controller.Context, ds *api.DaemonSet, nodes []*api.Node, byNode map[string][]*api.Pod, hash string) (time.Duration, error) {
	st, requeue := Status(ds, nodes, byNode, hash, ctx.Clock.Now())
	ctx.Observe("desired=%d current=%d ready=%d updated=%d available=%d misscheduled=%d",
		st.DesiredNumberScheduled, st.CurrentNumberScheduled, st.NumberReady, st.UpdatedNumberScheduled, st.NumberAvailable, st.NumberMisscheduled)
	if statusEqual(ds.Status, st) {
		return requeue, nil
	}
	c := api.DeepCopy(ds)
	c.Status = st
	_, err := ctx.UpdateStatus(c, fmt.Sprintf("desired=%d current=%d ready=%d updated=%d available=%d",
		st.DesiredNumberScheduled, st.CurrentNumberScheduled, st.NumberReady, st.UpdatedNumberScheduled, st.NumberAvailable))
	if api.IsNotFound(err) || api.IsConflict(err) {
		return requeue, nil // a newer DaemonSet is on its way to the cache
	}
	return requeue, err
}

func statusEqual(a, b api.DaemonSetStatus) bool {
	return a.DesiredNumberScheduled == b.DesiredNumberScheduled && a.CurrentNumberScheduled == b.CurrentNumberScheduled &&
		a.NumberReady == b.NumberReady && a.NumberAvailable == b.NumberAvailable && a.NumberUnavailable == b.NumberUnavailable &&
		a.UpdatedNumberScheduled == b.UpdatedNumberScheduled && a.NumberMisscheduled == b.NumberMisscheduled &&
		a.ObservedGeneration == b.ObservedGeneration && api.Deref(a.CollisionCount, 0) == api.Deref(b.CollisionCount, 0)
}

func storeDeleteOptions() store.DeleteOptions { return store.DeleteOptions{} }

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
