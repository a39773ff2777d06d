package deployment

// This file is one reconcile of one Deployment, top-down: claim its
// ReplicaSets, then scale (paused or resized), roll out (RollingUpdate or
// Recreate), clean up history, and write the status.

import (
	"errors"
	"fmt"
	"maps"
	"math"
	"reflect"
	"slices"
	"strconv"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/informer"
	"github.com/kubeloop/kubeloop/core/store"
)

// syncer holds the state of one reconcile.
type syncer struct {
	r   *Reconciler
	ctx *controller.Context
	// d is a private copy of the Deployment: the reconcile edits its
	// revision annotation and status, and finish writes what changed.
	d *api.Deployment
	// cached is the Deployment as the informer has it, to tell what changed.
	cached *api.Deployment
	now    time.Time
	// rsList is the ReplicaSets this Deployment owns, after adoption.
	rsList []*api.ReplicaSet
	// latest maps a ReplicaSet name to the version this reconcile last
	// wrote, so later steps build on it (and on its resourceVersion).
	latest   map[string]*api.ReplicaSet
	observed bool
	// created is set when this reconcile created the new ReplicaSet.
	created bool
	// requeueAfter / requeue ask for another look (the progress deadline).
	requeueAfter time.Duration
	requeue      bool
}

func (s *syncer) run() (controller.Result, error) {
	d := s.d
	sel, err := d.Spec.Selector.AsSelector()
	if err != nil {
		return s.finish(controller.Terminal(fmt.Errorf("invalid selector: %w", err)))
	}
	if sel.Empty() {
		s.ctx.Event(d, controller.EventWarning, "SelectingAll", "This deployment is selecting all pods. A non-empty selector is required.")
		s.ctx.Why("an empty selector would select every pod in the namespace: nothing is done until it is fixed")
		d.Status.ObservedGeneration = max(d.Status.ObservedGeneration, d.Generation)
		return s.finish(nil)
	}
	s.ctx.Observe("spec.replicas=%d, %s", replicasOf(d), describeFenceposts(d))
	if d.Generation > d.Status.ObservedGeneration {
		s.ctx.Observe("generation %d not yet observed (status has %d): the spec changed", d.Generation, d.Status.ObservedGeneration)
	}
	if err := s.claimReplicaSets(sel); err != nil {
		return s.finish(err)
	}
	if d.DeletionTimestamp != nil {
		s.ctx.Why("the Deployment is being deleted: only its status is brought up to date")
		newRS, old := splitReplicaSets(d, s.rsList)
		d.Status = calculateStatus(appendRS(old, newRS), newRS, d, s.now)
		return s.finish(nil)
	}
	s.checkPausedCondition()
	switch {
	case d.Spec.Paused:
		s.ctx.Why("spec.paused: only scaling and cleanup run; a new template waits for resume")
		err = s.sync()
	case s.isScalingEvent():
		err = s.sync()
	case d.Spec.Strategy.Type == api.RecreateDeploymentStrategyType:
		err = s.rolloutRecreate()
	default:
		err = s.rolloutRolling()
	}
	return s.finish(err)
}

// finish writes the Deployment's revision annotation and status if they
// changed — never otherwise, so a settled Deployment causes no writes.
func (s *syncer) finish(err error) (controller.Result, error) {
	if werr := s.writeDeployment(); werr != nil {
		err = errors.Join(err, werr)
	}
	if err != nil {
		return controller.Result{}, err
	}
	return controller.Result{RequeueAfter: s.requeueAfter, Requeue: s.requeue}, nil
}

func (s *syncer) writeDeployment() error {
	d, c := s.d, s.cached
	if !maps.Equal(d.Annotations, c.Annotations) {
		out, err := s.ctx.Update(d, RevisionAnnotation+"="+d.Annotations[RevisionAnnotation])
		if err != nil {
			return err
		}
		d.ResourceVersion = out.GetObjectMeta().ResourceVersion
	}
	if !reflect.DeepEqual(d.Status, c.Status) {
		_, err := s.ctx.UpdateStatus(d, statusSummary(&d.Status))
		return err
	}
	return nil
}

