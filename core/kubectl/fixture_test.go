package kubectl

import (
	"io/fs"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/kubeloop/kubeloop/core/kubectl/helptext"
	"github.com/kubeloop/kubeloop/core/store"
	"github.com/kubeloop/kubeloop/site/data"
)

// fakeEnv is a store on a simulated clock with no controllers: RunUntil
// advances the clock a second at a time and calls tick, which stands in
// for the controllers by mutating objects.
type fakeEnv struct {
	t     *testing.T
	clk   *clock.Sim
	st    *store.Store
	files map[string]string
	tick  func(now time.Time)
}

func (e *fakeEnv) Store() *store.Store { return e.st }

func (e *fakeEnv) RunUntil(done func() bool, max time.Duration) bool {
	for elapsed := time.Duration(0); ; elapsed += time.Second {
		if done() {
			return true
		}
		if elapsed >= max {
			return false
		}
		e.clk.Advance(time.Second)
		if e.tick != nil {
			e.tick(e.clk.Now())
		}
	}
}

func (e *fakeEnv) ReadFile(name string) ([]byte, error) {
	if s, ok := e.files[name]; ok {
		return []byte(s), nil
	}
	return nil, fs.ErrNotExist
}

// helpTexts are the help pages every fakeEnv holds, as a host hands its
// cluster site/data/kubectl-help.json.
var helpTexts = data.MustKubectlHelp()

func (e *fakeEnv) KubectlHelp() helptext.Pages { return helpTexts }

func (e *fakeEnv) run(line string) Result { return Run(e, line, "") }

// newEnv is an empty cluster with namespaces default and kube-system.
func newEnv(t *testing.T) *fakeEnv {
	clk := clock.New(1)
	e := &fakeEnv{t: t, clk: clk, st: store.New(clk), files: map[string]string{}}
	for _, ns := range []string{"default", "kube-system"} {
		e.create(&api.Namespace{ObjectMeta: api.ObjectMeta{Name: ns}, Status: api.NamespaceStatus{Phase: "Active"}})
	}
	return e
}

// create stores o and then sets its status as given (the store keeps
// status out of Create's hands only on update, so write it explicitly).
func (e *fakeEnv) create(o api.Object) api.Object {
	e.t.Helper()
	got, err := e.st.Create(o)
	require.NoError(e.t, err)
	st := api.DeepCopyObject(o)
	st.GetObjectMeta().ResourceVersion = ""
	st.GetObjectMeta().Name = got.GetObjectMeta().Name
	got, err = e.st.UpdateStatus(st)
	require.NoError(e.t, err)
	return got
}

// update applies fn to a copy of the stored object and writes both spec
// and status.
func (e *fakeEnv) update(k, ns, name string, fn func(o api.Object)) {
	e.t.Helper()
	kind := api.ResourceFor(k)
	live, err := e.st.Get(kind, ns, name)
	require.NoError(e.t, err)
	o := api.DeepCopyObject(live)
	fn(o)
	o.GetObjectMeta().ResourceVersion = ""
	_, err = e.st.Update(o)
	require.NoError(e.t, err)
	_, err = e.st.UpdateStatus(o)
	require.NoError(e.t, err)
}

var nginxLabels = map[string]string{"app": "nginx"}

func deployment(name string, replicas int32, image string) *api.Deployment {
	return &api.Deployment{
		ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default", Labels: map[string]string{"app": "nginx"}},
		Spec: api.DeploymentSpec{
			Replicas: api.Ptr(replicas),
			Selector: &api.LabelSelector{MatchLabels: nginxLabels},
			Template: api.PodTemplateSpec{
				ObjectMeta: api.ObjectMeta{Labels: nginxLabels},
				Spec:       api.PodSpec{Containers: []api.Container{{Name: "nginx", Image: image, Ports: []api.ContainerPort{{ContainerPort: 80}}}}},
			},
		},
	}
}

