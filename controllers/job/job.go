// Package job runs each Job's pods to completion: the batch side of the
// control loop.
//
// Observe: the Job and the pods it controls. Diff: how many should be
// running now — min(parallelism, completions − succeeded), or for an
// Indexed Job the lowest indexes not yet done — against how many are.
// Act: create pods (after the failure back-off, 10s doubling up to 10
// minutes), delete extra ones, and count finished pods into the status.
//
// Counting is two-phase, as upstream since v1.26: every pod carries the
// finalizer batch.kubernetes.io/job-tracking; a finished pod is first
// written into status.uncountedTerminatedPods, then its finalizer is
// removed, then it moves into status.succeeded or status.failed. So a pod
// is counted exactly once even when it is deleted at once. A Job meeting
// its completions first gets the interim condition SuccessCriteriaMet (one
// exceeding backoffLimit or activeDeadlineSeconds, or failing a FailJob
// rule of its podFailurePolicy, FailureTarget), and the final Complete or
// Failed once no pod of it is left terminating (v1.31).
package job

import (
	"fmt"
	"slices"
	"sort"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/informer"
)

// MaxPodCreateDeletePerSync caps the pods created or deleted in one sync.
const MaxPodCreateDeletePerSync = 500

// expectationsTTL is how long unobserved writes block a Job (upstream 5m).
const expectationsTTL = 5 * time.Minute

// Reconciler is the Job controller.
type Reconciler struct {
	// jobs and pods are the caches the loop observes; never modify what
	// they return.
	jobs informer.Lister[*api.Job]
	pods informer.Lister[*api.Pod]
	ctrl *controller.Controller
	clk  *clock.Sim
	// backoff is each Job's failure history (by Job uid), updated when a
	// status carrying the failures is written.
	backoff map[string]backoffRecord
	// expect holds, per Job uid, writes made but not yet seen in the
	// cache, so that a lagging cache never doubles them.
	expect map[string]*expectation
}

type expectation struct {
	creates int
	deletes map[string]bool // pod uids to be seen terminating or gone
	rmFinal map[string]bool // pod uids to be seen without the finalizer
	at      time.Time
}

// Register adds the Job controller to a manager.
func Register(m *controller.Manager) *controller.Controller {
	r := &Reconciler{
		jobs: informer.ListerFor[*api.Job](m.Informers), pods: informer.ListerFor[*api.Pod](m.Informers),
		clk: m.Clock, backoff: map[string]backoffRecord{}, expect: map[string]*expectation{},
	}
	c := m.NewController("job", r, controller.Options{Component: "job-controller"})
	r.ctrl = c
	r.jobs.AddTypedHandler(informer.HandlerFor[*api.Job]{
		OnAdd:    func(j *api.Job) { c.EnqueueObject(j) },
		OnUpdate: func(_, j *api.Job) { c.EnqueueObject(j) },
		OnDelete: func(j *api.Job) {
			delete(r.backoff, j.UID)
			delete(r.expect, j.UID)
			c.EnqueueObject(j)
		},
	})
	r.pods.AddTypedHandler(informer.HandlerFor[*api.Pod]{
		OnAdd: func(p *api.Pod) {
			if ref := api.ControllerOf(p); ref != nil && ref.Kind == "Job" {
				if x := r.expect[ref.UID]; x != nil && x.creates > 0 {
					x.creates--
				}
			}
			r.observe(p, false)
		},
		OnUpdate: func(old, p *api.Pod) {
			r.observe(old, false)
			r.observe(p, false)
		},
		OnDelete: func(p *api.Pod) { r.observe(p, true) },
	})
	return c
}

// observe settles expectations about p and wakes its Job (by name, so a
// pod whose Job is gone still gets its finalizer removed).
func (r *Reconciler) observe(p *api.Pod, gone bool) {
	ref := api.ControllerOf(p)
	if ref == nil || ref.Kind != "Job" {
		return
	}
	if x := r.expect[ref.UID]; x != nil {
		if gone || p.DeletionTimestamp != nil {
			delete(x.deletes, p.UID)
		}
		if gone || !slices.Contains(p.Finalizers, api.JobTrackingFinalizer) {
			delete(x.rmFinal, p.UID)
		}
	}
	r.ctrl.Enqueue(controller.Request{Namespace: p.Namespace, Name: ref.Name})
}

