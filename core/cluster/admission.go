package cluster

import (
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/store"
)

// Admission makes the API server's admission plugins that live beside
// their controllers (Components.Admission), for the two places in the
// chain where they run (Build). ServiceAccount runs before the server's
// own pod plugins below: mounting the token needs the account's name, and
// a pod refused for want of its account draws no token name from the
// seeded source. Others run after them, on the pod as admitted
// (ResourceQuota among them).
type Admission struct {
	ServiceAccount func(*store.Store) []store.AdmissionFunc
	Others         func(*store.Store) []store.AdmissionFunc
}

// The API server's admission of a new pod, beyond what api.Default fills:
// the ServiceAccount plugin's token volume and the Priority plugin's
// priority (core/api/podadmission.go holds both rules). They run after
// Admission.ServiceAccount has named the pod's ServiceAccount. Pod
// templates get neither, and neither runs on a client-side dry run.

// admitServiceAccountToken mounts the kube-api-access-xxxxx volume into
// each container of a new pod, unless the pod or its ServiceAccount turns
// automountServiceAccountToken off, or the pod is a mirror pod. The
// suffix comes from the store's seeded source, as generated names do.
// It also writes the old serviceAccount field beside serviceAccountName,
// as the server's conversion does.
func admitServiceAccountToken(s *store.Store) store.AdmissionFunc {
	kind := api.ServiceAccounts
	return func(op store.Operation, obj, old api.Object) error {
		p, ok := obj.(*api.Pod)
		if !ok {
			return nil
		}
		p.Spec.DeprecatedServiceAccount = p.Spec.ServiceAccountName
		if op == store.OpUpdate {
			keepTokenVolume(p, old.(*api.Pod))
			return nil
		}
		if _, mirror := p.Annotations[api.MirrorPodAnnotation]; mirror {
			return nil
		}
		var sa *api.ServiceAccount
		if o, err := s.Get(kind, p.Namespace, p.Spec.ServiceAccountName); err == nil {
			sa = o.(*api.ServiceAccount)
		}
		if api.AutomountsServiceAccountToken(p, sa) {
			api.MountServiceAccountToken(p, api.ServiceAccountVolumePrefix+s.NameSuffix())
		}
		return nil
	}
}

// keepTokenVolume puts back the token volume and mounts a replacing write
// left out: a pod's volumes cannot change once it exists, and the
// learner's manifest never had them.
func keepTokenVolume(p, old *api.Pod) {
	if name := api.ServiceAccountTokenVolume(old); name != "" && api.ServiceAccountTokenVolume(p) == "" {
		api.MountServiceAccountToken(p, name)
	}
}

// admitPriority resolves a new pod's priority (api.AdmitPodPriority); a
// write to an existing pod keeps the priority and policy it was given.
func admitPriority(op store.Operation, obj, old api.Object) error {
	p, ok := obj.(*api.Pod)
	if !ok {
		return nil
	}
	if op == store.OpUpdate {
		o := old.(*api.Pod)
		if p.Spec.Priority == nil {
			p.Spec.Priority = o.Spec.Priority
		}
		if p.Spec.PreemptionPolicy == nil {
			p.Spec.PreemptionPolicy = o.Spec.PreemptionPolicy
		}
		return nil
	}
	return api.AdmitPodPriority(p)
}
