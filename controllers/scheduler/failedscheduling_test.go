package scheduler_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
)

// TestFailedSchedulingCarriesThePreemptionPart: the whole message a
// learner reads, as FitError.Error joins the filters' sentence and the
// preemption step's with one space; a pod of higher priority than a pod on
// a full node is a preemption candidate, and its message has no such part.
func TestFailedSchedulingCarriesThePreemptionPart(t *testing.T) {
	f := newFixture(t, node("node-1", allocatable("cpu", "1")), node("node-2", tainted("dedicated", "gpu", "NoSchedule")))
	f.create(pod("small", requestsCPU("800m"), priority(0)))
	f.settle()
	require.Equal(t, "node-1", f.get("small").Spec.NodeName)

	f.create(pod("same", requestsCPU("500m"), priority(0)))
	f.create(pod("critical", requestsCPU("500m"), priority(2000000000)))
	f.settle()
	assert.Equal(t, "0/2 nodes are available: 1 Insufficient cpu, 1 node(s) had untolerated taint {dedicated: gpu}. "+
		"preemption: 0/2 nodes are available: 1 No preemption victims found for incoming pod, 1 Preemption is not helpful for scheduling.",
		f.get("same").Condition(api.PodScheduled).Message)
	assert.Equal(t, "0/2 nodes are available: 1 Insufficient cpu, 1 node(s) had untolerated taint {dedicated: gpu}.",
		f.get("critical").Condition(api.PodScheduled).Message)
}

func priority(v int32) func(*api.Pod) { return func(p *api.Pod) { p.Spec.Priority = api.Ptr(v) } }
