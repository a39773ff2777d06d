package scheduler

import (
	"slices"
	"sort"
	"strings"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/informer"
	"github.com/kubeloop/kubeloop/core/store"
)

// isUnschedulable: a pod waiting for a node that the scheduler has marked
// PodScheduled=False (it fitted nowhere).
func isUnschedulable(p *api.Pod) bool {
	if !needsScheduling(p) {
		return false
	}
	c := p.Condition(api.PodScheduled)
	return c != nil && c.Status == api.ConditionFalse
}

// unschedulableHandler keeps r.unschedulable equal to the sorted keys of
// the cached pods for which isUnschedulable holds — upstream's
// unschedulable queue — so a cluster event (a pod leaving a node, a node
// appearing) costs O(pods waiting) instead of a scan and a sort of every
// pending pod. A 10,000-pod rollout deletes 10,000 old pods while up to
// 2,500 surge pods wait for room.
func (r *Reconciler) unschedulableHandler() informer.Handler {
	set := func(o api.Object) {
		key := store.KeyOf(o)
		i, found := sort.Find(len(r.unschedulable), func(i int) int { return strings.Compare(key, r.unschedulable[i]) })
		switch want := isUnschedulable(o.(*api.Pod)); {
		case want && !found:
			r.unschedulable = slices.Insert(r.unschedulable, i, key)
		case !want && found:
			r.unschedulable = slices.Delete(r.unschedulable, i, i+1)
		}
	}
	drop := func(key string) {
		if i, found := sort.Find(len(r.unschedulable), func(i int) int { return strings.Compare(key, r.unschedulable[i]) }); found {
			r.unschedulable = slices.Delete(r.unschedulable, i, i+1)
		}
	}
	return informer.Handler{
		OnAdd:    set,
		OnUpdate: func(_, o api.Object) { set(o) },
		OnDelete: func(o any) {
			switch o := o.(type) {
			case api.Object:
				drop(store.KeyOf(o))
			case informer.DeletedFinalStateUnknown:
				drop(o.Key)
			}
		},
	}
}

// retryUnschedulable re-queues the pods that fitted nowhere, in key order,
// as upstream moves its unschedulable queue back to active on cluster
// events. (Enqueueing only schedules tasks, so the list cannot change
// under the loop.)
func (r *Reconciler) retryUnschedulable() {
	for _, k := range r.unschedulable {
		ns, name := splitKey(k)
		r.ctrl.Enqueue(controller.Request{Namespace: ns, Name: name})
	}
}

func splitKey(key string) (namespace, name string) {
	for i := 0; i < len(key); i++ {
		if key[i] == '/' {
			return key[:i], key[i+1:]
		}
	}
	return "", key
}
