package clientgo

import (
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	appsv1 "k8s.io/api/apps/v1"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/intstr"
	"k8s.io/client-go/kubernetes"
	"k8s.io/utils/ptr"
)

// Objects client-go sends as protobuf (its typed clientsets' default)
// become the same objects as when it sends them as JSON: each is created
// twice, once each way, and the two that come back differ only in their
// name and what the server stamps.
func TestProtobufAndJSONCreateTheSameObjects(t *testing.T) {
	s := start(t)
	ctx := context.Background()
	jsonConfig := *s.config
	jsonConfig.ContentType = "application/json"
	viaJSON, err := kubernetes.NewForConfig(&jsonConfig)
	require.NoError(t, err)

	for _, c := range []struct {
		kind   string
		create func(cs kubernetes.Interface, name string) (metav1.Object, error)
	}{
		{"Pod", func(cs kubernetes.Interface, name string) (metav1.Object, error) {
			return cs.CoreV1().Pods("default").Create(ctx, richPod(name), metav1.CreateOptions{})
		}},
		{"Deployment", func(cs kubernetes.Interface, name string) (metav1.Object, error) {
			d := deployment(name, "nginx:1.25", 0)
			d.Spec.Template.Spec = richPod(name).Spec
			d.Spec.Template.Labels = d.Spec.Selector.MatchLabels
			d.Spec.Strategy = appsv1.DeploymentStrategy{Type: appsv1.RollingUpdateDeploymentStrategyType,
				RollingUpdate: &appsv1.RollingUpdateDeployment{MaxSurge: ptr.To(intstr.FromInt32(2)), MaxUnavailable: ptr.To(intstr.FromString("10%"))}}
			d.Spec.ProgressDeadlineSeconds = ptr.To[int32](120)
			return cs.AppsV1().Deployments("default").Create(ctx, d, metav1.CreateOptions{})
		}},
		{"Service", func(cs kubernetes.Interface, name string) (metav1.Object, error) {
			return cs.CoreV1().Services("default").Create(ctx, &corev1.Service{
				ObjectMeta: metav1.ObjectMeta{Name: name, Annotations: map[string]string{"a": ""}},
				Spec: corev1.ServiceSpec{Type: corev1.ServiceTypeNodePort, Selector: map[string]string{"app": "x"},
					Ports:           []corev1.ServicePort{{Name: "http", Port: 80, TargetPort: intstr.FromString("http")}, {Name: "metrics", Port: 9090, Protocol: corev1.ProtocolUDP}},
					SessionAffinity: corev1.ServiceAffinityClientIP}}, metav1.CreateOptions{})
		}},
		{"ConfigMap", func(cs kubernetes.Interface, name string) (metav1.Object, error) {
			return cs.CoreV1().ConfigMaps("default").Create(ctx, &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: name},
				Data: map[string]string{"empty": "", "text": "héllo\n"}, BinaryData: map[string][]byte{"bin": {0, 1, 255}},
				Immutable: ptr.To(false)}, metav1.CreateOptions{})
		}},
		{"Job", func(cs kubernetes.Interface, name string) (metav1.Object, error) {
			pod := richPod(name).Spec
			pod.RestartPolicy = corev1.RestartPolicyNever
			return cs.BatchV1().Jobs("default").Create(ctx, &batchv1.Job{ObjectMeta: metav1.ObjectMeta{Name: name},
				Spec: batchv1.JobSpec{Completions: ptr.To[int32](3), Parallelism: ptr.To[int32](0), BackoffLimit: ptr.To[int32](0),
					ActiveDeadlineSeconds: ptr.To[int64](600), Suspend: ptr.To(true),
					Template: corev1.PodTemplateSpec{Spec: pod}}}, metav1.CreateOptions{})
		}},
	} {
		t.Run(c.kind, func(t *testing.T) {
			fromProto, err := c.create(s.client, "proto")
			require.NoError(t, err, "created from protobuf")
			fromJSON, err := c.create(viaJSON, "json")
			require.NoError(t, err, "created from JSON")
			assert.Equal(t, comparable(t, fromJSON), comparable(t, fromProto))
		})
	}
}

