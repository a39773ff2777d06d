// Package rootcacertpublisher is the root CA certificate publisher of
// kube-controller-manager (root-ca-certificate-publisher-controller):
// every active namespace has a ConfigMap kube-root-ca.crt holding the
// cluster's CA certificate under ca.crt, which pods use (through their
// projected service account volume) to trust the API server. It creates
// the ConfigMap for a new namespace, puts it back if it is deleted, and
// rewrites it if its data or description is changed.
//
// The sandbox's CA is a readable stand-in, not X.509 (see
// controllers/certificates).
package rootcacertpublisher

import (
	"maps"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/informer"
)

// ConfigMapName is the published ConfigMap in every namespace.
const ConfigMapName = "kube-root-ca.crt"

// DescriptionAnnotation and Description are what upstream writes on it.
const (
	DescriptionAnnotation = "kubernetes.io/description"
	Description           = "Contains a CA bundle that can be used to verify the kube-apiserver when using internal endpoints such as the internal service IP or kubernetes.default.svc. No other usage is guaranteed across distributions of Kubernetes clusters."
)

// Reconciler publishes the CA; a key is a namespace name.
type Reconciler struct {
	// namespaces and configMaps are the caches it observes; never modify
	// what they return.
	namespaces informer.Lister[*api.Namespace]
	configMaps informer.Lister[*api.ConfigMap]
}

// Register adds the publisher to a manager.
func Register(m *controller.Manager) *controller.Controller {
	r := &Reconciler{namespaces: informer.ListerFor[*api.Namespace](m.Informers), configMaps: informer.ListerFor[*api.ConfigMap](m.Informers)}
	c := m.NewController("root-ca-cert-publisher", r, controller.Options{Component: "root-ca-certificate-publisher-controller"})
	r.namespaces.AddHandler(informer.Handler{
		OnAdd:    func(o api.Object) { c.Enqueue(controller.Request{Name: o.GetObjectMeta().Name}) },
		OnUpdate: func(_, o api.Object) { c.Enqueue(controller.Request{Name: o.GetObjectMeta().Name}) },
	})
	ours := func(cm *api.ConfigMap) {
		if cm.Name == ConfigMapName {
			c.Enqueue(controller.Request{Name: cm.Namespace})
		}
	}
	r.configMaps.AddTypedHandler(informer.HandlerFor[*api.ConfigMap]{
		OnUpdate: func(_, cm *api.ConfigMap) { ours(cm) },
		OnDelete: ours,
	})
	return c
}

// Reconcile makes one namespace's kube-root-ca.crt hold the CA.
func (r *Reconciler) Reconcile(ctx *controller.Context, req controller.Request) (controller.Result, error) {
	ns, ok := r.namespaces.Get("", req.Name)
	if !ok {
		return controller.Result{}, nil
	}
	if ns.DeletionTimestamp != nil || ns.Status.Phase != "Active" {
		ctx.Observe("namespace %s is %s", ns.Name, ns.Status.Phase)
		return controller.Result{}, nil
	}
	data := map[string]string{"ca.crt": api.ClusterCACertificate}
	cm, ok := r.configMaps.Get(req.Name, ConfigMapName)
	if !ok {
		ctx.Diff("namespace %s has no ConfigMap %s", req.Name, ConfigMapName)
		ctx.Why("every namespace publishes the cluster's CA for its pods")
		cm := &api.ConfigMap{ObjectMeta: api.ObjectMeta{Name: ConfigMapName, Namespace: req.Name,
			Annotations: map[string]string{DescriptionAnnotation: Description}}, Data: data}
		if _, err := ctx.Create(cm, "ca.crt"); err != nil && !api.IsAlreadyExists(err) {
			if api.ReasonOf(err) == api.ReasonForbidden {
				return controller.Result{}, nil // the namespace began terminating
			}
			return controller.Result{}, err
		}
		return controller.Result{}, nil
	}
	if maps.Equal(cm.Data, data) && cm.Annotations[DescriptionAnnotation] == Description {
		return controller.Result{}, nil
	}
	ctx.Diff("ConfigMap %s/%s does not hold the cluster's CA", req.Name, ConfigMapName)
	ctx.Why("its content is the controller manager's, not anyone's to edit")
	next := api.DeepCopy(cm)
	next.Data = data
	if next.Annotations == nil {
		next.Annotations = map[string]string{}
	}
	next.Annotations[DescriptionAnnotation] = Description
	if _, err := ctx.Update(next, "ca.crt"); err != nil && !api.IsNotFound(err) {
		return controller.Result{}, err
	}
	return controller.Result{}, nil
}
