package cluster

import (
	"fmt"
	"strings"

	"github.com/kubeloop/kubeloop/core/api"
)

// parsePolicy reads the line format of bootstrap_rbac.txt
// (bootstrap_apiserver.go) into Roles, ClusterRoles and their bindings.
func parsePolicy(text string) ([]api.Object, error) {
	var objs []api.Object
	var cur api.Object
	for n, line := range strings.Split(text, "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		var err error
		if body, ok := strings.CutPrefix(line, "  "); ok {
			if cur == nil {
				err = fmt.Errorf("%q before any object", line)
			} else {
				err = policyLine(cur, strings.Fields(body))
			}
		} else {
			cur, err = policyObject(strings.Fields(line))
			objs = append(objs, cur)
		}
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", n+1, err)
		}
	}
	return objs, nil
}

// policyObject starts an object from its line: KIND [NAMESPACE/]NAME.
func policyObject(f []string) (api.Object, error) {
	if len(f) != 2 {
		return nil, fmt.Errorf("want KIND NAME, got %q", strings.Join(f, " "))
	}
	namespace, name, ok := strings.Cut(f[1], "/")
	if !ok {
		namespace, name = "", f[1]
	}
	meta := api.ObjectMeta{Name: name, Namespace: namespace,
		Labels:      map[string]string{"kubernetes.io/bootstrapping": "rbac-defaults"},
		Annotations: map[string]string{"rbac.authorization.kubernetes.io/autoupdate": "true"}}
	switch f[0] {
	case "ClusterRole":
		return &api.ClusterRole{ObjectMeta: meta, Rules: []api.PolicyRule{}}, nil
	case "Role":
		return &api.Role{ObjectMeta: meta, Rules: []api.PolicyRule{}}, nil
	case "ClusterRoleBinding":
		return &api.ClusterRoleBinding{ObjectMeta: meta}, nil
	case "RoleBinding":
		return &api.RoleBinding{ObjectMeta: meta}, nil
	}
	return nil, fmt.Errorf("no kind %q in the policy", f[0])
}

// policyLine adds one indented line to o.
func policyLine(o api.Object, f []string) error {
	if len(f) < 2 {
		return fmt.Errorf("%q says too little", strings.Join(f, " "))
	}
	switch f[0] {
	case "label":
		k, v, _ := strings.Cut(f[1], "=")
		o.GetObjectMeta().Labels[k] = v
		return nil
	case "aggregate":
		r, ok := o.(*api.ClusterRole)
		if !ok {
			return fmt.Errorf("only a ClusterRole aggregates")
		}
		k, v, _ := strings.Cut(f[1], "=")
		if r.AggregationRule == nil {
			r.AggregationRule = &api.AggregationRule{}
		}
		r.AggregationRule.ClusterRoleSelectors = append(r.AggregationRule.ClusterRoleSelectors,
			api.LabelSelector{MatchLabels: map[string]string{k: v}})
		return nil
	case "rule":
		return addRule(o, f[1:])
	case "role":
		if len(f) != 3 {
			return fmt.Errorf("want role KIND NAME")
		}
		return setBinding(o, func(ref *api.RoleRef, _ *[]api.Subject) {
			*ref = api.RoleRef{APIGroup: "rbac.authorization.k8s.io", Kind: f[1], Name: f[2]}
		})
	case "subject":
		if len(f) != 3 {
			return fmt.Errorf("want subject KIND NAME")
		}
		s := api.Subject{Kind: f[1], Name: f[2]}
		if ns, name, ok := strings.Cut(f[2], "/"); ok {
			s.Namespace, s.Name = ns, name
		}
		if s.Kind != "ServiceAccount" {
			s.APIGroup = "rbac.authorization.k8s.io" // users and groups are RBAC's
		}
		return setBinding(o, func(_ *api.RoleRef, subjects *[]api.Subject) { *subjects = append(*subjects, s) })
	}
	return fmt.Errorf("unknown line %q", f[0])
}

// addRule adds the rule of fields such as verbs=get,list to a role.
func addRule(o api.Object, fields []string) error {
	var r api.PolicyRule
	for _, f := range fields {
		k, v, ok := strings.Cut(f, "=")
		if !ok {
			return fmt.Errorf("rule field %q has no value", f)
		}
		list := strings.Split(v, ",")
		for i, s := range list {
			if s == `""` {
				list[i] = ""
			}
		}
		switch k {
		case "verbs":
			r.Verbs = list
		case "groups":
			r.APIGroups = list
		case "resources":
			r.Resources = list
		case "names":
			r.ResourceNames = list
		case "urls":
			r.NonResourceURLs = list
		default:
			return fmt.Errorf("unknown rule field %q", k)
		}
	}
	switch role := o.(type) {
	case *api.ClusterRole:
		role.Rules = append(role.Rules, r)
	case *api.Role:
		role.Rules = append(role.Rules, r)
	default:
		return fmt.Errorf("a %T has no rules", o)
	}
	return nil
}

// setBinding hands a binding's roleRef and subjects to set.
func setBinding(o api.Object, set func(*api.RoleRef, *[]api.Subject)) error {
	switch b := o.(type) {
	case *api.ClusterRoleBinding:
		set(&b.RoleRef, &b.Subjects)
	case *api.RoleBinding:
		set(&b.RoleRef, &b.Subjects)
	default:
		return fmt.Errorf("a %T is no binding", o)
	}
	return nil
}
