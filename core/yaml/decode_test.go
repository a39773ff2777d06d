package yaml

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
)

func decodeOne(t *testing.T, text string) api.Object {
	t.Helper()
	objs, err := Decode(text)
	require.NoError(t, err)
	require.Len(t, objs, 1)
	return objs[0]
}

func TestDecodesCourseDeployment(t *testing.T) {
	d, ok := decodeOne(t, deploymentYAML).(*api.Deployment)
	require.True(t, ok)
	// apiVersion and kind land in the inline TypeMeta.
	assert.Equal(t, api.TypeMeta{APIVersion: "apps/v1", Kind: "Deployment"}, d.TypeMeta)
	assert.Equal(t, "nginx-deployment", d.Name)
	assert.Equal(t, map[string]string{"app": "nginx"}, d.Labels)
	assert.Equal(t, int32(3), *d.Spec.Replicas)
	assert.Equal(t, map[string]string{"app": "nginx"}, d.Spec.Selector.MatchLabels)
	assert.Equal(t, map[string]string{"app": "nginx"}, d.Spec.Template.Labels)
	require.Len(t, d.Spec.Template.Spec.Containers, 1)
	c := d.Spec.Template.Spec.Containers[0]
	assert.Equal(t, "nginx", c.Name)
	assert.Equal(t, "nginx:1.7.9", c.Image)
	assert.Equal(t, []api.ContainerPort{{ContainerPort: 80}}, c.Ports)
}

func TestDecodesReplicaSetWithFlowStyle(t *testing.T) {
	rs := decodeOne(t, replicaSetYAML).(*api.ReplicaSet)
	assert.Equal(t, []api.LabelSelectorRequirement{{Key: "tier", Operator: "In", Values: []string{"frontend"}}},
		rs.Spec.Selector.MatchExpressions)
	assert.Equal(t, "gcr.io/google_samples/gb-frontend:v3", rs.Spec.Template.Spec.Containers[0].Image)
}

func TestDecodesPodWithResourcesProbesEnvAndMounts(t *testing.T) {
	p := decodeOne(t, podYAML).(*api.Pod)
	c := p.Spec.Containers[0]
	assert.Equal(t, "OnFailure", p.Spec.RestartPolicy)
	assert.Equal(t, []string{"--port", "8080"}, c.Args)
	assert.Equal(t, "production", c.Env[0].Value)
	assert.Equal(t, "metadata.name", c.Env[1].ValueFrom.FieldRef.FieldPath)
	// Quantities as strings and as bare numbers.
	assert.Equal(t, int64(100), c.Resources.Requests["cpu"].MilliValue())
	assert.Equal(t, int64(200<<20), c.Resources.Requests["memory"].Value())
	assert.Equal(t, int64(1000), c.Resources.Limits["cpu"].MilliValue())
	assert.Equal(t, "1", c.Resources.Limits["cpu"].String())
	assert.Equal(t, int64(1<<30), c.Resources.Limits["memory"].Value())
	// IntOrString as a number and as a name.
	assert.Equal(t, api.FromInt(8080), c.ReadinessProbe.HTTPGet.Port)
	assert.Equal(t, api.FromString("http"), c.LivenessProbe.TCPSocket.Port)
	assert.Equal(t, int32(5), c.ReadinessProbe.InitialDelaySeconds)
	assert.Equal(t, []api.VolumeMount{{Name: "data", MountPath: "/data", ReadOnly: true}}, c.VolumeMounts)
	assert.NotNil(t, p.Spec.Volumes[0].EmptyDir)
	assert.Equal(t, "100", p.Annotations["note"])
}

func TestDecodesNamespace(t *testing.T) {
	ns := decodeOne(t, namespaceYAML).(*api.Namespace)
	assert.Equal(t, "lesson-1", ns.Name)
	assert.Equal(t, "Namespace", ns.Kind)
}

func TestDecodesMultipleDocumentsSkippingEmptyOnes(t *testing.T) {
	objs, err := Decode(multiDocYAML)
	require.NoError(t, err)
	require.Len(t, objs, 2)
	assert.Equal(t, "shop", objs[0].(*api.Namespace).Name)
	p := objs[1].(*api.Pod)
	assert.Equal(t, "one", p.Name)
	assert.Equal(t, "shop", p.Namespace)
}

