//go:build js && wasm

package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/controllers"
	"github.com/kubeloop/kubeloop/core/cluster"
	"github.com/kubeloop/kubeloop/core/export"
)

const bareAndDeployment = courseManifest + `---
apiVersion: v1
kind: Pod
metadata:
  name: solo
  annotations:
    note: mine
spec:
  containers:
  - name: c
    image: nginx:1.7.9
`

func settledCluster(t *testing.T, yaml string) *cluster.Cluster {
	t.Helper()
	c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()})
	_, err := c.Apply(yaml)
	require.NoError(t, err)
	settled, _ := c.Settle(0)
	require.True(t, settled)
	return c
}

func TestExportKeepsTheUsersObjectsOnly(t *testing.T) {
	c := settledCluster(t, bareAndDeployment)
	var names []string
	for _, o := range export.Objects(c.Store()) {
		names = append(names, o.GetTypeMeta().Kind+"/"+o.GetObjectMeta().Name)
	}
	assert.Equal(t, []string{"Pod/solo", "Deployment/nginx-deployment"}, names)
	text, n, err := export.Manifest(c.Store())
	require.NoError(t, err)
	assert.Equal(t, 2, n)
	for _, field := range []string{"uid:", "resourceVersion:", "creationTimestamp", "generation:", "status:", "nodeName:", "managedFields", "last-applied", "deployment.kubernetes.io/revision", "namespace: default", "terminationMessagePath", "dnsPolicy"} {
		assert.NotContains(t, text, field)
	}
	assert.Contains(t, text, "note: mine", "the user's own annotations stay")
	assert.Equal(t, 1, strings.Count(text, "\n---\n"))

	// The manifest applies to a fresh cluster and gives the same objects.
	again := cluster.New(cluster.Options{Seed: 2, Controllers: controllers.All()})
	lines, err := again.Apply(text)
	require.NoError(t, err, text)
	assert.Equal(t, []string{"pod/solo created", "deployment.apps/nginx-deployment created"}, lines)
}

// TestExportHeaderIsComments: every line of the header, in both
// languages, is a YAML comment, so the file still applies.
func TestExportHeaderIsComments(t *testing.T) {
	for _, lang := range []string{langEN, langZH} {
		h := exportHeader(translate(lang, "export.header"))
		require.True(t, strings.HasSuffix(h, "\n"))
		for _, line := range strings.Split(strings.TrimSuffix(h, "\n"), "\n") {
			assert.True(t, strings.HasPrefix(line, "# "), "%s: %q", lang, line)
		}
	}
}

func TestInteractiveShell(t *testing.T) {
	for line, want := range map[string]bool{
		"kubectl exec -it web-0 -- sh":                     true,
		"kubectl exec -ti pod/web-0 -c x -- bash":          true,
		"kubectl exec -n kube-system -it web-0 -- /bin/sh": true,
		"kubectl run -it box --image=busybox --rm -- sh":   true,
		"kubectl exec web-0 -- sh":                         false,
		"kubectl exec -it web-0 -- ls /":                   false,
		"kubectl apply -f -":                               false,
		"kubectl get pods":                                 false,
	} {
		assert.Equal(t, want, interactiveShell(line), line)
	}
}

func TestStoredValuesAreValidated(t *testing.T) {
	ok := map[string]string{keyLang: "zh-CN", keySpeed: "10", keyHistory: `["a"]`, keySeed: "42",
		keyLessons: `{"v":1,"current":"01-control-loop","done":{"01-control-loop":2}}`, keyTheme: "dark", keyAutoApply: "1"}
	for k, v := range ok {
		assert.True(t, validators[k](v), "%s=%s", k, v)
	}
	bad := map[string]string{keyLang: "fr", keySpeed: "-1", keyHistory: "{", keySeed: "-3",
		keyLessons: `{"v":2}`, keyTheme: "pink", keyAutoApply: "yes", keyYAML: "a\x00b"}
	for k, v := range bad {
		assert.False(t, validators[k](v), "%s=%s", k, v)
	}
}

func TestYAMLSummary(t *testing.T) {
	assert.Equal(t, "Deployment nginx-deployment + Pod solo", yamlSummary(bareAndDeployment))
}
