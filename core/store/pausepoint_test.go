package store_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/kubeloop/kubeloop/core/store"
)

// PausePoint runs once per write — create, update, status update, delete —
// and sees the write already in the store, and not for a rejected write;
// and once per Checkpoint.
func TestPausePointRunsOncePerWriteAndCheckpoint(t *testing.T) {
	s := store.New(clock.New(1))
	var revs []int64
	s.PausePoint = func() { revs = append(revs, s.Revision()) }

	_, err := s.Create(&api.Namespace{ObjectMeta: api.ObjectMeta{Name: "default"}})
	require.NoError(t, err)
	cm := &api.ConfigMap{ObjectMeta: api.ObjectMeta{Name: "c", Namespace: "default"}}
	got, err := s.Create(cm)
	require.NoError(t, err)
	_, err = s.Create(cm)
	require.Error(t, err, "a second create of the same name is refused")
	c := api.DeepCopyObject(got).(*api.ConfigMap)
	c.Data = map[string]string{"k": "v"}
	_, err = s.Update(c)
	require.NoError(t, err)
	_, err = s.Delete(api.KindOf(c), "default", "c", store.DeleteOptions{})
	require.NoError(t, err)

	s.Checkpoint()
	assert.Equal(t, []int64{1, 2, 3, 4, 4}, revs)
}

// Step is a Checkpoint once every 256 calls, wherever they come from: a
// loop of 1,000 items pauses three times, and the fourth pause is 24
// items into the next loop.
func TestStepIsACheckpointEvery256Items(t *testing.T) {
	s := store.New(clock.New(1))
	pauses := 0
	s.PausePoint = func() { pauses++ }
	for range 1000 {
		s.Step()
	}
	assert.Equal(t, 3, pauses)
	for range 23 {
		s.Step()
	}
	assert.Equal(t, 3, pauses)
	s.Step()
	assert.Equal(t, 4, pauses)
}
