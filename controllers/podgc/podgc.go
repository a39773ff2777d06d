// Package podgc is the pod garbage collector of kube-controller-manager:
// it deletes terminated pods beyond --terminated-pod-gc-threshold (12500),
// oldest first; pods bound to a node that no longer exists, once the node
// has been gone for the 40s quarantine (marking them Failed with a
// DisruptionTarget condition first); and pods being deleted that were
// never scheduled, which no kubelet will ever finish.
//
// Upstream scans every 20 seconds. Here the scan is one key, "podgc",
// queued by the events that can give it work: a pod finishing, a node
// going, an unscheduled pod being deleted.
package podgc

import (
	"sort"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/informer"
	"github.com/kubeloop/kubeloop/core/store"
)

const (
	// quarantine is how long a node must be gone before its pods go.
	quarantine = 40 * time.Second
	// DefaultTerminatedPodThreshold is --terminated-pod-gc-threshold.
	DefaultTerminatedPodThreshold = 12500
)

// Reconciler is the pod garbage collector.
type Reconciler struct {
	// pods and nodes are the caches the loop observes; never modify what
	// they return.
	pods  informer.Lister[*api.Pod]
	nodes informer.Lister[*api.Node]
	// Threshold is how many terminated pods may exist (0: no limit).
	Threshold int
	// goneSince records when each deleted node was seen to go.
	goneSince map[string]time.Time
	ctrl      *controller.Controller
}

var key = controller.Request{Name: "podgc"}

// Register adds the pod garbage collector to a manager.
func Register(m *controller.Manager) *controller.Controller {
	r := &Reconciler{pods: informer.ListerFor[*api.Pod](m.Informers), nodes: informer.ListerFor[*api.Node](m.Informers),
		Threshold: DefaultTerminatedPodThreshold, goneSince: map[string]time.Time{}}
	c := m.NewController("podgc", r, controller.Options{Component: "pod-garbage-collector"})
	r.ctrl = c
	check := func(p *api.Pod) {
		switch {
		case p.DeletionTimestamp != nil && p.Spec.NodeName == "":
			c.Enqueue(key)
		case isTerminated(p) && r.Threshold > 0 && r.pods.Len() > r.Threshold:
			c.Enqueue(key)
		case p.Spec.NodeName != "" && r.goneSince[p.Spec.NodeName] != (time.Time{}):
			c.Enqueue(key)
		case p.Spec.NodeName != "" && !r.nodeExists(p.Spec.NodeName):
			// A node this process never saw go — it started after, as a
			// new leader does — is found where upstream's periodic scan
			// finds it: at a pod bound to it (found by tests/chaos).
			c.Enqueue(key)
		}
	}
	r.pods.AddTypedHandler(informer.HandlerFor[*api.Pod]{
		OnAdd:    check,
		OnUpdate: func(_, p *api.Pod) { check(p) },
	})
	r.nodes.AddTypedHandler(informer.HandlerFor[*api.Node]{
		OnAdd: func(n *api.Node) { delete(r.goneSince, n.Name) },
		OnDelete: func(n *api.Node) {
			r.goneSince[n.Name] = m.Clock.Now()
			c.EnqueueAfter(key, quarantine)
		},
	})
	return c
}

func (r *Reconciler) nodeExists(name string) bool {
	_, ok := r.nodes.Get("", name)
	return ok
}

func isTerminated(p *api.Pod) bool {
	return p.Status.Phase == api.PodSucceeded || p.Status.Phase == api.PodFailed
}

// Reconcile runs the three collections.
func (r *Reconciler) Reconcile(ctx *controller.Context, _ controller.Request) (controller.Result, error) {
	pods := r.pods.List("")
	var firstErr error
	keep := func(err error) {
		if err != nil && !api.IsNotFound(err) && !api.IsConflict(err) && firstErr == nil {
			firstErr = err
		}
	}
	// Terminated pods beyond the threshold, oldest first.
	var terminated []*api.Pod
	for _, p := range pods {
		if isTerminated(p) && p.DeletionTimestamp == nil {
			terminated = append(terminated, p)
		}
	}
	if n := len(terminated) - r.Threshold; r.Threshold > 0 && n > 0 {
		sort.SliceStable(terminated, func(a, b int) bool {
			return terminated[a].CreationTimestamp.Before(terminated[b].CreationTimestamp.Time)
		})
		ctx.Diff("%d terminated pods, threshold %d", len(terminated), r.Threshold)
		ctx.Why("delete the %d oldest terminated pod(s)", n)
		for _, p := range terminated[:n] {
			keep(ctx.Delete(p, store.DeleteOptions{GracePeriodSeconds: api.Ptr[int64](0)}, "terminated pod over threshold"))
		}
	}
	// Pods on nodes that are gone, after the quarantine.
	now := ctx.Clock.Now()
	var requeue time.Duration
	for _, p := range pods {
		if p.Spec.NodeName == "" {
			continue
		}
		if _, exists := r.nodes.Get("", p.Spec.NodeName); exists {
			continue
		}
		since, seen := r.goneSince[p.Spec.NodeName]
		if !seen {
			since = now
			r.goneSince[p.Spec.NodeName] = now
		}
		if wait := since.Add(quarantine).Sub(now); wait > 0 {
			if requeue == 0 || wait < requeue {
				requeue = wait
			}
			continue
		}
		ctx.Diff("pod %s is bound to node %s, which no longer exists", p.Name, p.Spec.NodeName)
		ctx.Why("PodGC: node no longer exists: mark the pod Failed and delete it")
		if !isTerminated(p) {
			c := api.DeepCopy(p)
			c.Status.Phase = api.PodFailed
			c.Status.Conditions = append(c.Status.Conditions, api.PodCondition{Type: "DisruptionTarget", Status: api.ConditionTrue,
				Reason: "DeletionByPodGC", Message: "PodGC: node no longer exists", LastTransitionTime: api.NewTime(now)})
			if _, err := ctx.UpdateStatus(c, "Failed: node no longer exists"); err != nil {
				keep(err)
				continue
			}
		}
		keep(ctx.Delete(p, store.DeleteOptions{GracePeriodSeconds: api.Ptr[int64](0)}, "orphaned: node no longer exists"))
	}
	// Pods being deleted that no node will ever finish.
	for _, p := range pods {
		if p.DeletionTimestamp != nil && p.Spec.NodeName == "" {
			ctx.Why("pod %s is being deleted but was never scheduled: delete it now", p.Name)
			keep(ctx.Delete(p, store.DeleteOptions{GracePeriodSeconds: api.Ptr[int64](0)}, "unscheduled and terminating"))
		}
	}
	return controller.Result{RequeueAfter: requeue}, firstErr
}
