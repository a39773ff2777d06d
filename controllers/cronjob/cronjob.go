// Package cronjob creates each CronJob's Jobs on its schedule: the control
// loop with a clock in it.
//
// Observe: the CronJob, the Jobs it controls, and the time. Diff: is a
// scheduled instant (five-field cron, robfig/cron/v3, in spec.timeZone or
// UTC) due and unmet? Act: create the Job `<cronjob>-<scheduled time in
// Unix minutes>` — unless concurrencyPolicy Forbid and one still runs
// (Replace deletes it first), or the instant is more than
// startingDeadlineSeconds late — then keep the status's active list and
// delete finished Jobs beyond the history limits.
//
// Timers and `sim settle`: the wake-up for the next scheduled instant is a
// housekeeping timer, so a CronJob that runs every minute forever lets the
// cluster settle between its runs; `sim advance` still fires it. While a
// Job runs, its pods and the Job controller keep the cluster busy.
package cronjob

import (
	"fmt"
	"sort"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/informer"
	"github.com/kubeloop/kubeloop/core/store"
	"github.com/kubeloop/kubeloop/core/tz"
)

// Reconciler is the CronJob controller.
type Reconciler struct {
	// cronJobs and jobs are the caches the loop observes; never modify
	// what they return.
	cronJobs informer.Lister[*api.CronJob]
	jobs     informer.Lister[*api.Job]
	ctrl     *controller.Controller
	clk      *clock.Sim
	// wakeups are the housekeeping timers for each CronJob's next
	// scheduled instant, by key.
	wakeups map[string]*clock.Timer
}

// Register adds the CronJob controller to a manager.
func Register(m *controller.Manager) *controller.Controller {
	r := &Reconciler{
		cronJobs: informer.ListerFor[*api.CronJob](m.Informers), jobs: informer.ListerFor[*api.Job](m.Informers),
		clk: m.Clock, wakeups: map[string]*clock.Timer{},
	}
	c := m.NewController("cronjob", r, controller.Options{Component: "cronjob-controller"})
	r.ctrl = c
	r.cronJobs.AddTypedHandler(informer.HandlerFor[*api.CronJob]{
		OnAdd:    func(cj *api.CronJob) { c.EnqueueObject(cj) },
		OnUpdate: func(_, cj *api.CronJob) { c.EnqueueObject(cj) },
		OnDelete: func(cj *api.CronJob) { r.stopWakeup(store.KeyOf(cj)) },
	})
	enqueueOwner := func(j *api.Job) {
		if ref := api.ControllerOf(j); ref != nil && ref.Kind == "CronJob" {
			c.Enqueue(controller.Request{Namespace: j.Namespace, Name: ref.Name})
		}
	}
	r.jobs.AddTypedHandler(informer.HandlerFor[*api.Job]{
		OnAdd:    enqueueOwner,
		OnUpdate: func(_, j *api.Job) { enqueueOwner(j) },
		OnDelete: enqueueOwner,
	})
	return c
}

func (r *Reconciler) stopWakeup(key string) {
	if t := r.wakeups[key]; t != nil {
		t.Stop()
		delete(r.wakeups, key)
	}
}

// wakeAfter sets the CronJob's housekeeping wake-up d from now.
func (r *Reconciler) wakeAfter(req controller.Request, d time.Duration) {
	key := req.String()
	at := r.clk.Now().Add(d)
	if t := r.wakeups[key]; t != nil && t.When().Equal(at) {
		return
	}
	r.stopWakeup(key)
	var t *clock.Timer
	t = r.clk.Housekeeping(d, "cronjob schedule "+key, func() {
		if r.wakeups[key] == t {
			delete(r.wakeups, key)
		}
		r.ctrl.Enqueue(req)
	})
	r.wakeups[key] = t
}

