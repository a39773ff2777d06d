package kubelet

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/kubeloop/kubeloop/core/api"
)

// TestMessagesSpellWhatFmtDid: the concatenated messages are byte for byte
// the formats they replaced, for images that need quoting and durations
// that are not whole seconds.
func TestMessagesSpellWhatFmtDid(t *testing.T) {
	for _, image := range []string{"nginx:1.27", "", `we"ird\image`, "émoji🙂:1", "tab\tbell\a"} {
		assert.Equal(t, fmt.Sprintf("Pulling image %q", image), pullingMessage(image))
		assert.Equal(t, fmt.Sprintf("Container image %q already present on machine", image), presentMessage(image))
		for _, d := range []time.Duration{0, time.Second, 1500 * time.Millisecond, 5 * time.Minute} {
			assert.Equal(t, fmt.Sprintf("Successfully pulled image %q in %s (%s including waiting)", image, d, d), pulledMessage(image, d))
		}
	}
	pod := &api.Pod{ObjectMeta: api.ObjectMeta{Name: "web-0", Namespace: "default", UID: "u-1"}}
	assert.Equal(t, fmt.Sprintf("%s_%s(%s)", pod.Name, pod.Namespace, pod.UID), formatPod(pod))
	c := &container{name: "app", backoff: 40 * time.Second, restarts: 3, cur: &api.ContainerStateTerminated{ExitCode: -1}}
	assert.Equal(t, fmt.Sprintf("back-off %s restarting failed container=%s pod=%s", c.backoff, c.name, formatPod(pod)), c.backOffMessage(pod))
	c.state = cExited
	assert.Equal(t, fmt.Sprintf("exited %d (%d restarts)", c.cur.ExitCode, c.restarts), c.summary())
	c.state = cBackOff
	assert.Equal(t, fmt.Sprintf("CrashLoopBackOff %s (%d restarts)", c.backoff, c.restarts), c.summary())
}
