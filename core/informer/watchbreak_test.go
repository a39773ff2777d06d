package informer_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/informer"
	"github.com/kubeloop/kubeloop/core/store"
)

// brokenInformer has watched pods a and b, then lost its watch; meanwhile
// a is deleted, b updated and c created.
func brokenInformer(t *testing.T) (*store.Store, *informer.Informer, *[]string) {
	s := newStore(t)
	for _, n := range []string{"a", "b"} {
		_, err := s.Create(pod(n, "", nil))
		require.NoError(t, err)
	}
	inf := informer.New(s, api.Pods)
	log := &[]string{}
	inf.AddHandler(informer.Handler{
		OnUpdate: func(_, o api.Object) { *log = append(*log, "update "+o.GetObjectMeta().Name) },
		OnAdd:    func(o api.Object) { *log = append(*log, "add "+o.GetObjectMeta().Name) },
		OnDelete: func(o any) {
			name := informer.DeletedObject(o).GetObjectMeta().Name
			if _, tomb := o.(informer.DeletedFinalStateUnknown); tomb {
				name = "tombstone " + name
			}
			*log = append(*log, "delete "+name)
		},
	})
	require.NoError(t, inf.Start())
	*log = nil

	require.True(t, inf.Break())
	assert.True(t, inf.Broken())
	assert.False(t, inf.Break(), "nothing more to drop")
	_, err := s.Delete(api.Pods, "default", "a", store.DeleteOptions{})
	require.NoError(t, err)
	_, err = s.Bind("default", "b", "node-1")
	require.NoError(t, err)
	_, err = s.Create(pod("c", "", nil))
	require.NoError(t, err)
	settle(s)
	assert.Empty(t, *log, "a broken watch hears nothing")
	_, stale := inf.Get("default", "a")
	assert.True(t, stale, "the cache keeps what it had")
	return s, inf, log
}

// Resumed from the last revision it saw, the watch delivers what it missed
// in order: a's deletion is an ordinary one.
func TestAResumedWatchDeliversTheMissedEvents(t *testing.T) {
	s, inf, log := brokenInformer(t)
	require.NoError(t, inf.Reconnect(false))
	settle(s)
	assert.Equal(t, []string{"delete a", "update b", "add c"}, *log)
	assert.False(t, inf.Broken())
	assert.Equal(t, s.Revision(), inf.LastSyncRevision())
}

// Refused its revision (410 Gone), the informer relists: a tombstone for
// what vanished, an update for every object still there (changed or not),
// an add for what is new — client-go's Replace.
func TestARelistGivesTombstonesForWhatVanished(t *testing.T) {
	s, inf, log := brokenInformer(t)
	require.NoError(t, inf.Reconnect(true))
	assert.Equal(t, []string{"delete tombstone a", "update b", "add c"}, *log)
	_, ok := inf.Get("default", "a")
	assert.False(t, ok)

	*log = nil
	_, err := s.Create(pod("d", "", nil))
	require.NoError(t, err)
	settle(s)
	assert.Equal(t, []string{"add d"}, *log, "and it watches again")
}

// A process that stopped while its watch was broken stays stopped.
func TestReconnectAfterStopDoesNothing(t *testing.T) {
	s, inf, log := brokenInformer(t)
	inf.Stop()
	require.NoError(t, inf.Reconnect(true))
	_, err := s.Create(pod("d", "", nil))
	require.NoError(t, err)
	settle(s)
	assert.Empty(t, *log)
}

func TestDeletedObjectUnwrapsTombstones(t *testing.T) {
	p := pod("a", "", nil)
	assert.Same(t, p, informer.DeletedObject(p))
	assert.Same(t, p, informer.DeletedObject(informer.DeletedFinalStateUnknown{Key: "default/a", Obj: p}))
	assert.Nil(t, informer.DeletedObject("a key"))
}