func runningPod(name, node, ip string, now time.Time) *api.Pod {
	return &api.Pod{
		ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default",
			Labels: map[string]string{"app": "nginx", "pod-template-hash": "5bf87f5f59"}},
		Spec: api.PodSpec{NodeName: node, Containers: []api.Container{{Name: "nginx", Image: "nginx:1.7.9"}}},
		Status: api.PodStatus{
			Phase: api.PodRunning, PodIP: ip,
			Conditions: []api.PodCondition{{Type: api.PodReady, Status: api.ConditionTrue}},
			ContainerStatuses: []api.ContainerStatus{{Name: "nginx", Ready: true,
				State: api.ContainerState{Running: &api.ContainerStateRunning{StartedAt: api.NewTime(now)}}}},
		},
	}
}

// clusterEnv is a small cluster: two nodes, a Deployment of three nginx
// pods with its ReplicaSet, a pod still creating, and a pod in kube-system.
func clusterEnv(t *testing.T) *fakeEnv {
	e := newEnv(t)
	e.create(&api.Node{
		ObjectMeta: api.ObjectMeta{Name: "control-plane", Labels: map[string]string{"node-role.kubernetes.io/control-plane": ""}},
		Status: api.NodeStatus{
			Conditions: []api.NodeCondition{{Type: "Ready", Status: "True"}},
			Addresses:  []api.NodeAddress{{Type: "InternalIP", Address: "172.18.0.2"}},
			NodeInfo:   api.NodeSystemInfo{KubeletVersion: "v1.31.0", OSImage: "Debian GNU/Linux 12 (bookworm)", KernelVersion: "6.1.0", ContainerRuntimeVersion: "containerd://1.7.18"},
		},
	})
	e.create(&api.Node{
		ObjectMeta: api.ObjectMeta{Name: "worker"},
		Spec:       api.NodeSpec{Unschedulable: true},
		Status: api.NodeStatus{
			Conditions: []api.NodeCondition{{Type: "Ready", Status: "Unknown"}},
			NodeInfo:   api.NodeSystemInfo{KubeletVersion: "v1.31.0"},
		},
	})
	e.clk.Advance(30 * time.Second)
	d := deployment("nginx-deployment", 3, "nginx:1.7.9")
	d.Status = api.DeploymentStatus{ObservedGeneration: 1, Replicas: 3, UpdatedReplicas: 3, ReadyReplicas: 3, AvailableReplicas: 3}
	e.create(d)
	rs := &api.ReplicaSet{
		ObjectMeta: api.ObjectMeta{Name: "nginx-deployment-5bf87f5f59", Namespace: "default",
			Labels: map[string]string{"app": "nginx", "pod-template-hash": "5bf87f5f59"}},
		Spec: api.ReplicaSetSpec{
			Replicas: api.Ptr[int32](3),
			Selector: &api.LabelSelector{MatchLabels: map[string]string{"app": "nginx", "pod-template-hash": "5bf87f5f59"}},
			Template: api.PodTemplateSpec{
				ObjectMeta: api.ObjectMeta{Labels: map[string]string{"app": "nginx", "pod-template-hash": "5bf87f5f59"}},
				Spec:       api.PodSpec{Containers: []api.Container{{Name: "nginx", Image: "nginx:1.7.9"}}},
			},
		},
		Status: api.ReplicaSetStatus{Replicas: 3, ReadyReplicas: 3, AvailableReplicas: 3},
	}
	e.create(rs)
	for i, name := range []string{"nginx-deployment-5bf87f5f59-7xk2p", "nginx-deployment-5bf87f5f59-bq4zt", "nginx-deployment-5bf87f5f59-x9w4d"} {
		e.create(runningPod(name, "control-plane", "10.244.0."+string(rune('5'+i)), e.clk.Now()))
	}
	e.clk.Advance(90 * time.Second)
	creating := runningPod("web", "control-plane", "", e.clk.Now())
	creating.Labels = map[string]string{"run": "web"}
	creating.Status = api.PodStatus{Phase: api.PodPending, ContainerStatuses: []api.ContainerStatus{{Name: "nginx",
		State: api.ContainerState{Waiting: &api.ContainerStateWaiting{Reason: "ContainerCreating"}}}}}
	e.create(creating)
	dns := runningPod("coredns-7db6d8ff4d-abcde", "control-plane", "10.244.0.2", e.clk.Now())
	dns.Namespace = "kube-system"
	dns.Labels = map[string]string{"k8s-app": "kube-dns"}
	dns.Status.ContainerStatuses[0].RestartCount = 2
	e.create(dns)
	e.clk.Advance(5 * time.Second)
	return e
}
