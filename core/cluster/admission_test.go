package cluster_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/cluster"
)

// Upstream's plugin/pkg/admission/serviceaccount admission_test.go and
// priority admission_test.go, the cases a learner meets.

func TestAutomountsDefaultServiceAccountToken(t *testing.T) {
	c := settled(t, 1)
	_, err := c.Apply("apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\nspec:\n  initContainers:\n  - name: init\n    image: busybox\n  containers:\n  - name: web\n    image: nginx\n")
	require.NoError(t, err)
	p := getPod(t, c, "web")
	vol := api.ServiceAccountTokenVolume(p)
	assert.Regexp(t, `^kube-api-access-[bcdfghjklmnpqrstvwxz2456789]{5}$`, vol)
	require.Len(t, p.Spec.Volumes, 1)
	src := p.Spec.Volumes[0].Projected
	require.NotNil(t, src)
	assert.Equal(t, int32(420), *src.DefaultMode)
	assert.Equal(t, int64(3607), *src.Sources[0].ServiceAccountToken.ExpirationSeconds)
	assert.Equal(t, "kube-root-ca.crt", src.Sources[1].ConfigMap.Name)
	assert.Equal(t, "metadata.namespace", src.Sources[2].DownwardAPI.Items[0].FieldRef.FieldPath)
	want := api.VolumeMount{Name: vol, ReadOnly: true, MountPath: "/var/run/secrets/kubernetes.io/serviceaccount"}
	assert.Equal(t, []api.VolumeMount{want}, p.Spec.InitContainers[0].VolumeMounts)
	assert.Equal(t, []api.VolumeMount{want}, p.Spec.Containers[0].VolumeMounts)
	assert.Equal(t, "default", p.Spec.DeprecatedServiceAccount)
	assert.Equal(t, int32(0), *p.Spec.Priority)
	assert.Equal(t, api.PreemptLowerPriority, *p.Spec.PreemptionPolicy)
	assert.True(t, *p.Spec.EnableServiceLinks)
	assert.NotNil(t, p.Spec.SecurityContext)
}

func TestDoesNotAutomountWhenPodOrServiceAccountOptsOut(t *testing.T) {
	c := settled(t, 1)
	_, err := c.Apply(`apiVersion: v1
kind: ServiceAccount
metadata:
  name: quiet
automountServiceAccountToken: false
---
apiVersion: v1
kind: Pod
metadata:
  name: by-sa
spec:
  serviceAccountName: quiet
  containers:
  - name: c
    image: nginx
---
apiVersion: v1
kind: Pod
metadata:
  name: by-pod
spec:
  automountServiceAccountToken: false
  containers:
  - name: c
    image: nginx
---
apiVersion: v1
kind: Pod
metadata:
  name: pod-overrides-sa
spec:
  serviceAccountName: quiet
  automountServiceAccountToken: true
  containers:
  - name: c
    image: nginx
`)
	require.NoError(t, err)
	assert.Empty(t, getPod(t, c, "by-sa").Spec.Volumes)
	assert.Empty(t, getPod(t, c, "by-pod").Spec.Volumes)
	assert.NotEmpty(t, api.ServiceAccountTokenVolume(getPod(t, c, "pod-overrides-sa")))
}

func TestRespectsExistingMount(t *testing.T) {
	c := settled(t, 1)
	_, err := c.Apply(`apiVersion: v1
kind: Pod
metadata:
  name: own
spec:
  volumes:
  - name: mine
    emptyDir: {}
  containers:
  - name: c
    image: nginx
    volumeMounts:
    - name: mine
      mountPath: /var/run/secrets/kubernetes.io/serviceaccount
`)
	require.NoError(t, err)
	p := getPod(t, c, "own")
	assert.Len(t, p.Spec.Volumes, 1, "no container needs the token volume")
	assert.Len(t, p.Spec.Containers[0].VolumeMounts, 1)
}

func TestPriorityAdmission(t *testing.T) {
	tests := []struct{ name, spec, wantErr string }{
		{name: "pod with system-node-critical priority class", spec: "  priorityClassName: system-node-critical\n"},
		{name: "pod with non-existing priority class", spec: "  priorityClassName: gold\n",
			wantErr: `pods "p" is forbidden: no PriorityClass with name gold was found`},
		{name: "pod with priority set by the user", spec: "  priority: 5\n",
			wantErr: `pods "p" is forbidden: the integer value of priority (5) must not be provided in pod spec; priority admission controller computed 0 from the given PriorityClass name`},
		{name: "pod with preemptionPolicy Never and no class", spec: "  preemptionPolicy: Never\n",
			wantErr: `pods "p" is forbidden: the string value of PreemptionPolicy (Never) must not be provided in pod spec; priority admission controller computed PreemptLowerPriority from the given PriorityClass name`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := settled(t, 1)
			_, err := c.Apply("apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n" + tc.spec + "  containers:\n  - name: c\n    image: nginx\n")
			if tc.wantErr != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tc.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, int32(2000001000), *getPod(t, c, "p").Spec.Priority)
		})
	}
}

func getPod(t *testing.T, c *cluster.Cluster, name string) *api.Pod {
	t.Helper()
	o, err := c.Store().Get(api.Pods, "default", name)
	require.NoError(t, err)
	return o.(*api.Pod)
}
