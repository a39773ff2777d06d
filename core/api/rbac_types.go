package api

import (
	"fmt"
	"strings"
)

// This file holds the RBAC kinds (rbac.authorization.k8s.io/v1) as data:
// the sandbox authorizes every request, so Roles and bindings grant
// nothing here, but they are stored, listed and described as on a real
// cluster, and the clusterrole-aggregation controller fills in the rules
// of ClusterRoles with an aggregationRule.

// PolicyRule is one permission: verbs on resources of API groups (or on
// non-resource URLs).
type PolicyRule struct {
	Verbs           []string `json:"verbs"`
	APIGroups       []string `json:"apiGroups,omitempty"`
	Resources       []string `json:"resources,omitempty"`
	ResourceNames   []string `json:"resourceNames,omitempty"`
	NonResourceURLs []string `json:"nonResourceURLs,omitempty"`
}

// Role is a namespaced set of rules.
type Role struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Rules      []PolicyRule `json:"rules"`
}

// ClusterRole is a cluster-wide set of rules; with an aggregationRule its
// rules are the union of the ClusterRoles its selectors match, written by
// the controller manager.
type ClusterRole struct {
	TypeMeta        `json:",inline"`
	ObjectMeta      `json:"metadata,omitempty"`
	Rules           []PolicyRule     `json:"rules"`
	AggregationRule *AggregationRule `json:"aggregationRule,omitempty"`
}

// AggregationRule selects the ClusterRoles whose rules a ClusterRole
// collects.
type AggregationRule struct {
	ClusterRoleSelectors []LabelSelector `json:"clusterRoleSelectors,omitempty"`
}

// Subject is who a binding grants to.
type Subject struct {
	Kind      string `json:"kind"`
	APIGroup  string `json:"apiGroup,omitempty"`
	Name      string `json:"name"`
	Namespace string `json:"namespace,omitempty"`
}

// RoleRef names the Role or ClusterRole a binding grants.
type RoleRef struct {
	APIGroup string `json:"apiGroup"`
	Kind     string `json:"kind"`
	Name     string `json:"name"`
}

// RoleBinding grants a role's rules in one namespace.
type RoleBinding struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Subjects   []Subject `json:"subjects,omitempty"`
	RoleRef    RoleRef   `json:"roleRef"`
}

// ClusterRoleBinding grants a ClusterRole's rules in every namespace.
type ClusterRoleBinding struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Subjects   []Subject `json:"subjects,omitempty"`
	RoleRef    RoleRef   `json:"roleRef"`
}

// RBAC names are path segments, not DNS names: "system:aggregate-to-view"
// is a valid ClusterRole name.
func (*Role) pathSegmentName()               {}
func (*ClusterRole) pathSegmentName()        {}
func (*RoleBinding) pathSegmentName()        {}
func (*ClusterRoleBinding) pathSegmentName() {}

// validPathSegmentName is the API server's rule for such names.
func validPathSegmentName(name string) string {
	switch {
	case name == "." || name == "..":
		return "may not be '" + name + "'"
	case strings.Contains(name, "/"):
		return "may not contain '/'"
	case strings.Contains(name, "%"):
		return "may not contain '%'"
	}
	return ""
}

// validateRBAC checks what the API server requires of the RBAC kinds.
func validateRBAC(errs *FieldErrors, o Object) {
	checkRef := func(r RoleRef, allowRole bool) {
		switch {
		case r.Name == "":
			errs.required("roleRef.name", "")
		case allowRole && r.Kind != "ClusterRole" && r.Kind != "Role":
			errs.unsupported("roleRef.kind", r.Kind, "Role", "ClusterRole")
		case !allowRole && r.Kind != "ClusterRole":
			errs.unsupported("roleRef.kind", r.Kind, "ClusterRole")
		}
		if r.APIGroup != "rbac.authorization.k8s.io" {
			errs.unsupported("roleRef.apiGroup", r.APIGroup, "rbac.authorization.k8s.io")
		}
	}
	rules := func(rs []PolicyRule) {
		for i, r := range rs {
			if len(r.Verbs) == 0 {
				errs.required(fmt.Sprintf("rules[%d].verbs", i), "verbs must contain at least one value")
			}
		}
	}
	switch x := o.(type) {
	case *Role:
		rules(x.Rules)
	case *ClusterRole:
		rules(x.Rules)
	case *RoleBinding:
		checkRef(x.RoleRef, true)
	case *ClusterRoleBinding:
		checkRef(x.RoleRef, false)
	}
}
