package cluster

import (
	"fmt"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/store"
)

// What the sandbox simulates at most. A real cluster accepts more; these
// keep one browser tab responsive, and are refused with a message that
// names them rather than left to slow the page to a halt. The API's own
// validation (negative replicas, …) stays in core/api, where real clusters
// have it.
const (
	// MaxReplicas bounds spec.replicas of Deployments, ReplicaSets and
	// StatefulSets, and a Job's completions and parallelism.
	MaxReplicas = 10000
	// MaxNodes bounds the cluster's worker nodes (Options.Nodes, `sim
	// node add`); the control-plane node is not one of them. Node IPAM
	// gives each node a /24 of 10.244.0.0/16.
	MaxNodes = 100
)

// CheckNodes reports a worker node count the sandbox does not simulate. Hosts
// check user input with it before New, which panics on such a count.
func CheckNodes(n int) error {
	if n > MaxNodes {
		return fmt.Errorf("%d nodes is more than kubeloop simulates: at most %d worker nodes per cluster, besides its control-plane node", n, MaxNodes)
	}
	return nil
}

// admitLimits is the admission step that refuses workloads larger than
// the sandbox simulates. It checks every writer alike: a Deployment's
// ReplicaSets never hold more replicas than the Deployment, so its
// controller stays within the limit, and a hand-written ownerReference
// cannot get around it.
func admitLimits(_ store.Operation, obj, _ api.Object) error {
	var errs api.FieldErrors
	check := func(field string, v *int32, what string) {
		if v != nil && *v > MaxReplicas {
			errs = append(errs, api.FieldError{Type: api.ErrTypeInvalid, Field: field, BadValue: *v,
				Detail: fmt.Sprintf("kubeloop simulates at most %d %s per object (a real cluster would accept more)", MaxReplicas, what)})
		}
	}
	job := func(prefix string, s *api.JobSpec) {
		check(prefix+"completions", s.Completions, "completions")
		check(prefix+"parallelism", s.Parallelism, "parallel pods")
	}
	switch o := obj.(type) {
	case *api.Deployment:
		check("spec.replicas", o.Spec.Replicas, "replicas")
	case *api.ReplicaSet:
		check("spec.replicas", o.Spec.Replicas, "replicas")
	case *api.StatefulSet:
		check("spec.replicas", o.Spec.Replicas, "replicas")
	case *api.ReplicationController:
		check("spec.replicas", o.Spec.Replicas, "replicas")
	case *api.HorizontalPodAutoscaler:
		check("spec.maxReplicas", &o.Spec.MaxReplicas, "replicas")
	case *api.Job:
		job("spec.", &o.Spec)
	case *api.CronJob:
		job("spec.jobTemplate.spec.", &o.Spec.JobTemplate.Spec)
	}
	if len(errs) > 0 {
		return api.NewInvalid(api.KindOf(obj).Kind, obj.GetObjectMeta().Name, errs)
	}
	return nil
}
