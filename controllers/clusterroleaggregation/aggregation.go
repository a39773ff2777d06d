// Package clusterroleaggregation is the clusterrole-aggregation controller
// of kube-controller-manager: a ClusterRole with an aggregationRule owns
// no rules of its own; its rules are the union of the rules of every
// ClusterRole its clusterRoleSelectors match. Label a ClusterRole
// rbac.authorization.k8s.io/aggregate-to-view: "true" and the view role
// gains its rules; remove the label and they go.
//
// As upstream (pkg/controller/clusterroleaggregation): for each selector
// in order, the matching ClusterRoles in name order (never the role
// itself), each rule added once (a rule equal to one already collected is
// skipped); when the result differs from the role's rules, the rules are
// replaced. Any change to any ClusterRole queues every aggregated one. A
// key is a ClusterRole name.
package clusterroleaggregation

import (
	"fmt"
	"reflect"
	"sort"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/informer"
)

// Reconciler is the clusterrole-aggregation controller.
type Reconciler struct {
	// roles is the cache it observes; never modify what it returns.
	roles informer.Lister[*api.ClusterRole]
}

// Register adds the controller to a manager.
func Register(m *controller.Manager) *controller.Controller {
	r := &Reconciler{roles: informer.ListerFor[*api.ClusterRole](m.Informers)}
	c := m.NewController("clusterrole-aggregation", r, controller.Options{Component: "clusterrole-aggregation-controller"})
	// Any ClusterRole may be matched by any aggregated one: queue them all.
	all := func(any) {
		for _, o := range r.roles.List("") {
			if o.AggregationRule != nil {
				c.EnqueueObject(o)
			}
		}
	}
	r.roles.AddHandler(informer.Handler{
		OnAdd:    func(o api.Object) { all(o) },
		OnUpdate: func(_, o api.Object) { all(o) },
		OnDelete: all,
	})
	return c
}

// Reconcile recomputes one aggregated ClusterRole's rules.
func (r *Reconciler) Reconcile(ctx *controller.Context, req controller.Request) (controller.Result, error) {
	role, ok := r.roles.Get("", req.Name)
	if !ok {
		return controller.Result{}, nil
	}
	if role.AggregationRule == nil {
		return controller.Result{}, nil
	}
	want, sources, err := r.Aggregate(role)
	if err != nil {
		ctx.Observe("selector: %v", err)
		return controller.Result{}, nil // a bad selector waits for an edit
	}
	ctx.Observe("%d selector(s) match %d ClusterRole(s) %v: %d rule(s)", len(role.AggregationRule.ClusterRoleSelectors), len(sources), sources, len(want))
	if reflect.DeepEqual(want, role.Rules) || (len(want) == 0 && len(role.Rules) == 0) {
		return controller.Result{}, nil
	}
	ctx.Diff("ClusterRole %s has %d rule(s), the roles it aggregates %d", role.Name, len(role.Rules), len(want))
	ctx.Why("an aggregated ClusterRole's rules are the union of the rules of the ClusterRoles its selectors match")
	next := api.DeepCopy(role)
	next.Rules = want
	if _, err := ctx.Update(next, fmt.Sprintf("%d rule(s) from %d ClusterRole(s)", len(want), len(sources))); err != nil && !api.IsNotFound(err) {
		return controller.Result{}, err
	}
	return controller.Result{}, nil
}

// Aggregate is the rules role should have and the names of the roles they
// come from.
func (r *Reconciler) Aggregate(role *api.ClusterRole) ([]api.PolicyRule, []string, error) {
	var rules []api.PolicyRule
	var sources []string
	seen := map[string]bool{}
	for i := range role.AggregationRule.ClusterRoleSelectors {
		sel, err := role.AggregationRule.ClusterRoleSelectors[i].AsSelector()
		if err != nil {
			return nil, nil, err
		}
		var matched []*api.ClusterRole
		for _, cr := range r.roles.List("") {
			if cr.Name != role.Name && sel.Matches(cr.Labels) {
				matched = append(matched, cr)
			}
		}
		sort.Slice(matched, func(a, b int) bool { return matched[a].Name < matched[b].Name })
		for _, cr := range matched {
			if !seen[cr.Name] {
				seen[cr.Name] = true
				sources = append(sources, cr.Name)
			}
			for _, rule := range cr.Rules {
				if !contains(rules, rule) {
					rules = append(rules, api.DeepCopy(rule))
				}
			}
		}
	}
	return rules, sources, nil
}

func contains(rules []api.PolicyRule, r api.PolicyRule) bool {
	for _, x := range rules {
		if reflect.DeepEqual(x, r) {
			return true
		}
	}
	return false
}
