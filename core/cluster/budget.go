package cluster

import (
	"fmt"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/store"
)

// The cluster's budget: what the sandbox simulates at most, all objects
// together. MaxReplicas bounds one object; these bound the sum, which ten
// objects within MaxReplicas each would otherwise take far past what one
// browser tab can simulate. Like MaxReplicas, they are kubeloop's limits,
// not the API's, and a refusal says so.
const (
	// MaxPods bounds the pods stored at once, Terminating ones included:
	// twice MaxReplicas, so the largest workload a learner may write
	// rolls out without meeting the budget. A rollout keeps at most all
	// its new pods beside all its old ones (live, surged over or still
	// terminating): the old ReplicaSet makes no pod while it shrinks.
	MaxPods = 2 * MaxReplicas
	// MaxObjects bounds the objects stored at once, of every kind but
	// Event: a claim and its volume for each pod the budget allows. Events
	// expire (store.DefaultEventTTL) and are the controllers' account of
	// what they did; counting them would let an hour of refusals refuse
	// the learner's next Deployment, and refusing one would hide the very
	// refusal it reports.
	MaxObjects = 3 * MaxPods
)

// budget is the admission step that holds the cluster to MaxPods and
// MaxObjects. A create over the budget is forbidden as one over a
// ResourceQuota is, so a controller that meets it does what it does under
// a quota: records a FailedCreate Event with the message and retries with
// back-off. A workload whose replicas alone exceed what remains is
// admitted, as a real cluster admits it under a quota: its controller
// creates pods until the budget is met, and says so.
//
// It reads two counts the store keeps as it writes, so each admission
// costs the same at any size of cluster.
type budget struct {
	store *store.Store
	// pods and objects are the limits: MaxPods and MaxObjects, smaller
	// in tests that meet them without creating twenty thousand pods.
	pods, objects int
}

func newBudget(s *store.Store) *budget {
	return &budget{store: s, pods: MaxPods, objects: MaxObjects}
}

// admit refuses a create over the budget; updates never add.
func (b *budget) admit(op store.Operation, obj, _ api.Object) error {
	if op != store.OpCreate {
		return nil
	}
	return b.check(obj, budgetTally{})
}

// budgetTally counts what a dry run of several objects would add before
// the one it checks, so that Apply refuses the whole of a manifest whose
// objects together exceed the budget, not its last few.
type budgetTally struct{ pods, objects int }

// add counts obj, which a dry run found new.
func (t *budgetTally) add(obj api.Object) {
	switch api.KindOf(obj) {
	case api.Events:
	case api.Pods:
		t.pods++
		t.objects++
	default:
		t.objects++
	}
}

// check refuses obj when the cluster, with what t has counted before it,
// has no room left for it.
func (b *budget) check(obj api.Object, t budgetTally) error {
	k := api.KindOf(obj)
	if k == nil || k == api.Events {
		return nil
	}
	if k == api.Pods {
		if used := b.store.Count(api.Pods) + t.pods; used >= b.pods {
			return overBudget(k, obj, "pods per cluster", "pods", used, b.pods)
		}
	}
	if used := b.store.Len() - b.store.Count(api.Events) + t.objects; used >= b.objects {
		return overBudget(k, obj, "objects per cluster, Events aside", "objects", used, b.objects)
	}
	return nil
}

// overBudget is the refusal, worded as ResourceQuota's ("requested:
// pods=1, used: pods=2, limited: pods=2") so a learner who has met a quota
// recognises it, and naming kubeloop as the one that refuses.
func overBudget(k *api.Kind, obj api.Object, what, resource string, used, limit int) error {
	return &api.StatusError{Reason: api.ReasonForbidden, Message: fmt.Sprintf(
		"%s %q is forbidden: kubeloop simulates at most %d %s (a real cluster would accept more), requested: %s=1, used: %s=%d, limited: %s=%d",
		k.GroupResource(), obj.GetObjectMeta().Name, limit, what, resource, resource, used, resource, limit)}
}