// claimReplicaSets collects the ReplicaSets this Deployment controls whose
// labels its selector matches; it adopts matching orphans and releases
// owned ones that no longer match.
func (s *syncer) claimReplicaSets(sel api.Selector) error {
	d := s.d
	adoptable := -1 // unknown until an orphan needs it
	for _, rs := range s.r.replicaSets.List(d.Namespace) {
		if ref := api.ControllerOf(rs); ref != nil {
			if ref.UID != d.UID {
				continue // someone else's
			}
			if sel.Matches(rs.Labels) {
				s.rsList = append(s.rsList, rs)
				continue
			}
			if d.DeletionTimestamp != nil {
				continue
			}
			cp := api.DeepCopy(rs)
			cp.OwnerReferences = slices.DeleteFunc(cp.OwnerReferences, func(r api.OwnerReference) bool { return r.UID == d.UID })
			s.ctx.Why("ReplicaSet %s no longer matches selector %s: releasing it", rs.Name, sel)
			if _, err := s.ctx.Update(cp, "release: remove ownerReference"); err != nil && !api.IsNotFound(err) {
				return err
			}
			continue
		}
		if d.DeletionTimestamp != nil || rs.DeletionTimestamp != nil || !sel.Matches(rs.Labels) {
			continue
		}
		if adoptable < 0 {
			adoptable = 0
			// A live read, not the cache: adopting for a Deployment that was
			// just deleted (or replaced under the same name) would be wrong.
			if live, err := s.ctx.Store().Get(api.KindOf(d), d.Namespace, d.Name); err == nil &&
				live.GetObjectMeta().UID == d.UID && live.GetObjectMeta().DeletionTimestamp == nil {
				adoptable = 1
			}
		}
		if adoptable == 0 {
			continue
		}
		cp := api.DeepCopy(rs)
		cp.OwnerReferences = append(cp.OwnerReferences, api.NewControllerRef(d))
		s.ctx.Why("orphan ReplicaSet %s matches selector %s: adopting it", rs.Name, sel)
		out, err := s.ctx.Update(cp, "adopt: add controller ownerReference")
		if err != nil {
			if api.IsNotFound(err) {
				continue
			}
			return err
		}
		s.rsList = append(s.rsList, s.track(out.(*api.ReplicaSet)))
	}
	return nil
}

// isScalingEvent reports whether an active ReplicaSet was sized for another
// spec.replicas: then only scaling happens this pass, no rollout step.
func (s *syncer) isScalingEvent() bool {
	newRS, old := splitReplicaSets(s.d, s.rsList)
	for _, rs := range activeOf(appendRS(old, newRS)) {
		if desired, ok := intAnnotation(rs, DesiredReplicasAnnotation); ok && desired != replicasOf(s.d) {
			s.ctx.Why("%s was sized for spec.replicas=%d, now %d: a scaling event, handled without a rollout step",
				rs.Name, desired, replicasOf(s.d))
			return true
		}
	}
	return false
}

// sync is the pass for a paused Deployment or a scaling event: size the
// ReplicaSets (never create one), clean up history when paused, and
// update the status.
func (s *syncer) sync() error {
	newRS, oldRSs, err := s.replicaSets(false)
	if err != nil {
		return err
	}
	steps, why := PlanScale(s.d, newRS, oldRSs)
	for _, w := range why {
		s.ctx.Why("%s", w)
	}
	for _, st := range steps {
		if _, err := s.scaleTo(st.RS, st.To, st.Why, st.SyncAnnotations); err != nil {
			return err
		}
	}
	newRS, oldRSs = s.fresh1(newRS), s.fresh(oldRSs)
	if s.d.Spec.Paused {
		if err := s.cleanupHistory(oldRSs); err != nil {
			return err
		}
	}
	s.d.Status = calculateStatus(appendRS(slices.Clone(oldRSs), newRS), newRS, s.d, s.now)
	return nil
}

// rolloutRolling is one step of a rolling update: grow the new ReplicaSet
// into the surge room; if it did not grow, shrink old ones within the
// availability budget; once complete, clean up history.
func (s *syncer) rolloutRolling() error {
	newRS, oldRSs, err := s.replicaSets(true)
	if err != nil {
		return err
	}
	scaledUp, err := s.reconcileNewReplicaSet(newRS, oldRSs)
	if err != nil {
		return err
	}
	if scaledUp {
		s.ctx.Why("the new ReplicaSet grew: old ones shrink in a later pass, as new pods become available")
		return s.syncRolloutStatus(newRS, oldRSs)
	}
	scaledDown, err := s.reconcileOldReplicaSets(newRS, oldRSs)
	if err != nil {
		return err
	}
	if !scaledDown && DeploymentComplete(s.d, &s.d.Status) {
		if err := s.cleanupHistory(s.fresh(oldRSs)); err != nil {
			return err
		}
	}
	return s.syncRolloutStatus(newRS, oldRSs)
}

