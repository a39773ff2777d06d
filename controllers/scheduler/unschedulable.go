package scheduler

import (
	"sort"

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

// unschedulableHandler keeps r.unschedulable equal to the keys of the
// cached pods for which isUnschedulable holds — upstream's unschedulable
// queue — so a cluster event (a pod leaving a node, a node appearing)
// costs O(pods waiting) instead of a scan of every pending pod.
func (r *Reconciler) unschedulableHandler() informer.Handler {
	set := func(o api.Object) {
		key := store.KeyOf(o)
		if isUnschedulable(o.(*api.Pod)) {
			r.unschedulable[key] = true
		} else {
			delete(r.unschedulable, key)
		}
	}
	return informer.Handler{
		OnAdd:    set,
		OnUpdate: func(_, o api.Object) { set(o) },
		OnDelete: func(o any) {
			switch o := o.(type) {
			case api.Object:
				delete(r.unschedulable, store.KeyOf(o))
			case informer.DeletedFinalStateUnknown:
				delete(r.unschedulable, o.Key)
			}
		},
	}
}

// retryUnschedulable re-queues the pods that fitted nowhere, in key order,
// as upstream moves its unschedulable queue back to active on cluster
// events.
func (r *Reconciler) retryUnschedulable() {
	if len(r.unschedulable) == 0 {
		return
	}
	keys := make([]string, 0, len(r.unschedulable))
	for k := range r.unschedulable {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
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
