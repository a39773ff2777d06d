package resourcequota_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/controllers/replicaset"
	"github.com/kubeloop/kubeloop/controllers/resourcequota"
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/kubeloop/kubeloop/core/controller/controllertest"
	"github.com/kubeloop/kubeloop/core/store"
)

// fixture is a store with quota admission, the quota controller and the
// ReplicaSet controller; no scheduler or kubelet.
type fixture struct {
	clk   *clock.Sim
	store *store.Store
}

func newFixture(t *testing.T) *fixture {
	clk, s, _ := controllertest.Start(t, func(s *store.Store) { s.AddAdmission(resourcequota.Admission(s)) }, resourcequota.Register, replicaset.Register)
	return &fixture{clk: clk, store: s}
}

func (f *fixture) settle() {
	for f.clk.StepDue() {
	}
}

func (f *fixture) quota(t *testing.T, name string, hard map[string]string) {
	l := api.ResourceList{}
	for k, v := range hard {
		l[k] = api.MustParseQuantity(v)
	}
	_, err := f.store.Create(&api.ResourceQuota{ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default"}, Spec: api.ResourceQuotaSpec{Hard: l}})
	require.NoError(t, err)
	f.settle()
}

func (f *fixture) status(t *testing.T, name string) (hard, used map[string]string) {
	o, err := f.store.Get(api.ResourceQuotas, "default", name)
	require.NoError(t, err)
	q := o.(*api.ResourceQuota)
	hard, used = map[string]string{}, map[string]string{}
	for k, v := range q.Status.Hard {
		hard[k] = v.String()
	}
	for k, v := range q.Status.Used {
		used[k] = v.String()
	}
	return hard, used
}

func pod(name string, requests, limits map[string]string) *api.Pod {
	c := api.Container{Name: "nginx", Image: "nginx"}
	for k, v := range requests {
		if c.Resources.Requests == nil {
			c.Resources.Requests = api.ResourceList{}
		}
		c.Resources.Requests[k] = api.MustParseQuantity(v)
	}
	for k, v := range limits {
		if c.Resources.Limits == nil {
			c.Resources.Limits = api.ResourceList{}
		}
		c.Resources.Limits[k] = api.MustParseQuantity(v)
	}
	return &api.Pod{ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default"}, Spec: api.PodSpec{Containers: []api.Container{c}}}
}

func TestStatusTracksHardAndUsed(t *testing.T) {
	f := newFixture(t)
	f.quota(t, "compute", map[string]string{"pods": "4", "requests.cpu": "1", "requests.memory": "1Gi", "limits.cpu": "2", "limits.memory": "2Gi"})
	hard, used := f.status(t, "compute")
	assert.Equal(t, map[string]string{"pods": "4", "requests.cpu": "1", "requests.memory": "1Gi", "limits.cpu": "2", "limits.memory": "2Gi"}, hard)
	assert.Equal(t, map[string]string{"pods": "0", "requests.cpu": "0", "requests.memory": "0", "limits.cpu": "0", "limits.memory": "0"}, used)

	for _, n := range []string{"a", "b"} {
		_, err := f.store.Create(pod(n, map[string]string{"cpu": "250m", "memory": "64Mi"}, map[string]string{"cpu": "500m", "memory": "128Mi"}))
		require.NoError(t, err)
	}
	f.settle()
	_, used = f.status(t, "compute")
	assert.Equal(t, map[string]string{"pods": "2", "requests.cpu": "500m", "requests.memory": "128Mi", "limits.cpu": "1", "limits.memory": "256Mi"}, used)

	_, err := f.store.Delete(api.Pods, "default", "a", store.DeleteOptions{})
	require.NoError(t, err)
	f.settle()
	_, used = f.status(t, "compute")
	assert.Equal(t, "1", used["pods"], "deleting a pod gives its share back")
}

func TestFinishedPodsAreNotCharged(t *testing.T) {
	f := newFixture(t)
	f.quota(t, "q", map[string]string{"pods": "1"})
	out, err := f.store.Create(pod("done", nil, nil))
	require.NoError(t, err)
	p := out.(*api.Pod)
	p.Status.Phase = api.PodSucceeded
	_, err = f.store.UpdateStatus(p)
	require.NoError(t, err)
	f.settle()
	_, used := f.status(t, "q")
	assert.Equal(t, "0", used["pods"])
	_, err = f.store.Create(pod("next", nil, nil))
	assert.NoError(t, err, "a Succeeded pod frees its slot")
}

func TestAdmissionRefusesACreateOverQuotaWithUpstreamsMessage(t *testing.T) {
	f := newFixture(t)
	f.quota(t, "compute", map[string]string{"pods": "2"})
	for _, n := range []string{"a", "b"} {
		_, err := f.store.Create(pod(n, nil, nil))
		require.NoError(t, err)
	}
	_, err := f.store.Create(pod("x", nil, nil))
	require.Error(t, err)
	assert.Equal(t, api.ReasonForbidden, api.ReasonOf(err))
	assert.Equal(t, `pods "x" is forbidden: exceeded quota: compute, requested: pods=1, used: pods=2, limited: pods=2`, err.Error())
}

func TestAdmissionNamesOnlyTheExceededResources(t *testing.T) {
	f := newFixture(t)
	f.quota(t, "mem", map[string]string{"pods": "10", "requests.memory": "100Mi", "requests.cpu": "10"})
	_, err := f.store.Create(pod("a", map[string]string{"cpu": "1", "memory": "64Mi"}, nil))
	require.NoError(t, err)
	_, err = f.store.Create(pod("b", map[string]string{"cpu": "1", "memory": "64Mi"}, nil))
	require.Error(t, err)
	assert.Equal(t, `pods "b" is forbidden: exceeded quota: mem, requested: requests.memory=64Mi, used: requests.memory=64Mi, limited: requests.memory=100Mi`, err.Error())
}

func TestAdmissionRequiresTheComputeResourcesAQuotaTracks(t *testing.T) {
	f := newFixture(t)
	f.quota(t, "compute", map[string]string{"requests.cpu": "1", "limits.cpu": "2", "limits.memory": "1Gi"})
	_, err := f.store.Create(pod("bare", nil, nil))
	require.Error(t, err)
	assert.Equal(t, `pods "bare" is forbidden: failed quota: compute: must specify limits.cpu for: nginx; limits.memory for: nginx; requests.cpu for: nginx`, err.Error())

	// Limits alone are enough: the API server defaults requests to them.
	_, err = f.store.Create(pod("limited", nil, map[string]string{"cpu": "500m", "memory": "128Mi"}))
	require.NoError(t, err)
	f.settle()
	_, used := f.status(t, "compute")
	assert.Equal(t, map[string]string{"requests.cpu": "500m", "limits.cpu": "500m", "limits.memory": "128Mi"}, used)
}

func TestObjectCountsByResourceName(t *testing.T) {
	f := newFixture(t)
	f.quota(t, "objects", map[string]string{"count/replicasets.apps": "1", "services": "1", "persistentvolumeclaims": "0"})
	rs := func(name string) *api.ReplicaSet {
		l := map[string]string{"app": name}
		return &api.ReplicaSet{ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default"},
			Spec: api.ReplicaSetSpec{Replicas: api.Ptr[int32](0), Selector: &api.LabelSelector{MatchLabels: l},
				Template: api.PodTemplateSpec{ObjectMeta: api.ObjectMeta{Labels: l}, Spec: api.PodSpec{Containers: []api.Container{{Name: "c", Image: "nginx"}}}}}}
	}
	_, err := f.store.Create(rs("one"))
	require.NoError(t, err)
	_, err = f.store.Create(rs("two"))
	require.Error(t, err)
	assert.Equal(t, `replicasets.apps "two" is forbidden: exceeded quota: objects, requested: count/replicasets.apps=1, used: count/replicasets.apps=1, limited: count/replicasets.apps=1`, err.Error())
	_, err = f.store.Create(&api.PersistentVolumeClaim{ObjectMeta: api.ObjectMeta{Name: "data", Namespace: "default"}})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "exceeded quota: objects, requested: persistentvolumeclaims=1, used: persistentvolumeclaims=0, limited: persistentvolumeclaims=0")
	f.settle()
	_, used := f.status(t, "objects")
	assert.Equal(t, map[string]string{"count/replicasets.apps": "1", "services": "0", "persistentvolumeclaims": "0"}, used)
}

func TestReplicaSetRecordsFailedCreateAndCatchesUpWhenTheQuotaGrows(t *testing.T) {
	f := newFixture(t)
	f.quota(t, "compute", map[string]string{"pods": "2"})
	l := map[string]string{"app": "web"}
	_, err := f.store.Create(&api.ReplicaSet{ObjectMeta: api.ObjectMeta{Name: "web", Namespace: "default"},
		Spec: api.ReplicaSetSpec{Replicas: api.Ptr[int32](3), Selector: &api.LabelSelector{MatchLabels: l},
			Template: api.PodTemplateSpec{ObjectMeta: api.ObjectMeta{Labels: l}, Spec: api.PodSpec{Containers: []api.Container{{Name: "c", Image: "nginx"}}}}}})
	require.NoError(t, err)
	f.settle()
	assert.Len(t, f.store.List(api.Pods, "default"), 2)
	var failed []string
	for _, o := range f.store.List(api.Events, "default") {
		if e := o.(*api.Event); e.Reason == "FailedCreate" {
			failed = append(failed, e.Message)
		}
	}
	require.NotEmpty(t, failed)
	assert.Regexp(t, `^Error creating: pods "web-[a-z0-9]{5}" is forbidden: exceeded quota: compute, requested: pods=1, used: pods=2, limited: pods=2$`, failed[0])

	o, _ := f.store.Get(api.ResourceQuotas, "default", "compute")
	q := api.DeepCopy(o.(*api.ResourceQuota))
	q.Spec.Hard["pods"] = api.MustParseQuantity("3")
	_, err = f.store.Update(q)
	require.NoError(t, err)
	f.clk.Advance(10 * time.Minute) // the ReplicaSet's retry back-off
	f.settle()
	assert.Len(t, f.store.List(api.Pods, "default"), 3)
}
