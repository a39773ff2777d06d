package clusterroleaggregation_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/controllers/clusterroleaggregation"
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/controller/controllertest"
	"github.com/kubeloop/kubeloop/core/store"
)

type fixture struct {
	t     *testing.T
	clk   *clock.Sim
	store *store.Store
	mgr   *controller.Manager
}

func newFixture(t *testing.T) *fixture {
	clk, s, m := controllertest.Start(t, nil, clusterroleaggregation.Register)
	return &fixture{t: t, clk: clk, store: s, mgr: m}
}

func (f *fixture) settle() {
	for f.clk.StepDue() {
	}
}

func (f *fixture) create(o api.Object) {
	_, err := f.store.Create(o)
	require.NoError(f.t, err)
	f.settle()
}

func (f *fixture) role(name string) *api.ClusterRole {
	o, err := f.store.Get(api.ClusterRoles, "", name)
	require.NoError(f.t, err)
	return o.(*api.ClusterRole)
}

func (f *fixture) update(cr *api.ClusterRole) {
	_, err := f.store.Update(cr)
	require.NoError(f.t, err)
	f.settle()
}

func aggregated(name string, labels ...string) *api.ClusterRole {
	rule := &api.AggregationRule{}
	for _, l := range labels {
		rule.ClusterRoleSelectors = append(rule.ClusterRoleSelectors, api.LabelSelector{MatchLabels: map[string]string{l: "true"}})
	}
	return &api.ClusterRole{ObjectMeta: api.ObjectMeta{Name: name}, AggregationRule: rule}
}

func role(name, label string, rules ...api.PolicyRule) *api.ClusterRole {
	cr := &api.ClusterRole{ObjectMeta: api.ObjectMeta{Name: name}, Rules: rules}
	if label != "" {
		cr.Labels = map[string]string{label: "true"}
	}
	return cr
}

func read(resources ...string) api.PolicyRule {
	return api.PolicyRule{APIGroups: []string{""}, Resources: resources, Verbs: []string{"get", "list", "watch"}}
}

func TestAggregatedRulesFollowTheLabelledRoles(t *testing.T) {
	f := newFixture(t)
	f.create(aggregated("monitoring", "aggregate-to-monitoring"))
	assert.Empty(t, f.role("monitoring").Rules)

	f.create(role("monitoring-pods", "aggregate-to-monitoring", read("pods")))
	f.create(role("b-endpoints", "aggregate-to-monitoring", read("endpoints"), read("pods")))
	f.create(role("unrelated", "", read("secrets")))
	assert.Equal(t, []api.PolicyRule{read("endpoints"), read("pods")}, f.role("monitoring").Rules,
		"by role name; a rule already collected is not repeated; unlabelled roles do not count")

	// The label goes: so do its rules.
	cr := api.DeepCopy(f.role("b-endpoints"))
	cr.Labels = nil
	f.update(cr)
	assert.Equal(t, []api.PolicyRule{read("pods")}, f.role("monitoring").Rules)

	// A fault: someone edits the aggregated role's rules. They come back.
	cr = api.DeepCopy(f.role("monitoring"))
	cr.Rules = []api.PolicyRule{read("secrets")}
	f.update(cr)
	assert.Equal(t, []api.PolicyRule{read("pods")}, f.role("monitoring").Rules)

	// A source role is deleted: its rules go.
	_, err := f.store.Delete(api.ClusterRoles, "", "monitoring-pods", store.DeleteOptions{})
	require.NoError(t, err)
	f.settle()
	assert.Empty(t, f.role("monitoring").Rules)
}

func TestSelectorsInOrderAndRolesOfRoles(t *testing.T) {
	f := newFixture(t)
	// admin aggregates edit, edit aggregates view: the rules climb.
	f.create(aggregated("admin", "to-admin"))
	edit := aggregated("edit", "to-edit")
	edit.Labels = map[string]string{"to-admin": "true"}
	f.create(edit)
	f.create(role("view-bits", "to-edit", read("pods")))
	f.create(role("admin-bits", "to-admin", read("roles")))
	assert.Equal(t, []api.PolicyRule{read("pods")}, f.role("edit").Rules)
	assert.Equal(t, []api.PolicyRule{read("roles"), read("pods")}, f.role("admin").Rules, "admin-bits before edit, by name")

	// Two selectors: the first's roles come first.
	f.create(aggregated("two", "to-edit", "to-admin"))
	assert.Equal(t, []api.PolicyRule{read("pods"), read("roles")}, f.role("two").Rules)
}
