package kubectl

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
)

// kubectl describes the four RBAC kinds with describers of their own: a
// role's rules as a table of one row per resource (PolicyRule), a
// binding's role and subjects. Neither prints a Namespace line.

func registerDescribeRBAC() {
	kindDescribers["Role"] = func(_ *invocation, o api.Object, _ []*api.Event, _ time.Time) string {
		r := o.(*api.Role)
		return describeRole(&r.ObjectMeta, r.Rules)
	}
	kindDescribers["ClusterRole"] = func(_ *invocation, o api.Object, _ []*api.Event, _ time.Time) string {
		r := o.(*api.ClusterRole)
		return describeRole(&r.ObjectMeta, r.Rules)
	}
	kindDescribers["RoleBinding"] = func(_ *invocation, o api.Object, _ []*api.Event, _ time.Time) string {
		b := o.(*api.RoleBinding)
		return describeBinding(&b.ObjectMeta, b.RoleRef, b.Subjects)
	}
	kindDescribers["ClusterRoleBinding"] = func(_ *invocation, o api.Object, _ []*api.Event, _ time.Time) string {
		b := o.(*api.ClusterRoleBinding)
		return describeBinding(&b.ObjectMeta, b.RoleRef, b.Subjects)
	}
}

func describeRole(m *api.ObjectMeta, rules []api.PolicyRule) string {
	return tabbed(func(w *prefixWriter) {
		w.write(0, "Name:\t%s\n", m.Name)
		printLabels(w, "Labels", m.Labels)
		printAnnotations(w, "Annotations", m.Annotations)
		w.write(0, "PolicyRule:\n")
		w.write(1, "Resources\tNon-Resource URLs\tResource Names\tVerbs\n")
		w.write(1, "---------\t-----------------\t--------------\t-----\n")
		for _, r := range policyRows(rules) {
			w.write(1, "%s\t%v\t%v\t%v\n", resourceDotGroup(r.Resources, r.APIGroups), r.NonResourceURLs, r.ResourceNames, r.Verbs)
		}
	})
}

func describeBinding(m *api.ObjectMeta, ref api.RoleRef, subjects []api.Subject) string {
	return tabbed(func(w *prefixWriter) {
		w.write(0, "Name:\t%s\n", m.Name)
		printLabels(w, "Labels", m.Labels)
		printAnnotations(w, "Annotations", m.Annotations)
		w.write(0, "Role:\n")
		w.write(1, "Kind:\t%s\n", ref.Kind)
		w.write(1, "Name:\t%s\n", ref.Name)
		w.write(0, "Subjects:\n")
		w.write(1, "Kind\tName\tNamespace\n")
		w.write(1, "----\t----\t---------\n")
		for _, s := range subjects {
			w.write(1, "%s\t%s\t%s\n", s.Kind, s.Name, s.Namespace)
		}
	})
}

// policyRows are a role's rules as kubectl describe lists them: each rule
// broken down to one group, one resource and at most one resource name
// (or one non-resource URL); the rows naming only a group, a resource and
// perhaps one name merged, their verbs appended in rule order; then sorted
// by the rule's text, whose first field is its verbs.
func policyRows(rules []api.PolicyRule) []api.PolicyRule {
	var rows []api.PolicyRule
	merged := map[string]int{} // group/resource/name → index in rows
	for _, rule := range rules {
		for _, r := range breakDown(rule) {
			if len(r.NonResourceURLs) > 0 {
				rows = append(rows, r)
				continue
			}
			key := r.APIGroups[0] + "\x00" + r.Resources[0] + "\x00" + strings.Join(r.ResourceNames, "")
			if i, ok := merged[key]; ok {
				rows[i].Verbs = append(rows[i].Verbs, r.Verbs...)
				continue
			}
			r.Verbs = append([]string(nil), r.Verbs...)
			merged[key] = len(rows)
			rows = append(rows, r)
		}
	}
	sort.SliceStable(rows, func(i, j int) bool { return ruleText(rows[i]) < ruleText(rows[j]) })
	return rows
}

// breakDown splits a rule into one rule per group, resource and resource
// name, and one per non-resource URL, each with all of its verbs.
func breakDown(rule api.PolicyRule) []api.PolicyRule {
	var out []api.PolicyRule
	for _, g := range rule.APIGroups {
		for _, res := range rule.Resources {
			if len(rule.ResourceNames) == 0 {
				out = append(out, api.PolicyRule{APIGroups: []string{g}, Resources: []string{res}, Verbs: rule.Verbs})
			}
			for _, name := range rule.ResourceNames {
				out = append(out, api.PolicyRule{APIGroups: []string{g}, Resources: []string{res}, ResourceNames: []string{name}, Verbs: rule.Verbs})
			}
		}
	}
	for _, u := range rule.NonResourceURLs {
		out = append(out, api.PolicyRule{NonResourceURLs: []string{u}, Verbs: rule.Verbs})
	}
	return out
}

// ruleText is a rule as rbac/v1's PolicyRule String prints it, the order
// kubectl sorts the rows in: verbs, groups, resources, names, URLs.
func ruleText(r api.PolicyRule) string {
	return fmt.Sprintf("&PolicyRule{Verbs:%v,APIGroups:%v,Resources:%v,ResourceNames:%v,NonResourceURLs:%v,}",
		r.Verbs, r.APIGroups, r.Resources, r.ResourceNames, r.NonResourceURLs)
}

// resourceDotGroup is a rule's resource with its group, as kubectl writes
// it: deployments.apps, deployments.apps/scale, pods (the core group).
func resourceDotGroup(resources, groups []string) string {
	if len(resources) == 0 {
		return ""
	}
	name, sub, hasSub := strings.Cut(resources[0], "/")
	if len(groups) > 0 && groups[0] != "" {
		name += "." + groups[0]
	}
	if hasSub {
		name += "/" + sub
	}
	return name
}
