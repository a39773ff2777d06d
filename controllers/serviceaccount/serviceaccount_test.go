package serviceaccount_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/controllers/serviceaccount"
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/controller/controllertest"
	"github.com/kubeloop/kubeloop/core/store"
)

type fixture struct {
	clk   *clock.Sim
	store *store.Store
	mgr   *controller.Manager
}

// newFixture runs the serviceaccount controller alone over a real store
// with its admission registered, as the cluster does.
// newFixture starts the controller alone in a cluster with the namespaces
// "default" and the others named.
func newFixture(t *testing.T, namespaces ...string) *fixture {
	clk, s, m := controllertest.Start(t, func(s *store.Store) {
		s.AddAdmission(serviceaccount.Admission)
		createNamespaces(t, s, namespaces)
	}, serviceaccount.Register)
	f := &fixture{clk: clk, store: s, mgr: m}
	f.settle()
	return f
}

func createNamespaces(t *testing.T, s *store.Store, names []string) {
	for _, ns := range names {
		_, err := s.Create(&api.Namespace{ObjectMeta: api.ObjectMeta{Name: ns}})
		require.NoError(t, err)
	}
}

func (f *fixture) settle() {
	for f.clk.StepDue() {
	}
}

func (f *fixture) hasDefault(ns string) bool {
	_, err := f.store.Get(api.ServiceAccounts, ns, "default")
	return err == nil
}

func TestEveryNamespaceGetsADefaultServiceAccount(t *testing.T) {
	f := newFixture(t, "kube-system")
	assert.True(t, f.hasDefault("default"))
	assert.True(t, f.hasDefault("kube-system"))

	_, err := f.store.Create(&api.Namespace{ObjectMeta: api.ObjectMeta{Name: "shop"}})
	require.NoError(t, err)
	seq := f.mgr.Trace.Last()
	f.settle()
	assert.True(t, f.hasDefault("shop"), "a new namespace gets one too")
	assert.Equal(t, []string{"create ServiceAccount shop/default"}, controllertest.ActionsSince(f.mgr.Trace, seq, "serviceaccount"))
}

func TestADeletedDefaultServiceAccountComesBack(t *testing.T) {
	f := newFixture(t)
	_, err := f.store.Delete(api.ServiceAccounts, "default", "default", store.DeleteOptions{})
	require.NoError(t, err)
	assert.False(t, f.hasDefault("default"))
	f.settle()
	assert.True(t, f.hasDefault("default"))
}

func TestOtherServiceAccountsAreLeftAlone(t *testing.T) {
	f := newFixture(t)
	_, err := f.store.Create(&api.ServiceAccount{ObjectMeta: api.ObjectMeta{Name: "builder", Namespace: "default"}})
	require.NoError(t, err)
	_, err = f.store.Delete(api.ServiceAccounts, "default", "builder", store.DeleteOptions{})
	require.NoError(t, err)
	f.settle()
	_, err = f.store.Get(api.ServiceAccounts, "default", "builder")
	assert.True(t, api.IsNotFound(err))
}

func TestATerminatingNamespaceGetsNone(t *testing.T) {
	f := newFixture(t, "shop")
	_, err := f.store.Delete(api.ServiceAccounts, "shop", "default", store.DeleteOptions{})
	require.NoError(t, err)
	_, err = f.store.Delete(api.Namespaces, "", "shop", store.DeleteOptions{})
	require.NoError(t, err)
	f.settle()
	assert.False(t, f.hasDefault("shop"))
}

func TestAdmissionSetsThePodsServiceAccount(t *testing.T) {
	f := newFixture(t)
	tests := []struct{ name, given, want string }{
		{"unset: default", "", "default"},
		{"set: kept", "builder", "builder"},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := f.store.Create(&api.Pod{ObjectMeta: api.ObjectMeta{Name: "p" + string(rune('0'+i)), Namespace: "default"},
				Spec: api.PodSpec{ServiceAccountName: tt.given, Containers: []api.Container{{Name: "c", Image: "busybox"}}}})
			require.NoError(t, err)
			assert.Equal(t, tt.want, out.(*api.Pod).Spec.ServiceAccountName)
		})
	}
}

func TestAPodNamingAMissingServiceAccountIsForbidden(t *testing.T) {
	s := store.New(clock.New(1))
	_, err := s.Create(&api.Namespace{ObjectMeta: api.ObjectMeta{Name: "default"}})
	require.NoError(t, err)
	s.AddAdmission(serviceaccount.Admission)
	s.AddAdmission(serviceaccount.ExistsAdmission(s))
	pod := func(sa string) *api.Pod {
		return &api.Pod{ObjectMeta: api.ObjectMeta{GenerateName: "web-6cc665b66c-", Namespace: "default"},
			Spec: api.PodSpec{ServiceAccountName: sa, Containers: []api.Container{{Name: "c", Image: "nginx"}}}}
	}
	_, err = s.Create(pod("robot"))
	require.Error(t, err)
	assert.Equal(t, api.ReasonForbidden, api.ReasonOf(err))
	assert.Equal(t, `pods "web-6cc665b66c-" is forbidden: error looking up service account default/robot: serviceaccount "robot" not found`, err.Error())
	_, err = s.Create(pod(""))
	assert.NoError(t, err, `"default" is let through even before the controller makes it`)
	_, err = s.Create(&api.ServiceAccount{ObjectMeta: api.ObjectMeta{Name: "robot", Namespace: "default"}})
	require.NoError(t, err)
	_, err = s.Create(pod("robot"))
	assert.NoError(t, err)
}
