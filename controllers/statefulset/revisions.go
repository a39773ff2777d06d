package statefulset

import (
	"fmt"

	"github.com/kubeloop/kubeloop/controllers/history"
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/informer"
	"github.com/kubeloop/kubeloop/core/store"
)

// ownedRevisions lists the ControllerRevisions this set controls, oldest
// revision first.
func (r *Reconciler) ownedRevisions(set *api.StatefulSet) []*api.ControllerRevision {
	var out []*api.ControllerRevision
	for _, rev := range r.revisions.ByIndex(informer.IndexOwner, set.UID) {
		if api.IsControlledBy(rev, set.UID) {
			out = append(out, rev)
		}
	}
	history.Sort(out)
	return out
}

// syncRevisions finds or makes the update revision (the set's template
// now) and finds the current one (status.currentRevision, or the update
// revision on the first sync). A template that matches an older revision
// — a rollback — re-uses it under the next revision number.
func (r *Reconciler) syncRevisions(ctx *controller.Context, set *api.StatefulSet, revs []*api.ControllerRevision) (cur, upd *api.ControllerRevision, collisions int32, err error) {
	collisions = api.Deref(set.Status.CollisionCount, 0)
	want := history.New(set, set.Spec.Template.Labels, &set.Spec.Template, history.Next(revs), &collisions)
	var equal []*api.ControllerRevision
	for _, rev := range revs {
		if history.Equal(rev, want) {
			equal = append(equal, rev)
		}
	}
	switch {
	case len(equal) > 0 && equal[len(equal)-1] == revs[len(revs)-1]:
		upd = equal[len(equal)-1]
	case len(equal) > 0:
		old := api.DeepCopy(equal[len(equal)-1])
		old.Revision = want.Revision
		ctx.Why("the template matches revision %s again: it becomes revision %d", old.Name, old.Revision)
		out, err := ctx.Update(old, fmt.Sprintf("revision %d", want.Revision))
		if err != nil {
			return nil, nil, 0, err
		}
		upd = out.(*api.ControllerRevision)
	default:
		out, err := ctx.Create(want, fmt.Sprintf("revision %d", want.Revision))
		switch {
		case err == nil:
			upd = out.(*api.ControllerRevision)
		case api.IsAlreadyExists(err):
			existing, gerr := controller.GetLive[*api.ControllerRevision](ctx.Store(), want.Namespace, want.Name)
			if gerr != nil {
				return nil, nil, 0, gerr
			}
			if history.Equal(existing, want) && api.IsControlledBy(existing, set.UID) {
				upd = existing
				break
			}
			// A hash collision with someone else's revision: count it, so
			// the next hash differs.
			collisions++
			st := api.DeepCopy(set)
			st.Status.CollisionCount = api.Ptr(collisions)
			ctx.Why("revision name %s is taken: collisionCount=%d changes the hash", want.Name, collisions)
			if _, err := ctx.UpdateStatus(st, fmt.Sprintf("collisionCount=%d", collisions)); err != nil {
				return nil, nil, 0, err
			}
			return nil, nil, 0, fmt.Errorf("hash collision on ControllerRevision %s", want.Name)
		default:
			return nil, nil, 0, err
		}
	}
	for _, rev := range revs {
		if rev.Name == set.Status.CurrentRevision {
			cur = rev
		}
	}
	if cur == nil {
		cur = upd
	}
	return cur, upd, collisions, nil
}

// truncateHistory deletes the oldest revisions no pod runs, beyond
// revisionHistoryLimit; the current and update revisions always stay.
func (r *Reconciler) truncateHistory(ctx *controller.Context, set *api.StatefulSet, v *view, revs []*api.ControllerRevision) error {
	live := map[string]bool{v.cur.Name: true, v.upd.Name: true}
	for _, p := range v.all() {
		live[revisionOf(p)] = true
	}
	var old []*api.ControllerRevision
	for _, rev := range revs {
		if !live[rev.Name] {
			old = append(old, rev)
		}
	}
	limit := int(api.Deref(set.Spec.RevisionHistoryLimit, 10))
	for i := 0; i < len(old)-limit; i++ {
		ctx.Why("revisionHistoryLimit=%d: delete revision %s (%d), the oldest no pod runs", limit, old[i].Name, old[i].Revision)
		if err := ctx.Delete(old[i], store.DeleteOptions{}, "history limit"); err != nil && !api.IsNotFound(err) {
			return err
		}
	}
	return nil
}
