package kubectl

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/yaml"
)

// The wanted texts are what kubectl v1.32 prints for these objects of a
// real v1.32 API server's bootstrap policy (../shared/oracle): the rows
// broken down per resource and sorted by the rule's text, verbs first,
// so /api/* comes before /api and namespaces/status before namespaces.
func TestDescribeRBACAsARealCluster(t *testing.T) {
	const objects = `apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  name: system:discovery
  labels: {kubernetes.io/bootstrapping: rbac-defaults}
  annotations: {rbac.authorization.kubernetes.io/autoupdate: "true"}
rules:
- nonResourceURLs: [/api, /api/*, /apis, /apis/*, /healthz, /livez, /openapi, /openapi/*, /readyz, /version, /version/]
  verbs: [get]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata:
  name: system::leader-locking-kube-scheduler
  namespace: kube-system
  labels: {kubernetes.io/bootstrapping: rbac-defaults}
  annotations: {rbac.authorization.kubernetes.io/autoupdate: "true"}
rules:
- apiGroups: [""]
  resources: [configmaps]
  verbs: [watch]
- apiGroups: [""]
  resourceNames: [kube-scheduler]
  resources: [configmaps]
  verbs: [get, update]
- apiGroups: [coordination.k8s.io]
  resources: [leases, leasecandidates]
  verbs: [create, get, list, update, watch]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata:
  name: system::leader-locking-kube-scheduler
  namespace: kube-system
  labels: {kubernetes.io/bootstrapping: rbac-defaults}
  annotations: {rbac.authorization.kubernetes.io/autoupdate: "true"}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: Role, name: system::leader-locking-kube-scheduler}
subjects:
- {apiGroup: rbac.authorization.k8s.io, kind: User, name: system:kube-scheduler}
- {kind: ServiceAccount, name: kube-scheduler, namespace: kube-system}
`
	e := newEnv(t)
	objs, err := yaml.Decode(objects)
	require.NoError(t, err)
	for _, o := range objs {
		e.create(o)
	}
	for _, c := range []struct{ line, want string }{
		{"kubectl describe clusterrole system:discovery", `Name:         system:discovery
Labels:       kubernetes.io/bootstrapping=rbac-defaults
Annotations:  rbac.authorization.kubernetes.io/autoupdate: true
PolicyRule:
  Resources  Non-Resource URLs  Resource Names  Verbs
  ---------  -----------------  --------------  -----
             [/api/*]           []              [get]
             [/api]             []              [get]
             [/apis/*]          []              [get]
             [/apis]            []              [get]
             [/healthz]         []              [get]
             [/livez]           []              [get]
             [/openapi/*]       []              [get]
             [/openapi]         []              [get]
             [/readyz]          []              [get]
             [/version/]        []              [get]
             [/version]         []              [get]
`},
		{"kubectl describe role -n kube-system system::leader-locking-kube-scheduler", `Name:         system::leader-locking-kube-scheduler
Labels:       kubernetes.io/bootstrapping=rbac-defaults
Annotations:  rbac.authorization.kubernetes.io/autoupdate: true
PolicyRule:
  Resources                            Non-Resource URLs  Resource Names    Verbs
  ---------                            -----------------  --------------    -----
  leasecandidates.coordination.k8s.io  []                 []                [create get list update watch]
  leases.coordination.k8s.io           []                 []                [create get list update watch]
  configmaps                           []                 [kube-scheduler]  [get update]
  configmaps                           []                 []                [watch]
`},
		{"kubectl describe rolebinding -n kube-system system::leader-locking-kube-scheduler", `Name:         system::leader-locking-kube-scheduler
Labels:       kubernetes.io/bootstrapping=rbac-defaults
Annotations:  rbac.authorization.kubernetes.io/autoupdate: true
Role:
  Kind:  Role
  Name:  system::leader-locking-kube-scheduler
Subjects:
  Kind            Name                   Namespace
  ----            ----                   ---------
  User            system:kube-scheduler  
  ServiceAccount  kube-scheduler         kube-system
`},
	} {
		t.Run(c.line, func(t *testing.T) {
			r := e.run(c.line)
			assert.Empty(t, r.Stderr)
			assert.Equal(t, c.want, r.Stdout)
		})
	}
}

// Rules naming one resource twice are merged into one row, the verbs of
// the second appended to the first's, as rbac's CompactRules merges the
// broken-down rules that name only a group and a resource.
func TestPolicyRowsMergeOneResourceAcrossRules(t *testing.T) {
	objs, err := yaml.Decode(`apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata: {name: pods-twice}
rules:
- {apiGroups: [""], resources: [pods, services], verbs: [get]}
- {apiGroups: [""], resources: [pods], verbs: [list, watch]}
`)
	require.NoError(t, err)
	e := newEnv(t)
	e.create(objs[0])
	r := e.run("kubectl describe clusterrole pods-twice")
	assert.Contains(t, r.Stdout, "  pods       []                 []              [get list watch]\n")
	assert.Contains(t, r.Stdout, "  services   []                 []              [get]\n")
}
