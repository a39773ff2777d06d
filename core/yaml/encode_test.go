package yaml

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
)

// What `kubectl get deployment nginx-deployment -o yaml` prints for the
// course Deployment once admission has defaulted it (status left empty),
// less the fields kubeloop's types do not have (terminationMessagePath,
// securityContext, …).
const deploymentGetYAML = `apiVersion: apps/v1
kind: Deployment
metadata:
  annotations:
    deployment.kubernetes.io/revision: "1"
  creationTimestamp: "2026-01-01T00:00:00Z"
  generation: 1
  labels:
    app: nginx
  name: nginx-deployment
  namespace: default
  resourceVersion: "1234"
  uid: 0b6f3a1e-8f0e-4c1b-9a53-1f0c2d3e4f50
spec:
  progressDeadlineSeconds: 600
  replicas: 3
  revisionHistoryLimit: 10
  selector:
    matchLabels:
      app: nginx
  strategy:
    rollingUpdate:
      maxSurge: 25%
      maxUnavailable: 25%
    type: RollingUpdate
  template:
    metadata:
      creationTimestamp: null
      labels:
        app: nginx
    spec:
      containers:
      - image: nginx:1.7.9
        imagePullPolicy: IfNotPresent
        name: nginx
        ports:
        - containerPort: 80
          protocol: TCP
        resources: {}
        terminationMessagePath: /dev/termination-log
        terminationMessagePolicy: File
      dnsPolicy: ClusterFirst
      restartPolicy: Always
      schedulerName: default-scheduler
      securityContext: {}
      terminationGracePeriodSeconds: 30
status: {}
`

func storedDeployment(t *testing.T) *api.Deployment {
	t.Helper()
	d := decodeOne(t, deploymentYAML).(*api.Deployment)
	api.Default(d)
	d.Namespace = "default"
	d.UID = "0b6f3a1e-8f0e-4c1b-9a53-1f0c2d3e4f50"
	d.ResourceVersion = "1234"
	d.Generation = 1
	d.CreationTimestamp = api.NewTime(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	d.Annotations = map[string]string{"deployment.kubernetes.io/revision": "1"}
	return d
}

func TestEncodeLikeKubectlGetYAML(t *testing.T) {
	got, err := Encode(storedDeployment(t))
	require.NoError(t, err)
	assert.Equal(t, deploymentGetYAML, got)
}

func TestEncodeFillsInAPIVersionAndKind(t *testing.T) {
	ns := &api.Namespace{ObjectMeta: api.ObjectMeta{Name: "x"}}
	got, err := Encode(ns)
	require.NoError(t, err)
	assert.Equal(t, "apiVersion: v1\nkind: Namespace\nmetadata:\n  creationTimestamp: null\n  name: x\nspec: {}\nstatus: {}\n", got)
	assert.Empty(t, ns.Kind, "Encode must not change its argument")
}

func TestEncodeListLikeKubectlGetPods(t *testing.T) {
	got, err := EncodeList([]api.Object{
		&api.Namespace{TypeMeta: api.TypeMeta{APIVersion: "v1", Kind: "Namespace"}, ObjectMeta: api.ObjectMeta{Name: "a"}},
	})
	require.NoError(t, err)
	assert.Equal(t, `apiVersion: v1
items:
- apiVersion: v1
  kind: Namespace
  metadata:
    creationTimestamp: null
    name: a
  spec: {}
  status: {}
kind: List
metadata:
  resourceVersion: ""
`, got)

	got, err = EncodeList(nil)
	require.NoError(t, err)
	assert.Equal(t, "apiVersion: v1\nitems: []\nkind: List\nmetadata:\n  resourceVersion: \"\"\n", got)
}

// kubectl get -o json prints the server's object as an unstructured map:
// keys sorted at every level.
func TestEncodeJSONLikeKubectlGetJSON(t *testing.T) {
	ns := &api.Namespace{ObjectMeta: api.ObjectMeta{Name: "a", Labels: map[string]string{"x": "<y>"}}}
	got, err := EncodeJSON(ns)
	require.NoError(t, err)
	assert.Equal(t, `{
    "apiVersion": "v1",
    "kind": "Namespace",
    "metadata": {
        "creationTimestamp": null,
        "labels": {
            "x": "\u003cy\u003e"
        },
        "name": "a"
    },
    "spec": {},
    "status": {}
}
`, got)
}

// kubectl prints an object it built itself as a typed object: its Go
// type's field order, kind before apiVersion.
func TestEncodeTypedJSONLikeKubectlCreateDryRun(t *testing.T) {
	ns := &api.Namespace{ObjectMeta: api.ObjectMeta{Name: "a", Labels: map[string]string{"x": "<y>"}}}
	got, err := EncodeTypedJSON(ns)
	require.NoError(t, err)
	assert.Equal(t, `{
    "kind": "Namespace",
    "apiVersion": "v1",
    "metadata": {
        "name": "a",
        "creationTimestamp": null,
        "labels": {
            "x": "\u003cy\u003e"
        }
    },
    "spec": {},
    "status": {}
}
`, got)
	assert.Empty(t, ns.Kind, "the object given is not changed")
}

func populatedPod() *api.Pod {
	ts := api.NewTime(time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC))
	return &api.Pod{
		TypeMeta: api.TypeMeta{APIVersion: "v1", Kind: "Pod"},
		ObjectMeta: api.ObjectMeta{
			Name: "web-0", Namespace: "shop", UID: "u-1", ResourceVersion: "42", Generation: 2,
			CreationTimestamp: ts, DeletionTimestamp: &ts, DeletionGracePeriodSeconds: api.Ptr[int64](30),
			Labels:      map[string]string{"app": "web", "version": "1", "enabled": "true", "empty": ""},
			Annotations: map[string]string{"note": "a: b", "multi": "line one\nline two\n", "script": "#!/bin/sh\necho hi"},
			OwnerReferences: []api.OwnerReference{{APIVersion: "apps/v1", Kind: "StatefulSet", Name: "web", UID: "u-0",
				Controller: api.Ptr(true), BlockOwnerDeletion: api.Ptr(true)}},
			Finalizers: []string{"example.com/keep"},
		},
		Spec: api.PodSpec{
			Containers: []api.Container{{
				Name: "web", Image: "nginx:1.25", Command: []string{"sh", "-c", "echo 'hi'; sleep 10"},
				Ports: []api.ContainerPort{{Name: "http", ContainerPort: 80, Protocol: "TCP"}},
				Env:   []api.EnvVar{{Name: "PORT", Value: "8080"}, {Name: "DEBUG", Value: "yes"}},
				Resources: api.ResourceRequirements{
					Requests: api.ResourceList{"cpu": api.MustParseQuantity("100m"), "memory": api.MustParseQuantity("200Mi")},
					Limits:   api.ResourceList{"cpu": api.MustParseQuantity("1")},
				},
				VolumeMounts:   []api.VolumeMount{{Name: "www", MountPath: "/usr/share/nginx/html"}},
				ReadinessProbe: &api.Probe{HTTPGet: &api.HTTPGetAction{Path: "/", Port: api.FromString("http")}, PeriodSeconds: 5},
				LivenessProbe:  &api.Probe{TCPSocket: &api.TCPSocketAction{Port: api.FromInt(80)}},
			}},
			Volumes:                       []api.Volume{{Name: "www", EmptyDir: &api.EmptyDirVolumeSource{}}},
			RestartPolicy:                 "Always",
			TerminationGracePeriodSeconds: api.Ptr[int64](30),
			NodeSelector:                  map[string]string{"disk": "ssd"},
			Tolerations: []api.Toleration{{Key: "node.kubernetes.io/not-ready", Operator: "Exists",
				Effect: "NoExecute", TolerationSeconds: api.Ptr[int64](300)}},
			Hostname: "web-0", Subdomain: "nginx",
		},
		Status: api.PodStatus{
			Phase: "Running", PodIP: "10.244.1.5", StartTime: &ts,
			Conditions: []api.PodCondition{{Type: "Ready", Status: "True", LastTransitionTime: ts}},
			ContainerStatuses: []api.ContainerStatus{{Name: "web", Ready: true, RestartCount: 0, Image: "nginx:1.25",
				ImageID: "", State: api.ContainerState{Running: &api.ContainerStateRunning{StartedAt: ts}}}},
		},
	}
}