func (s *syncer) reconcileNewReplicaSet(newRS *api.ReplicaSet, oldRSs []*api.ReplicaSet) (bool, error) {
	newRS = s.fresh1(newRS)
	if newRS == nil {
		return false, nil
	}
	replicas := replicasOf(s.d)
	cur := specOf(newRS)
	if cur == replicas {
		return false, nil
	}
	if cur > replicas {
		return s.scaleTo(newRS, replicas, fmt.Sprintf("new ReplicaSet has %d, more than spec.replicas=%d: scaling it down", cur, replicas), false)
	}
	n, why, err := NewRSNewReplicas(s.d, appendRS(s.fresh(oldRSs), newRS), newRS)
	if err != nil {
		return false, err
	}
	if n == cur {
		if !s.created { // just created at this size: already explained
			s.ctx.Why("%s", why)
		}
		return false, nil
	}
	return s.scaleTo(newRS, n, why, false)
}

func (s *syncer) reconcileOldReplicaSets(newRS *api.ReplicaSet, oldRSs []*api.ReplicaSet) (bool, error) {
	newRS, olds := s.fresh1(newRS), s.fresh(oldRSs)
	steps, why := PlanOldScaleDown(s.d, appendRS(slices.Clone(olds), newRS), activeOf(olds), newRS)
	for _, w := range why {
		s.ctx.Why("%s", w)
	}
	scaled := false
	for _, st := range steps {
		ok, err := s.scaleTo(st.RS, st.To, st.Why, false)
		if err != nil {
			return scaled, err
		}
		scaled = scaled || ok
	}
	return scaled, nil
}

// rolloutRecreate scales every old ReplicaSet to 0, waits until no old pod
// exists, then creates (or scales) the new ReplicaSet to all replicas.
func (s *syncer) rolloutRecreate() error {
	newRS, oldRSs, err := s.replicaSets(false)
	if err != nil {
		return err
	}
	scaledDown := false
	for _, rs := range activeOf(oldRSs) {
		ok, err := s.scaleTo(rs, 0, fmt.Sprintf("Recreate: old ReplicaSet %s goes to 0 before any new pod starts", rs.Name), false)
		if err != nil {
			return err
		}
		scaledDown = scaledDown || ok
	}
	if scaledDown {
		return s.syncRolloutStatus(newRS, oldRSs)
	}
	if n := s.oldPodsRunning(s.fresh(oldRSs)); n > 0 {
		s.ctx.Diff("%d old pods still exist", n)
		s.ctx.Why("Recreate: the new ReplicaSet starts only once every old pod is gone")
		return s.syncRolloutStatus(newRS, oldRSs)
	}
	if newRS == nil {
		if newRS, oldRSs, err = s.replicaSets(true); err != nil {
			return err
		}
	}
	replicas := replicasOf(s.d)
	if _, err := s.scaleTo(newRS, replicas, fmt.Sprintf("Recreate: no old pod is left: the new ReplicaSet gets all %d replicas", replicas), false); err != nil {
		return err
	}
	if DeploymentComplete(s.d, &s.d.Status) {
		if err := s.cleanupHistory(s.fresh(oldRSs)); err != nil {
			return err
		}
	}
	return s.syncRolloutStatus(newRS, oldRSs)
}

// oldPodsRunning counts the pods of old ReplicaSets that have not finished,
// or, if the pod cache has none, the pods their status still reports.
func (s *syncer) oldPodsRunning(oldRSs []*api.ReplicaSet) int {
	pods, reported := 0, 0
	for _, rs := range oldRSs {
		reported += int(rs.Status.Replicas)
		for _, p := range s.r.pods.ByIndex(informer.IndexOwner, rs.UID) {
			if !api.IsControlledBy(p, rs.UID) || p.Status.Phase == api.PodSucceeded || p.Status.Phase == api.PodFailed {
				continue
			}
			pods++
		}
	}
	return max(pods, reported)
}

// replicaSets splits the owned ReplicaSets into the new one and the old
// ones, and syncs the new one's revision (creating it if create and there is
// none).
func (s *syncer) replicaSets(create bool) (*api.ReplicaSet, []*api.ReplicaSet, error) {
	existing, old := splitReplicaSets(s.d, s.fresh(s.rsList))
	s.observeReplicaSets(existing, old)
	newRS, err := s.getNewReplicaSet(existing, old, create)
	return newRS, old, err
}