// comparable is an object as indented JSON, without what differs
// between two creates: its name and uid (and the labels and volume
// names made from them), resource version, time of creation,
// managedFields and a Service's addresses.
func comparable(t *testing.T, o metav1.Object) string {
	o.SetName("")
	o.SetUID("")
	o.SetResourceVersion("")
	o.SetCreationTimestamp(metav1.Time{})
	o.SetManagedFields(nil)
	if svc, ok := o.(*corev1.Service); ok {
		svc.Spec.ClusterIP, svc.Spec.ClusterIPs = "", nil
		for i := range svc.Spec.Ports {
			svc.Spec.Ports[i].NodePort = 0
		}
	}
	b, err := json.MarshalIndent(o, "", "  ")
	require.NoError(t, err)
	text := uids.ReplaceAllString(string(b), "<uid>")
	text = apiAccess.ReplaceAllString(text, "kube-api-access-<random>")
	return strings.NewReplacer(`"proto"`, `"<name>"`, `"json"`, `"<name>"`).Replace(text)
}

var (
	uids      = regexp.MustCompile(`[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}`)
	apiAccess = regexp.MustCompile(`kube-api-access-[a-z0-9]{5}`)
)

// richPod sets fields of every shape: pointers holding zero, negative
// numbers, quantities, durations' kin, inline volume sources, probes with
// named ports, maps, lists of lists.
func richPod(name string) *corev1.Pod {
	return &corev1.Pod{
		ObjectMeta: metav1.ObjectMeta{Name: name, Labels: map[string]string{"app": name}, Annotations: map[string]string{"note": "ünïcode"}},
		Spec: corev1.PodSpec{
			TerminationGracePeriodSeconds: ptr.To[int64](0),
			Volumes: []corev1.Volume{
				{Name: "scratch", VolumeSource: corev1.VolumeSource{EmptyDir: &corev1.EmptyDirVolumeSource{SizeLimit: ptr.To(resource.MustParse("64Mi"))}}},
				{Name: "config", VolumeSource: corev1.VolumeSource{ConfigMap: &corev1.ConfigMapVolumeSource{
					LocalObjectReference: corev1.LocalObjectReference{Name: "settings"}, DefaultMode: ptr.To[int32](0o644), Optional: ptr.To(false)}}},
			},
			InitContainers: []corev1.Container{{Name: "init", Image: "busybox", Command: []string{"sh", "-c", "sleep 1"}}},
			Containers: []corev1.Container{{
				Name: "app", Image: "nginx:1.25", Args: []string{"--port", "8080", ""},
				Ports: []corev1.ContainerPort{{Name: "http", ContainerPort: 8080}},
				Env: []corev1.EnvVar{{Name: "MODE", Value: "fast"}, {Name: "POD", ValueFrom: &corev1.EnvVarSource{
					FieldRef: &corev1.ObjectFieldSelector{FieldPath: "metadata.name"}}}},
				Resources: corev1.ResourceRequirements{
					Requests: corev1.ResourceList{corev1.ResourceCPU: resource.MustParse("250m"), corev1.ResourceMemory: resource.MustParse("64Mi")},
					Limits:   corev1.ResourceList{corev1.ResourceCPU: resource.MustParse("1")}},
				VolumeMounts: []corev1.VolumeMount{{Name: "scratch", MountPath: "/tmp", ReadOnly: true}},
				ReadinessProbe: &corev1.Probe{ProbeHandler: corev1.ProbeHandler{HTTPGet: &corev1.HTTPGetAction{Path: "/healthz", Port: intstr.FromString("http")}},
					InitialDelaySeconds: 3, PeriodSeconds: 5, FailureThreshold: 2},
				SecurityContext: &corev1.SecurityContext{RunAsUser: ptr.To[int64](0), RunAsNonRoot: ptr.To(false), Privileged: ptr.To(false)},
			}},
			Tolerations: []corev1.Toleration{{Key: "dedicated", Operator: corev1.TolerationOpEqual, Value: "gpu",
				Effect: corev1.TaintEffectNoExecute, TolerationSeconds: ptr.To[int64](-1)}},
			NodeSelector: map[string]string{"kubernetes.io/os": "linux"},
			Affinity: &corev1.Affinity{NodeAffinity: &corev1.NodeAffinity{RequiredDuringSchedulingIgnoredDuringExecution: &corev1.NodeSelector{
				NodeSelectorTerms: []corev1.NodeSelectorTerm{{MatchExpressions: []corev1.NodeSelectorRequirement{
					{Key: "zone", Operator: corev1.NodeSelectorOpIn, Values: []string{"a", "b"}}}}}}}},
		},
	}
}
