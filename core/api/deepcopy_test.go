package api_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
)

func fullPod() *api.Pod {
	ts := api.NewTime(time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC))
	return &api.Pod{
		TypeMeta: api.TypeMeta{APIVersion: "v1", Kind: "Pod"},
		ObjectMeta: api.ObjectMeta{
			Name: "web-0", Namespace: "default", CreationTimestamp: ts, DeletionTimestamp: &ts,
			Labels:          map[string]string{"app": "web"},
			Annotations:     map[string]string{"a": "b"},
			OwnerReferences: []api.OwnerReference{{Kind: "StatefulSet", Name: "web", Controller: api.Ptr(true)}},
			Finalizers:      []string{"f"},
		},
		Spec: api.PodSpec{
			Containers: []api.Container{{
				Name: "web", Image: "nginx", Command: []string{"nginx"},
				Resources:      api.ResourceRequirements{Requests: api.ResourceList{"cpu": api.MustParseQuantity("100m")}},
				ReadinessProbe: &api.Probe{HTTPGet: &api.HTTPGetAction{Port: api.FromString("http")}},
			}},
			TerminationGracePeriodSeconds: api.Ptr[int64](30),
			NodeSelector:                  map[string]string{"disk": "ssd"},
			Affinity: &api.Affinity{NodeAffinity: &api.NodeAffinity{RequiredDuringSchedulingIgnoredDuringExecution: &api.NodeSelector{
				NodeSelectorTerms: []api.NodeSelectorTerm{{MatchFields: []api.NodeSelectorRequirement{{Key: "metadata.name", Operator: "In", Values: []string{"node-1"}}}}},
			}}},
		},
		Status: api.PodStatus{Phase: "Running", StartTime: &ts},
	}
}

func TestDeepCopyIsEqualAndShared(t *testing.T) {
	orig := fullPod()
	c := api.DeepCopy(orig)
	require.Equal(t, orig, c)
	assert.NotSame(t, orig, c)
	// Quantity and Time keep their unexported state.
	assert.Equal(t, int64(100), c.Spec.Containers[0].Resources.Requests["cpu"].MilliValue())
	assert.Equal(t, "100m", c.Spec.Containers[0].Resources.Requests["cpu"].String())
	assert.True(t, c.CreationTimestamp.Equal(orig.CreationTimestamp.Time))
	assert.Equal(t, orig.DeletionTimestamp.Time, c.DeletionTimestamp.Time)
}

// Mutating anything reachable from the copy leaves the original alone:
// objects from the store are shared, and this is how controllers change them.
func TestMutatingADeepCopyLeavesTheOriginal(t *testing.T) {
	orig := fullPod()
	want := fullPod()
	c := api.DeepCopy(orig)

	c.Labels["app"] = "changed"
	c.Annotations["new"] = "x"
	c.OwnerReferences[0].Name = "other"
	*c.OwnerReferences[0].Controller = false
	c.Finalizers[0] = "g"
	c.Spec.Containers[0].Command[0] = "sh"
	c.Spec.Containers[0].Resources.Requests["cpu"] = api.MustParseQuantity("2")
	c.Spec.Containers[0].ReadinessProbe.HTTPGet.Port = api.FromInt(1)
	*c.Spec.TerminationGracePeriodSeconds = 0
	c.Spec.NodeSelector["disk"] = "hdd"
	c.Spec.Affinity.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution.NodeSelectorTerms[0].MatchFields[0].Values[0] = "node-2"
	*c.DeletionTimestamp = api.NewTime(time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC))
	c.Status.StartTime.Time = time.Time{}
	c.Spec.Containers = append(c.Spec.Containers, api.Container{Name: "extra"})

	assert.Equal(t, want, orig)
}

func TestDeepCopyObjectKeepsTheConcreteType(t *testing.T) {
	var o api.Object = &api.Deployment{ObjectMeta: api.ObjectMeta{Name: "d", Labels: map[string]string{"a": "b"}}}
	c := api.DeepCopyObject(o)
	d, ok := c.(*api.Deployment)
	require.True(t, ok)
	d.Labels["a"] = "c"
	assert.Equal(t, "b", o.GetObjectMeta().Labels["a"])
}

func TestDeepCopyKeepsNilsNil(t *testing.T) {
	c := api.DeepCopy(&api.Deployment{})
	assert.Nil(t, c.Spec.Replicas)
	assert.Nil(t, c.Spec.Selector)
	assert.Nil(t, c.Labels)
	assert.Nil(t, c.Spec.Template.Spec.Containers)
	empty := api.DeepCopy(&api.ObjectMeta{Labels: map[string]string{}, Finalizers: []string{}})
	assert.NotNil(t, empty.Labels)
	assert.NotNil(t, empty.Finalizers)
}

// TestDeepCopyFieldOverwritesTheWholeField: the copy replaces every part of
// dst's field — a nil slice in src leaves none behind — and shares nothing
// with src.
func TestDeepCopyFieldOverwritesTheWholeField(t *testing.T) {
	src := &api.Pod{Status: api.PodStatus{Phase: api.PodRunning,
		Conditions: []api.PodCondition{{Type: api.PodReady, Status: api.ConditionTrue}}}}
	dst := &api.Pod{ObjectMeta: api.ObjectMeta{Name: "kept"}, Status: api.PodStatus{Phase: api.PodPending, PodIP: "10.0.0.1",
		ContainerStatuses: []api.ContainerStatus{{Name: "old"}}}}
	require.True(t, api.DeepCopyField(dst, src, "Status"))
	assert.Equal(t, src.Status, dst.Status)
	assert.Equal(t, "kept", dst.Name, "other fields are left alone")
	src.Status.Conditions[0].Status = api.ConditionFalse
	assert.Equal(t, api.ConditionTrue, dst.Status.Conditions[0].Status, "nothing is shared")
	assert.False(t, api.DeepCopyField(&api.Event{}, &api.Event{}, "Status"), "an Event has no status")
}