func TestDecodesMaxSurgeAsIntOrPercent(t *testing.T) {
	for _, tc := range []struct {
		surge string
		want  api.IntOrString
	}{
		{"1", api.FromInt(1)},
		{"25%", api.FromString("25%")},
		{`"30%"`, api.FromString("30%")},
	} {
		t.Run(tc.surge, func(t *testing.T) {
			text := strings.Replace(deploymentYAML, "  replicas: 3\n",
				"  replicas: 3\n  strategy:\n    rollingUpdate:\n      maxSurge: "+tc.surge+"\n", 1)
			d := decodeOne(t, text).(*api.Deployment)
			assert.Equal(t, tc.want, *d.Spec.Strategy.RollingUpdate.MaxSurge)
		})
	}
}

func TestDecodesTimestampsAndNull(t *testing.T) {
	p := decodeOne(t, `apiVersion: v1
kind: Pod
metadata:
  name: p
  creationTimestamp: "2026-01-01T00:00:00Z"
  deletionTimestamp: 2026-01-02T03:04:05Z
spec:
  containers: null
`).(*api.Pod)
	assert.Equal(t, time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), p.CreationTimestamp.Time)
	assert.Equal(t, time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC), p.DeletionTimestamp.Time)
	assert.Nil(t, p.Spec.Containers)

	p = decodeOne(t, "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  creationTimestamp: null\n").(*api.Pod)
	assert.True(t, p.CreationTimestamp.IsZero())
}

// Booleans are read as kubectl reads them (YAML 1.1), and a quoted one is
// a string.
func TestDecodesYAML11Booleans(t *testing.T) {
	for text, want := range map[string]bool{"true": true, "yes": true, "On": true, "y": true, "false": false, "no": false, "OFF": false} {
		d := decodeOne(t, strings.Replace(deploymentYAML, "replicas: 3", "paused: "+text, 1)).(*api.Deployment)
		assert.Equal(t, want, d.Spec.Paused, text)
	}
	_, err := Decode(strings.Replace(deploymentYAML, "replicas: 3", `paused: "true"`, 1))
	assert.ErrorContains(t, err, "line 8, column 11: spec.paused: cannot unmarshal string into bool")
}

// Validation, not decoding, refuses a negative replica count, as the API
// server does.
func TestNegativeReplicasDecode(t *testing.T) {
	d := decodeOne(t, strings.Replace(deploymentYAML, "replicas: 3", "replicas: -1", 1)).(*api.Deployment)
	assert.Equal(t, int32(-1), *d.Spec.Replicas)
}

func TestDecodeOfNothingIsNoObjects(t *testing.T) {
	for _, text := range []string{"", "\n\n", "# only a comment\n", "---\n---\n", "---\n# c\n...\n"} {
		objs, err := Decode(text)
		assert.NoError(t, err, "%q", text)
		assert.Empty(t, objs, "%q", text)
	}
}