func (s *syncer) observeReplicaSets(newRS *api.ReplicaSet, old []*api.ReplicaSet) {
	if s.observed {
		return
	}
	s.observed = true
	replicas := replicasOf(s.d)
	if newRS == nil {
		s.ctx.Diff("no ReplicaSet has the current pod template")
	} else {
		s.ctx.Observe("new ReplicaSet %s (revision %s): %s", newRS.Name, newRS.Annotations[RevisionAnnotation], rsCounts(newRS))
		switch {
		case specOf(newRS) == replicas && availableOf(newRS) == replicas:
			// nothing to say: the new ReplicaSet is the Deployment's size
		case replicas == 1:
			s.ctx.Diff("new ReplicaSet has %d of 1 replica, %d available", specOf(newRS), availableOf(newRS))
		default:
			s.ctx.Diff("new ReplicaSet has %d of %d replicas, %d available", specOf(newRS), replicas, availableOf(newRS))
		}
	}
	idle := 0
	for _, rs := range old {
		if specOf(rs) == 0 && rs.Status.Replicas == 0 {
			idle++
			continue
		}
		s.ctx.Observe("old ReplicaSet %s (revision %s): %s", rs.Name, rs.Annotations[RevisionAnnotation], rsCounts(rs))
	}
	switch {
	case idle == 1:
		s.ctx.Observe("1 old ReplicaSet at 0 replicas (history)")
	case idle > 1:
		s.ctx.Observe("%d old ReplicaSets at 0 replicas (history)", idle)
	}
	switch n := sumSpec(old); {
	case n == 1:
		s.ctx.Diff("old ReplicaSets still ask for 1 pod")
	case n > 0:
		s.ctx.Diff("old ReplicaSets still ask for %d pods", n)
	}
}

func rsCounts(rs *api.ReplicaSet) string {
	return fmt.Sprintf("spec %d, current %d, ready %d, available %d",
		specOf(rs), rs.Status.Replicas, rs.Status.ReadyReplicas, rs.Status.AvailableReplicas)
}

// getNewReplicaSet returns the new ReplicaSet with its revision and
// annotations brought up to date, or creates it (when create) named
// <deployment>-<pod-template-hash>. The Deployment copies its revision.
func (s *syncer) getNewReplicaSet(existing *api.ReplicaSet, oldRSs []*api.ReplicaSet, create bool) (*api.ReplicaSet, error) {
	d := s.d
	newRevision := MaxRevision(oldRSs) + 1
	if existing != nil {
		cp := api.DeepCopy(existing)
		oldRev, hadRev := existing.Annotations[RevisionAnnotation]
		if SetNewReplicaSetAnnotations(d, cp, newRevision, true) || cp.Spec.MinReadySeconds != d.Spec.MinReadySeconds {
			cp.Spec.MinReadySeconds = d.Spec.MinReadySeconds
			detail := "annotations, minReadySeconds"
			if rev := cp.Annotations[RevisionAnnotation]; hadRev && rev != oldRev {
				s.ctx.Why("%s has the current template again (a rollback): it becomes revision %s; revision %s moves to %s",
					cp.Name, rev, oldRev, RevisionHistoryAnnotation)
				detail = "revision " + oldRev + " → " + rev
			} else {
				s.ctx.Why("%s: copying the Deployment's annotations, revision and minReadySeconds", cp.Name)
			}
			out, err := s.ctx.Update(cp, detail)
			if err != nil {
				return nil, err
			}
			existing = s.track(out.(*api.ReplicaSet))
		}
		s.setRevision(existing.Annotations[RevisionAnnotation])
		if hasProgressDeadline(d) && getCondition(&d.Status, api.DeploymentProgressing) == nil {
			setCondition(&d.Status, newCondition(api.DeploymentProgressing, api.ConditionTrue, ReasonFoundNewReplicaSet,
				fmt.Sprintf("Found new replica set %q", existing.Name), s.now))
		}
		return existing, nil
	}
	if !create {
		return nil, nil
	}

	hash := ComputeHash(&d.Spec.Template, d.Status.CollisionCount)
	rs := NewReplicaSet(d, hash)
	n, why, err := NewRSNewReplicas(d, appendRS(slices.Clone(oldRSs), rs), rs)
	if err != nil {
		return nil, err
	}
	rs.Spec.Replicas = api.Ptr(n)
	SetNewReplicaSetAnnotations(d, rs, newRevision, false)
	s.ctx.Why("new pod template (pod-template-hash %s): creating ReplicaSet %s as revision %d; %s", hash, rs.Name, newRevision, why)
	detail := fmt.Sprintf("revision %d, %d replicas", newRevision, n)
	if n == 1 {
		detail = fmt.Sprintf("revision %d, 1 replica", newRevision)
	}
	out, err := s.ctx.Create(rs, detail)
	existed := false
	switch {
	case api.IsAlreadyExists(err):
		// A live read: the name is taken, and the cache may not know by whom.
		live, gerr := controller.GetLive[*api.ReplicaSet](s.ctx.Store(), rs.Namespace, rs.Name)
		if gerr == nil && api.IsControlledBy(live, d.UID) && EqualIgnoreHash(&d.Spec.Template, &live.Spec.Template) {
			s.ctx.Why("%s already exists and is ours: the cache had not seen it yet", rs.Name)
			out, existed = live, true
			break
		}
		prev := api.Deref(d.Status.CollisionCount, 0)
		d.Status.CollisionCount = api.Ptr(prev + 1)
		s.ctx.Why("hash collision: %s exists with another template; collisionCount %d → %d gives a new hash", rs.Name, prev, prev+1)
		return nil, err
	case err != nil:
		msg := fmt.Sprintf("Failed to create new replica set %q: %v", rs.Name, err)
		if hasProgressDeadline(d) {
			setCondition(&d.Status, newCondition(api.DeploymentProgressing, api.ConditionFalse, ReasonReplicaSetCreateError, msg, s.now))
		}
		s.ctx.Event(d, controller.EventWarning, ReasonReplicaSetCreateError, "%s", msg)
		return nil, err
	}
	created := s.track(out.(*api.ReplicaSet))
	s.rsList = append(s.rsList, created)
	s.created = !existed
	if !existed && n > 0 {
		s.ctx.Event(d, controller.EventNormal, "ScalingReplicaSet", "Scaled up replica set %s from 0 to %d", created.Name, n)
	}
	s.setRevision(strconv.FormatInt(newRevision, 10))
	if !existed && hasProgressDeadline(d) {
		setCondition(&d.Status, newCondition(api.DeploymentProgressing, api.ConditionTrue, ReasonNewReplicaSetCreated,
			fmt.Sprintf("Created new replica set %q", created.Name), s.now))
	}
	return created, nil
}

