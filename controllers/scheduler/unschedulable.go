package scheduler

import (
	"slices"

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

// unschedulableHandler keeps r.unschedulable equal to the set of keys of
// the cached pods for which isUnschedulable holds — upstream's
// unschedulable queue — so a cluster event (a pod leaving a node, a node
// appearing) costs O(pods waiting) instead of a scan and a sort of every
// pending pod. A 10,000-pod rollout deletes 10,000 old pods while up to
// 2,500 surge pods wait for room. It is a set, not a sorted list: only
// membership is asked (retries walk r.parked, which is sorted), and
// inserting into and deleting from a sorted list of 2,500 keys moved
// half of it each time a pod became or stopped being unschedulable — 2.4%
// of the 10,000-pod bench's CPU under WebAssembly. r.parked is a set for
// the same reason (retryUnschedulable sorts it).
func (r *Reconciler) unschedulableHandler() informer.HandlerFor[*api.Pod] {
	set := func(p *api.Pod) {
		want := isUnschedulable(p)
		if !want && len(r.unschedulable) == 0 {
			return // nothing to add, nothing to drop
		}
		key := store.KeyOf(p)
		_, found := r.unschedulable[key]
		switch {
		case want && !found:
			if r.unschedulable == nil {
				r.unschedulable = map[string]struct{}{}
			}
			r.unschedulable[key] = struct{}{}
			r.park(key) // it may not be queued
		case !want && found:
			delete(r.unschedulable, key)
			delete(r.parked, key)
		}
	}
	drop := func(key string) {
		if _, found := r.unschedulable[key]; found {
			delete(r.unschedulable, key)
			delete(r.parked, key)
		}
	}
	return informer.HandlerFor[*api.Pod]{
		OnAdd: set,
		OnUpdate: func(old, p *api.Pod) {
			// The set holds exactly the cached pods that are unschedulable,
			// so a pod that was not and is not cannot be in it: most updates
			// (every status write of a running pod) need no key and no
			// lookup in the set.
			if !isUnschedulable(old) && !isUnschedulable(p) {
				return
			}
			set(p)
		},
		OnDelete: func(p *api.Pod) { drop(store.KeyOf(p)) },
	}
}

// retryUnschedulable re-queues the pods that fitted nowhere, in key order,
// as upstream moves its unschedulable queue on cluster events: a pod whose
// back-off (backoff.go) has passed at once, one still backing off when it
// has. (Enqueueing only schedules tasks, so the list cannot change under
// the loop.)
//
// Only r.parked is walked, in key order: the unschedulable keys that may
// have left the queue since they were last added. Every other
// unschedulable key is still in the queue or waiting out its back-off
// (added and not yet taken), where adding it again changes nothing — so
// the adds that take effect, and their order, are those of adding every
// unschedulable key, without one map lookup per waiting pod on every
// deletion.
//
// A set sorted here, not a list kept sorted: in a 10,000-pod rollout,
// 40,000 keys are parked, into a list of ~2,000 on average (surge pods
// wait for room), while the ~10,000 retries walk 25,000 keys in all.
// Inserting and deleting in the sorted list moved half of it each time,
// 3.7% of the bench's CPU under WebAssembly.
func (r *Reconciler) retryUnschedulable() {
	now := r.clk.Now()
	keys := r.retryKeys[:0]
	for k := range r.parked {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		ns, name := splitKey(k)
		req := controller.Request{Namespace: ns, Name: name}
		if wait := r.backoffLeft(k, now); wait > 0 {
			r.ctrl.EnqueueAfter(req, wait)
		} else {
			r.ctrl.Enqueue(req)
		}
	}
	clear(r.parked) // each is queued or due now (a shut-down queue ignores adds anyway)
	clear(keys)     // keep no key alive in the buffer
	r.retryKeys = keys[:0]
}

// taken is called as the reconcile of req starts: the queue has handed
// the key out, so if it is unschedulable it is no longer queued and the
// next retry must add it.
func (r *Reconciler) taken(req controller.Request) {
	if len(r.unschedulable) == 0 {
		return
	}
	key := req.Name
	if req.Namespace != "" {
		key = req.Namespace + "/" + req.Name
	}
	if _, found := r.unschedulable[key]; found {
		r.park(key)
	}
}

// park adds key to r.parked.
func (r *Reconciler) park(key string) {
	if r.parked == nil {
		r.parked = map[string]struct{}{}
	}
	r.parked[key] = struct{}{}
}

func splitKey(key string) (namespace, name string) {
	for i := 0; i < len(key); i++ {
		if key[i] == '/' {
			return key[:i], key[i+1:]
		}
	}
	return "", key
}
