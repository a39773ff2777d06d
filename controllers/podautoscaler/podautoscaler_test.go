package podautoscaler_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/controllers/podautoscaler"
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/kubeloop/kubeloop/core/controller/controllertest"
	"github.com/kubeloop/kubeloop/core/store"
)

// fixture runs the autoscaler alone over a Deployment whose ready pods the
// test writes: no Deployment controller, so replicas only change the
// Deployment, and the test decides how many pods are ready.
type fixture struct {
	clk   *clock.Sim
	store *store.Store
}

func newFixture(t *testing.T) *fixture {
	clk, s, _ := controllertest.Start(t, nil, podautoscaler.Register)
	return &fixture{clk: clk, store: s}
}

func (f *fixture) deployment(t *testing.T, replicas int32, demand string, cpuRequest bool) {
	l := map[string]string{"app": "web"}
	c := api.Container{Name: "nginx", Image: "nginx"}
	if cpuRequest {
		c.Resources.Requests = api.ResourceList{"cpu": api.MustParseQuantity("100m")}
	}
	_, err := f.store.Create(&api.Deployment{ObjectMeta: api.ObjectMeta{Name: "web", Namespace: "default",
		Annotations: map[string]string{api.CPUDemandAnnotation: demand}},
		Spec: api.DeploymentSpec{Replicas: api.Ptr(replicas), Selector: &api.LabelSelector{MatchLabels: l},
			Template: api.PodTemplateSpec{ObjectMeta: api.ObjectMeta{Labels: l}, Spec: api.PodSpec{Containers: []api.Container{c}}}}})
	require.NoError(t, err)
	f.readyPods(t, int(replicas), c)
}

// readyPods makes the set of ready pods exactly n.
func (f *fixture) readyPods(t *testing.T, n int, c api.Container) {
	for _, o := range f.store.List(api.Pods, "default") {
		_, err := f.store.Delete(api.Pods, "default", o.GetObjectMeta().Name, store.DeleteOptions{})
		require.NoError(t, err)
	}
	for i := 0; i < n; i++ {
		o, err := f.store.Create(&api.Pod{ObjectMeta: api.ObjectMeta{GenerateName: "web-", Namespace: "default", Labels: map[string]string{"app": "web"}},
			Spec: api.PodSpec{Containers: []api.Container{c}}})
		require.NoError(t, err)
		p := o.(*api.Pod)
		p.Status.Phase = api.PodRunning
		p.Status.Conditions = []api.PodCondition{{Type: api.PodReady, Status: "True"}}
		_, err = f.store.UpdateStatus(p)
		require.NoError(t, err)
	}
}

func (f *fixture) hpa(t *testing.T, minR, maxR, target int32) {
	_, err := f.store.Create(&api.HorizontalPodAutoscaler{ObjectMeta: api.ObjectMeta{Name: "web", Namespace: "default"},
		Spec: api.HorizontalPodAutoscalerSpec{ScaleTargetRef: api.CrossVersionObjectReference{APIVersion: "apps/v1", Kind: "Deployment", Name: "web"},
			MinReplicas: api.Ptr(minR), MaxReplicas: maxR,
			Metrics: []api.MetricSpec{{Type: "Resource", Resource: &api.ResourceMetricSource{Name: "cpu",
				Target: api.MetricTarget{Type: "Utilization", AverageUtilization: api.Ptr(target)}}}}}})
	require.NoError(t, err)
	for f.clk.StepDue() {
	}
}

func (f *fixture) replicas(t *testing.T) int32 {
	o, err := f.store.Get(api.Deployments, "default", "web")
	require.NoError(t, err)
	return *o.(*api.Deployment).Spec.Replicas
}

func (f *fixture) status(t *testing.T) api.HorizontalPodAutoscalerStatus {
	o, err := f.store.Get(api.HorizontalPodAutoscalers, "default", "web")
	require.NoError(t, err)
	return o.(*api.HorizontalPodAutoscaler).Status
}

func condition(st api.HorizontalPodAutoscalerStatus, typ string) string {
	for _, c := range st.Conditions {
		if c.Type == typ {
			return c.Status + " " + c.Reason
		}
	}
	return ""
}