// Reconcile runs one CronJob: its active list, its schedule, its history.
func (r *Reconciler) Reconcile(ctx *controller.Context, req controller.Request) (controller.Result, error) {
	cached, ok := r.cronJobs.Get(req.Namespace, req.Name)
	if !ok {
		ctx.Observe("CronJob %s is gone", req)
		r.stopWakeup(req.String())
		return controller.Result{}, nil
	}
	cj := api.DeepCopy(cached)
	var jobs []*api.Job
	for _, j := range r.jobs.List(cj.Namespace) {
		if api.IsControlledBy(j, cj.UID) {
			jobs = append(jobs, j)
		}
	}
	changed := r.trackActive(ctx, cj, jobs)
	next, created, err := r.schedule(ctx, cj, req)
	if created != nil {
		jobs = append(jobs, created)
	}
	if r.cleanup(ctx, cj, jobs) {
		changed = true
	}
	if changed || !statusEqual(cached.Status, cj.Status) {
		if _, werr := ctx.UpdateStatus(cj, fmt.Sprintf("active=%d", len(cj.Status.Active))); werr != nil && err == nil {
			err = werr
		}
	}
	if next > 0 {
		r.wakeAfter(req, next)
		ctx.Why("next scheduled run in %s (a housekeeping timer)", next.Round(time.Second))
	} else {
		r.stopWakeup(req.String())
	}
	return controller.Result{}, err
}

func statusEqual(a, b api.CronJobStatus) bool {
	return fmt.Sprint(a) == fmt.Sprint(b)
}

// trackActive keeps status.active equal to the CronJob's unfinished Jobs
// and lastSuccessfulTime to its latest success.
func (r *Reconciler) trackActive(ctx *controller.Context, cj *api.CronJob, jobs []*api.Job) bool {
	changed := false
	children := map[string]bool{}
	for _, j := range jobs {
		children[j.UID] = true
		found := inActive(cj, j.UID)
		done, cond := api.JobFinished(j)
		switch {
		case !found && !done:
			if fresh, err := controller.GetLive[*api.CronJob](ctx.Store(), cj.Namespace, cj.Name); err == nil && inActive(fresh, j.UID) {
				continue
			}
			ctx.Event(cj, controller.EventWarning, "UnexpectedJob", "Saw a job that the controller did not create or forgot: %s", j.Name)
		case found && done:
			removeActive(cj, j.UID)
			ctx.Event(cj, controller.EventNormal, "SawCompletedJob", "Saw completed job: %s, condition: %s", j.Name, cond)
			ctx.Why("Job %s is %s: no longer active", j.Name, cond)
			changed = true
		case done && cond == api.JobComplete:
			if t := j.Status.CompletionTime; t != nil && (cj.Status.LastSuccessfulTime == nil || t.After(cj.Status.LastSuccessfulTime.Time)) {
				v := *t
				cj.Status.LastSuccessfulTime = &v
				changed = true
			}
		}
	}
	for _, ref := range append([]api.ObjectReference(nil), cj.Status.Active...) {
		if children[ref.UID] {
			continue
		}
		if _, err := ctx.Store().Get(api.Jobs, ref.Namespace, ref.Name); api.IsNotFound(err) {
			ctx.Event(cj, controller.EventNormal, "MissingJob", "Active job went missing: %v", ref.Name)
			removeActive(cj, ref.UID)
			changed = true
		}
	}
	return changed
}

