package endpoints

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/store"
)

func addrs(prefix string, n int) []api.EndpointAddress {
	out := make([]api.EndpointAddress, n)
	for i := range out {
		out[i].IP = fmt.Sprintf("%s.%d.%d", prefix, i/250, i%250)
	}
	return out
}

// The cut of an Endpoints object past MaxCapacity addresses: ready ones
// first, shared among subsets in proportion, rounded up.
func TestTruncateKeepsReadyFirstInProportion(t *testing.T) {
	for _, tt := range []struct {
		name                    string
		ready, notReady         []int // per subset
		wantReady, wantNotReady []int
		wantCut                 bool
	}{
		{"at capacity: untouched", []int{600, 300}, []int{0, 100}, []int{600, 300}, []int{0, 100}, false},
		{"too many ready: the first 1000", []int{1200}, []int{0}, []int{1000}, []int{0}, true},
		{"room for every ready one: not-ready cut", []int{900}, []int{300}, []int{900}, []int{100}, true},
		{"ready over two subsets: 800 and 700 share 1000 as 534 and 466; not-ready dropped", []int{800, 700}, []int{50, 50}, []int{534, 466}, []int{0, 0}, true},
		{"not-ready over two subsets: 150 room as 75 and 75", []int{500, 350}, []int{300, 300}, []int{500, 350}, []int{75, 75}, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var ss []api.EndpointSubset
			for i := range tt.ready {
				ss = append(ss, api.EndpointSubset{Addresses: addrs(fmt.Sprint("10.", i), tt.ready[i]), NotReadyAddresses: addrs(fmt.Sprint("10.9", i), tt.notReady[i])})
			}
			assert.Equal(t, tt.wantCut, truncate(ss))
			for i := range ss {
				assert.Len(t, ss[i].Addresses, tt.wantReady[i], "subset %d ready", i)
				assert.Len(t, ss[i].NotReadyAddresses, tt.wantNotReady[i], "subset %d not ready", i)
			}
			if tt.wantCut {
				assert.Equal(t, "10.0.0.0", ss[0].Addresses[0].IP, "the first addresses are kept")
			}
		})
	}
}

// A Service over MaxCapacity ready pods gets an Endpoints object of 1000
// addresses marked over-capacity; the mark goes when it is back under.
func TestEndpointsOverCapacityAreTruncatedAndMarked(t *testing.T) {
	f := newFixture(t)
	f.create(t, service("web"))
	// The pods all come before the controller looks: one reconcile of
	// 1,001 pods, not 1,001 reconciles of up to that many.
	for i := range MaxCapacity + 1 {
		f.addPod(t, fmt.Sprintf("web-%04d", i), fmt.Sprintf("10.244.%d.%d", i/250, i%250+1), true)
	}
	f.settle()
	ep := f.endpoints(t, "web")
	require.Len(t, ep.Subsets, 1)
	assert.Len(t, ep.Subsets[0].Addresses, MaxCapacity)
	assert.Equal(t, "truncated", ep.Annotations[OverCapacityAnnotation])

	_, err := f.store.Delete(api.Pods, "default", "web-0000", store.DeleteOptions{})
	require.NoError(t, err)
	f.settle()
	ep = f.endpoints(t, "web")
	assert.Len(t, ep.Subsets[0].Addresses, MaxCapacity)
	assert.NotContains(t, ep.Annotations, OverCapacityAnnotation)
}
