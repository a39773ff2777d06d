package job

import (
	"fmt"
	"reflect"
	"slices"
	"sort"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/store"
)

// sync is one reconcile of one Job: upstream's syncJob, step by step.
type sync struct {
	r      *Reconciler
	ctx    *controller.Context
	cached *api.Job // as the cache has it
	job    *api.Job // the copy whose status this sync writes
	pods   []*api.Pod
	now    time.Time

	active      []*api.Pod
	terminating int32
	ready       int32
	succeeded   int32
	failed      int32
	uncounted   struct{ succeeded, failed map[string]bool }
	// prevIndexes are the completed indexes the status records, indexes
	// those plus the indexes of succeeded pods (Indexed Jobs).
	prevIndexes, indexes indexSet
	// finished is the condition the Job is heading for, if any.
	finished   *api.JobCondition
	newBackoff backoffRecord
	requeue    time.Duration
}

// Job condition reasons and messages, as upstream words them.
const (
	reasonBackoffLimitExceeded = "BackoffLimitExceeded"
	reasonDeadlineExceeded     = "DeadlineExceeded"
	reasonPodFailurePolicy     = "PodFailurePolicy"
	reasonCompletionsReached   = "CompletionsReached"

	msgBackoffLimitExceeded = "Job has reached the specified backoff limit"
	msgDeadlineExceeded     = "Job was active longer than specified deadline"
	msgCompletionsReached   = "Reached expected number of succeeded pods"
)

// run is the whole sync: count the pods, decide whether the Job has
// finished, then delete the active pods of a finished Job or manage the
// pods of a running one, and track the finished pods into the status.
func (s *sync) run() (controller.Result, error) {
	job := s.job
	st := &job.Status
	s.readUncounted()
	newSucceeded, newFailed := s.countPods()
	if st.StartTime == nil && !api.Deref(job.Spec.Suspend, false) {
		t := api.NewTime(s.now)
		st.StartTime = &t
	}
	s.newBackoff = s.r.backoff[job.UID].next(newSucceeded, newFailed)
	s.ctx.Observe("parallelism=%d, completions=%s, active=%d, succeeded=%d, failed=%d (backoffLimit %d)",
		api.Deref(job.Spec.Parallelism, 1), optional(job.Spec.Completions), len(s.active), s.succeeded, s.failed, api.Deref(job.Spec.BackoffLimit, 6))

	s.finishedByFailure()
	if isIndexed(job) {
		s.countIndexes()
	}

	// Asked before either branch: it also forgets expectations past their TTL.
	_, satisfied := s.r.satisfied(job.UID)
	var activeN int32
	var manageErr error
	if s.finished != nil {
		activeN, manageErr = s.deleteActive(satisfied)
	} else {
		activeN, manageErr = s.advance()
	}
	st.Active = activeN
	st.Ready = api.Ptr(s.ready)
	st.Terminating = api.Ptr(s.terminating)
	if err := s.track(); err != nil {
		return controller.Result{}, err
	}
	if manageErr != nil {
		return controller.Result{}, manageErr
	}
	return controller.Result{RequeueAfter: s.requeue}, nil
}

// readUncounted reads the status's uncountedTerminatedPods into sets.
func (s *sync) readUncounted() {
	s.uncounted.succeeded, s.uncounted.failed = map[string]bool{}, map[string]bool{}
	if u := s.job.Status.UncountedTerminatedPods; u != nil {
		for _, x := range u.Succeeded {
			s.uncounted.succeeded[x] = true
		}
		for _, x := range u.Failed {
			s.uncounted.failed[x] = true
		}
	}
}

// countPods counts the active, ready and terminating pods, and the
// succeeded and failed ones (the status's counts, the uncounted, and the
// newly finished, which it returns).
func (s *sync) countPods() (newSucceeded, newFailed []*api.Pod) {
	job := s.job
	for _, p := range s.pods {
		switch {
		case api.IsPodActive(p):
			s.active = append(s.active, p)
			if api.IsPodReady(p) {
				s.ready++
			}
		case p.DeletionTimestamp != nil && p.Status.Phase != api.PodSucceeded && p.Status.Phase != api.PodFailed:
			s.terminating++
		}
	}
	newSucceeded, newFailed = s.newlyFinished()
	s.succeeded = job.Status.Succeeded + int32(len(newSucceeded)) + int32(len(s.uncounted.succeeded))
	s.failed = job.Status.Failed + int32(len(s.uncounted.failed))
	for _, p := range newFailed {
		if _, count, _ := matchPodFailurePolicy(job.Spec.PodFailurePolicy, p); count {
			s.failed++
		}
	}
	return newSucceeded, newFailed
}