// schedule creates the Job of the most recent unmet scheduled instant, if
// the policies allow, and returns when to look again (0: never).
func (r *Reconciler) schedule(ctx *controller.Context, cj *api.CronJob, req controller.Request) (time.Duration, *api.Job, error) {
	if cj.DeletionTimestamp != nil {
		return 0, nil, nil
	}
	if zone := cj.Spec.TimeZone; zone != nil {
		if _, err := tz.Load(*zone); err != nil {
			ctx.Event(cj, controller.EventWarning, "UnknownTimeZone", "invalid timeZone: %q: %s", *zone, err)
			return 0, nil, nil
		}
	}
	if api.Deref(cj.Spec.Suspend, false) {
		ctx.Why("suspended: schedule nothing")
		return 0, nil, nil
	}
	sched, err := api.ParseCronSchedule(cj.Spec.Schedule, cj.Spec.TimeZone)
	if err != nil {
		ctx.Event(cj, controller.EventWarning, "UnparseableSchedule", "unparseable schedule: %q : %s", cj.Spec.Schedule, err)
		return 0, nil, nil
	}
	now := ctx.Clock.Now()
	next := func() time.Duration { return nextScheduleDelay(cj, now, sched) }
	_, scheduled, m, err := mostRecentScheduleTime(cj, now, sched, true)
	if m == manyMissed {
		ctx.Event(cj, controller.EventWarning, "TooManyMissedTimes", "too many missed start times. Set or decrease .spec.startingDeadlineSeconds or check clock skew")
	}
	if err != nil {
		ctx.Event(cj, controller.EventWarning, "InvalidSchedule", "invalid schedule: %s : %s", cj.Spec.Schedule, err)
		return 0, nil, nil
	}
	if scheduled == nil || scheduled.After(now) {
		ctx.Observe("schedule %q: nothing due", cj.Spec.Schedule)
		return next(), nil, nil
	}
	ctx.Observe("schedule %q: %s is due, %d active", cj.Spec.Schedule, scheduled.UTC().Format(time.RFC3339), len(cj.Status.Active))
	if d := cj.Spec.StartingDeadlineSeconds; d != nil && scheduled.Add(time.Duration(*d)*time.Second).Before(now) {
		ctx.Event(cj, controller.EventWarning, "MissSchedule", "Missed scheduled time to start a job: %s", scheduled.UTC().Format(time.RFC1123Z))
		return next(), nil, nil
	}
	name := jobName(cj, *scheduled)
	if inActiveByName(cj, name) || (cj.Status.LastScheduleTime != nil && cj.Status.LastScheduleTime.Equal(*scheduled)) {
		ctx.Why("the run at %s was already started", scheduled.UTC().Format(time.RFC3339))
		return next(), nil, nil
	}
	switch {
	case cj.Spec.ConcurrencyPolicy == api.ForbidConcurrent && len(cj.Status.Active) > 0:
		ctx.Diff("a run is due while %s is still active", cj.Status.Active[0].Name)
		ctx.Why("concurrencyPolicy Forbid: skip this run")
		ctx.Event(cj, controller.EventNormal, "JobAlreadyActive", "Not starting job because prior execution is running and concurrency policy is Forbid")
		return next(), nil, nil
	case cj.Spec.ConcurrencyPolicy == api.ReplaceConcurrent:
		for _, ref := range append([]api.ObjectReference(nil), cj.Status.Active...) {
			ctx.Why("concurrencyPolicy Replace: delete %s before starting the new run", ref.Name)
			j := &api.Job{ObjectMeta: api.ObjectMeta{Name: ref.Name, Namespace: ref.Namespace}}
			api.SetKind(j)
			if err := ctx.Delete(j, store.DeleteOptions{PropagationPolicy: store.PropagationBackground}, "replaced"); err != nil && !api.IsNotFound(err) {
				ctx.Event(cj, controller.EventWarning, "FailedDelete", "Deleted job: %v", err)
				return 0, nil, err
			}
			removeActive(cj, ref.UID)
			ctx.Event(cj, controller.EventNormal, "SuccessfulDelete", "Deleted job %v", ref.Name)
		}
	}
	j, err := r.createJob(ctx, cj, name, *scheduled)
	if err != nil {
		if api.IsAlreadyExists(err) {
			return next(), nil, nil
		}
		ctx.Event(cj, controller.EventWarning, "FailedCreate", "Error creating job: %v", err)
		return 0, nil, err
	}
	ctx.Event(cj, controller.EventNormal, "SuccessfulCreate", "Created job %v", j.Name)
	cj.Status.Active = append(cj.Status.Active, api.ObjectReference{Kind: "Job", Namespace: j.Namespace, Name: j.Name,
		UID: j.UID, APIVersion: "batch/v1", ResourceVersion: j.ResourceVersion})
	t := api.NewTime(*scheduled)
	cj.Status.LastScheduleTime = &t
	return next(), j, nil
}