func (r *Reconciler) expectation(uid string) *expectation {
	x := r.expect[uid]
	if x == nil {
		x = &expectation{deletes: map[string]bool{}, rmFinal: map[string]bool{}}
		r.expect[uid] = x
	}
	x.at = r.clk.Now()
	return x
}

// satisfied reports whether the cache shows every create and delete this
// controller made for the Job (or they are too old to wait for).
func (r *Reconciler) satisfied(uid string) (string, bool) {
	x := r.expect[uid]
	if x == nil || (x.creates == 0 && len(x.deletes) == 0) {
		return "", true
	}
	if r.clk.Now().Sub(x.at) > expectationsTTL {
		x.creates, x.deletes = 0, map[string]bool{}
		return "", true
	}
	return fmt.Sprintf("%d create(s) and %d delete(s)", x.creates, len(x.deletes)), false
}

// Reconcile brings one Job's pods and status up to date.
func (r *Reconciler) Reconcile(ctx *controller.Context, req controller.Request) (controller.Result, error) {
	j, ok := r.jobs.Get(req.Namespace, req.Name)
	if !ok {
		ctx.Observe("Job %s is gone", req)
		return controller.Result{}, r.releaseOrphans(ctx, req, "")
	}
	if by := api.Deref(j.Spec.ManagedBy, api.JobControllerName); by != api.JobControllerName {
		ctx.Observe("Job %s: spec.managedBy=%s", j.Name, by)
		ctx.Why("the Job is managed by %s, not by the job controller: leave it alone", by)
		return controller.Result{}, nil
	}
	pods := r.podsOf(j)
	if done, cond := api.JobFinished(j); done {
		ctx.Observe("Job %s is %s", j.Name, cond)
		return controller.Result{}, r.removeFinalizers(ctx, j, pods, "the Job is finished")
	}
	s := &sync{r: r, ctx: ctx, cached: j, job: api.DeepCopy(j), pods: pods, now: ctx.Clock.Now()}
	return s.run()
}

// podsOf lists the pods j controls, oldest first.
func (r *Reconciler) podsOf(j *api.Job) []*api.Pod {
	var out []*api.Pod
	for _, p := range r.pods.List(j.Namespace) {
		if api.IsControlledBy(p, j.UID) {
			out = append(out, p)
		}
	}
	sort.SliceStable(out, func(a, b int) bool {
		return out[a].CreationTimestamp.Before(out[b].CreationTimestamp.Time)
	})
	return out
}

// releaseOrphans removes the tracking finalizer from the pods of a Job
// that no longer exists (uid "" = any Job of that name), so they can go.
func (r *Reconciler) releaseOrphans(ctx *controller.Context, req controller.Request, uid string) error {
	var pods []*api.Pod
	for _, p := range r.pods.List(req.Namespace) {
		if ref := api.ControllerOf(p); ref != nil && ref.Kind == "Job" && ref.Name == req.Name && (uid == "" || ref.UID == uid) {
			pods = append(pods, p)
		}
	}
	return r.removeFinalizers(ctx, nil, pods, "their Job is gone")
}

// removeFinalizers takes the tracking finalizer off every pod that has it.
func (r *Reconciler) removeFinalizers(ctx *controller.Context, j *api.Job, pods []*api.Pod, why string) error {
	var firstErr error
	n := 0
	for _, p := range pods {
		if !slices.Contains(p.Finalizers, api.JobTrackingFinalizer) {
			continue
		}
		n++
		if err := r.removeFinalizer(ctx, j, p); err != nil && firstErr == nil {
			firstErr = err
		}
	}
	if n > 0 {
		ctx.Why("%s: remove the tracking finalizer from %d pod(s)", why, n)
	}
	return firstErr
}

// removeFinalizer removes the tracking finalizer from one pod; a pod
// already gone counts as done.
func (r *Reconciler) removeFinalizer(ctx *controller.Context, j *api.Job, p *api.Pod) error {
	c := api.DeepCopy(p)
	c.Finalizers = slices.DeleteFunc(c.Finalizers, func(f string) bool { return f == api.JobTrackingFinalizer })
	if j != nil {
		r.expectation(j.UID).rmFinal[p.UID] = true
	}
	if _, err := ctx.Update(c, "remove finalizer "+api.JobTrackingFinalizer); err != nil && !api.IsNotFound(err) {
		if j != nil {
			delete(r.expectation(j.UID).rmFinal, p.UID)
		}
		return err
	}
	return nil
}
