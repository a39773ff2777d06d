package apiserver

import (
	"fmt"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/store"
)

// evictionRequest is policy/v1 Eviction, what kubectl drain posts per pod.
type evictionRequest struct {
	Metadata      api.ObjectMeta `json:"metadata"`
	DeleteOptions *struct {
		GracePeriodSeconds *int64 `json:"gracePeriodSeconds,omitempty"`
		Preconditions      *struct {
			UID *string `json:"uid,omitempty"`
		} `json:"preconditions,omitempty"`
	} `json:"deleteOptions,omitempty"`
}

// evict answers POST pods/NAME/eviction: the pod is deleted unless a
// PodDisruptionBudget has no disruption left for it (429, which kubectl
// drain retries).
func (s *Server) evict(r *Request, rt route) *Response {
	if r.Method != "POST" {
		return subresourceMethodNotAllowed()
	}
	var in evictionRequest
	if resp := decodeSubresourceBody(r, &in, "Eviction", "v1"); resp != nil {
		return resp
	}
	if in.Metadata.Name != rt.Name {
		return subresourceBadRequest("name in URL does not match name in Eviction object")
	}
	var opts store.DeleteOptions
	if d := in.DeleteOptions; d != nil {
		opts.GracePeriodSeconds = d.GracePeriodSeconds
		if d.Preconditions != nil && d.Preconditions.UID != nil {
			opts.UID = *d.Preconditions.UID
		}
	}
	pods := api.Pods
	err := s.c.Store().Evict(rt.Namespace, rt.Name, opts)
	if api.ReasonOf(err) == store.ReasonTooManyRequests {
		return statusResponse(failure(429, store.ReasonTooManyRequests, store.EvictionRefused,
			&StatusDetails{Causes: []StatusCause{{Type: "DisruptionBudget", Message: s.budgetCause(rt.Namespace, rt.Name)}}}))
	}
	if err != nil {
		return statusResponse(storeFailure(err, pods, pods.Resource, rt.Name))
	}
	return subresourceSuccess(201)
}

// budgetCause is the cause upstream gives for a refused eviction: what
// the pod's disruption budget needs and has.
func (s *Server) budgetCause(namespace, pod string) string {
	st := s.c.Store()
	o, err := st.Get(api.Pods, namespace, pod)
	if err != nil {
		return ""
	}
	labels := o.GetObjectMeta().Labels
	for _, x := range st.List(api.PodDisruptionBudgets, namespace) {
		pdb := x.(*api.PodDisruptionBudget)
		sel, err := pdb.Spec.Selector.AsSelector()
		if err != nil || sel.Empty() || !sel.Matches(labels) {
			continue
		}
		if pdb.Status.ObservedGeneration < pdb.Generation {
			return fmt.Sprintf("The disruption budget %s is still being processed by the server.", pdb.Name)
		}
		return fmt.Sprintf("The disruption budget %s needs %d healthy pods and has %d currently", pdb.Name, pdb.Status.DesiredHealthy, pdb.Status.CurrentHealthy)
	}
	return ""
}

// bindingRequest is v1 Binding: the node the scheduler puts a pod on.
type bindingRequest struct {
	Metadata api.ObjectMeta `json:"metadata"`
	Target   struct {
		Name string `json:"name"`
	} `json:"target"`
}

// bind answers POST pods/NAME/binding, as the scheduler binds a pod.
func (s *Server) bind(r *Request, rt route) *Response {
	if r.Method != "POST" {
		return subresourceMethodNotAllowed()
	}
	var in bindingRequest
	if resp := decodeSubresourceBody(r, &in, "Binding", "v1"); resp != nil {
		return resp
	}
	if in.Metadata.Name != rt.Name {
		return subresourceBadRequest("name in URL does not match name in Binding object")
	}
	if in.Target.Name == "" {
		return statusResponse(failure(422, "Invalid", fmt.Sprintf("Binding %q is invalid: target.name: Required value", rt.Name),
			&StatusDetails{Name: rt.Name, Kind: "Binding", Causes: []StatusCause{{Type: "FieldValueRequired", Message: "Required value", Field: "target.name"}}}))
	}
	pods := api.Pods
	st := s.c.Store()
	if o, err := st.Get(pods, rt.Namespace, rt.Name); err == nil {
		if node := o.(*api.Pod).Spec.NodeName; node != "" {
			return statusResponse(failure(409, "Conflict",
				fmt.Sprintf("Operation cannot be fulfilled on pods/binding %q: pod %s is already assigned to node %q", rt.Name, rt.Name, node),
				&StatusDetails{Name: rt.Name, Kind: "pods/binding"}))
		}
	}
	if _, err := st.Bind(rt.Namespace, rt.Name, in.Target.Name); err != nil {
		return statusResponse(storeFailure(err, pods, pods.Resource, rt.Name))
	}
	return subresourceSuccess(201)
}