// jobName is the Job of one scheduled instant: the CronJob's name and the
// instant in Unix minutes, so the same instant never runs twice.
func jobName(cj *api.CronJob, scheduled time.Time) string {
	return fmt.Sprintf("%s-%d", cj.Name, scheduled.Unix()/60)
}

func (r *Reconciler) createJob(ctx *controller.Context, cj *api.CronJob, name string, scheduled time.Time) (*api.Job, error) {
	owner := api.DeepCopy(cj)
	api.SetKind(owner)
	t := api.DeepCopy(cj.Spec.JobTemplate)
	loc, _ := tz.Load(api.Deref(cj.Spec.TimeZone, ""))
	annotations := map[string]string{}
	for k, v := range t.Annotations {
		annotations[k] = v
	}
	annotations[api.CronJobScheduledTimestamp] = scheduled.In(loc).Format(time.RFC3339)
	j := &api.Job{
		ObjectMeta: api.ObjectMeta{Name: name, Namespace: cj.Namespace, Labels: t.Labels, Annotations: annotations,
			OwnerReferences: []api.OwnerReference{api.NewControllerRef(owner)}},
		Spec: t.Spec,
	}
	ctx.Diff("the run at %s has no Job", scheduled.UTC().Format(time.RFC3339))
	ctx.Why("the scheduled time has come: create Job %s", name)
	out, err := ctx.Create(j, "scheduled "+scheduled.UTC().Format(time.RFC3339))
	if err != nil {
		return nil, err
	}
	return out.(*api.Job), nil
}

// cleanup deletes the oldest finished Jobs beyond the history limits.
func (r *Reconciler) cleanup(ctx *controller.Context, cj *api.CronJob, jobs []*api.Job) bool {
	var succeeded, failed []*api.Job
	for _, j := range jobs {
		switch _, cond := api.JobFinished(j); cond {
		case api.JobComplete:
			succeeded = append(succeeded, j)
		case api.JobFailed:
			failed = append(failed, j)
		}
	}
	changed := r.removeOldest(ctx, cj, succeeded, cj.Spec.SuccessfulJobsHistoryLimit, "successful")
	if r.removeOldest(ctx, cj, failed, cj.Spec.FailedJobsHistoryLimit, "failed") {
		changed = true
	}
	return changed
}

func (r *Reconciler) removeOldest(ctx *controller.Context, cj *api.CronJob, jobs []*api.Job, limit *int32, what string) bool {
	if limit == nil || len(jobs) <= int(*limit) {
		return false
	}
	sort.SliceStable(jobs, func(a, b int) bool {
		sa, sb := jobs[a].Status.StartTime, jobs[b].Status.StartTime
		switch {
		case sb == nil:
			return sa != nil
		case sa == nil:
			return false
		case sa.Equal(sb.Time):
			return jobs[a].Name < jobs[b].Name
		}
		return sa.Before(sb.Time)
	})
	n := len(jobs) - int(*limit)
	ctx.Why("%d %s Job(s) > history limit %d: delete the %d oldest", len(jobs), what, *limit, n)
	changed := false
	for _, j := range jobs[:n] {
		if err := ctx.Delete(j, store.DeleteOptions{PropagationPolicy: store.PropagationBackground}, "history limit"); err != nil && !api.IsNotFound(err) {
			ctx.Event(cj, controller.EventWarning, "FailedDelete", "Deleted job: %v", err)
			continue
		}
		if inActive(cj, j.UID) {
			removeActive(cj, j.UID)
			changed = true
		}
		ctx.Event(cj, controller.EventNormal, "SuccessfulDelete", "Deleted job %v", j.Name)
	}
	return changed
}

func inActive(cj *api.CronJob, uid string) bool {
	for _, r := range cj.Status.Active {
		if r.UID == uid {
			return true
		}
	}
	return false
}

func inActiveByName(cj *api.CronJob, name string) bool {
	for _, r := range cj.Status.Active {
		if r.Name == name {
			return true
		}
	}
	return false
}

func removeActive(cj *api.CronJob, uid string) {
	var out []api.ObjectReference
	for _, r := range cj.Status.Active {
		if r.UID != uid {
			out = append(out, r)
		}
	}
	cj.Status.Active = out
}
