package daemonset

import (
	"maps"

	"github.com/kubeloop/kubeloop/controllers/history"
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/controller"
)

// This file keeps a DaemonSet's ControllerRevisions: one per distinct
// template, named <ds>-<hash>, labelled with the template's labels and
// controller-revision-hash, numbered in the order the templates were
// current; at most revisionHistoryLimit old ones are kept.

// snapshot is the revision for ds's current template.
func snapshot(ds *api.DaemonSet, revision int64) *api.ControllerRevision {
	data := history.Patch(&ds.Spec.Template)
	hash := history.Hash(data, ds.Status.CollisionCount)
	owner := api.DeepCopy(ds)
	api.SetKind(owner)
	labels := maps.Clone(ds.Spec.Template.Labels)
	if labels == nil {
		labels = map[string]string{}
	}
	labels[RevisionHashLabel] = hash
	return &api.ControllerRevision{
		ObjectMeta: api.ObjectMeta{Name: ds.Name + "-" + hash, Namespace: ds.Namespace, Labels: labels,
			Annotations: maps.Clone(ds.Annotations), OwnerReferences: []api.OwnerReference{api.NewControllerRef(owner)}},
		Data: data, Revision: revision,
	}
}

// controlledRevisions are ds's revisions, by revision number.
func (r *Reconciler) controlledRevisions(ds *api.DaemonSet) []*api.ControllerRevision {
	var out []*api.ControllerRevision
	for _, o := range r.revisions.List(ds.Namespace) {
		if api.IsControlledBy(o, ds.UID) {
			out = append(out, o)
		}
	}
	history.Sort(out)
	return out
}

// constructHistory finds (or creates) the revision of the current template
// and renumbers it as the newest; the others are old.
func (r *Reconciler) constructHistory(ctx *controller.Context, ds *api.DaemonSet) (cur *api.ControllerRevision, old []*api.ControllerRevision, err error) {
	want := snapshot(ds, 0)
	var current []*api.ControllerRevision
	for _, rev := range r.controlledRevisions(ds) {
		if history.Equal(rev, want) {
			current = append(current, rev)
		} else {
			old = append(old, rev)
		}
	}
	next := history.Next(old)
	if len(current) == 0 {
		want.Revision = next
		out, err := ctx.Create(want, "revision "+itoa(next))
		if api.IsAlreadyExists(err) {
			// A revision of another template holds the name: hash again
			// with a bumped collision count.
			c := api.DeepCopy(ds)
			c.Status.CollisionCount = api.Ptr(api.Deref(ds.Status.CollisionCount, 0) + 1)
			ctx.Why("revision name %s is taken by another template: collisionCount → %d", want.Name, *c.Status.CollisionCount)
			if _, uerr := ctx.UpdateStatus(c, "collisionCount"); uerr != nil {
				return nil, nil, uerr
			}
			return nil, nil, err
		}
		if err != nil {
			return nil, nil, err
		}
		ctx.Why("the template has no revision yet: record it as revision %d", next)
		return out.(*api.ControllerRevision), old, nil
	}
	// Keep the newest of identical revisions; drop the rest.
	cur = current[len(current)-1]
	for _, dup := range current[:len(current)-1] {
		_ = ctx.Delete(dup, storeDeleteOptions(), "duplicate revision")
	}
	if cur.Revision < next {
		c := api.DeepCopy(cur)
		c.Revision = next
		ctx.Why("the template of revision %d is current again: it becomes revision %d", cur.Revision, next)
		out, err := ctx.Update(c, "revision "+itoa(next))
		if err != nil {
			return nil, nil, err
		}
		cur = out.(*api.ControllerRevision)
	}
	return cur, old, nil
}

// cleanupHistory deletes the oldest old revisions beyond
// revisionHistoryLimit whose hash no live pod carries.
func (r *Reconciler) cleanupHistory(ctx *controller.Context, ds *api.DaemonSet, old []*api.ControllerRevision, byNode map[string][]*api.Pod) error {
	limit := int(api.Deref(ds.Spec.RevisionHistoryLimit, 10))
	excess := len(old) - limit
	if excess <= 0 {
		return nil
	}
	live := map[string]bool{}
	for _, pods := range byNode {
		for _, p := range pods {
			live[p.Labels[RevisionHashLabel]] = true
		}
	}
	for _, rev := range old {
		if excess == 0 {
			break
		}
		if live[rev.Labels[RevisionHashLabel]] {
			continue
		}
		ctx.Why("more than revisionHistoryLimit %d old revisions: delete revision %d", limit, rev.Revision)
		if err := ctx.Delete(rev, storeDeleteOptions(), "history limit"); err != nil && !api.IsNotFound(err) {
			return err
		}
		excess--
	}
	return nil
}
