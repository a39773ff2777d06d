package storageversiongc_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/controllers/storageversiongc"
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/controller/controllertest"
	"github.com/kubeloop/kubeloop/core/store"
)

type fixture struct {
	t     *testing.T
	store *store.Store
	mgr   *controller.Manager
	run   func()
}

func newFixture(t *testing.T) *fixture {
	clk, s, m := controllertest.Start(t, func(s *store.Store) {
		_, err := s.Create(&api.Namespace{ObjectMeta: api.ObjectMeta{Name: "kube-system"}})
		require.NoError(t, err)
	}, storageversiongc.Register)
	return &fixture{t: t, store: s, mgr: m, run: func() { controllertest.Settle(clk) }}
}

func (f *fixture) lease(id string, identity bool) {
	l := &api.Lease{ObjectMeta: api.ObjectMeta{Name: id, Namespace: "kube-system"}}
	if identity {
		l.Labels = map[string]string{api.APIServerIdentityLabel: api.APIServerIdentityValue}
	}
	_, err := f.store.Create(l)
	require.NoError(f.t, err)
}

func (f *fixture) storageVersion(name string, ids ...string) {
	out, err := f.store.Create(&api.StorageVersion{ObjectMeta: api.ObjectMeta{Name: name}})
	require.NoError(f.t, err)
	sv := api.DeepCopy(out.(*api.StorageVersion))
	for _, id := range ids {
		sv.Status.StorageVersions = append(sv.Status.StorageVersions, api.ServerStorageVersion{APIServerID: id, EncodingVersion: "apps/v1"})
	}
	_, err = f.store.UpdateStatus(sv)
	require.NoError(f.t, err)
}

func (f *fixture) ids(name string) ([]string, bool) {
	o, err := f.store.Get(api.StorageVersions, "", name)
	if err != nil {
		return nil, false
	}
	var out []string
	for _, v := range o.(*api.StorageVersion).Status.StorageVersions {
		out = append(out, v.APIServerID)
	}
	return out, true
}

func (f *fixture) deleteLease(id string) {
	_, err := f.store.Delete(api.Leases, "kube-system", id, store.DeleteOptions{})
	require.NoError(f.t, err)
}

func TestEntriesOfAGoneServerGoThenTheRecord(t *testing.T) {
	f := newFixture(t)
	f.lease("apiserver-a", true)
	f.lease("apiserver-b", true)
	f.storageVersion("apps.deployments", "apiserver-a", "apiserver-b")
	f.storageVersion("batch.jobs", "apiserver-a")
	f.run()
	ids, _ := f.ids("apps.deployments")
	assert.Equal(t, []string{"apiserver-a", "apiserver-b"}, ids, "both servers hold their leases")

	f.deleteLease("apiserver-a")
	f.run()
	ids, _ = f.ids("apps.deployments")
	assert.Equal(t, []string{"apiserver-b"}, ids)
	_, ok := f.ids("batch.jobs")
	assert.False(t, ok, "a record left with no server is deleted")
}

func TestAnEntryWithoutAnIdentityLeaseIsDroppedWhenSeen(t *testing.T) {
	f := newFixture(t)
	f.lease("apiserver-a", true)
	f.lease("apiserver-x", false) // a Lease without the identity label is no identity
	f.storageVersion("apps.deployments", "apiserver-a", "apiserver-x", "apiserver-ghost")
	f.run()
	ids, _ := f.ids("apps.deployments")
	assert.Equal(t, []string{"apiserver-a"}, ids)
}
