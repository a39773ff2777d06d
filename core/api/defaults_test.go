package api_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/kubeloop/kubeloop/core/api"
)

func nginxTemplate() api.PodTemplateSpec {
	return api.PodTemplateSpec{
		ObjectMeta: api.ObjectMeta{Labels: map[string]string{"app": "nginx"}},
		Spec: api.PodSpec{Containers: []api.Container{{Name: "nginx", Image: "nginx:1.7.9",
			Ports: []api.ContainerPort{{ContainerPort: 80}}}}},
	}
}

// The Deployment defaults of UPSTREAM.md, as `kubectl get -o yaml` shows
// them after `kubectl apply` of the course manifest.
func TestDefaultDeployment(t *testing.T) {
	d := &api.Deployment{
		ObjectMeta: api.ObjectMeta{Name: "nginx-deployment"},
		Spec: api.DeploymentSpec{
			Selector: &api.LabelSelector{MatchLabels: map[string]string{"app": "nginx"}},
			Template: nginxTemplate(),
		},
	}
	api.Default(d)
	assert.Equal(t, api.TypeMeta{APIVersion: "apps/v1", Kind: "Deployment"}, d.TypeMeta)
	assert.Equal(t, int32(1), *d.Spec.Replicas)
	assert.Equal(t, "RollingUpdate", d.Spec.Strategy.Type)
	assert.Equal(t, api.FromString("25%"), *d.Spec.Strategy.RollingUpdate.MaxSurge)
	assert.Equal(t, api.FromString("25%"), *d.Spec.Strategy.RollingUpdate.MaxUnavailable)
	assert.Equal(t, int32(10), *d.Spec.RevisionHistoryLimit)
	assert.Equal(t, int32(600), *d.Spec.ProgressDeadlineSeconds)

	ps := d.Spec.Template.Spec
	assert.Equal(t, "Always", ps.RestartPolicy)
	assert.Equal(t, int64(30), *ps.TerminationGracePeriodSeconds)
	assert.Equal(t, "ClusterFirst", ps.DNSPolicy)
	assert.Equal(t, "default-scheduler", ps.SchedulerName)
	assert.Equal(t, "IfNotPresent", ps.Containers[0].ImagePullPolicy)
	assert.Equal(t, "TCP", ps.Containers[0].Ports[0].Protocol)
	assert.Empty(t, ps.Tolerations, "templates get no default tolerations; their pods do")
}

func TestDefaultKeepsWhatIsSet(t *testing.T) {
	d := &api.Deployment{Spec: api.DeploymentSpec{
		Replicas: api.Ptr[int32](0),
		Strategy: api.DeploymentStrategy{Type: "RollingUpdate", RollingUpdate: &api.RollingUpdateDeployment{MaxSurge: api.Ptr(api.FromInt(2))}},
		Template: nginxTemplate(),
	}}
	api.Default(d)
	assert.Equal(t, int32(0), *d.Spec.Replicas, "replicas: 0 is a choice, not unset")
	assert.Equal(t, api.FromInt(2), *d.Spec.Strategy.RollingUpdate.MaxSurge)
	assert.Equal(t, api.FromString("25%"), *d.Spec.Strategy.RollingUpdate.MaxUnavailable)

	r := &api.Deployment{Spec: api.DeploymentSpec{Strategy: api.DeploymentStrategy{Type: "Recreate"}, Template: nginxTemplate()}}
	api.Default(r)
	assert.Nil(t, r.Spec.Strategy.RollingUpdate, "Recreate gets no rollingUpdate")
}

func TestDefaultImagePullPolicy(t *testing.T) {
	for image, want := range map[string]string{
		"nginx":                      "Always",
		"nginx:latest":               "Always",
		"nginx:1.25":                 "IfNotPresent",
		"localhost:5000/app":         "Always",
		"localhost:5000/app:v1":      "IfNotPresent",
		"nginx@sha256:0123456789abc": "IfNotPresent",
	} {
		p := &api.Pod{Spec: api.PodSpec{Containers: []api.Container{{Name: "c", Image: image}}}}
		api.Default(p)
		assert.Equal(t, want, p.Spec.Containers[0].ImagePullPolicy, image)
	}
}

// DefaultTolerationSeconds: every pod tolerates not-ready and unreachable
// for 300 s, unless it already says otherwise.
func TestDefaultPodTolerations(t *testing.T) {
	notReady := api.Toleration{Key: "node.kubernetes.io/not-ready", Operator: "Exists", Effect: "NoExecute", TolerationSeconds: api.Ptr[int64](300)}
	unreachable := api.Toleration{Key: "node.kubernetes.io/unreachable", Operator: "Exists", Effect: "NoExecute", TolerationSeconds: api.Ptr[int64](300)}

	p := &api.Pod{Spec: api.PodSpec{Containers: []api.Container{{Name: "c", Image: "busybox"}}}}
	api.Default(p)
	assert.Equal(t, []api.Toleration{notReady, unreachable}, p.Spec.Tolerations)
	assert.Equal(t, api.TypeMeta{APIVersion: "v1", Kind: "Pod"}, p.TypeMeta)

	own := api.Toleration{Key: "node.kubernetes.io/unreachable", Operator: "Exists", Effect: "NoExecute", TolerationSeconds: api.Ptr[int64](5)}
	p = &api.Pod{Spec: api.PodSpec{Tolerations: []api.Toleration{own}}}
	api.Default(p)
	assert.Equal(t, []api.Toleration{own, notReady}, p.Spec.Tolerations)

	all := api.Toleration{Operator: "Exists"}
	p = &api.Pod{Spec: api.PodSpec{Tolerations: []api.Toleration{all}}}
	api.Default(p)
	assert.Equal(t, []api.Toleration{all}, p.Spec.Tolerations, "tolerating everything needs no more")

	api.Default(p)
	assert.Len(t, p.Spec.Tolerations, 1, "defaulting twice adds nothing")
}

func TestDefaultReplicaSet(t *testing.T) {
	rs := &api.ReplicaSet{Spec: api.ReplicaSetSpec{Template: nginxTemplate()}}
	api.Default(rs)
	assert.Equal(t, int32(1), *rs.Spec.Replicas)
	assert.Equal(t, "Always", rs.Spec.Template.Spec.RestartPolicy)
	assert.Equal(t, api.TypeMeta{APIVersion: "apps/v1", Kind: "ReplicaSet"}, rs.TypeMeta)
}