// setRevision makes the Deployment carry its new ReplicaSet's revision.
func (s *syncer) setRevision(rev string) {
	if s.d.Annotations[RevisionAnnotation] == rev {
		return
	}
	if s.d.Annotations == nil {
		s.d.Annotations = map[string]string{}
	}
	s.d.Annotations[RevisionAnnotation] = rev
}

// scaleTo sets rs's replicas and its desired/max-replicas annotations and
// records a ScalingReplicaSet event when the size changed. With
// syncAnnotations it also writes stale annotations at the same size. It
// reports whether the size changed.
func (s *syncer) scaleTo(rs *api.ReplicaSet, to int32, why string, syncAnnotations bool) (bool, error) {
	rs = s.fresh1(rs)
	from := specOf(rs)
	desired, maxReplicas := replicasOf(s.d), replicasOf(s.d)+MaxSurge(s.d)
	resize := from != to
	if !resize && !(syncAnnotations && ReplicasAnnotationsNeedUpdate(rs, desired, maxReplicas)) {
		return false, nil
	}
	cp := api.DeepCopy(rs)
	cp.Spec.Replicas = api.Ptr(to)
	SetReplicasAnnotations(cp, desired, maxReplicas)
	detail := fmt.Sprintf("replicas %d → %d", from, to)
	if !resize {
		detail = fmt.Sprintf("desired-replicas=%d, max-replicas=%d", desired, maxReplicas)
	} else if why != "" {
		s.ctx.Why("%s", why)
	}
	out, err := s.ctx.Update(cp, detail)
	if err != nil {
		return false, err
	}
	s.track(out.(*api.ReplicaSet))
	if resize {
		op := "up"
		if to < from {
			op = "down"
		}
		s.ctx.Event(s.d, controller.EventNormal, "ScalingReplicaSet", "Scaled %s replica set %s from %d to %d", op, rs.Name, from, to)
	}
	return resize, nil
}

// syncRolloutStatus computes the status and its conditions (rolloutStatus)
// and asks to be looked at again when an unfinished rollout's deadline
// falls due.
func (s *syncer) syncRolloutStatus(newRS *api.ReplicaSet, oldRSs []*api.ReplicaSet) error {
	newRS, olds := s.fresh1(newRS), s.fresh(oldRSs)
	st, why := rolloutStatus(s.d, appendRS(slices.Clone(olds), newRS), newRS, s.now)
	if why != "" {
		s.ctx.Why("%s", why)
	}
	s.requeueForDeadline(&st)
	s.d.Status = st
	return nil
}

