package kubelet

import (
	"strconv"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/controller"
)

// The Events and trace lines the kubelet writes for every pod, spelled by
// concatenation: under WebAssembly, built without inlining, fmt.Sprintf
// of such a line costs several times the concatenation, and each pod of a
// rollout gets a dozen. Each helper names the format it replaces and
// spells exactly what fmt did: %q is strconv.Quote, %s of a Duration its
// String, %d strconv.Itoa.

// event records an Event whose message is spelled out: through "%s", which
// the Context hands on without formatting.
func event(ctx *controller.Context, pod *api.Pod, eventType, reason, message string) {
	ctx.Event(pod, eventType, reason, "%s", message)
}

// pullingMessage is "Pulling image %q".
func pullingMessage(image string) string {
	return "Pulling image " + strconv.Quote(image)
}

// presentMessage is "Container image %q already present on machine".
func presentMessage(image string) string {
	return "Container image " + strconv.Quote(image) + " already present on machine"
}

// pulledMessage is "Successfully pulled image %q in %s (%s including
// waiting)" of image, d, d.
func pulledMessage(image string, d time.Duration) string {
	ds := d.String()
	return "Successfully pulled image " + strconv.Quote(image) + " in " + ds + " (" + ds + " including waiting)"
}