// countIndexes (Indexed Jobs) sets the completed indexes, those of the
// status and of the succeeded pods, and counts them as succeeded.
func (s *sync) countIndexes() {
	completions := int(api.Deref(s.job.Spec.Completions, 0))
	s.prevIndexes = parseIndexes(s.job.Status.CompletedIndexes, completions)
	s.indexes = indexSet{}
	for i := range s.prevIndexes {
		s.indexes[i] = true
	}
	for _, p := range s.pods {
		if ix := completionIndex(p); p.Status.Phase == api.PodSucceeded && ix != noIndex && ix < completions {
			s.indexes[ix] = true
		}
	}
	s.succeeded = int32(len(s.indexes))
}

// deleteActive deletes the active pods of a Job that has finished, and
// returns how many stay active. The Job is not finished yet while pods
// are left to see go or the cache has not seen all this controller did.
func (s *sync) deleteActive(satisfied bool) (int32, error) {
	activeN := int32(len(s.active))
	s.ctx.Why("%s: delete the %d active pod(s)", s.finished.Message, len(s.active))
	deleted, deletedReady, err := s.deletePods(s.active, false)
	if deleted != activeN || !satisfied {
		s.finished = nil // pods to see go, or not yet in the cache
	}
	activeN -= deleted
	s.terminating += deleted
	s.ready -= deletedReady
	return activeN, err
}

// advance manages the pods of a running Job (once the cache has seen what
// this controller did), and returns how many are active; it decides
// whether the Job has succeeded, or records its suspension or resumption.
func (s *sync) advance() (int32, error) {
	job, ctx, st := s.job, s.ctx, &s.job.Status
	activeN := int32(len(s.active))
	var manageErr error
	manageCalled := false
	if pending, ok := s.r.satisfied(job.UID); !ok {
		ctx.Why("waiting for the cache to see %s this controller already made; acting now could double them", pending)
	} else if job.DeletionTimestamp == nil {
		activeN, manageErr = s.manage()
		manageCalled = true
	}
	suspended := api.Deref(job.Spec.Suspend, false)
	switch {
	case s.complete(activeN):
		s.finished = newCondition(api.JobSuccessCriteriaMet, reasonCompletionsReached, msgCompletionsReached, s.now)
		ctx.Why("succeeded %d ≥ completions %s and nothing active: the Job has met its success criteria", s.succeeded, optional(job.Spec.Completions))
	case manageCalled && suspended:
		if setCondition(st, api.JobSuspended, api.ConditionTrue, "JobSuspended", "Job suspended", s.now) {
			ctx.Event(s.cached, controller.EventNormal, "Suspended", "Job suspended")
		}
	case manageCalled:
		if setCondition(st, api.JobSuspended, api.ConditionFalse, "JobResumed", "Job resumed", s.now) {
			ctx.Event(s.cached, controller.EventNormal, "Resumed", "Job resumed")
			t := api.NewTime(s.now)
			st.StartTime = &t
		}
	}
	return activeN, manageErr
}

// complete: nothing is active and enough pods succeeded — completions, or
// any one for a Job without completions.
func (s *sync) complete(activeN int32) bool {
	if c := s.job.Spec.Completions; c != nil {
		return s.succeeded >= *c && activeN == 0
	}
	return s.succeeded > 0 && activeN == 0
}

// newlyFinished are the finished pods not yet counted: they still carry
// the finalizer and are not in uncountedTerminatedPods.
func (s *sync) newlyFinished() (succeeded, failed []*api.Pod) {
	exp := s.r.expect[s.job.UID]
	completions := int(api.Deref(s.job.Spec.Completions, 0))
	for _, p := range s.pods {
		if !slices.Contains(p.Finalizers, api.JobTrackingFinalizer) || s.uncounted.succeeded[p.UID] || s.uncounted.failed[p.UID] {
			continue
		}
		if exp != nil && exp.rmFinal[p.UID] {
			continue
		}
		if isIndexed(s.job) {
			if ix := completionIndex(p); ix == noIndex || ix >= completions {
				continue
			}
		}
		switch {
		case p.Status.Phase == api.PodSucceeded:
			succeeded = append(succeeded, p)
		case isPodFailed(p, s.job):
			failed = append(failed, p)
		}
	}
	return succeeded, failed
}