func TestDesiredIsCeilOfPodsTimesUtilizationOverTarget(t *testing.T) {
	for _, tc := range []struct {
		name            string
		pods            int32
		demand          string
		target, maxR    int32
		want            int32
		limited, reason string
	}{
		{"80% of one pod at target 50%", 1, "80m", 50, 10, 2, "False DesiredWithinRange", ""},
		{"within tolerance: 54% at target 50%", 2, "108m", 50, 10, 2, "False DesiredWithinRange", ""},
		{"outside tolerance: 56% at target 50%", 2, "112m", 50, 10, 3, "False DesiredWithinRange", ""},
		{"capped at maxReplicas", 3, "900m", 50, 5, 5, "True TooManyReplicas", ""},
		{"scale-up rate limit max(4 pods, 100%)", 1, "1000m", 10, 100, 5, "True ScaleUpLimit", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t)
			f.deployment(t, tc.pods, tc.demand, true)
			f.hpa(t, 1, tc.maxR, tc.target)
			assert.Equal(t, tc.want, f.replicas(t))
			st := f.status(t)
			assert.Equal(t, tc.limited, condition(st, "ScalingLimited"))
			assert.Equal(t, "True ValidMetricFound", condition(st, "ScalingActive"))
			assert.Equal(t, tc.want, st.DesiredReplicas)
		})
	}
}

func TestScaleDownWaitsForTheStabilizationWindow(t *testing.T) {
	f := newFixture(t)
	f.deployment(t, 4, "200m", true) // 50% on 4 pods: on target
	f.hpa(t, 1, 10, 50)
	require.Equal(t, int32(4), f.replicas(t))

	o, _ := f.store.Get(api.Deployments, "default", "web")
	d := api.DeepCopy(o.(*api.Deployment))
	d.Annotations[api.CPUDemandAnnotation] = "0"
	_, err := f.store.Update(d)
	require.NoError(t, err)
	f.clk.Advance(4 * time.Minute)
	assert.Equal(t, int32(4), f.replicas(t), "the 4 recommended before the load fell are still in the 300 s window")
	assert.Equal(t, "True ScaleDownStabilized", condition(f.status(t), "AbleToScale"))
	f.clk.Advance(90 * time.Second)
	assert.Equal(t, int32(1), f.replicas(t), "down to minReplicas once the window has passed")

	var events []string
	for _, o := range f.store.List(api.Events, "default") {
		events = append(events, o.(*api.Event).Message)
	}
	assert.Contains(t, events, "New size: 1; reason: All metrics below target")
}

func TestUpscaleEventNamesTheMetric(t *testing.T) {
	f := newFixture(t)
	f.deployment(t, 1, "80m", true)
	f.hpa(t, 1, 10, 50)
	var events []string
	for _, o := range f.store.List(api.Events, "default") {
		events = append(events, o.(*api.Event).Reason+": "+o.(*api.Event).Message)
	}
	assert.Equal(t, []string{"SuccessfulRescale: New size: 2; reason: cpu resource utilization (percentage of request) above target"}, events)
}

func TestPodsWithoutCPURequestsLeaveTheScaleAlone(t *testing.T) {
	f := newFixture(t)
	f.deployment(t, 2, "80m", false)
	f.hpa(t, 1, 10, 50)
	assert.Equal(t, int32(2), f.replicas(t))
	st := f.status(t)
	assert.Equal(t, "False FailedGetResourceMetric", condition(st, "ScalingActive"))
	assert.Contains(t, st.Conditions[1].Message, "missing request for cpu in container nginx of Pod web-")
}

func TestMinAndMaxAreValidated(t *testing.T) {
	f := newFixture(t)
	_, err := f.store.Create(&api.HorizontalPodAutoscaler{ObjectMeta: api.ObjectMeta{Name: "bad", Namespace: "default"},
		Spec: api.HorizontalPodAutoscalerSpec{ScaleTargetRef: api.CrossVersionObjectReference{Kind: "Deployment", Name: "web"},
			MinReplicas: api.Ptr[int32](5), MaxReplicas: 2}})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "spec.maxReplicas: Invalid value: 2: must be greater than or equal to `minReplicas`")
}
