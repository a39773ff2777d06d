package cluster

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
)

// The policy's line format reads into the objects a real API server
// writes: every object with its bootstrapping label and autoupdate
// annotation, the core group as "", a service account subject without an
// API group and users' and groups' with RBAC's.
func TestPolicyLinesReadAsObjects(t *testing.T) {
	objs, err := parsePolicy(`# a comment
ClusterRole view
  label rbac.authorization.k8s.io/aggregate-to-edit=true
  aggregate rbac.authorization.k8s.io/aggregate-to-view=true
Role kube-system/system::leader-locking-kube-scheduler
  rule verbs=watch groups="" resources=configmaps
  rule verbs=get,update groups="" resources=configmaps names=kube-scheduler
ClusterRole system:discovery
  rule verbs=get urls=/api,/api/*
RoleBinding kube-system/system::leader-locking-kube-scheduler
  role Role system::leader-locking-kube-scheduler
  subject User system:kube-scheduler
  subject ServiceAccount kube-system/kube-scheduler
`)
	require.NoError(t, err)
	require.Len(t, objs, 4)
	view := objs[0].(*api.ClusterRole)
	assert.Equal(t, map[string]string{"kubernetes.io/bootstrapping": "rbac-defaults", "rbac.authorization.k8s.io/aggregate-to-edit": "true"}, view.Labels)
	assert.Equal(t, map[string]string{"rbac.authorization.kubernetes.io/autoupdate": "true"}, view.Annotations)
	assert.Equal(t, []api.LabelSelector{{MatchLabels: map[string]string{"rbac.authorization.k8s.io/aggregate-to-view": "true"}}}, view.AggregationRule.ClusterRoleSelectors)
	assert.NotNil(t, view.Rules, "an aggregated role's rules are [] until the controller fills them")
	role := objs[1].(*api.Role)
	assert.Equal(t, "kube-system", role.Namespace)
	assert.Equal(t, []api.PolicyRule{
		{Verbs: []string{"watch"}, APIGroups: []string{""}, Resources: []string{"configmaps"}},
		{Verbs: []string{"get", "update"}, APIGroups: []string{""}, Resources: []string{"configmaps"}, ResourceNames: []string{"kube-scheduler"}},
	}, role.Rules)
	assert.Equal(t, []api.PolicyRule{{Verbs: []string{"get"}, NonResourceURLs: []string{"/api", "/api/*"}}}, objs[2].(*api.ClusterRole).Rules)
	b := objs[3].(*api.RoleBinding)
	assert.Equal(t, api.RoleRef{APIGroup: "rbac.authorization.k8s.io", Kind: "Role", Name: "system::leader-locking-kube-scheduler"}, b.RoleRef)
	assert.Equal(t, []api.Subject{
		{Kind: "User", APIGroup: "rbac.authorization.k8s.io", Name: "system:kube-scheduler"},
		{Kind: "ServiceAccount", Name: "kube-scheduler", Namespace: "kube-system"},
	}, b.Subjects)
}

// A mistake in the file names its line.
func TestPolicyMistakesNameTheirLine(t *testing.T) {
	for text, want := range map[string]string{
		"  rule verbs=get\n":                           `line 1: "  rule verbs=get" before any object`,
		"Deployment web\n":                             `line 1: no kind "Deployment" in the policy`,
		"ClusterRole a\n  rule verbs=get colour=red\n": `line 2: unknown rule field "colour"`,
		"ClusterRoleBinding b\n  rule verbs=get\n":     `line 2: a *api.ClusterRoleBinding has no rules`,
		"Role ns/r\n  subject User u\n":                `line 2: a *api.Role is no binding`,
	} {
		_, err := parsePolicy(text)
		assert.EqualError(t, err, want, text)
	}
}

// The embedded file reads, and holds what a v1.32 API server writes.
func TestTheBootstrapPolicyIsARealClustersCount(t *testing.T) {
	count := map[string]int{}
	for _, o := range bootstrapRBAC() {
		count[api.KindOf(o).Kind]++
	}
	assert.Equal(t, map[string]int{"ClusterRole": 64, "ClusterRoleBinding": 45, "Role": 7, "RoleBinding": 7}, count)
}