// onlyReplaceFailed: with podReplacementPolicy Failed (the default with a
// podFailurePolicy) a terminating pod is neither failed nor replaced yet.
func onlyReplaceFailed(j *api.Job) bool {
	return api.Deref(j.Spec.PodReplacementPolicy, "") == api.PodReplacementFailed || j.Spec.PodFailurePolicy != nil
}

// isPodFailed: phase Failed, or deleted before it succeeded (unless only
// failed pods are replaced).
func isPodFailed(p *api.Pod, j *api.Job) bool {
	if p.Status.Phase == api.PodFailed {
		return true
	}
	if onlyReplaceFailed(j) {
		return false
	}
	return p.DeletionTimestamp != nil && p.Status.Phase != api.PodSucceeded
}

// finishedByFailure decides whether the Job has failed: an interim
// condition already written, a FailJob rule, the backoff limit, or the
// active deadline; otherwise it asks to look again at the deadline.
func (s *sync) finishedByFailure() {
	job := s.job
	if c := findCondition(job.Status.Conditions, api.JobSuccessCriteriaMet); c != nil && c.Status == api.ConditionTrue {
		cc := *c
		s.finished = &cc
		return
	}
	if c := findCondition(job.Status.Conditions, api.JobFailureTarget); c != nil && c.Status == api.ConditionTrue {
		s.finished = newCondition(api.JobFailed, c.Reason, c.Message, s.now)
		return
	}
	if job.Spec.PodFailurePolicy != nil {
		for _, p := range s.pods {
			if !isPodFailed(p, job) {
				continue
			}
			if msg, _, _ := matchPodFailurePolicy(job.Spec.PodFailurePolicy, p); msg != nil {
				s.finished = newCondition(api.JobFailureTarget, reasonPodFailurePolicy, *msg, s.now)
				s.ctx.Why("podFailurePolicy: %s", *msg)
				return
			}
		}
	}
	limit := api.Deref(job.Spec.BackoffLimit, 6)
	switch {
	case s.failed > limit || s.pastBackoffLimitOnFailure():
		s.finished = newCondition(api.JobFailureTarget, reasonBackoffLimitExceeded, msgBackoffLimitExceeded, s.now)
		s.ctx.Why("%d failure(s) > backoffLimit %d: the Job fails", s.failed, limit)
	case s.pastActiveDeadline():
		s.finished = newCondition(api.JobFailureTarget, reasonDeadlineExceeded, msgDeadlineExceeded, s.now)
		s.ctx.Why("active for %s ≥ activeDeadlineSeconds %d: the Job fails", s.now.Sub(job.Status.StartTime.Time).Round(time.Second), *job.Spec.ActiveDeadlineSeconds)
	case job.Spec.ActiveDeadlineSeconds != nil && !api.Deref(job.Spec.Suspend, false) && job.Status.StartTime != nil:
		s.requeueAt(job.Status.StartTime.Add(time.Duration(*job.Spec.ActiveDeadlineSeconds) * time.Second).Sub(s.now))
	}
}

// pastBackoffLimitOnFailure: with restartPolicy OnFailure the pods do not
// fail but restart; their restarts count against backoffLimit.
func (s *sync) pastBackoffLimitOnFailure() bool {
	if s.job.Spec.Template.Spec.RestartPolicy != "OnFailure" {
		return false
	}
	var restarts int32
	for _, p := range s.pods {
		if p.Status.Phase == api.PodRunning || p.Status.Phase == api.PodPending {
			for _, cs := range p.Status.ContainerStatuses {
				restarts += cs.RestartCount
			}
		}
	}
	limit := api.Deref(s.job.Spec.BackoffLimit, 6)
	if limit == 0 {
		return restarts > 0
	}
	return restarts >= limit
}

func (s *sync) pastActiveDeadline() bool {
	j := s.job
	if j.Spec.ActiveDeadlineSeconds == nil || j.Status.StartTime == nil || api.Deref(j.Spec.Suspend, false) {
		return false
	}
	return s.now.Sub(j.Status.StartTime.Time) >= time.Duration(*j.Spec.ActiveDeadlineSeconds)*time.Second
}

