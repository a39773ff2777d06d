package informer_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/informer"
)

// The first read of an index over many objects builds the index and sorts
// the set: a loop with no write in it, as long as a controller's over
// every pod. It is a pause point every few hundred steps (store.Step), as
// a controller's loop is; a read of the kept order is not.
func TestAFirstReadOfABigIndexHasPausePoints(t *testing.T) {
	s := newStore(t)
	const n = 3000
	owner := api.OwnerReference{APIVersion: "apps/v1", Kind: "ReplicaSet", Name: "rs", UID: "rs-uid"}
	for k := range n {
		p := pod(fmt.Sprintf("p-%05d", (k*7919)%n), "", nil) // created out of key order
		p.OwnerReferences = []api.OwnerReference{owner}
		_, err := s.Create(p)
		require.NoError(t, err)
	}
	inf := informer.New(s, api.Pods)
	require.NoError(t, inf.Start())
	pauses := 0
	s.PausePoint = func() { pauses++ }

	owned := inf.ByIndex(informer.IndexOwner, "rs-uid")
	require.Len(t, owned, n)
	for k, o := range owned {
		require.Equal(t, fmt.Sprintf("p-%05d", k), o.GetObjectMeta().Name, "sorted by key")
	}
	// Building visits 3,000 objects; sorting them compares at least as
	// many pairs: 6,000 steps at the least, 23 pause points.
	assert.GreaterOrEqual(t, pauses, 2*n/256, "the build and the sort of 3,000 pods pause every 256 steps")

	pauses = 0
	assert.Len(t, inf.ByIndex(informer.IndexOwner, "rs-uid"), n)
	assert.Zero(t, pauses, "the kept order is read without a loop")
}
