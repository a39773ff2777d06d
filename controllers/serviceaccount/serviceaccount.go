// Package serviceaccount is the serviceaccount controller of
// kube-controller-manager: every active namespace has a ServiceAccount
// named "default". It creates it when a namespace appears and again if
// someone deletes it. A namespace being deleted gets none.
//
// Admission (the API server's ServiceAccount plugin) is here too: a pod
// created without spec.serviceAccountName gets "default".
//
// Since v1.24 no token Secret is created for a ServiceAccount, so SECRETS
// is 0; a hand-made token Secret is filled by controllers/serviceaccounttoken.
// The plugin's other half, the projected kube-api-access-* volume mounted
// into each pod, is core/cluster/admission.go's.
package serviceaccount

import (
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/informer"
	"github.com/kubeloop/kubeloop/core/store"
)

// Reconciler ensures each namespace's default ServiceAccount.
type Reconciler struct {
	// namespaces and serviceAccounts are the caches the loop observes;
	// never modify what they return.
	namespaces      informer.Lister[*api.Namespace]
	serviceAccounts informer.Lister[*api.ServiceAccount]
}

// Register adds the serviceaccount controller to a manager. Its key is a
// namespace name.
func Register(m *controller.Manager) *controller.Controller {
	r := &Reconciler{
		namespaces:      informer.ListerFor[*api.Namespace](m.Informers),
		serviceAccounts: informer.ListerFor[*api.ServiceAccount](m.Informers),
	}
	c := m.NewController("serviceaccount", r, controller.Options{Component: "serviceaccount-controller"})
	r.namespaces.AddHandler(informer.Handler{
		OnAdd:    func(o api.Object) { c.Enqueue(controller.Request{Name: o.GetObjectMeta().Name}) },
		OnUpdate: func(_, o api.Object) { c.Enqueue(controller.Request{Name: o.GetObjectMeta().Name}) },
	})
	r.serviceAccounts.AddTypedHandler(informer.HandlerFor[*api.ServiceAccount]{
		OnDelete: func(sa *api.ServiceAccount) {
			if sa.Name == api.DefaultServiceAccountName {
				c.Enqueue(controller.Request{Name: sa.Namespace})
			}
		},
	})
	return c
}

// Reconcile creates the namespace's default ServiceAccount if it is missing.
func (r *Reconciler) Reconcile(ctx *controller.Context, req controller.Request) (controller.Result, error) {
	ns, ok := r.namespaces.Get("", req.Name)
	if !ok {
		return controller.Result{}, nil
	}
	if ns.DeletionTimestamp != nil || ns.Status.Phase != "Active" {
		ctx.Observe("namespace %s is %s", ns.Name, ns.Status.Phase)
		return controller.Result{}, nil
	}
	if _, ok := r.serviceAccounts.Get(ns.Name, api.DefaultServiceAccountName); ok {
		return controller.Result{}, nil
	}
	ctx.Diff("namespace %s has no ServiceAccount %q", ns.Name, api.DefaultServiceAccountName)
	ctx.Why("every active namespace has a default ServiceAccount")
	sa := &api.ServiceAccount{ObjectMeta: api.ObjectMeta{Name: api.DefaultServiceAccountName, Namespace: ns.Name}}
	if _, err := ctx.Create(sa, "the namespace's default service account"); err != nil && !api.IsAlreadyExists(err) {
		if api.ReasonOf(err) == api.ReasonForbidden {
			return controller.Result{}, nil // the namespace began terminating
		}
		return controller.Result{}, err
	}
	return controller.Result{}, nil
}

// Admission sets spec.serviceAccountName to "default" on a pod created
// without one, as the API server's ServiceAccount admission plugin does;
// like it, it leaves mirror pods alone.
func Admission(op store.Operation, obj, _ api.Object) error {
	p, ok := obj.(*api.Pod)
	if !ok || op != store.OpCreate {
		return nil
	}
	if _, mirror := p.Annotations[api.MirrorPodAnnotation]; mirror {
		return nil // the kubelet's copy of a static pod, which names no ServiceAccount
	}
	if p.Spec.ServiceAccountName == "" {
		p.Spec.ServiceAccountName = api.DefaultServiceAccountName
	}
	return nil
}