func (s *sync) requeueAt(d time.Duration) {
	if d <= 0 {
		d = time.Nanosecond
	}
	if s.requeue == 0 || d < s.requeue {
		s.requeue = d
	}
}

// manage creates or deletes pods so that the right number run, and
// returns how many are active after it.
func (s *sync) manage() (int32, error) {
	job, ctx := s.job, s.ctx
	active := int32(len(s.active))
	if api.Deref(job.Spec.Suspend, false) {
		if active > 0 {
			ctx.Why("the Job is suspended: delete its %d active pod(s)", active)
		}
		return s.removeActive(s.rankForRemoval(int(active)))
	}
	parallelism := api.Deref(job.Spec.Parallelism, 1)
	want := s.wantActive(parallelism)
	if rm := active - want; rm > 0 {
		victims := s.rankForRemoval(int(min(rm, MaxPodCreateDeletePerSync)))
		ctx.Diff("%d pod(s) more than wanted", rm)
		ctx.Why("want min(parallelism %d, completions − succeeded): delete %d", parallelism, len(victims))
		return s.removeActive(victims)
	}
	var terminating int32
	if onlyReplaceFailed(job) {
		terminating = s.terminating
	}
	diff := want - terminating - active
	if diff <= 0 {
		ctx.Why("%d active = %d wanted: nothing to create", active, want)
		return active, nil
	}
	if rem := s.newBackoff.remaining(s.now, DefaultPodFailureBackOff, MaxPodFailureBackOff); rem > 0 {
		ctx.Diff("%d pod(s) missing", diff)
		ctx.Why("%d failure(s) since the last success: wait %s more before creating pods (back-off 10s doubling, at most 10m)",
			s.newBackoff.failuresAfterLastSuccess, rem.Round(time.Second))
		s.requeueAt(rem)
		return active, nil
	}
	indexes := s.indexesToCreate(min(diff, MaxPodCreateDeletePerSync))
	diff = int32(len(indexes))
	ctx.Diff("%d pod(s) missing", diff)
	ctx.Why("want min(parallelism %d, completions %s − succeeded %d) = %d, %d active: create %d",
		parallelism, optional(job.Spec.Completions), s.succeeded, want, active, diff)
	created, err := s.createPods(indexes)
	return active + created, err
}

// wantActive is how many pods should be active: parallelism, capped by
// the completions still missing. A Job without completions (a work
// queue) lets the pods it has finish once one has succeeded.
func (s *sync) wantActive(parallelism int32) int32 {
	if c := s.job.Spec.Completions; c != nil {
		return max(0, min(*c-s.succeeded, parallelism))
	}
	if s.succeeded > 0 {
		return int32(len(s.active)) // after the first success, let the rest finish
	}
	return parallelism
}

// removeActive deletes active pods the Job no longer wants, counts them
// terminating, and returns how many pods stay active.
func (s *sync) removeActive(victims []*api.Pod) (int32, error) {
	deleted, deletedReady, err := s.deletePods(victims, true)
	s.terminating += deleted
	s.ready -= deletedReady
	return int32(len(s.active)) - deleted, err
}

// indexesToCreate are the completion indexes of the n pods to create:
// noIndex for each of a NonIndexed Job's; for an Indexed Job, the lowest
// indexes neither completed nor held by an active pod (nor, when only
// failed pods are replaced, by a terminating one), which may be fewer.
func (s *sync) indexesToCreate(n int32) []int {
	job := s.job
	if !isIndexed(job) {
		indexes := make([]int, n)
		for i := range indexes {
			indexes[i] = noIndex
		}
		return indexes
	}
	busy := s.active
	if onlyReplaceFailed(job) {
		for _, p := range s.pods {
			if p.DeletionTimestamp != nil && p.Status.Phase != api.PodFailed && p.Status.Phase != api.PodSucceeded {
				busy = append(busy, p)
			}
		}
	}
	return pendingIndexes(s.indexes, busy, int(api.Deref(job.Spec.Completions, 0)), int(n))
}

