// Package storageversiongc is the storage version garbage collector of
// kube-controller-manager (storageversion-garbage-collector-controller).
// Each API server records, in a StorageVersion per resource
// (internal.apiserver.k8s.io/v1alpha1), the version it stores that
// resource in, under its identity (status.storageVersions[].apiServerID);
// and it holds an identity Lease in kube-system, apiserver-<id>, labelled
// apiserver.kubernetes.io/identity=kube-apiserver, which it renews. When
// an API server's Lease is gone (it stopped renewing and the Lease was
// garbage-collected), this controller removes that server's entries from
// every StorageVersion, and deletes a StorageVersion left with none.
//
// Keys are of two kinds: "lease/<id>" when an identity Lease is deleted
// (every StorageVersion is checked for that server), and the name of a
// StorageVersion when one changes (its entries are checked against the
// Leases), as upstream's two queues.
package storageversiongc

import (
	"slices"
	"strings"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/informer"
	"github.com/kubeloop/kubeloop/core/store"
)

// Reconciler is the storage version garbage collector.
type Reconciler struct {
	// leases and versions are the caches it reads; never modify what
	// they return.
	leases   informer.Lister[*api.Lease]
	versions informer.Lister[*api.StorageVersion]
}

func isIdentityLease(l *api.Lease) bool {
	return l.Namespace == "kube-system" && l.Labels[api.APIServerIdentityLabel] == api.APIServerIdentityValue
}

// Register adds the collector to a manager.
func Register(m *controller.Manager) *controller.Controller {
	r := &Reconciler{leases: informer.ListerFor[*api.Lease](m.Informers), versions: informer.ListerFor[*api.StorageVersion](m.Informers)}
	c := m.NewController("storageversion-gc", r, controller.Options{Component: "storageversion-garbage-collector-controller"})
	r.leases.AddTypedHandler(informer.HandlerFor[*api.Lease]{OnDelete: func(l *api.Lease) {
		if isIdentityLease(l) {
			c.Enqueue(controller.Request{Name: "lease/" + l.Name})
		}
	}})
	sv := func(o api.Object) { c.Enqueue(controller.Request{Name: o.GetObjectMeta().Name}) }
	r.versions.AddHandler(informer.Handler{OnAdd: sv, OnUpdate: func(_, o api.Object) { sv(o) }})
	return c
}

// alive reports whether API server id holds its identity Lease.
func (r *Reconciler) alive(id string) bool {
	o, ok := r.leases.Get("kube-system", id)
	return ok && isIdentityLease(o)
}

// Reconcile drops the entries of API servers that are gone.
func (r *Reconciler) Reconcile(ctx *controller.Context, req controller.Request) (controller.Result, error) {
	if lease, ok := strings.CutPrefix(req.Name, "lease/"); ok {
		if r.alive(lease) {
			ctx.Observe("identity lease %s is back", lease)
			return controller.Result{}, nil
		}
		ctx.Observe("identity lease kube-system/%s is gone", lease)
		for _, o := range r.versions.List("") {
			if err := r.clean(ctx, o, func(id string) bool { return id != lease }); err != nil {
				return controller.Result{}, err
			}
		}
		return controller.Result{}, nil
	}
	o, ok := r.versions.Get("", req.Name)
	if !ok {
		return controller.Result{}, nil
	}
	return controller.Result{}, r.clean(ctx, o, r.alive)
}

// clean removes from sv the entries of servers keep rejects, and deletes
// sv when none is left.
func (r *Reconciler) clean(ctx *controller.Context, sv *api.StorageVersion, keep func(id string) bool) error {
	var gone []string
	left := slices.DeleteFunc(slices.Clone(sv.Status.StorageVersions), func(v api.ServerStorageVersion) bool {
		if keep(v.APIServerID) {
			return false
		}
		gone = append(gone, v.APIServerID)
		return true
	})
	ctx.Observe("storageversion %s: %d API servers, %d without an identity lease", sv.Name, len(sv.Status.StorageVersions), len(gone))
	if len(gone) == 0 {
		return nil
	}
	ctx.Diff("entries of %s, whose identity lease is gone", strings.Join(gone, ", "))
	if len(left) == 0 {
		ctx.Why("no API server that stores %s is left: the record goes", sv.Name)
		err := ctx.Delete(sv, store.DeleteOptions{}, "no API server left")
		if api.IsNotFound(err) {
			return nil
		}
		return err
	}
	ctx.Why("a server that is gone no longer stores %s", sv.Name)
	next := api.DeepCopy(sv)
	next.Status.StorageVersions = left
	_, err := ctx.UpdateStatus(next, "remove "+strings.Join(gone, ", "))
	if api.IsNotFound(err) {
		return nil
	}
	return err
}
