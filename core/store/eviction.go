package store

import (
	"fmt"

	"github.com/kubeloop/kubeloop/core/api"
)

// ReasonTooManyRequests is the reason of an eviction the disruption budget
// refuses for now (HTTP 429): the caller retries, as kubectl drain does
// every 5 seconds.
const ReasonTooManyRequests = "TooManyRequests"

// EvictionRefused is the message of that refusal.
const EvictionRefused = "Cannot evict pod as it would violate the pod's disruption budget."

// Evict is the pods/eviction subresource (policy/v1 Eviction): delete the
// pod unless a PodDisruptionBudget that selects it has no disruption left.
// An allowed eviction of a healthy pod takes one from the budget's
// status.disruptionsAllowed and records the pod in status.disruptedPods
// (the disruption controller recounts once it sees the pod go). A pod
// that is not Ready, or has already finished or is being deleted, goes
// without charging the budget while the budget is met, as upstream's
// default IfHealthyBudget policy.
func (s *Store) Evict(namespace, name string, opts DeleteOptions) error {
	pods := api.Pods
	o, err := s.Get(pods, namespace, name)
	if err != nil {
		return err
	}
	p := o.(*api.Pod)
	if p.DeletionTimestamp != nil || p.Status.Phase == api.PodSucceeded || p.Status.Phase == api.PodFailed {
		_, err := s.Delete(pods, namespace, name, opts)
		return err
	}
	var budgets []*api.PodDisruptionBudget
	for _, x := range s.List(api.PodDisruptionBudgets, namespace) {
		pdb := x.(*api.PodDisruptionBudget)
		sel, err := pdb.Spec.Selector.AsSelector()
		if err != nil || sel.Empty() || !sel.Matches(p.Labels) {
			continue
		}
		budgets = append(budgets, pdb)
	}
	switch {
	case len(budgets) > 1:
		return &api.StatusError{Reason: "InternalError", Message: "This pod has more than one PodDisruptionBudget, which the eviction subresource does not support."}
	case len(budgets) == 1:
		pdb := budgets[0]
		st := &pdb.Status
		healthy := api.IsPodReady(p)
		if !healthy && st.CurrentHealthy >= st.DesiredHealthy && st.DesiredHealthy > 0 {
			break // an unready pod may go while the budget is met
		}
		if st.ObservedGeneration < pdb.Generation || st.DisruptionsAllowed <= 0 {
			return &api.StatusError{Reason: ReasonTooManyRequests, Message: EvictionRefused}
		}
		c := api.DeepCopy(pdb)
		c.Status.DisruptionsAllowed--
		if c.Status.DisruptionsAllowed == 0 {
			c.Status.SetDisruptionAllowed(s.clk.Now(), false, api.InsufficientPodsReason, "")
		}
		if c.Status.DisruptedPods == nil {
			c.Status.DisruptedPods = map[string]api.Time{}
		}
		c.Status.DisruptedPods[p.Name] = api.NewTime(s.clk.Now())
		if _, err := s.UpdateStatus(c); err != nil {
			return fmt.Errorf("updating the disruption budget: %w", err)
		}
	}
	_, err = s.Delete(pods, namespace, name, opts)
	return err
}
