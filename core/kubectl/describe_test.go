package kubectl

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
)

func TestDescribeDeployment(t *testing.T) {
	e := historyEnv(t)
	e.clk.Advance(90 * time.Second)
	now := e.clk.Now()
	o, err := e.st.Get(api.Deployments, "default", "nginx-deployment")
	require.NoError(t, err)
	d := o.(*api.Deployment)
	e.create(&api.Event{ObjectMeta: api.ObjectMeta{Name: "a", Namespace: "default"}, Type: "Normal", Reason: "ScalingReplicaSet",
		InvolvedObject: api.ObjectReference{Kind: "Deployment", Name: d.Name, Namespace: "default", UID: d.UID},
		Message:        "Scaled up replica set nginx-deployment-5bf87f5f59 from 0 to 3", Source: api.EventSource{Component: "deployment-controller"},
		FirstTimestamp: api.NewTime(now.Add(-80 * time.Second)), LastTimestamp: api.NewTime(now.Add(-20 * time.Second)), Count: 4})
	e.create(&api.Event{ObjectMeta: api.ObjectMeta{Name: "b", Namespace: "default"}, Type: "Normal", Reason: "ScalingReplicaSet",
		InvolvedObject: api.ObjectReference{Kind: "Deployment", Name: d.Name, Namespace: "default", UID: "an-older-deployment"},
		Message:        "not this one", FirstTimestamp: api.NewTime(now), LastTimestamp: api.NewTime(now), Count: 1})

	r := e.run("kubectl describe deploy nginx-deployment")
	assert.Equal(t, lines(
		"Name:                   nginx-deployment",
		"Namespace:              default",
		"CreationTimestamp:      Thu, 01 Jan 2026 00:00:00 +0000",
		"Labels:                 app=nginx",
		"Annotations:            deployment.kubernetes.io/revision: 4",
		"                        kubernetes.io/change-cause: kubectl set image deployment/nginx-deployment nginx=nginx:1.9.1",
		"Selector:               app=nginx",
		"Replicas:               3 desired | 0 updated | 0 total | 0 available | 0 unavailable",
		"StrategyType:           RollingUpdate",
		"MinReadySeconds:        0",
		"RollingUpdateStrategy:  25% max unavailable, 25% max surge",
		"Pod Template:",
		"  Labels:  app=nginx",
		"  Containers:",
		"   nginx:",
		"    Image:         nginx:1.9.1",
		"    Port:          80/TCP",
		"    Host Port:     0/TCP",
		"    Environment:   <none>",
		"    Mounts:        <none>",
		"  Volumes:         <none>",
		"  Node-Selectors:  <none>",
		"  Tolerations:     <none>",
		"OldReplicaSets:    nginx-deployment-5bf87f5f59 (0/0 replicas created), nginx-deployment-68d9b7b4f5 (0/0 replicas created)",
		"NewReplicaSet:     nginx-deployment-7d9d8b6d4c (3/3 replicas created)",
		"Events:",
		"  Type    Reason             Age                From                   Message",
		"  ----    ------             ----               ----                   -------",
		"  Normal  ScalingReplicaSet  20s (x4 over 80s)  deployment-controller  Scaled up replica set nginx-deployment-5bf87f5f59 from 0 to 3",
	), r.Stdout)

	r = e.run("kubectl describe deploy nginx-deployment --show-events=false")
	assert.NotContains(t, r.Stdout, "Events")
}

func TestDescribeReplicaSet(t *testing.T) {
	e := historyEnv(t)
	r := e.run("kubectl describe rs nginx-deployment-7d9d8b6d4c")
	assert.Equal(t, lines(
		"Name:           nginx-deployment-7d9d8b6d4c",
		"Namespace:      default",
		"Selector:       app=nginx,pod-template-hash=7d9d8b6d4c",
		"Labels:         app=nginx",
		"                pod-template-hash=7d9d8b6d4c",
		"Annotations:    deployment.kubernetes.io/revision: 4",
		"                deployment.kubernetes.io/revision-history: 2",
		"                kubernetes.io/change-cause: kubectl set image deployment/nginx-deployment nginx=nginx:1.9.1",
		"Controlled By:  Deployment/nginx-deployment",
		"Replicas:       3 current / 3 desired",
		"Pods Status:    0 Running / 0 Waiting / 0 Succeeded / 0 Failed",
		"Pod Template:",
		"  Labels:  app=nginx",
		"           pod-template-hash=7d9d8b6d4c",
		"  Containers:",
		"   nginx:",
		"    Image:         nginx:1.9.1",
		"    Port:          80/TCP",
		"    Host Port:     0/TCP",
		"    Environment:   <none>",
		"    Mounts:        <none>",
		"  Volumes:         <none>",
		"  Node-Selectors:  <none>",
		"  Tolerations:     <none>",
		"Events:            <none>",
	), r.Stdout)
}