func TestEncodeDecodeRoundTrip(t *testing.T) {
	for name, o := range map[string]api.Object{
		"deployment": storedDeployment(t),
		"pod":        populatedPod(),
	} {
		t.Run(name, func(t *testing.T) {
			text, err := Encode(o)
			require.NoError(t, err)
			back := decodeOne(t, text)
			assert.Equal(t, o, back, "YAML:\n%s", text)
		})
	}
}

func TestEncodeQuotesPodStrings(t *testing.T) {
	text, err := Encode(populatedPod())
	require.NoError(t, err)
	for _, want := range []string{
		"    version: \"1\"\n", "    enabled: \"true\"\n", "    empty: \"\"\n",
		"    note: 'a: b'\n", "    multi: |\n      line one\n      line two\n",
		"    script: |-\n      #!/bin/sh\n      echo hi\n",
		"  creationTimestamp: \"2026-03-04T05:06:07Z\"\n",
		"  - sh\n    - -c\n    - echo 'hi'; sleep 10\n",
		"      value: \"8080\"\n", "      value: \"yes\"\n",
		"        cpu: 100m\n", "        cpu: \"1\"\n",
		"  - emptyDir: {}\n",
	} {
		assert.Contains(t, text, want)
	}
}

// The encoders are on the path of every `kubectl get -o yaml` and `-o json`
// (and the page's YAML view of an object).
func BenchmarkEncodePod(b *testing.B) {
	objs, err := Decode(podYAML)
	require.NoError(b, err)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Encode(objs[0]); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkEncodeJSONPod(b *testing.B) {
	objs, err := Decode(podYAML)
	require.NoError(b, err)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := EncodeJSON(objs[0]); err != nil {
			b.Fatal(err)
		}
	}
}