// createPods creates a pod for each index in slow start — batches of 1,
// 2, 4, … stopping at the first failure — and returns how many it
// created. The expectations count every pod first, then forget each
// create that failed or was never tried.
func (s *sync) createPods(indexes []int) (int32, error) {
	n := int32(len(indexes))
	x := s.r.expectation(s.job.UID)
	x.creates += int(n)
	tried, failed := int32(0), int32(0)
	var firstErr error
	for batch := int32(1); tried < n && firstErr == nil; batch *= 2 {
		for i := int32(0); i < batch && tried < n; i++ {
			if err := s.createPod(indexes[tried]); err != nil {
				x.creates--
				if firstErr == nil {
					firstErr = err
				}
				failed++
			}
			tried++
		}
	}
	x.creates -= int(n - tried) // never tried
	return tried - failed, firstErr
}

func (s *sync) createPod(index int) error {
	job := s.job
	owner := api.DeepCopy(s.cached)
	api.SetKind(owner)
	t := api.DeepCopy(job.Spec.Template)
	p := &api.Pod{
		ObjectMeta: api.ObjectMeta{
			GenerateName:    job.Name + "-",
			Namespace:       job.Namespace,
			Labels:          t.Labels,
			Annotations:     t.Annotations,
			Finalizers:      append(t.Finalizers, api.JobTrackingFinalizer),
			OwnerReferences: []api.OwnerReference{api.NewControllerRef(owner)},
		},
		Spec: t.Spec,
	}
	detail := "for " + job.Name
	if index != noIndex {
		addIndex(p, job.Name, index)
		p.GenerateName = fmt.Sprintf("%s-%d-", job.Name, index)
		detail = fmt.Sprintf("index %d of %s", index, job.Name)
	}
	out, err := s.ctx.Create(p, detail)
	if err != nil {
		s.ctx.Event(s.cached, controller.EventWarning, "FailedCreate", "Error creating: %v", err)
		return err
	}
	s.ctx.Event(s.cached, controller.EventNormal, "SuccessfulCreate", "Created pod: %s", out.GetObjectMeta().Name)
	return nil
}

// deletePods deletes pods (first removing the finalizer when stripFinalizer,
// as for pods the Job no longer wants; a finished Job's pods keep it until
// they are counted). It returns how many went and how many were ready.
func (s *sync) deletePods(pods []*api.Pod, stripFinalizer bool) (deleted, deletedReady int32, firstErr error) {
	x := s.r.expectation(s.job.UID)
	for _, p := range pods {
		if stripFinalizer && slices.Contains(p.Finalizers, api.JobTrackingFinalizer) {
			if err := s.r.removeFinalizer(s.ctx, s.job, p); err != nil {
				if firstErr == nil {
					firstErr = err
				}
				continue
			}
		}
		x.deletes[p.UID] = true
		if err := s.ctx.Delete(p, store.DeleteOptions{}, "not wanted by the Job"); err != nil && !api.IsNotFound(err) {
			delete(x.deletes, p.UID)
			if firstErr == nil {
				firstErr = err
			}
			continue
		}
		s.ctx.Event(s.cached, controller.EventNormal, "SuccessfulDelete", "Deleted pod: %s", p.Name)
		deleted++
		if api.IsPodReady(p) {
			deletedReady++
		}
	}
	return deleted, deletedReady, firstErr
}

// rankForRemoval picks n active pods, the least advanced first:
// unscheduled, pending, not ready, then the newest.
func (s *sync) rankForRemoval(n int) []*api.Pod {
	pods := append([]*api.Pod(nil), s.active...)
	sort.SliceStable(pods, func(a, b int) bool {
		pa, pb := pods[a], pods[b]
		if (pa.Spec.NodeName == "") != (pb.Spec.NodeName == "") {
			return pa.Spec.NodeName == ""
		}
		if ra, rb := api.PodPhaseOrdinal(pa), api.PodPhaseOrdinal(pb); ra != rb {
			return ra < rb
		}
		if api.IsPodReady(pa) != api.IsPodReady(pb) {
			return !api.IsPodReady(pa)
		}
		return pb.CreationTimestamp.Before(pa.CreationTimestamp.Time)
	})
	return pods[:min(n, len(pods))]
}