func TestDescribePod(t *testing.T) {
	e := clusterEnv(t)
	e.update("pod", "default", "nginx-deployment-5bf87f5f59-7xk2p", func(o api.Object) {
		p := o.(*api.Pod)
		p.OwnerReferences = []api.OwnerReference{{APIVersion: "apps/v1", Kind: "ReplicaSet", Name: "nginx-deployment-5bf87f5f59", UID: "u", Controller: api.Ptr(true)}}
		p.Spec.Containers[0].Ports = []api.ContainerPort{{ContainerPort: 80, Protocol: "TCP"}}
		p.Spec.Containers[0].Env = []api.EnvVar{{Name: "POD", ValueFrom: &api.EnvVarSource{FieldRef: &api.ObjectFieldSelector{FieldPath: "metadata.name"}}}}
		p.Spec.Containers[0].ReadinessProbe = &api.Probe{HTTPGet: &api.HTTPGetAction{Path: "/", Port: api.FromInt(80)}, PeriodSeconds: 5}
		p.Status.HostIP = "172.18.0.2"
		p.Status.PodIPs = []api.PodIP{{IP: "10.244.0.5"}}
		p.Status.StartTime = &p.Status.ContainerStatuses[0].State.Running.StartedAt
		p.Status.ContainerStatuses[0].ContainerID = "containerd://0123"
		p.Status.ContainerStatuses[0].ImageID = "docker.io/library/nginx@sha256:abcd"
		p.Status.ContainerStatuses[0].RestartCount = 1
		p.Status.ContainerStatuses[0].LastState.Terminated = &api.ContainerStateTerminated{ExitCode: 137, Reason: "Error",
			StartedAt: p.Status.ContainerStatuses[0].State.Running.StartedAt, FinishedAt: p.Status.ContainerStatuses[0].State.Running.StartedAt}
	})
	now := e.clk.Now()
	p, err := e.st.Get(api.Pods, "default", "nginx-deployment-5bf87f5f59-7xk2p")
	require.NoError(t, err)
	for i, ev := range []struct {
		typ, reason, msg string
		count            int32
	}{
		{"Normal", "Scheduled", "Successfully assigned default/nginx-deployment-5bf87f5f59-7xk2p to control-plane", 1},
		{"Warning", "BackOff", "Back-off pulling image \"nginx:1.91\"", 3},
	} {
		e.create(&api.Event{ObjectMeta: api.ObjectMeta{Name: "e" + strings.ToLower(ev.reason), Namespace: "default"}, Type: ev.typ, Reason: ev.reason,
			InvolvedObject: api.ObjectReference{Kind: "Pod", Name: p.GetObjectMeta().Name, Namespace: "default", UID: p.GetObjectMeta().UID},
			Message:        ev.msg, Source: api.EventSource{Component: []string{"default-scheduler", "kubelet"}[i]},
			FirstTimestamp: api.NewTime(now.Add(-95 * time.Second)), LastTimestamp: api.NewTime(now.Add(time.Duration(i-95) * time.Second)), Count: ev.count})
	}
	r := e.run("kubectl describe pod nginx-deployment-5bf87f5f59-7xk2p")
	want := lines(
		"Name:         nginx-deployment-5bf87f5f59-7xk2p",
		"Namespace:    default",
		"Node:         control-plane/172.18.0.2",
		"Start Time:   Thu, 01 Jan 2026 00:00:30 +0000",
		"Labels:       app=nginx",
		"              pod-template-hash=5bf87f5f59",
		"Annotations:  <none>",
		"Status:       Running",
		"IP:           10.244.0.5",
		"IPs:",
		"  IP:           10.244.0.5",
		"Controlled By:  ReplicaSet/nginx-deployment-5bf87f5f59",
		"Containers:",
		"  nginx:",
		"    Container ID:   containerd://0123",
		"    Image:          nginx:1.7.9",
		"    Image ID:       docker.io/library/nginx@sha256:abcd",
		"    Port:           80/TCP",
		"    Host Port:      0/TCP",
		"    State:          Running",
		"      Started:      Thu, 01 Jan 2026 00:00:30 +0000",
		"    Last State:     Terminated",
		"      Reason:       Error",
		"      Exit Code:    137",
		"      Started:      Thu, 01 Jan 2026 00:00:30 +0000",
		"      Finished:     Thu, 01 Jan 2026 00:00:30 +0000",
		"    Ready:          True",
		"    Restart Count:  1",
		"    Readiness:      http-get http://:80/ delay=0s timeout=1s period=5s #success=1 #failure=3",
		"    Environment:",
		"      POD:   nginx-deployment-5bf87f5f59-7xk2p (v1:metadata.name)",
		"    Mounts:  <none>",
		"Conditions:",
		"  Type           Status",
		"  Ready          True ",
		"Volumes:         <none>",
		"QoS Class:       BestEffort",
		"Node-Selectors:  <none>",
		"Tolerations:     node.kubernetes.io/not-ready:NoExecute op=Exists for 300s",
		"                 node.kubernetes.io/unreachable:NoExecute op=Exists for 300s",
		"Events:",
		"  Type     Reason     Age                From               Message",
		"  ----     ------     ----               ----               -------",
		"  Normal   Scheduled  95s                default-scheduler  Successfully assigned default/nginx-deployment-5bf87f5f59-7xk2p to control-plane",
		"  Warning  BackOff    94s (x3 over 95s)  kubelet            Back-off pulling image \"nginx:1.91\"",
	)
	assert.Equal(t, want, r.Stdout)
}

