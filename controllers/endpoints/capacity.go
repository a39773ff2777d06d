package endpoints

import (
	"math"

	"github.com/kubeloop/kubeloop/core/api"
)

// MaxCapacity is how many addresses an Endpoints object holds at most
// (since v1.22; the EndpointSlices hold them all). Past it the controller
// keeps ready addresses before not-ready ones, shares what it keeps among
// the subsets in proportion to their sizes (rounded up, the last subset
// taking what is left), keeps the first by IP of each, and marks the
// object with OverCapacityAnnotation; the mark goes when the count is back
// under the capacity.
const MaxCapacity = 1000

// OverCapacityAnnotation, set to "truncated", marks an Endpoints object
// that lists only MaxCapacity of its Service's addresses.
const OverCapacityAnnotation = "endpoints.kubernetes.io/over-capacity"

// truncate cuts subsets down to MaxCapacity addresses in all, as
// MaxCapacity says, and reports whether it cut anything.
func truncate(subsets []api.EndpointSubset) bool {
	ready, notReady := countAddresses(subsets)
	if ready+notReady <= MaxCapacity {
		return false
	}
	// Only ready addresses are cut when there are more of them than fit;
	// otherwise all ready ones stay and only not-ready ones are cut.
	cutReady := ready > MaxCapacity
	room, total := MaxCapacity-ready, notReady
	if cutReady {
		room, total = MaxCapacity, ready
	}
	left := room
	for i := range subsets {
		s := &subsets[i]
		n := len(s.NotReadyAddresses)
		if cutReady {
			n = len(s.Addresses)
		}
		share := min(int(math.Ceil(float64(n)/float64(total)*float64(room))), left)
		if cutReady {
			s.Addresses = s.Addresses[:min(share, len(s.Addresses))]
			s.NotReadyAddresses = nil
			left -= len(s.Addresses)
		} else {
			s.NotReadyAddresses = s.NotReadyAddresses[:min(share, len(s.NotReadyAddresses))]
			left -= len(s.NotReadyAddresses)
		}
	}
	return true
}
