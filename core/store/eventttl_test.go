package store

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/clock"
)

// eventTTLFixture is a store with the default namespace and a watch on
// Events that notes when each was deleted.
func eventTTLFixture(t *testing.T) (*Store, map[string]time.Time) {
	s := New(clock.New(1))
	_, err := s.Create(&api.Namespace{ObjectMeta: api.ObjectMeta{Name: "default"}})
	require.NoError(t, err)
	deleted := map[string]time.Time{}
	_, err = s.Watch(api.Events, s.Revision(), "test", func(ev Event) {
		if ev.Type == Deleted {
			deleted[ev.Object.GetObjectMeta().Name] = s.Clock().Now()
		}
	})
	require.NoError(t, err)
	return s, deleted
}

func createEvent(t *testing.T, s *Store, name string) {
	_, err := s.Create(&api.Event{ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default"}, Reason: "Test", Count: 1})
	require.NoError(t, err)
}

// An Event is deleted an hour (kube-apiserver's --event-ttl) after its
// last write, and not before; a write renews it; other kinds stay.
func TestEventsExpireAnHourAfterTheirLastWrite(t *testing.T) {
	s, deleted := eventTTLFixture(t)
	start := s.Clock().Now()
	assert.Equal(t, time.Hour, s.EventTTL(), "upstream's default")
	createEvent(t, s, "once")
	createEvent(t, s, "again")
	_, err := s.Create(&api.ConfigMap{ObjectMeta: api.ObjectMeta{Name: "cm", Namespace: "default"}})
	require.NoError(t, err)

	s.Clock().AdvanceTo(start.Add(30 * time.Minute))
	cur, err := s.Get(api.Events, "default", "again")
	require.NoError(t, err)
	e := api.DeepCopy(cur.(*api.Event))
	e.Count++
	_, err = s.Update(e)
	require.NoError(t, err)

	s.Clock().AdvanceTo(start.Add(time.Hour - time.Nanosecond))
	assert.Empty(t, deleted, "nothing goes before its hour")
	s.Clock().AdvanceTo(start.Add(time.Hour))
	assert.Equal(t, map[string]time.Time{"once": start.Add(time.Hour)}, deleted, "the Event written once goes at its hour")
	_, err = s.Get(api.Events, "default", "once")
	assert.True(t, api.IsNotFound(err), "and is gone from the store: %v", err)
	_, err = s.Get(api.Events, "default", "again")
	assert.NoError(t, err, "the one written again at 30m stays")

	s.Clock().AdvanceTo(start.Add(90 * time.Minute))
	assert.Equal(t, start.Add(90*time.Minute), deleted["again"], "an hour after its last write")
	_, err = s.Get(api.ConfigMaps, "default", "cm")
	assert.NoError(t, err, "only Events expire")
}

// SetEventTTL changes the TTL of the writes that follow; the timer that
// waits for a lease is housekeeping, so a store with only Events to
// expire is not busy; and the queue of leases, in blocks, does not keep
// the blocks it is done with.
func TestEventTTLIsSetAndItsTimerIsHousekeeping(t *testing.T) {
	s, deleted := eventTTLFixture(t)
	s.SetEventTTL(2 * time.Minute)
	start := s.Clock().Now()
	for i := range 3000 {
		createEvent(t, s, fmt.Sprintf("e%d", i))
		s.Clock().AdvanceTo(s.Clock().Now().Add(time.Second))
	}
	assert.False(t, s.Clock().Busy(), "only housekeeping waits")
	s.Clock().AdvanceTo(start.Add(time.Hour))
	require.Len(t, deleted, 3000)
	assert.Equal(t, start.Add(2*time.Minute), deleted["e0"])
	assert.Equal(t, start.Add(999*time.Second+2*time.Minute), deleted["e999"])
	_, left := s.eventLeases.oldest()
	assert.False(t, left, "no lease is left")
	assert.Same(t, s.eventLeases.head, s.eventLeases.tail, "the blocks done with are let go")
	assert.Nil(t, s.eventLeases.timer, "no timer once no lease is left")
}
