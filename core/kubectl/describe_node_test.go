package kubectl

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
)

// A node's page, from System Info on, as kubectl v1.32 prints it
// (describe.go's describeNode and describeNodeResource): the machine's
// three IDs and the kube-proxy version always (empty ones too, as the
// v1.32.13 oracle's kwok nodes show), an empty column after the pod's
// name, and an ephemeral-storage row whether or not a pod asks for it.
func TestDescribeNodeSystemInfoAndResources(t *testing.T) {
	e := newEnv(t)
	e.create(&api.Node{
		ObjectMeta: api.ObjectMeta{Name: "node-1"},
		Spec:       api.NodeSpec{PodCIDR: "10.244.1.0/24", PodCIDRs: []string{"10.244.1.0/24"}},
		Status: api.NodeStatus{
			Allocatable: api.ResourceList{"cpu": api.MustParseQuantity("4"), "memory": api.MustParseQuantity("8Gi"), "pods": api.MustParseQuantity("110")},
			NodeInfo: api.NodeSystemInfo{SystemUUID: "346a53f6-cb04-4473-9e0c-84b27b1db269", KernelVersion: "6.1.0-28-amd64",
				OSImage: "Debian GNU/Linux 12 (bookworm)", ContainerRuntimeVersion: "containerd://1.7.24", KubeletVersion: "v1.32.13",
				KubeProxyVersion: "v1.32.13", OperatingSystem: "linux", Architecture: "amd64"},
		},
	})
	p := runningPod("web-7b84c5f95f-x84vr", "node-1", "10.244.1.2", e.clk.Now())
	p.Spec.Containers[0].Resources = api.ResourceRequirements{
		Requests: api.ResourceList{"cpu": api.MustParseQuantity("100m"), "memory": api.MustParseQuantity("64Mi")},
		Limits:   api.ResourceList{"cpu": api.MustParseQuantity("500m"), "memory": api.MustParseQuantity("128Mi")}}
	e.create(p)
	r := e.run("kubectl describe node node-1")
	require.Equal(t, 0, r.ExitCode, r.Stderr)
	assert.Contains(t, r.Stdout, lines(
		"System Info:",
		"  Machine ID:                 ",
		"  System UUID:                346a53f6-cb04-4473-9e0c-84b27b1db269",
		"  Boot ID:                    ",
		"  Kernel Version:             6.1.0-28-amd64",
		"  OS Image:                   Debian GNU/Linux 12 (bookworm)",
		"  Operating System:           linux",
		"  Architecture:               amd64",
		"  Container Runtime Version:  containerd://1.7.24",
		"  Kubelet Version:            v1.32.13",
		"  Kube-Proxy Version:         v1.32.13",
		"PodCIDR:                      10.244.1.0/24",
		"PodCIDRs:                     10.244.1.0/24",
		"Non-terminated Pods:          (1 in total)",
		"  Namespace                   Name                    CPU Requests  CPU Limits  Memory Requests  Memory Limits  Age",
		"  ---------                   ----                    ------------  ----------  ---------------  -------------  ---",
		"  default                     web-7b84c5f95f-x84vr    100m (2%)     500m (12%)  64Mi (0%)        128Mi (1%)     0s",
		"Allocated resources:",
		"  (Total limits may be over 100 percent, i.e., overcommitted.)",
		"  Resource           Requests   Limits",
		"  --------           --------   ------",
		"  cpu                100m (2%)  500m (12%)",
		"  memory             64Mi (0%)  128Mi (1%)",
		"  ephemeral-storage  0 (0%)     0 (0%)",
	))
}
