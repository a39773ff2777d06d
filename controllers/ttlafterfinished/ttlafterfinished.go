// Package ttlafterfinished deletes finished Jobs whose
// spec.ttlSecondsAfterFinished has run out, counted from the time the Job
// got its Complete or Failed condition. Deletion is foreground, as
// upstream: the Job stays (with the foregroundDeletion finalizer) until
// the garbage collector has removed its pods.
//
// Timers and `sim settle`: a TTL of up to five minutes is something the
// cluster is waiting for, an ordinary requeue; a longer one (a day, say)
// is a housekeeping timer, so that settle does not wait for it.
package ttlafterfinished

import (
	"time"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/informer"
	"github.com/kubeloop/kubeloop/core/store"
)

// busyTTL is the longest wait that keeps `sim settle` busy.
const busyTTL = 5 * time.Minute

// Reconciler is the TTL-after-finished controller.
type Reconciler struct {
	// jobs is the cache the loop observes; never modify what it returns.
	jobs informer.Lister[*api.Job]
	ctrl *controller.Controller
	clk  *clock.Sim
	// wakeups are the housekeeping timers of Jobs with a long TTL, by key.
	wakeups map[string]*clock.Timer
}

// Register adds the TTL-after-finished controller to a manager.
func Register(m *controller.Manager) *controller.Controller {
	r := &Reconciler{jobs: informer.ListerFor[*api.Job](m.Informers), clk: m.Clock, wakeups: map[string]*clock.Timer{}}
	c := m.NewController("ttl-after-finished", r, controller.Options{Component: "ttl-after-finished-controller"})
	r.ctrl = c
	enqueue := func(j *api.Job) {
		if j.Spec.TTLSecondsAfterFinished != nil {
			c.EnqueueObject(j)
		}
	}
	r.jobs.AddTypedHandler(informer.HandlerFor[*api.Job]{
		OnAdd:    enqueue,
		OnUpdate: func(_, j *api.Job) { enqueue(j) },
		OnDelete: func(j *api.Job) { r.stopWakeup(store.KeyOf(j)) },
	})
	return c
}

func (r *Reconciler) stopWakeup(key string) {
	if t := r.wakeups[key]; t != nil {
		t.Stop()
		delete(r.wakeups, key)
	}
}

// Reconcile deletes one Job once its TTL after finishing has run out.
func (r *Reconciler) Reconcile(ctx *controller.Context, req controller.Request) (controller.Result, error) {
	r.stopWakeup(req.String())
	j, ok := r.jobs.Get(req.Namespace, req.Name)
	if !ok {
		return controller.Result{}, nil
	}
	ttl := j.Spec.TTLSecondsAfterFinished
	if ttl == nil || j.DeletionTimestamp != nil {
		return controller.Result{}, nil
	}
	finishedAt, ok := finishTime(j)
	if !ok {
		ctx.Observe("Job %s has not finished", j.Name)
		return controller.Result{}, nil
	}
	expireAt := finishedAt.Add(time.Duration(*ttl) * time.Second)
	now := ctx.Clock.Now()
	ctx.Observe("Job %s finished at %s, ttlSecondsAfterFinished=%d", j.Name, finishedAt.UTC().Format(time.RFC3339), *ttl)
	if left := expireAt.Sub(now); left > 0 {
		ctx.Why("the TTL runs out in %s", left.Round(time.Second))
		if left <= busyTTL {
			return controller.Result{RequeueAfter: left}, nil
		}
		var t *clock.Timer
		key := req.String()
		t = r.clk.Housekeeping(left, "ttl-after-finished "+key, func() {
			if r.wakeups[key] == t {
				delete(r.wakeups, key)
			}
			r.ctrl.Enqueue(req)
		})
		r.wakeups[key] = t
		return controller.Result{}, nil
	}
	// Check the live object: the TTL may have been changed meanwhile.
	lj, err := controller.GetLive[*api.Job](ctx.Store(), j.Namespace, j.Name)
	if err != nil {
		return controller.Result{}, nil
	}
	if lj.UID != j.UID || lj.Spec.TTLSecondsAfterFinished == nil || *lj.Spec.TTLSecondsAfterFinished != *ttl {
		return controller.Result{Requeue: true}, nil
	}
	ctx.Diff("Job %s outlived its TTL", j.Name)
	ctx.Why("ttlSecondsAfterFinished %d has passed since it finished: delete it (foreground, its pods first)", *ttl)
	err = ctx.Delete(j, store.DeleteOptions{PropagationPolicy: store.PropagationForeground, UID: j.UID}, "TTL after finished expired")
	if api.IsNotFound(err) || api.IsConflict(err) {
		return controller.Result{}, nil
	}
	return controller.Result{}, err
}

// finishTime is when the Job got its Complete or Failed condition.
func finishTime(j *api.Job) (time.Time, bool) {
	for _, c := range j.Status.Conditions {
		if (c.Type == api.JobComplete || c.Type == api.JobFailed) && c.Status == api.ConditionTrue {
			return c.LastTransitionTime.Time, true
		}
	}
	return time.Time{}, false
}