// requeueForDeadline asks to look again when an unfinished rollout's
// progress deadline falls due: nothing else would wake the controller if
// the rollout is stuck. One second is added, as upstream does, so the
// deadline has passed (not merely arrived) by then.
func (s *syncer) requeueForDeadline(st *api.DeploymentStatus) {
	d := s.d
	c := getCondition(st, api.DeploymentProgressing)
	if !hasProgressDeadline(d) || c == nil || DeploymentComplete(d, st) || c.Reason == ReasonProgressDeadlineExceeded {
		return
	}
	after := c.LastUpdateTime.Add(time.Duration(*d.Spec.ProgressDeadlineSeconds) * time.Second).Sub(s.now)
	if after < time.Second {
		s.requeue = true
		return
	}
	s.requeueAfter = after + time.Second
}

// replicaFailure surfaces a ReplicaFailure condition of the new ReplicaSet
// (or else of an old one) on the Deployment.
func replicaFailure(newRS *api.ReplicaSet, all []*api.ReplicaSet) *api.DeploymentCondition {
	for _, rs := range append([]*api.ReplicaSet{newRS}, all...) {
		if rs == nil {
			continue
		}
		for _, c := range rs.Status.Conditions {
			if c.Type == api.DeploymentReplicaFailure {
				return &api.DeploymentCondition{Type: c.Type, Status: c.Status, Reason: c.Reason, Message: c.Message,
					LastUpdateTime: c.LastTransitionTime, LastTransitionTime: c.LastTransitionTime}
			}
		}
	}
	return nil
}

// checkPausedCondition sets Progressing=Unknown when the Deployment is
// paused or resumed, so a paused rollout never counts against its deadline.
func (s *syncer) checkPausedCondition() {
	d := s.d
	if !hasProgressDeadline(d) {
		return
	}
	c := getCondition(&d.Status, api.DeploymentProgressing)
	if c != nil && c.Reason == ReasonProgressDeadlineExceeded {
		return
	}
	paused := c != nil && c.Reason == ReasonDeploymentPaused
	switch {
	case d.Spec.Paused && !paused:
		setCondition(&d.Status, newCondition(api.DeploymentProgressing, api.ConditionUnknown, ReasonDeploymentPaused, "Deployment is paused", s.now))
		s.ctx.Why("spec.paused became true: Progressing=Unknown (DeploymentPaused), the progress deadline stops counting")
	case !d.Spec.Paused && paused:
		setCondition(&d.Status, newCondition(api.DeploymentProgressing, api.ConditionUnknown, ReasonDeploymentResumed, "Deployment is resumed", s.now))
		s.ctx.Why("spec.paused became false: Progressing=Unknown (DeploymentResumed), the rollout continues")
	}
}

// cleanupHistory deletes old ReplicaSets beyond revisionHistoryLimit.
func (s *syncer) cleanupHistory(oldRSs []*api.ReplicaSet) error {
	limit := s.d.Spec.RevisionHistoryLimit
	if limit == nil || *limit == math.MaxInt32 {
		return nil
	}
	victims, why := PlanHistoryCleanup(oldRSs, *limit)
	if len(victims) == 0 {
		return nil
	}
	s.ctx.Why("%s", why)
	for _, rs := range victims {
		err := s.ctx.Delete(rs, store.DeleteOptions{}, "revision "+rs.Annotations[RevisionAnnotation]+" is beyond revisionHistoryLimit")
		if err != nil && !api.IsNotFound(err) {
			return err
		}
	}
	return nil
}

// track remembers rs as the newest version of its ReplicaSet.
func (s *syncer) track(rs *api.ReplicaSet) *api.ReplicaSet {
	s.latest[rs.Name] = rs
	return rs
}

// fresh1 returns the newest version of rs this reconcile knows.
func (s *syncer) fresh1(rs *api.ReplicaSet) *api.ReplicaSet {
	if rs == nil {
		return nil
	}
	if l, ok := s.latest[rs.Name]; ok {
		return l
	}
	return rs
}

// fresh is fresh1 over a list (a new slice).
func (s *syncer) fresh(rss []*api.ReplicaSet) []*api.ReplicaSet {
	out := make([]*api.ReplicaSet, len(rss))
	for i, rs := range rss {
		out[i] = s.fresh1(rs)
	}
	return out
}
