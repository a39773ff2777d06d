package serviceaccount

import (
	"fmt"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/store"
)

// ExistsAdmission refuses a pod whose spec.serviceAccountName names a
// ServiceAccount that does not exist, as the API server's ServiceAccount
// plugin does:
//
//	pods "web-7c5d-" is forbidden: error looking up service account default/robot: serviceaccount "robot" not found
//
// A pod created by a controller (generateName) is named by its prefix, as
// admission sees it before the name is generated.
//
// The namespace's own "default" is let through: a real API server also
// refuses it in the moment between a namespace's creation and the
// serviceaccount controller's first reconcile, but kubeloop's scripts
// create pods in that moment on purpose and nothing would teach the race.
func ExistsAdmission(s *store.Store) store.AdmissionFunc {
	kind := api.ServiceAccounts
	return func(op store.Operation, obj, _ api.Object) error {
		p, ok := obj.(*api.Pod)
		if !ok || op != store.OpCreate {
			return nil
		}
		sa := p.Spec.ServiceAccountName
		if sa == "" || sa == api.DefaultServiceAccountName {
			return nil
		}
		if _, err := s.Get(kind, p.Namespace, sa); err == nil {
			return nil
		}
		name := p.Name
		if p.GenerateName != "" {
			name = p.GenerateName
		}
		return &api.StatusError{Reason: api.ReasonForbidden, Message: fmt.Sprintf(
			"pods %q is forbidden: error looking up service account %s/%s: serviceaccount %q not found", name, p.Namespace, sa, sa)}
	}
}
