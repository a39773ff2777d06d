package cluster

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/clock"
)

// newestOf keeps what sorting all the Events and taking the last
// MaxSnapshotEvents keeps, in the same order, whatever order they come in:
// many share a timestamp (one instant's Events), and then namespace and
// name decide.
func TestNewestOfKeepsWhatAFullSortKeeps(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{0, 1, MaxSnapshotEvents - 1, MaxSnapshotEvents, MaxSnapshotEvents + 1, 5000} {
		events := make([]*api.Event, n)
		for i := range events {
			events[i] = &api.Event{
				ObjectMeta: api.ObjectMeta{Namespace: []string{"default", "kube-system", "a"}[rng.IntN(3)], Name: fmt.Sprintf("e-%d", i)},
				// A few hundred instants for thousands of Events: ties.
				LastTimestamp: api.NewTime(clock.Epoch.Add(time.Duration(rng.IntN(300)) * time.Second)),
			}
		}
		want := slices.Clone(events)
		sort.SliceStable(want, func(i, j int) bool {
			a, b := want[i], want[j]
			if !a.LastTimestamp.Equal(b.LastTimestamp.Time) {
				return a.LastTimestamp.Before(b.LastTimestamp.Time)
			}
			if a.Namespace != b.Namespace {
				return a.Namespace < b.Namespace
			}
			return a.Name < b.Name
		})
		want = want[max(0, len(want)-MaxSnapshotEvents):]
		for range 3 {
			rng.Shuffle(len(events), func(i, j int) { events[i], events[j] = events[j], events[i] })
			assert.Equal(t, names(want), names(newestOf(slices.Clone(events))), "%d events", n)
		}
	}
}

func names(events []*api.Event) []string {
	out := make([]string, len(events))
	for i, e := range events {
		out[i] = e.Namespace + "/" + e.Name
	}
	return out
}
