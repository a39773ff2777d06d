package deephash

import (
	"strconv"
	"strings"

	"github.com/kubeloop/kubeloop/core/api"
)

// Minor is the minor version of the release whose k8s.io/api types the
// printouts follow: the one the sandbox claims (api.KubernetesVersion).
var Minor = minorOf(api.KubernetesVersion)

func minorOf(version string) int {
	parts := strings.SplitN(strings.TrimPrefix(version, "v"), ".", 3)
	if len(parts) < 2 {
		panic("deephash: version without a minor: " + version)
	}
	n, err := strconv.Atoi(parts[1])
	if err != nil {
		panic("deephash: version without a minor: " + version)
	}
	return n
}

// PodTemplateHash is upstream's controller.ComputeHash: the deep hash of the
// template, then the collision count when set. It names a Deployment's
// ReplicaSets (pod-template-hash).
func PodTemplateHash(t *api.PodTemplateSpec, collisionCount *int32, minor int) string {
	h := newHash()
	PrintPodTemplate(h, t, minor)
	if collisionCount != nil {
		h.Write(collisionBytes(*collisionCount))
	}
	return sum(h)
}
