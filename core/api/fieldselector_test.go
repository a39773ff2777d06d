package api

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The API server's field selector syntax (apimachinery's fields package):
// no trimming, the first operator found left to right ("!=" before "=="
// before "=" at each position), and ',', '=' and '\' in a value escaped.
func TestParseFieldSelector(t *testing.T) {
	for _, c := range []struct {
		text string
		want []fieldTerm
	}{
		{"", nil},
		{"status.phase=Running", []fieldTerm{{field: "status.phase", value: "Running"}}},
		{"status.phase==Running", []fieldTerm{{field: "status.phase", value: "Running"}}},
		{"status.phase!=Running,spec.restartPolicy=Always", []fieldTerm{
			{field: "status.phase", value: "Running", not: true}, {field: "spec.restartPolicy", value: "Always"}}},
		{"a=", []fieldTerm{{field: "a"}}},
		{",a=b,", []fieldTerm{{field: "a", value: "b"}}},
		{" a = b", []fieldTerm{{field: " a ", value: " b"}}},
		{`a=x\,y\=z\\`, []fieldTerm{{field: "a", value: `x,y=z\`}}},
	} {
		s, err := ParseFieldSelector(c.text)
		require.NoError(t, err, c.text)
		assert.Equal(t, c.want, s.terms, c.text)
	}
	for text, msg := range map[string]string{
		"foo":                  "invalid selector: 'foo'; can't understand 'foo'",
		"a=b,c":                "invalid selector: 'a=b,c'; can't understand 'c'",
		`a=b\n`:                `invalid field selector: invalid escape sequence: \n`,
		`a=b\`:                 `invalid field selector: invalid escape sequence: \`,
		"a=b=c":                "invalid field selector: unescaped character in value: =",
		"a!==b":                "invalid field selector: unescaped character in value: =", // "!=" then "=b"
		"status.phase=Running": "",
	} {
		_, err := ParseFieldSelector(text)
		if msg == "" {
			assert.NoError(t, err)
			continue
		}
		assert.EqualError(t, err, msg, text)
	}
}

// Which fields each kind can be selected by, and the API server's words
// for the others (k8s.io/kubernetes pkg/apis/*/v1 conversion).
func TestFieldSelectorCheck(t *testing.T) {
	for _, c := range []struct {
		resource, text, err string
	}{
		{"pods", "spec.nodeName=node-1,status.phase=Running,status.podIP=10.244.1.2", ""},
		{"pods", "spec.hostNetwork=false,spec.schedulerName=default-scheduler,status.nominatedNodeName=", ""},
		{"pods", "status.hostIP=10.0.0.1", "field label not supported: status.hostIP"},
		{"nodes", "spec.unschedulable=true,metadata.name=node-1", ""},
		{"nodes", "metadata.namespace=default", "field label not supported: metadata.namespace"},
		{"events", "involvedObject.kind=Pod,involvedObject.name=web-0,reason=Killing,type=Normal,source=kubelet", ""},
		{"events", "message=x", "field label not supported: message"},
		{"jobs", "status.successful=1", ""},
		{"jobs", "status.succeeded=1", `field label "status.succeeded" not supported for batchv1.Job`},
		{"services", "spec.type=ClusterIP,spec.clusterIP=None", ""},
		{"secrets", "type=Opaque", ""},
		{"namespaces", "status.phase=Active", ""},
		{"deployments", "metadata.name=web,metadata.namespace=default", ""},
		{"deployments", "spec.replicas=3", `"spec.replicas" is not a known field selector: only "metadata.name", "metadata.namespace"`},
		{"statefulsets", "status.replicas=1", `"status.replicas" is not a known field selector: only "metadata.name", "metadata.namespace"`},
	} {
		s, err := ParseFieldSelector(c.text)
		require.NoError(t, err)
		err = s.Check(ResourceFor(c.resource))
		if c.err == "" {
			assert.NoError(t, err, "%s %s", c.resource, c.text)
		} else {
			assert.EqualError(t, err, c.err, "%s %s", c.resource, c.text)
		}
	}
}

func TestFieldSelectorMatches(t *testing.T) {
	pod := &Pod{ObjectMeta: ObjectMeta{Name: "web-0", Namespace: "default"},
		Spec:   PodSpec{NodeName: "node-1", RestartPolicy: "Always"},
		Status: PodStatus{Phase: "Running", PodIPs: []PodIP{{IP: "10.244.1.2"}, {IP: "fd00::2"}}}}
	node := &Node{ObjectMeta: ObjectMeta{Name: "node-1"}, Spec: NodeSpec{Unschedulable: true}}
	event := &Event{ObjectMeta: ObjectMeta{Name: "web-0.1", Namespace: "default"},
		InvolvedObject: ObjectReference{Kind: "Pod", Name: "web-0", Namespace: "default"},
		Reason:         "Started", Type: "Normal", ReportingComponent: "kubelet"}
	job := &Job{ObjectMeta: ObjectMeta{Name: "pi", Namespace: "default"}, Status: JobStatus{Succeeded: 1}}
	for _, c := range []struct {
		o    Object
		text string
		want bool
	}{
		{pod, "", true},
		{pod, "status.phase=Running", true},
		{pod, "status.phase!=Running", false},
		{pod, "status.phase=Running,spec.nodeName=node-2", false},
		{pod, "spec.nodeName!=node-2,metadata.namespace=default", true},
		{pod, "status.podIP=10.244.1.2", true}, // the first address
		{pod, "spec.hostNetwork=false", true},
		{pod, "status.podIPs=10.244.1.2", false}, // accepted, but not among the pod's fields
		{node, "spec.unschedulable=true", true},
		{node, "metadata.namespace=", true},
		{event, "involvedObject.kind=Pod,involvedObject.name=web-0,reason=Started", true},
		{event, "source=kubelet", true}, // no source component: the reporting one
		{event, "type=Warning", false},
		{job, "status.successful=1", true},
		{job, "status.successful=0", false},
	} {
		s, err := ParseFieldSelector(c.text)
		require.NoError(t, err)
		assert.Equal(t, c.want, s.Matches(c.o), "%T %s", c.o, c.text)
	}
}