// track counts finished pods in two phases (see the package doc), then
// writes the final condition once nothing is left uncounted or terminating.
func (s *sync) track() error {
	st := &s.job.Status
	if st.UncountedTerminatedPods == nil {
		st.UncountedTerminatedPods = &api.UncountedTerminatedPods{}
	}
	// Filled, not returned, so that it stays on the stack.
	withFinalizer := map[string]bool{}
	s.markWithFinalizer(withFinalizer)
	countUncounted(st, withFinalizer)
	indexed := isIndexed(s.job)
	completions := int(api.Deref(s.job.Spec.Completions, 0))
	var toRemove []*api.Pod // appended here, so that it may stay on the stack
	for _, p := range s.pods {
		if withFinalizer[p.UID] && s.recordFinished(p, indexed, completions) {
			toRemove = append(toRemove, p)
		}
	}
	if indexed {
		st.CompletedIndexes = s.indexes.String()
		st.Succeeded = int32(len(s.indexes))
	}
	s.writeInterimCondition()
	// Phase one: record the finished pods as uncounted (and any interim
	// condition) before their finalizers go.
	cur, err := s.writeRecorded()
	if err != nil {
		return err
	}
	// Phase two: remove the finalizers, then count what they released.
	firstErr := s.removeFinalizers(toRemove, withFinalizer)
	countUncounted(st, withFinalizer)
	finished := s.setFinalCondition()
	if err := s.writeCounted(cur, finished); err != nil {
		return err
	}
	return firstErr
}

// markWithFinalizer marks in withFinalizer the uids of the pods that
// still carry the tracking finalizer and whose removal this controller
// has not asked for.
func (s *sync) markWithFinalizer(withFinalizer map[string]bool) {
	exp := s.r.expect[s.job.UID]
	for _, p := range s.pods {
		if slices.Contains(p.Finalizers, api.JobTrackingFinalizer) && (exp == nil || !exp.rmFinal[p.UID]) {
			withFinalizer[p.UID] = true
		}
	}
}

// recordFinished reports whether pod p (which carries the finalizer) has
// finished, or the Job is deleted or has finished, so that its finalizer
// is to go; if so, it lists p in uncountedTerminatedPods unless there
// already, or not to be counted.
func (s *sync) recordFinished(p *api.Pod, indexed bool, completions int) bool {
	job := s.job
	failed := isPodFailed(p, job)
	if !(job.DeletionTimestamp != nil || s.finished != nil || p.Status.Phase == api.PodSucceeded || failed) {
		return false
	}
	ix := completionIndex(p)
	u := job.Status.UncountedTerminatedPods
	switch {
	case p.Status.Phase == api.PodSucceeded && !s.uncounted.failed[p.UID]:
		if !indexed && !s.uncounted.succeeded[p.UID] {
			u.Succeeded = append(u.Succeeded, p.UID)
		}
	case failed || (s.finished != nil && s.finished.Type != api.JobSuccessCriteriaMet):
		if !s.uncounted.failed[p.UID] && (!indexed || (ix != noIndex && ix < completions)) {
			if _, count, _ := matchPodFailurePolicy(job.Spec.PodFailurePolicy, p); count {
				u.Failed = append(u.Failed, p.UID)
			}
		}
	}
	return true
}

// writeInterimCondition puts the interim condition the Job is heading for
// (FailureTarget, SuccessCriteriaMet) into the status, and heads for the
// final one (Failed, Complete) instead.
func (s *sync) writeInterimCondition() {
	st := &s.job.Status
	if f := s.finished; f != nil && f.Type == api.JobFailureTarget {
		st.Conditions = append(st.Conditions, *f)
		s.finished = newCondition(api.JobFailed, f.Reason, f.Message, s.now)
	}
	if f := s.finished; f != nil && f.Type == api.JobSuccessCriteriaMet {
		if findCondition(st.Conditions, api.JobSuccessCriteriaMet) == nil {
			st.Conditions = append(st.Conditions, *f)
		}
		s.finished = newCondition(api.JobComplete, f.Reason, f.Message, s.now)
	}
}

// writeRecorded writes the status if it changed (and keeps the new
// backoff once it is written), and returns the Job as last written.
func (s *sync) writeRecorded() (*api.Job, error) {
	cur := s.cached
	if reflect.DeepEqual(cur.Status, s.job.Status) {
		return cur, nil
	}
	out, err := s.writeStatus(cur, "record finished pods")
	if err != nil {
		return nil, err
	}
	s.r.backoff[s.job.UID] = s.newBackoff
	return out, nil
}

// removeFinalizers removes the tracking finalizer from each pod, and
// from withFinalizer those it was removed from; it returns the first
// error, having tried them all.
func (s *sync) removeFinalizers(toRemove []*api.Pod, withFinalizer map[string]bool) error {
	var firstErr error
	for _, p := range toRemove {
		if err := s.r.removeFinalizer(s.ctx, s.job, p); err != nil {
			if firstErr == nil {
				firstErr = err
			}
			continue
		}
		delete(withFinalizer, p.UID)
	}
	return firstErr
}

