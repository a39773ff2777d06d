// Package serviceaccounttoken is the token controller of
// kube-controller-manager (serviceaccount-token-controller), as data: a
// Secret of type kubernetes.io/service-account-token whose annotation
// kubernetes.io/service-account.name names a ServiceAccount gets its data
// filled — token, ca.crt and namespace — and the annotation
// kubernetes.io/service-account.uid; it is deleted when its ServiceAccount
// is gone (or was re-created, with another uid).
//
// Since v1.24 such Secrets are only made by hand (pods get short-lived
// projected tokens from the kubelet instead); the sandbox's token is a
// readable stand-in, not a signed JWT, and its ca.crt the sandbox's
// stand-in CA. A key is a Secret (namespace/name).
package serviceaccounttoken

import (
	"encoding/base64"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/informer"
	"github.com/kubeloop/kubeloop/core/store"
)

// Names as upstream spells them.
const (
	SecretType    = "kubernetes.io/service-account-token"
	AnnotationSA  = "kubernetes.io/service-account.name"
	AnnotationUID = "kubernetes.io/service-account.uid"
)

// Token is the stand-in token of service account sa (uid) in namespace
// ns: readable, not signed.
func Token(ns, sa, uid string) string {
	return "kubeloop-simulated-token.system:serviceaccount:" + ns + ":" + sa + "." + uid
}

// Reconciler is the token controller.
type Reconciler struct {
	// secrets and serviceAccounts are the caches it reads; never modify
	// what they return.
	secrets         informer.Lister[*api.Secret]
	serviceAccounts informer.Lister[*api.ServiceAccount]
}

// Register adds the token controller to a manager.
func Register(m *controller.Manager) *controller.Controller {
	r := &Reconciler{secrets: informer.ListerFor[*api.Secret](m.Informers), serviceAccounts: informer.ListerFor[*api.ServiceAccount](m.Informers)}
	c := m.NewController("serviceaccount-token", r, controller.Options{Component: "serviceaccount-token-controller"})
	secret := func(s *api.Secret) {
		if s.Type == SecretType {
			c.EnqueueObject(s)
		}
	}
	r.secrets.AddTypedHandler(informer.HandlerFor[*api.Secret]{OnAdd: secret, OnUpdate: func(_, s *api.Secret) { secret(s) }})
	// A ServiceAccount that goes (or comes back) concerns its Secrets.
	sa := func(a *api.ServiceAccount) {
		for _, s := range r.secrets.List(a.Namespace) {
			if s.Type == SecretType && s.Annotations[AnnotationSA] == a.Name {
				c.EnqueueObject(s)
			}
		}
	}
	r.serviceAccounts.AddTypedHandler(informer.HandlerFor[*api.ServiceAccount]{OnAdd: sa, OnDelete: sa})
	return c
}

// Reconcile fills one token Secret, or deletes it when its ServiceAccount
// is gone.
func (r *Reconciler) Reconcile(ctx *controller.Context, req controller.Request) (controller.Result, error) {
	s, ok := r.secrets.Get(req.Namespace, req.Name)
	if !ok {
		return controller.Result{}, nil
	}
	if s.Type != SecretType || s.DeletionTimestamp != nil {
		return controller.Result{}, nil
	}
	name, uid := s.Annotations[AnnotationSA], s.Annotations[AnnotationUID]
	var sa *api.ServiceAccount
	if so, ok := r.serviceAccounts.Get(s.Namespace, name); ok {
		sa = so
	} else if live, err := controller.GetLive[*api.ServiceAccount](ctx.Store(), s.Namespace, name); err == nil {
		// Not in the cache yet: upstream asks the API server before it deletes.
		sa = live
	}
	if sa == nil || (uid != "" && uid != sa.UID) {
		if sa == nil {
			ctx.Observe("secret %s is for ServiceAccount %s, which does not exist", s.Name, name)
		} else {
			ctx.Observe("secret %s is for ServiceAccount %s uid %s; it now has uid %s", s.Name, name, uid, sa.UID)
		}
		ctx.Diff("a token of a ServiceAccount that is gone")
		ctx.Why("a token must not outlive its ServiceAccount")
		err := ctx.Delete(s, store.DeleteOptions{}, "ServiceAccount "+name+" is gone")
		if err != nil && !api.IsNotFound(err) {
			return controller.Result{}, err
		}
		return controller.Result{}, nil
	}
	want := map[string]string{
		"token":     b64(Token(s.Namespace, sa.Name, sa.UID)),
		"ca.crt":    b64(api.ClusterCACertificate),
		"namespace": b64(s.Namespace),
	}
	ctx.Observe("secret %s is for ServiceAccount %s (uid %s); %d of 3 data keys set", s.Name, sa.Name, sa.UID, count(s.Data, want))
	if uid == sa.UID && s.Data["token"] != "" && s.Data["ca.crt"] == want["ca.crt"] && s.Data["namespace"] == want["namespace"] {
		return controller.Result{}, nil
	}
	ctx.Diff("token data or uid annotation missing")
	ctx.Why("a service-account-token Secret carries a token of its ServiceAccount, the cluster CA and the namespace")
	next := api.DeepCopy(s)
	if next.Data == nil {
		next.Data = map[string]string{}
	}
	if next.Data["token"] == "" {
		next.Data["token"] = want["token"]
	}
	next.Data["ca.crt"], next.Data["namespace"] = want["ca.crt"], want["namespace"]
	next.Annotations[AnnotationUID] = sa.UID
	if _, err := ctx.Update(next, "token, ca.crt, namespace"); err != nil && !api.IsNotFound(err) {
		return controller.Result{}, err
	}
	return controller.Result{}, nil
}

func b64(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }

func count(have, want map[string]string) int {
	n := 0
	for k := range want {
		if have[k] != "" {
			n++
		}
	}
	return n
}
