package store

import "github.com/kubeloop/kubeloop/core/api"

// DeleteAdmissionFunc may refuse the delete of a stored object, as an
// admission plugin does for a DELETE request (the NamespaceLifecycle
// plugin keeps default, kube-system and kube-public). It must not change
// old, the object as stored.
type DeleteAdmissionFunc func(kind *api.Kind, old api.Object) error

// AddDeleteAdmission registers a step every Delete runs, once the object
// is found and before anything about it changes.
func (s *Store) AddDeleteAdmission(f DeleteAdmissionFunc) {
	s.deleteAdmission = append(s.deleteAdmission, f)
}

func (s *Store) admitDelete(kind *api.Kind, old api.Object) error {
	for _, f := range s.deleteAdmission {
		if err := f(kind, old); err != nil {
			return err
		}
	}
	return nil
}