// setFinalCondition sets the condition the Job is heading for once no
// finished pod is left uncounted and none is terminating, and reports
// whether it did; otherwise it says what the Job waits for.
func (s *sync) setFinalCondition() bool {
	f := s.finished
	if f == nil {
		return false
	}
	st := &s.job.Status
	u := st.UncountedTerminatedPods
	switch {
	case len(u.Succeeded)+len(u.Failed) > 0:
		s.ctx.Why("%s, but %d finished pod(s) are not counted yet", f.Type, len(u.Succeeded)+len(u.Failed))
	case s.terminating > 0:
		s.ctx.Why("%s once its %d terminating pod(s) are gone", f.Type, s.terminating)
	default:
		setCondition(st, f.Type, api.ConditionTrue, f.Reason, f.Message, s.now)
		if f.Type == api.JobComplete {
			t := api.NewTime(s.now)
			st.CompletionTime = &t
		}
		return true
	}
	return false
}

// writeCounted writes the status if it changed since cur, and, if the Job
// has just finished, records the event that says how.
func (s *sync) writeCounted(cur *api.Job, finished bool) error {
	if reflect.DeepEqual(cur.Status, s.job.Status) {
		return nil
	}
	if _, err := s.writeStatus(cur, "count finished pods"); err != nil {
		return err
	}
	if finished {
		if s.finished.Type == api.JobComplete {
			s.ctx.Event(s.cached, controller.EventNormal, "Completed", "Job completed")
		} else {
			s.ctx.Event(s.cached, controller.EventWarning, s.finished.Reason, "%s", s.finished.Message)
		}
	}
	return nil
}

func (s *sync) writeStatus(cur *api.Job, why string) (*api.Job, error) {
	c := api.DeepCopy(cur)
	c.Status = api.DeepCopy(s.job.Status)
	st := &c.Status
	out, err := s.ctx.UpdateStatus(c, fmt.Sprintf("%s: active=%d succeeded=%d failed=%d", why, st.Active, st.Succeeded, st.Failed))
	if err != nil {
		return nil, err
	}
	return out.(*api.Job), nil
}

// countUncounted moves the uncounted pods whose finalizer is gone into
// succeeded and failed.
func countUncounted(st *api.JobStatus, withFinalizer map[string]bool) {
	u := st.UncountedTerminatedPods
	if u == nil {
		return
	}
	keep := func(uids []string) ([]string, int32) {
		var out []string
		for _, x := range uids {
			if withFinalizer[x] {
				out = append(out, x)
			}
		}
		return out, int32(len(uids) - len(out))
	}
	var n int32
	u.Succeeded, n = keep(u.Succeeded)
	st.Succeeded += n
	u.Failed, n = keep(u.Failed)
	st.Failed += n
}

func newCondition(t, reason, message string, now time.Time) *api.JobCondition {
	at := api.NewTime(now)
	return &api.JobCondition{Type: t, Status: api.ConditionTrue, LastProbeTime: at, LastTransitionTime: at, Reason: reason, Message: message}
}

func findCondition(cs []api.JobCondition, t string) *api.JobCondition {
	for i := range cs {
		if cs[i].Type == t {
			return &cs[i]
		}
	}
	return nil
}

// setCondition is upstream's ensureJobConditionStatus: update the
// condition when it changed, add it unless it would be added False.
func setCondition(st *api.JobStatus, t, status, reason, message string, now time.Time) bool {
	at := api.NewTime(now)
	if c := findCondition(st.Conditions, t); c != nil {
		if c.Status != status || c.Reason != reason || c.Message != message {
			*c = api.JobCondition{Type: t, Status: status, LastProbeTime: at, LastTransitionTime: at, Reason: reason, Message: message}
			return true
		}
		return false
	}
	if status == api.ConditionFalse {
		return false
	}
	st.Conditions = append(st.Conditions, api.JobCondition{Type: t, Status: status, LastProbeTime: at, LastTransitionTime: at, Reason: reason, Message: message})
	return true
}

func optional(p *int32) string {
	if p == nil {
		return "unset"
	}
	return fmt.Sprint(*p)
}
