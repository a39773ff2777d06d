package kubelet

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/kubeloop/kubeloop/core/api"
)

// TestMessagesSpellWhatFmtDid: the status and trace messages spelled by
// concatenation are byte for byte the formats they replaced.
func TestMessagesSpellWhatFmtDid(t *testing.T) {
	pod := &api.Pod{ObjectMeta: api.ObjectMeta{Name: "web-0", Namespace: "default", UID: "u-1"}}
	assert.Equal(t, fmt.Sprintf("%s_%s(%s)", pod.Name, pod.Namespace, pod.UID), formatPod(pod))
	c := &container{name: "app", backoff: 40 * time.Second, restarts: 3, cur: &api.ContainerStateTerminated{ExitCode: -1}}
	assert.Equal(t, fmt.Sprintf("back-off %s restarting failed container=%s pod=%s", c.backoff, c.name, formatPod(pod)), c.backOffMessage(pod))
	c.state = cExited
	assert.Equal(t, fmt.Sprintf("exited %d (%d restarts)", c.cur.ExitCode, c.restarts), string(c.appendSummary(nil)))
	c.state = cBackOff
	assert.Equal(t, fmt.Sprintf("CrashLoopBackOff %s (%d restarts)", c.backoff, c.restarts), string(c.appendSummary(nil)))
	c.restarts = 1
	assert.Equal(t, fmt.Sprintf("CrashLoopBackOff %s (1 restart)", c.backoff), string(c.appendSummary(nil)), "one restart reads as one")
}

// TestObserveLineSpellsPodAndContainers: the line observed on every
// reconcile, for a pod not yet started, and for one of two containers.
func TestObserveLineSpellsPodAndContainers(t *testing.T) {
	r := &Reconciler{}
	pod := &api.Pod{ObjectMeta: api.ObjectMeta{Name: "web-0"}}
	assert.Equal(t, "pod web-0 on node-1: phase (none), no containers yet", r.observeLine(pod, "node-1", nil))
	pod.Status.Phase = api.PodRunning
	rt := &podRuntime{stage: stageRunning, containers: []*container{
		{name: "app", state: cRunning, ready: true, restarts: 2},
		{name: "side", state: cRunning, restarts: 0},
		{name: "init", state: cCreated},
	}}
	assert.Equal(t, "pod web-0 on node-1: phase Running, containers: app running (ready, 2 restarts), "+
		"side running (not ready, 0 restarts), init created", r.observeLine(pod, "node-1", rt))
	rt.stage = stageStopping
	assert.Equal(t, "pod web-0 on node-1: phase Running, stopping", r.observeLine(pod, "node-1", rt))
}
