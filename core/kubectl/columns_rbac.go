package kubectl

import (
	"strings"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
)

// This file holds the table printers of the RBAC kinds, with kubectl's
// columns: roles by their creation time (CREATED AT, RFC 3339), bindings
// by the role they grant and, with -o wide, who to.

func registerColumnsRBAC() {
	createdAt := columns{
		headers: []string{"NAME", "CREATED AT"},
		row: func(o api.Object, _ time.Time, _ bool) []string {
			m := o.GetObjectMeta()
			return []string{m.Name, m.CreationTimestamp.UTC().Format(time.RFC3339)}
		},
	}
	printers["Role"] = createdAt
	printers["ClusterRole"] = createdAt
	binding := columns{
		headers: []string{"NAME", "ROLE", "AGE"},
		wide:    []string{"USERS", "GROUPS", "SERVICEACCOUNTS"},
		row: func(o api.Object, now time.Time, wide bool) []string {
			var ref api.RoleRef
			var subjects []api.Subject
			switch b := o.(type) {
			case *api.RoleBinding:
				ref, subjects = b.RoleRef, b.Subjects
			case *api.ClusterRoleBinding:
				ref, subjects = b.RoleRef, b.Subjects
			}
			m := o.GetObjectMeta()
			r := []string{m.Name, ref.Kind + "/" + ref.Name, age(m.CreationTimestamp, now)}
			if wide {
				var users, groups, sas []string
				for _, s := range subjects {
					switch s.Kind {
					case "User":
						users = append(users, s.Name)
					case "Group":
						groups = append(groups, s.Name)
					case "ServiceAccount":
						sas = append(sas, s.Namespace+"/"+s.Name)
					}
				}
				r = append(r, strings.Join(users, ", "), strings.Join(groups, ", "), strings.Join(sas, ", "))
			}
			return r
		},
	}
	printers["RoleBinding"] = binding
	printers["ClusterRoleBinding"] = binding
}