func TestDecodeErrors(t *testing.T) {
	for _, tc := range []struct {
		name       string
		text       string
		line, col  int
		doc        int
		message    string
		extraCount int // further errors expected after the first
	}{
		{
			name: "unknown field",
			text: strings.Replace(deploymentYAML, "replicas: 3", "replica: 3", 1),
			line: 8, col: 3,
			message: `unknown field "spec.replica"`,
		},
		{
			name: "unknown field deep in a list",
			text: strings.Replace(deploymentYAML, "image: nginx", "imagee: nginx", 1),
			line: 19, col: 9,
			message: `unknown field "spec.template.spec.containers[0].imagee"`,
		},
		{
			name: "field names are case-sensitive",
			text: strings.Replace(deploymentYAML, "replicas: 3", "Replicas: 3", 1),
			line: 8, col: 3,
			message: `unknown field "spec.Replicas"`,
		},
		{
			name: "wrong type",
			text: strings.Replace(deploymentYAML, "replicas: 3", "replicas: three", 1),
			line: 8, col: 13,
			message: "spec.replicas: cannot unmarshal string into int32",
		},
		{
			name: "number for a string field",
			text: strings.Replace(podYAML, `value: "production"`, "value: 8080", 1),
			line: 16, col: 14,
			message: `spec.containers[0].env[0].value: cannot unmarshal number into string (write it in quotes: "8080")`,
		},
		{
			name: "YAML 1.1 bool for a string field, as kubectl reads it",
			text: strings.Replace(podYAML, `value: "production"`, "value: yes", 1),
			line: 16, col: 14,
			message: "cannot unmarshal bool into string",
		},
		{
			name: "map for a list",
			text: strings.Replace(namespaceYAML, "  name: lesson-1\n", "  name: lesson-1\n  finalizers:\n    a: b\n", 1),
			line: 6, col: 5,
			message: "metadata.finalizers: cannot unmarshal map into list",
		},
		{
			name: "overflow",
			text: strings.Replace(deploymentYAML, "replicas: 3", "replicas: 99999999999", 1),
			line: 8, col: 13,
			message: "spec.replicas: cannot unmarshal number 99999999999 into int32",
		},
		{
			name: "tab indentation",
			text: "apiVersion: v1\nkind: Namespace\nmetadata:\n\tname: x\n",
			line: 4, col: 1,
			message: "tabs are not allowed for indentation",
		},
		{
			name: "tab after spaces",
			text: "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: x\n  \tlabels: {}\n",
			line: 5, col: 3,
			message: "tabs are not allowed for indentation",
		},
		{
			name: "unsupported kind",
			text: "apiVersion: v1\nkind: Foo\nmetadata:\n  name: x\n",
			line: 2, col: 7,
			message: `no matches for kind "Foo" in version "v1": supported kinds are ` + strings.Join(api.KnownKinds(), ", "),
		},
		{
			name: "known kind in the wrong version",
			text: strings.Replace(deploymentYAML, "apps/v1", "extensions/v1beta1", 1),
			line: 1, col: 13,
			message: `no matches for kind "Deployment" in version "extensions/v1beta1": Deployment is served as apiVersion: apps/v1`,
		},
		{
			name: "kind in the wrong case",
			text: strings.Replace(deploymentYAML, "kind: Deployment", "kind: deployment", 1),
			line: 2, col: 7,
			message: "did you mean kind: Deployment?",
		},
		{
			name: "missing kind",
			text: "# a pod\napiVersion: v1\nmetadata:\n  name: x\n",
			line: 2, col: 1,
			message: "kind is not set",
		},
		{
			name: "missing apiVersion",
			text: "kind: Pod\nmetadata:\n  name: x\n",
			line: 1, col: 1,
			message: "apiVersion is not set",
		},
		{
			name: "kind that is not a string",
			text: "apiVersion: v1\nkind: [Pod]\n",
			line: 2, col: 7,
			message: "kind must be a string, not a list",
		},
		{
			name: "document that is a bare string",
			text: "apiVersion: v1\nkind: Namespace\nmetadata: {name: a}\n---\njust some words\n",
			line: 5, col: 1, doc: 1,
			message: "a document must be a mapping with apiVersion, kind and metadata, not a string",
		},
		{
			name: "empty flow mapping",
			text: "{}\n",
			line: 1, col: 1,
			message: "apiVersion is not set", extraCount: 1,
		},
		{
			name: "document that is a list",
			text: "- apiVersion: v1\n  kind: Namespace\n",
			line: 1, col: 1,
			message: "not a list",
		},
		{
			name: "duplicate key",
			text: strings.Replace(deploymentYAML, "  replicas: 3\n", "  replicas: 3\n  replicas: 4\n", 1),
			line: 9, col: 3,
			message: `duplicate key "replicas" (first defined at line 8)`,
		},
		{
			name: "bad quantity",
			text: strings.Replace(podYAML, "cpu: 1\n", "cpu: 1x\n", 1),
			line: 26, col: 14,
			message: `spec.containers[0].resources.limits[cpu]: invalid quantity "1x": unable to parse quantity's suffix`,
		},
		{
			name: "bad time",
			text: "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: a\n  creationTimestamp: yesterday\n",
			line: 5, col: 22,
			message: `metadata.creationTimestamp: invalid time "yesterday"`,
		},
		{
			name: "positions count from the top of the whole text",
			text: namespaceYAML + "---\n" + strings.Replace(deploymentYAML, "replicas: 3", "replica: 3", 1),
			line: 5 + 8, col: 3, doc: 1,
			message: `unknown field "spec.replica"`,
		},
		{
			name:    "syntax error",
			text:    "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: [a\n",
			line:    4,
			message: "",
		},
		{
			name: "every unknown field is reported",
			text: "apiVersion: v1\nkind: Namespace\nmetadata:\n  nam: a\n  labell: {}\n",
			line: 4, col: 3,
			message:    `unknown field "metadata.nam"`,
			extraCount: 1,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Decode(tc.text)
			require.Error(t, err)
			var errs Errors
			require.ErrorAs(t, err, &errs)
			require.Len(t, errs, 1+tc.extraCount, "%v", err)
			e := errs[0]
			assert.Contains(t, e.Message, tc.message)
			assert.Equal(t, tc.line, e.Line, "line of %q", e.Message)
			if tc.col != 0 {
				assert.Equal(t, tc.col, e.Column, "column of %q", e.Message)
			}
			assert.Equal(t, tc.doc, e.Doc)
		})
	}
}

