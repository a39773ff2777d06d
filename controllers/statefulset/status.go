package statefulset

import (
	"fmt"
	"reflect"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/controller"
)

// updateStatus writes the counts kubectl shows (READY, rollout status):
// replicas = pods that exist, ready, available, current and updated =
// live pods at each revision. When every pod is updated and ready, the
// rolling update is complete and the update revision becomes current.
func (r *Reconciler) updateStatus(ctx *controller.Context, set *api.StatefulSet, v *view, collisions int32) error {
	now := ctx.Clock.Now()
	st := api.StatefulSetStatus{ObservedGeneration: set.Generation, CurrentRevision: v.cur.Name, UpdateRevision: v.upd.Name,
		Conditions: set.Status.Conditions}
	if set.Status.CollisionCount != nil || collisions > 0 {
		st.CollisionCount = api.Ptr(collisions)
	}
	for _, p := range v.all() {
		st.Replicas++
		if runningAndReady(p) {
			st.ReadyReplicas++
			if api.IsPodAvailable(p, set.Spec.MinReadySeconds, now) {
				st.AvailableReplicas++
			}
		}
		if p.DeletionTimestamp == nil {
			if revisionOf(p) == v.cur.Name {
				st.CurrentReplicas++
			}
			if revisionOf(p) == v.upd.Name {
				st.UpdatedReplicas++
			}
		}
	}
	if set.Spec.UpdateStrategy.Type == api.RollingUpdateStatefulSetStrategyType &&
		st.UpdatedReplicas == st.Replicas && st.ReadyReplicas == st.Replicas {
		st.CurrentReplicas, st.CurrentRevision = st.UpdatedReplicas, st.UpdateRevision
	}
	ctx.Observe("status: replicas=%d ready=%d current=%d updated=%d", st.Replicas, st.ReadyReplicas, st.CurrentReplicas, st.UpdatedReplicas)
	if reflect.DeepEqual(set.Status, st) {
		return nil
	}
	c := api.DeepCopy(set)
	c.Status = st
	_, err := ctx.UpdateStatus(c, fmt.Sprintf("replicas=%d ready=%d current=%d updated=%d", st.Replicas, st.ReadyReplicas, st.CurrentReplicas, st.UpdatedReplicas))
	if api.IsNotFound(err) || api.IsConflict(err) {
		return nil // gone, or changed under us: its event brings us back
	}
	return err
}
