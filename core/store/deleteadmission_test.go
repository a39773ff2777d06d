package store_test

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/kubeloop/kubeloop/core/store"
)

func TestADeleteAdmissionRefusalLeavesTheObjectAsItWas(t *testing.T) {
	s := store.New(clock.New(1))
	_, err := s.Create(&api.Namespace{ObjectMeta: api.ObjectMeta{Name: "keep"}})
	require.NoError(t, err)
	_, err = s.Create(&api.Namespace{ObjectMeta: api.ObjectMeta{Name: "other"}})
	require.NoError(t, err)
	refused := errors.New("refused")
	var asked []string
	s.AddDeleteAdmission(func(kind *api.Kind, old api.Object) error {
		asked = append(asked, kind.Kind+" "+old.GetObjectMeta().Name)
		if old.GetObjectMeta().Name == "keep" {
			return refused
		}
		return nil
	})
	nsKind := api.Namespaces
	rev := s.Revision()

	_, err = s.Delete(nsKind, "", "keep", store.DeleteOptions{PropagationPolicy: store.PropagationForeground})
	assert.ErrorIs(t, err, refused)
	assert.Equal(t, rev, s.Revision(), "a refused delete writes nothing")
	kept, err := s.Get(nsKind, "", "keep")
	require.NoError(t, err)
	assert.Nil(t, kept.GetObjectMeta().DeletionTimestamp)
	assert.Empty(t, kept.GetObjectMeta().Finalizers)

	_, err = s.Delete(nsKind, "", "missing", store.DeleteOptions{})
	assert.True(t, api.IsNotFound(err), "a missing object is not found before admission is asked")
	_, err = s.Delete(nsKind, "", "other", store.DeleteOptions{})
	assert.NoError(t, err)
	assert.Equal(t, []string{"Namespace keep", "Namespace other"}, asked)
}
