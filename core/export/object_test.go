package export_test

import (
	"testing"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/apijson"
	"github.com/kubeloop/kubeloop/core/export"
	"github.com/kubeloop/kubeloop/core/yaml"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// live decodes a manifest and does to it what the API server does on
// create: defaults, a uid and the bookkeeping, and what is given.
func live(t *testing.T, manifest string, server func(api.Object)) api.Object {
	t.Helper()
	objs, err := yaml.Decode(manifest)
	require.NoError(t, err)
	o := objs[0]
	m := o.GetObjectMeta()
	m.UID, m.ResourceVersion, m.Generation = "6f1c1f7e-0d4b-4c55-9a59-1d4c2b7a9e10", "1234", 2
	if m.Namespace == "" && api.KindOf(o).Namespaced {
		m.Namespace = "default"
	}
	api.Default(o)
	if j, ok := o.(*api.Job); ok {
		api.GenerateJobSelector(j)
	}
	if server != nil {
		server(o)
	}
	return o
}

// exported is the export of o as YAML text.
func exported(t *testing.T, o api.Object) string {
	t.Helper()
	tree, err := export.Object(o)
	require.NoError(t, err)
	return yaml.EncodeValue(tree)
}

// applied marks o as kubectl apply does: the manifest it applied, as JSON.
func applied(json string) func(api.Object) {
	return func(o api.Object) {
		m := o.GetObjectMeta()
		if m.Annotations == nil {
			m.Annotations = map[string]string{}
		}
		m.Annotations[export.LastApplied] = json
	}
}

const deployment = `apiVersion: apps/v1
kind: Deployment
metadata:
  labels:
    app: nginx
  name: nginx
spec:
  replicas: 3
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - image: nginx:1.7.9
        name: nginx
        ports:
        - containerPort: 80
        readinessProbe:
          httpGet:
            path: /
            port: 80
`

func TestDropsEveryDefaultedField(t *testing.T) {
	d := live(t, deployment, nil)
	require.NotNil(t, d.(*api.Deployment).Spec.Template.Spec.Containers[0].ReadinessProbe.HTTPGet.Scheme, "the server defaulted the probe")
	assert.Equal(t, deployment, exported(t, d))
}

func TestDropsStatusAndServerMetadata(t *testing.T) {
	d := live(t, deployment, func(o api.Object) {
		d := o.(*api.Deployment)
		d.CreationTimestamp = api.NewTime(time.Date(2026, 12, 5, 10, 0, 0, 0, time.UTC))
		d.Finalizers = []string{"foregroundDeletion", "example.com/keep"}
		d.OwnerReferences = []api.OwnerReference{{APIVersion: "v1", Kind: "ConfigMap", Name: "x", UID: "1"}}
		d.Annotations = map[string]string{"deployment.kubernetes.io/revision": "2"}
		d.Status.Replicas, d.Status.ReadyReplicas = 3, 3
	})
	text := exported(t, d)
	for _, f := range []string{"status", "uid", "resourceVersion", "generation", "creationTimestamp", "ownerReferences", "revision", "foregroundDeletion"} {
		assert.NotContains(t, text, f)
	}
	assert.Contains(t, text, "example.com/keep", "a finalizer of the learner's own domain stays")
}

func TestKeepsWhatTheLearnerWroteEvenWhenItIsTheDefault(t *testing.T) {
	d := live(t, deployment, applied(`{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"annotations":{},"name":"nginx","namespace":"default"},`+
		`"spec":{"replicas":3,"strategy":{"type":"RollingUpdate"},"template":{"spec":{"containers":[{"name":"nginx","image":"nginx:1.7.9","imagePullPolicy":"IfNotPresent"}]}}}}`))
	text := exported(t, d)
	assert.Contains(t, text, "strategy:\n    type: RollingUpdate\n")
	assert.Contains(t, text, "imagePullPolicy: IfNotPresent")
	assert.NotContains(t, text, "rollingUpdate", "the learner wrote the type, not the numbers")
	assert.NotContains(t, text, "namespace", "kubectl writes the namespace into last-applied itself")
}

func TestKeepsImperativeChangesOverLastApplied(t *testing.T) {
	d := live(t, deployment, applied(`{"metadata":{"name":"nginx"},"spec":{"replicas":3}}`))
	dep := d.(*api.Deployment)
	dep.Spec.Replicas = api.Ptr[int32](5)                      // kubectl scale
	dep.Spec.Template.Spec.Containers[0].Image = "nginx:1.9.1" // kubectl set image
	dep.Labels["tier"] = "web"                                 // kubectl label
	dep.Annotations["owner"] = "class-3"                       // kubectl annotate
	text := exported(t, d)
	for _, want := range []string{"replicas: 5", "image: nginx:1.9.1", "tier: web", "owner: class-3"} {
		assert.Contains(t, text, want)
	}
}

func TestDropsStatusInsideClaimTemplates(t *testing.T) {
	s := live(t, `apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: web
spec:
  serviceName: nginx
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - image: nginx:1.9.1
        name: nginx
  volumeClaimTemplates:
  - metadata:
      name: www
    spec:
      accessModes:
      - ReadWriteOnce
      resources:
        requests:
          storage: 1Gi
`, nil)
	require.Equal(t, api.ClaimPending, s.(*api.StatefulSet).Spec.VolumeClaimTemplates[0].Status.Phase, "the server gave the template a status")
	text := exported(t, s)
	for _, f := range []string{"status", "phase", "volumeMode", "kind: PersistentVolumeClaim", "replicas", "podManagementPolicy", "persistentVolumeClaimRetentionPolicy"} {
		assert.NotContains(t, text, f)
	}
	assert.Contains(t, text, "storage: 1Gi")
}

const nodePortService = `apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  ports:
  - port: 80
  - port: 90
  selector:
    app: web
  type: NodePort
`

func TestDropsWhatTheServerAllocated(t *testing.T) {
	svc := live(t, nodePortService, func(o api.Object) {
		s := o.(*api.Service)
		s.Spec.ClusterIP, s.Spec.ClusterIPs = "10.104.155.242", []string{"10.104.155.242"}
		s.Spec.Ports[0].NodePort, s.Spec.Ports[1].NodePort = 31234, 30090
	})
	assert.Equal(t, nodePortService, exported(t, svc))
}

func TestKeepsAllocatedFieldsTheLearnerWrote(t *testing.T) {
	svc := live(t, nodePortService, func(o api.Object) {
		s := o.(*api.Service)
		s.Spec.ClusterIP, s.Spec.ClusterIPs = "10.96.0.50", []string{"10.96.0.50"}
		s.Spec.Ports[0].NodePort, s.Spec.Ports[1].NodePort = 31234, 30090
		applied(`{"spec":{"clusterIP":"10.96.0.50","ports":[{"port":80},{"port":90,"nodePort":30090}]}}`)(o)
	})
	text := exported(t, svc)
	assert.Contains(t, text, "clusterIP: 10.96.0.50")
	assert.NotContains(t, text, "clusterIPs", "defaulting copies clusterIP into clusterIPs")
	assert.Contains(t, text, "nodePort: 30090")
	assert.NotContains(t, text, "31234")
}

func TestKeepsAHeadlessService(t *testing.T) {
	svc := live(t, `apiVersion: v1
kind: Service
metadata:
  name: nginx
spec:
  clusterIP: None
  ports:
  - port: 80
`, nil)
	text := exported(t, svc)
	assert.Contains(t, text, "clusterIP: None")
	assert.NotContains(t, text, "clusterIPs")
}

func TestDropsAJobsGeneratedSelectorAndLabels(t *testing.T) {
	j := live(t, `apiVersion: batch/v1
kind: Job
metadata:
  name: pi
spec:
  template:
    metadata:
      labels:
        app: pi
    spec:
      containers:
      - image: perl:5.34.0
        name: pi
      restartPolicy: Never
`, nil)
	require.NotNil(t, j.(*api.Job).Spec.Selector, "the server generated the selector")
	text := exported(t, j)
	for _, f := range []string{"selector", "controller-uid", "job-name", "6f1c1f7e"} {
		assert.NotContains(t, text, f)
	}
	assert.Contains(t, text, "app: pi")
}

func TestDropsAPodsNodeAndAdmissionDefaults(t *testing.T) {
	p := live(t, `apiVersion: v1
kind: Pod
metadata:
  name: one
spec:
  containers:
  - image: busybox:1.36
    name: one
`, func(o api.Object) {
		p := o.(*api.Pod)
		p.Spec.NodeName, p.Spec.ServiceAccountName = "node-2", "default"
		p.Spec.DeprecatedServiceAccount = "default"
		// What the ServiceAccount and Priority plugins add on create.
		api.MountServiceAccountToken(p, "kube-api-access-x7k2p")
		require.NoError(t, api.AdmitPodPriority(p))
	})
	require.Len(t, p.(*api.Pod).Spec.Volumes, 1)
	assert.Equal(t, `apiVersion: v1
kind: Pod
metadata:
  name: one
spec:
  containers:
  - image: busybox:1.36
    name: one
`, exported(t, p))
}

func TestRefusesALastAppliedThatIsNotJSON(t *testing.T) {
	d := live(t, deployment, applied("{not json"))
	_, err := export.Object(d)
	require.ErrorContains(t, err, "last-applied-configuration annotation is not JSON")
}

// BenchmarkObject: a Deployment kubectl created (every field tried) and
// one kubectl applied (all not written tried at once).
func BenchmarkObject(b *testing.B) {
	objs, err := yaml.Decode(deployment)
	require.NoError(b, err)
	created := objs[0]
	appliedJSON, err := apijson.Marshal(created)
	require.NoError(b, err)
	api.Default(created)
	withLastApplied := api.DeepCopyObject(created)
	applied(string(appliedJSON))(withLastApplied)
	for name, o := range map[string]api.Object{"created": created, "applied": withLastApplied} {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				if _, err := export.Object(o); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