func TestDescribeSelectsObjects(t *testing.T) {
	e := clusterEnv(t)
	tests := []struct {
		name, cmd string
		pages     []string // the Name: of each page, in order
		stderr    string
	}{
		{"one", "kubectl describe pods/web", []string{"web"}, ""},
		{"every object of the type", "kubectl describe deployments", []string{"nginx-deployment"}, ""},
		{"by name prefix", "kubectl describe pod nginx-deployment-5bf87f5f59", []string{
			"nginx-deployment-5bf87f5f59-7xk2p", "nginx-deployment-5bf87f5f59-bq4zt", "nginx-deployment-5bf87f5f59-x9w4d"}, ""},
		{"by label", "kubectl describe pods -l run=web", []string{"web"}, ""},
		{"in another namespace", "kubectl -n kube-system describe pods", []string{"coredns-7db6d8ff4d-abcde"}, ""},
		{"a namespace, generically", "kubectl describe ns default", []string{"default"}, ""},
		{"not found", "kubectl describe pod nope", nil, "Error from server (NotFound): pods \"nope\" not found\n"},
		{"nothing there", "kubectl describe pods -n empty", nil, "No resources found in empty namespace.\n"},
		{"a selector the server cannot parse", "kubectl describe pods -l 'run in web'", nil,
			"Error from server (BadRequest): Unable to find \"/v1, Resource=pods\" that match label selector \"run in web\", field selector \"\": unable to parse requirement: found 'in web', expected: '=', '!=', '==', 'in', notin'\n"},
		{"no type", "kubectl describe", nil,
			"error: You must specify the type of resource to describe. Use \"kubectl api-resources\" for a complete list of supported resources.\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := e.run(tt.cmd)
			var names []string
			for _, l := range strings.Split(r.Stdout, "\n") {
				if strings.HasPrefix(l, "Name:") {
					names = append(names, strings.TrimSpace(strings.TrimPrefix(l, "Name:")))
				}
			}
			assert.Equal(t, tt.pages, names)
			assert.Equal(t, tt.stderr, r.Stderr)
			if len(tt.pages) > 1 {
				assert.Contains(t, r.Stdout, "<none>\n\n\nName:", "pages are two blank lines apart")
			}
		})
	}
}

func TestDescribeGenericListsFieldsByName(t *testing.T) {
	e := clusterEnv(t)
	r := e.run("kubectl describe ns default")
	assert.Equal(t, lines(
		"Name:         default",
		"Namespace:    ",
		"Labels:       kubernetes.io/metadata.name=default",
		"Annotations:  <none>",
		"API Version:  v1",
		"Kind:         Namespace",
		"Metadata:",
		"  Creation Timestamp:  2026-01-01T00:00:00Z",
		"  Resource Version:    2",
		"  UID:                 8707a01d-6329-47df-b83f-1bd4a477b564",
		"Spec:",
		"  Finalizers:",
		"    kubernetes",
		"Status:",
		"  Phase:  Active",
		"Events:   <none>",
	), r.Stdout)
}

func TestSmartLabel(t *testing.T) {
	for in, want := range map[string]string{
		"creationTimestamp": "Creation Timestamp", "uid": "UID", "apiVersion": "API Version",
		"podCIDR": "Pod CIDR", "phase": "Phase", "node-role": "Node-role", "x.y": "x.y",
	} {
		assert.Equal(t, want, smartLabel(in), in)
	}
}
