package statefulset

import (
	"sort"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/controller/controllertest"
	"github.com/kubeloop/kubeloop/core/store"
)

// fixture is a store with the StatefulSet controller and nothing else: no
// scheduler, no kubelet. The test plays the kubelet: ready() marks pods
// Running and Ready, as a node would after starting them.
type fixture struct {
	t     *testing.T
	clk   *clock.Sim
	store *store.Store
	mgr   *controller.Manager
}

func newFixture(t *testing.T) *fixture {
	clk, s, m := controllertest.Start(t, nil, Register)
	return &fixture{t: t, clk: clk, store: s, mgr: m}
}

// run runs every task due now.
func (f *fixture) run() {
	for f.clk.StepDue() {
	}
}

// ready binds every live, not-yet-ready pod to a node and marks it Running
// and Ready, and finishes deleting terminating pods; it reports whether it
// changed anything.
func (f *fixture) ready() bool {
	changed := false
	for _, p := range f.pods() {
		if p.DeletionTimestamp != nil {
			// The kubelet has stopped it: the final delete.
			_, err := f.store.Delete(api.Pods, p.Namespace, p.Name, store.DeleteOptions{GracePeriodSeconds: api.Ptr[int64](0)})
			require.NoError(f.t, err)
			changed = true
			continue
		}
		if runningAndReady(p) || isFinished(p) {
			continue
		}
		if p.Spec.NodeName == "" {
			bound, err := f.store.Bind(p.Namespace, p.Name, "node-1")
			require.NoError(f.t, err)
			p = bound.(*api.Pod)
		}
		c := api.DeepCopy(p)
		c.Status.Phase = api.PodRunning
		c.Status.Conditions = []api.PodCondition{{Type: api.PodReady, Status: api.ConditionTrue, LastTransitionTime: api.NewTime(f.clk.Now())}}
		_, err := f.store.UpdateStatus(c)
		require.NoError(f.t, err)
		changed = true
	}
	return changed
}

// settle alternates the controller and the "kubelet" until nothing changes,
// calling check after every round.
func (f *fixture) settle(check func()) {
	for i := 0; i < 200; i++ {
		f.run()
		if check != nil {
			check()
		}
		if !f.ready() {
			return
		}
	}
	f.t.Fatal("did not settle in 200 rounds")
}

func (f *fixture) pods() []*api.Pod {
	var out []*api.Pod
	for _, o := range f.store.List(api.Pods, "default") {
		out = append(out, o.(*api.Pod))
	}
	sort.Slice(out, func(i, j int) bool { return ordinal(out[i]) < ordinal(out[j]) })
	return out
}

func (f *fixture) set(name string) *api.StatefulSet {
	o, err := f.store.Get(api.StatefulSets, "default", name)
	require.NoError(f.t, err)
	return o.(*api.StatefulSet)
}

func (f *fixture) update(s *api.StatefulSet) {
	_, err := f.store.Update(s)
	require.NoError(f.t, err)
}

func (f *fixture) create(o api.Object) {
	_, err := f.store.Create(o)
	require.NoError(f.t, err)
}

func (f *fixture) why() []string {
	var out []string
	for _, e := range f.mgr.Trace.Since(0) {
		out = append(out, e.Why...)
	}
	return out
}

func ordinal(p *api.Pod) int {
	n, _ := ordinalOf(&api.StatefulSet{ObjectMeta: api.ObjectMeta{Name: p.Labels[PodNameLabel][:len(p.Name)-len(p.Labels[PodIndexLabel])-1]}}, p)
	return n
}

func newSet(name string, replicas int32) *api.StatefulSet {
	labels := map[string]string{"app": name}
	return &api.StatefulSet{
		ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default"},
		Spec: api.StatefulSetSpec{Replicas: api.Ptr(replicas), ServiceName: name,
			Selector: &api.LabelSelector{MatchLabels: labels},
			Template: api.PodTemplateSpec{ObjectMeta: api.ObjectMeta{Labels: labels},
				Spec: api.PodSpec{Containers: []api.Container{{Name: "nginx", Image: "nginx"}}}}},
	}
}

func withClaims(s *api.StatefulSet) *api.StatefulSet {
	s.Spec.VolumeClaimTemplates = []api.PersistentVolumeClaim{{
		ObjectMeta: api.ObjectMeta{Name: "www"},
		Spec: api.PersistentVolumeClaimSpec{AccessModes: []string{api.ReadWriteOnce},
			Resources: api.ResourceRequirements{Requests: api.ResourceList{"storage": api.MustParseQuantity("1Gi")}}},
	}}
	s.Spec.Template.Spec.Containers[0].VolumeMounts = []api.VolumeMount{{Name: "www", MountPath: "/usr/share/nginx/html"}}
	return s
}

func parallel(s *api.StatefulSet) *api.StatefulSet {
	s.Spec.PodManagementPolicy = api.ParallelPodManagement
	return s
}

func images(pods []*api.Pod) []string {
	out := make([]string, len(pods))
	for i, p := range pods {
		out[i] = p.Spec.Containers[0].Image
	}
	return out
}

func names(pods []*api.Pod) []string {
	out := make([]string, len(pods))
	for i, p := range pods {
		out[i] = p.Name
	}
	return out
}

func live(pods []*api.Pod) []*api.Pod {
	var out []*api.Pod
	for _, p := range pods {
		if p.DeletionTimestamp == nil {
			out = append(out, p)
		}
	}
	return out
}