func TestDecodeKeepsTheGoodDocumentsOfABadText(t *testing.T) {
	objs, err := Decode(namespaceYAML + "---\nkind: Nope\napiVersion: v1\n---\n" + podYAML)
	require.Error(t, err)
	assert.Len(t, err.(Errors), 1)
	require.Len(t, objs, 2)
	assert.IsType(t, &api.Namespace{}, objs[0])
	assert.IsType(t, &api.Pod{}, objs[1])
}

func TestErrorText(t *testing.T) {
	assert.Equal(t, `line 7, column 3: unknown field "replica"`,
		(&Error{Line: 7, Column: 3, Message: `unknown field "replica"`}).Error())
	assert.Equal(t, "line 7: bad", (&Error{Line: 7, Message: "bad"}).Error())
	assert.Equal(t, "bad", (&Error{Message: "bad"}).Error())
	assert.Equal(t, "line 1: a\nline 2, column 4: b",
		Errors{{Line: 1, Message: "a"}, {Line: 2, Column: 4, Message: "b"}}.Error())
}

func TestSplitDocumentsTracksStartLines(t *testing.T) {
	chunks := splitDocuments("a: 1\n---\nb: 2\n--- {c: 3}\n----\n---\n")
	var starts []int
	for _, c := range chunks {
		starts = append(starts, c.startLine)
	}
	// "----" is content, not a separator.
	assert.Equal(t, []int{1, 2, 4, 6}, starts)
	assert.Equal(t, "--- {c: 3}\n----\n", chunks[2].text)
}

func BenchmarkDecodeDeployment(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Decode(deploymentYAML); err != nil {
			b.Fatal(err)
		}
	}
}

// DecodeDocuments reports each document alone; one whose only problems are
// unknown fields or wrong values still has its object (without them) and
// its JSON (with them), so a caller acting as kubectl can send it to a
// strict server.
func TestDecodeDocumentsKeepsObjectsTheServerRefuses(t *testing.T) {
	text := "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\nextra: 1\ndata:\n  k: v\n  x: \"2\"\n" +
		"---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: b\nbinaryData: 3\n" +
		"---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n"
	docs := DecodeDocuments(text)
	require.Len(t, docs, 3)

	require.NotNil(t, docs[0].Object)
	assert.Equal(t, "a", docs[0].Object.GetObjectMeta().Name)
	assert.Equal(t, []string{"extra"}, docs[0].UnknownFields())
	assert.JSONEq(t, `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"a"},"extra":1,"data":{"k":"v","x":"2"}}`, string(docs[0].JSON))
	assert.Equal(t, 5, docs[0].Errors[0].Line)

	// A value of the wrong type is sent too, for the server to refuse.
	require.NotNil(t, docs[1].Object)
	assert.Equal(t, "b", docs[1].Object.GetObjectMeta().Name)
	assert.Nil(t, docs[1].UnknownFields())
	assert.True(t, docs[1].ForTheServer())
	assert.True(t, docs[1].Errors[0].WrongValue)
	assert.JSONEq(t, `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"b"},"binaryData":3}`, string(docs[1].JSON))

	assert.NotNil(t, docs[2].Object)
	assert.Empty(t, docs[2].Errors)
	assert.Nil(t, docs[2].UnknownFields())
	assert.Nil(t, docs[2].JSON)

	// Decode itself is all-or-nothing per document, as before.
	objs, err := Decode(text)
	require.Error(t, err)
	require.Len(t, objs, 1)
	assert.Equal(t, "c", objs[0].GetObjectMeta().Name)
}

// A document of a kind nothing serves says which, with the name and
// namespace it gives itself, for kubectl's "resource mapping not found".
func TestAnUnknownKindIsNamed(t *testing.T) {
	docs := DecodeDocuments("apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\n  namespace: shop\n---\napiVersion: v1\nkind: pod\nmetadata: {name: p}\n")
	require.Len(t, docs, 2)
	require.Len(t, docs[0].Errors, 1)
	assert.Equal(t, &UnknownKind{APIVersion: "example.com/v1", Kind: "Widget", Name: "w", Namespace: "shop"}, docs[0].Errors[0].UnknownKind)
	assert.Contains(t, docs[0].Errors[0].Message, "supported kinds are", "the editor's hint stays")
	require.Len(t, docs[1].Errors, 1)
	assert.Equal(t, &UnknownKind{APIVersion: "v1", Kind: "pod", Name: "p"}, docs[1].Errors[0].UnknownKind)
	assert.Contains(t, docs[1].Errors[0].Message, "did you mean kind: Pod?")
}
