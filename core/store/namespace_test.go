package store_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/kubeloop/kubeloop/core/store"
)

func TestANamespaceStaysTerminatingUntilFinalized(t *testing.T) {
	s := store.New(clock.New(1))
	nsKind := api.Namespaces
	_, err := s.Create(&api.Namespace{ObjectMeta: api.ObjectMeta{Name: "shop", Finalizers: []string{"example.com/hold"}}})
	require.NoError(t, err)

	out, err := s.Delete(nsKind, "", "shop", store.DeleteOptions{})
	require.NoError(t, err)
	ns := out.(*api.Namespace)
	assert.Equal(t, "Terminating", ns.Status.Phase)
	require.NotNil(t, ns.DeletionTimestamp)

	// Removing the metadata finalizer is not enough: spec.finalizers holds it.
	ns = api.DeepCopy(ns)
	ns.Finalizers = nil
	_, err = s.Update(ns)
	require.NoError(t, err)
	_, err = s.Get(nsKind, "", "shop")
	require.NoError(t, err)

	// An ordinary update cannot clear spec.finalizers (it is defaulted back);
	// the finalize subresource can, and then the namespace goes.
	out, err = s.FinalizeNamespace("shop", store.FinalizerKubernetes)
	require.NoError(t, err)
	assert.Empty(t, out.(*api.Namespace).Spec.Finalizers)
	_, err = s.Get(nsKind, "", "shop")
	assert.True(t, api.IsNotFound(err), "%v", err)
}

func TestFinalizingAnActiveNamespaceKeepsIt(t *testing.T) {
	s := store.New(clock.New(1))
	_, err := s.Create(&api.Namespace{ObjectMeta: api.ObjectMeta{Name: "shop"}})
	require.NoError(t, err)
	out, err := s.FinalizeNamespace("shop", store.FinalizerKubernetes)
	require.NoError(t, err)
	assert.Equal(t, "Active", out.(*api.Namespace).Status.Phase)
	_, err = s.Get(api.Namespaces, "", "shop")
	assert.NoError(t, err)
}

func TestNothingIsCreatedInATerminatingNamespace(t *testing.T) {
	s := store.New(clock.New(1))
	_, err := s.Create(&api.Namespace{ObjectMeta: api.ObjectMeta{Name: "shop", Finalizers: []string{"example.com/hold"}}})
	require.NoError(t, err)
	_, err = s.Delete(api.Namespaces, "", "shop", store.DeleteOptions{})
	require.NoError(t, err)
	for _, meta := range []api.ObjectMeta{
		{Name: "settings", Namespace: "shop"},
		{GenerateName: "settings-", Namespace: "shop"}, // named as the client wrote it: no name is generated
	} {
		_, err := s.Create(&api.ConfigMap{ObjectMeta: meta})
		var se *api.StatusError
		require.ErrorAs(t, err, &se)
		assert.Equal(t, api.ReasonForbidden, se.Reason)
		assert.Equal(t, `configmaps "`+meta.Name+meta.GenerateName+`" is forbidden: unable to create new content in namespace shop because it is being terminated`, se.Message)
	}
	assert.Empty(t, s.List(api.ConfigMaps, "shop"))
}
