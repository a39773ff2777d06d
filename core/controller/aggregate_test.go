package controller

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/kubeloop/kubeloop/core/store"
)

// eventsOf lists the Events in default, as name → message and count.
func eventsOf(t *testing.T, s *store.Store) map[string]*api.Event {
	t.Helper()
	out := map[string]*api.Event{}
	for _, o := range s.List(api.Events, "default") {
		e := o.(*api.Event)
		out[e.Message] = e
	}
	return out
}

func newRecorderStore(t *testing.T) (*store.Store, *api.ConfigMap) {
	t.Helper()
	s := store.New(clock.New(1))
	_, err := s.Create(&api.Namespace{ObjectMeta: api.ObjectMeta{Name: "default"}})
	require.NoError(t, err)
	rs, err := s.Create(&api.ConfigMap{ObjectMeta: api.ObjectMeta{Name: "web", Namespace: "default"}})
	require.NoError(t, err)
	return s, rs.(*api.ConfigMap)
}

// As upstream's aggregator: nine similar Events with distinct messages are
// written as they are; the tenth and every one after it update one
// combined Event, which shows the latest message.
func TestSimilarEventsAreCombinedFromTheTenth(t *testing.T) {
	s, rs := newRecorderStore(t)
	r := NewRecorder(s, "replicaset-controller")
	for i := 1; i <= 12; i++ {
		r.Event(rs, EventNormal, "SuccessfulCreate", fmt.Sprintf("Created pod: web-%d", i))
	}
	events := eventsOf(t, s)
	require.Len(t, events, 10)
	for i := 1; i <= 9; i++ {
		e := events[fmt.Sprintf("Created pod: web-%d", i)]
		require.NotNil(t, e, "event %d", i)
		assert.Equal(t, int32(1), e.Count)
	}
	combined := events["(combined from similar events): Created pod: web-12"]
	require.NotNil(t, combined)
	assert.Equal(t, int32(3), combined.Count)
	assert.Equal(t, "SuccessfulCreate", combined.Reason)
	assert.Equal(t, "web", combined.InvolvedObject.Name)

	// Another reason on the same object is not similar.
	r.Event(rs, EventNormal, "SuccessfulDelete", "Deleted pod: web-1")
	assert.Len(t, eventsOf(t, s), 11)
}

// A message seen among the recent ones counts on its own Event; similar
// Events ten minutes apart start afresh.
func TestSimilarEventsAreCountedWithinTenMinutes(t *testing.T) {
	s, rs := newRecorderStore(t)
	r := NewRecorder(s, "replicaset-controller")
	for i := 1; i <= 9; i++ {
		r.Event(rs, EventNormal, "SuccessfulCreate", fmt.Sprintf("Created pod: web-%d", i))
	}
	r.Event(rs, EventNormal, "SuccessfulCreate", "Created pod: web-9")
	assert.Equal(t, int32(2), eventsOf(t, s)["Created pod: web-9"].Count, "a repeat is not a new message")
	assert.Len(t, eventsOf(t, s), 9)

	s.Clock().Advance(10*time.Minute + time.Second)
	r.Event(rs, EventNormal, "SuccessfulCreate", "Created pod: web-10")
	events := eventsOf(t, s)
	assert.Len(t, events, 10)
	assert.NotNil(t, events["Created pod: web-10"], "after ten quiet minutes the tenth message is written as it is")
}

// The recent cache keeps hashed keys: a hit that names an Event about
// something else (as two keys with one hash would) is not counted on it,
// and a new Event is written instead.
func TestRecentHitIsCheckedAgainstTheEvent(t *testing.T) {
	s, rs := newRecorderStore(t)
	r := NewRecorder(s, "replicaset-controller")
	r.Event(rs, EventNormal, "SuccessfulCreate", "Created pod: web-1")
	first := eventsOf(t, s)["Created pod: web-1"]
	require.NotNil(t, first)
	// Forge the collision: the key of another message names the first Event.
	r.recent.put(eventKeyOf(rs.UID, EventNormal, "SuccessfulCreate", "Created pod: web-2", false), first.Name)
	r.Event(rs, EventNormal, "SuccessfulCreate", "Created pod: web-2")
	events := eventsOf(t, s)
	require.Len(t, events, 2)
	assert.Equal(t, int32(1), events["Created pod: web-1"].Count, "the other Event is not bumped")
	assert.Equal(t, int32(1), events["Created pod: web-2"].Count)
	// A true repeat still counts on its Event.
	r.Event(rs, EventNormal, "SuccessfulCreate", "Created pod: web-2")
	assert.Equal(t, int32(2), eventsOf(t, s)["Created pod: web-2"].Count)
}

// Keys of different fields differ, however the fields split the bytes.
func TestEventKeysSeparateTheirFields(t *testing.T) {
	assert.NotEqual(t, eventKeyOf("ab", "c", "", "", false), eventKeyOf("a", "bc", "", "", false))
	assert.NotEqual(t, eventKeyOf("u", "Normal", "R", "", false), eventKeyOf("u", "Normal", "R", "", true))
	assert.NotEqual(t, similarKeyOf("u", "Normal", "R"), similarKeyOf("u", "Normal", "S"))
	assert.Equal(t, eventKeyOf("u", "Normal", "R", "m", false), eventKeyOf("u", "Normal", "R", "m", false))
}
