package rootcacertpublisher_test

import (
	"encoding/pem"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/controllers/rootcacertpublisher"
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

// newFixture starts the controller alone in a cluster with the namespaces
// "default" and the others named.
func newFixture(t *testing.T, namespaces ...string) *fixture {
	clk, s, m := controllertest.Start(t, func(s *store.Store) { createNamespaces(t, s, namespaces) }, rootcacertpublisher.Register)
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

func (f *fixture) ca(t *testing.T, ns string) *api.ConfigMap {
	o, err := f.store.Get(api.ConfigMaps, ns, rootcacertpublisher.ConfigMapName)
	if api.IsNotFound(err) {
		return nil
	}
	require.NoError(t, err)
	return o.(*api.ConfigMap)
}

func TestEveryNamespaceGetsTheCA(t *testing.T) {
	f := newFixture(t, "kube-system")
	for _, ns := range []string{"default", "kube-system"} {
		cm := f.ca(t, ns)
		require.NotNil(t, cm, ns)
		assert.Equal(t, api.ClusterCACertificate, cm.Data["ca.crt"])
		assert.Equal(t, rootcacertpublisher.Description, cm.Annotations[rootcacertpublisher.DescriptionAnnotation])
	}
	_, err := f.store.Create(&api.Namespace{ObjectMeta: api.ObjectMeta{Name: "shop"}})
	require.NoError(t, err)
	seq := f.mgr.Trace.Last()
	f.settle()
	assert.NotNil(t, f.ca(t, "shop"))
	assert.Equal(t, []string{"create ConfigMap shop/kube-root-ca.crt"}, controllertest.ActionsSince(f.mgr.Trace, seq, "root-ca-cert-publisher"))
}

func TestDeletedOrEditedItComesBack(t *testing.T) {
	f := newFixture(t)
	_, err := f.store.Delete(api.ConfigMaps, "default", rootcacertpublisher.ConfigMapName, store.DeleteOptions{})
	require.NoError(t, err)
	f.settle()
	require.NotNil(t, f.ca(t, "default"))

	cm := api.DeepCopy(f.ca(t, "default"))
	cm.Data["ca.crt"] = "mine"
	cm.Data["extra"] = "x"
	_, err = f.store.Update(cm)
	require.NoError(t, err)
	f.settle()
	assert.Equal(t, map[string]string{"ca.crt": api.ClusterCACertificate}, f.ca(t, "default").Data)
}

func TestTheCACertificateIsThePEMOfItsBody(t *testing.T) {
	block, rest := pem.Decode([]byte(api.ClusterCACertificate))
	require.NotNil(t, block)
	assert.Empty(t, rest)
	assert.Equal(t, "CERTIFICATE", block.Type)
	assert.Equal(t, api.ClusterCABody, string(block.Bytes))
	assert.Equal(t, string(pem.EncodeToMemory(block)), api.ClusterCACertificate, "encoded as encoding/pem does")
}
