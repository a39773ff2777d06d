package controller

import (
	"fmt"
	"sort"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/workqueue"
)

// Controller runs one Reconciler: it owns the workqueue, turns each ready
// key into a reconcile task on the clock, and applies the Result.
type Controller struct {
	Name       string
	Queue      *workqueue.Queue[Request]
	reconciler Reconciler
	// maxRetries > 0 drops a key after that many failed attempts (the
	// Deployment controller's 15), so a broken object cannot spin forever.
	maxRetries int
	recorder   *Recorder
	mgr        *Manager
	reconciles int64
	// failing holds the keys whose last reconcile failed and that wait for
	// their back-off: the retries the page's queue view lists.
	failing map[Request]Retry
	// task is what schedule hands the clock, made once: building a name
	// and a closure per key cost two allocations per reconcile.
	task *processTask
	// entry and ctx are the reconcile in progress's trace entry and
	// context, reused: a controller runs one reconcile at a time, the
	// trace keeps a copy of the entry, and no reconciler keeps its context
	// past its return. Made anew for each, they were 7% of the bytes a
	// 10,000-pod rollout allocates.
	entry Entry
	ctx   Context
	// last is the newest reconcile, for the queue's picture (View); its
	// At is zero before the first.
	last LastReconcile
}

// processTask is the clock task of one reconcile of the controller.
type processTask struct {
	c    *Controller
	name string
}

func (t *processTask) Run()             { t.c.process() }
func (t *processTask) TaskName() string { return t.name }

// Retry is a key waiting out its back-off after failed reconciles.
type Retry struct {
	Controller string
	Key        string
	// Requeues is the queue's NumRequeues for the key: failures since it
	// last succeeded.
	Requeues int
	// Delay is the back-off the queue gave the key; At is when it is due.
	Delay time.Duration
	At    time.Time
	// Error is the last reconcile's error.
	Error string
}

// Options tune a controller.
type Options struct {
	// MaxRetries > 0 gives up on a key after that many consecutive errors.
	MaxRetries int
	// Component signs the controller's Events; default "<name>-controller".
	Component string
}

// NewController registers a controller with the manager.
func (m *Manager) NewController(name string, r Reconciler, opts Options) *Controller {
	if opts.Component == "" {
		opts.Component = name + "-controller"
	}
	c := &Controller{Name: name, reconciler: r, maxRetries: opts.MaxRetries, mgr: m,
		Queue:    workqueue.New[Request](m.Clock, name, workqueue.DefaultControllerRateLimiter[Request](m.Clock)),
		recorder: NewRecorder(m.Store, opts.Component)}
	c.task = &processTask{c: c, name: "reconcile " + name}
	c.Queue.SetOnReady(c.schedule)
	m.controllers = append(m.controllers, c)
	return c
}

// Recorder is the controller's Event recorder.
func (c *Controller) Recorder() *Recorder { return c.recorder }

// Reconciles counts the reconciles run so far.
func (c *Controller) Reconciles() int64 { return c.reconciles }

// Enqueue adds a request.
func (c *Controller) Enqueue(req Request) { c.Queue.Add(req) }

// EnqueueObject adds the request naming o.
func (c *Controller) EnqueueObject(o api.Object) {
	m := o.GetObjectMeta()
	c.Queue.Add(Request{Namespace: m.Namespace, Name: m.Name})
}

// EnqueueAfter adds a request after d.
func (c *Controller) EnqueueAfter(req Request, d time.Duration) { c.Queue.AddAfter(req, d) }

// schedule makes one reconcile task for one ready key. A standby's keys
// wait in its queue; taking the lead schedules them (Manager.wake).
func (c *Controller) schedule() {
	if !c.mgr.running() {
		return
	}
	c.mgr.Clock.Schedule(0, c.task)
}

func (c *Controller) process() {
	if !c.mgr.CanReconcile() {
		return // a standby's, a paused or an expired leader's keys stay queued
	}
	req, ok := c.Queue.Get()
	if !ok {
		return
	}
	defer c.Queue.Done(req)
	c.reconciles++
	c.entry = Entry{Time: c.mgr.Clock.Now(), Revision: c.mgr.Store.Revision(), Controller: c.Name,
		Key: req.String(), Retries: c.Queue.NumRequeues(req), Manager: c.mgr.Identity}
	entry := &c.entry
	c.ctx = Context{Clock: c.mgr.Clock, store: c.mgr.Store, events: c.recorder, entry: entry}
	res, err := c.safeReconcile(&c.ctx, req)
	c.ctx.end()
	switch {
	case err != nil && IsTerminal(err):
		c.Queue.Forget(req)
		entry.Result = "error (not retried): " + err.Error()
	case err != nil && c.maxRetries > 0 && c.Queue.NumRequeues(req) >= c.maxRetries:
		c.Queue.Forget(req)
		entry.Result = fmt.Sprintf("error, dropped after %d retries: %v", c.maxRetries, err)
	case err != nil:
		d := c.Queue.AddRateLimited(req)
		entry.Result = fmt.Sprintf("error, retry %d in %s: %v", c.Queue.NumRequeues(req), d, err)
		if c.failing == nil {
			c.failing = map[Request]Retry{}
		}
		c.failing[req] = Retry{Controller: c.Name, Key: req.String(), Requeues: c.Queue.NumRequeues(req),
			Delay: d, At: entry.Time.Add(d), Error: err.Error()}
	case res.RequeueAfter > 0:
		c.Queue.Forget(req)
		c.Queue.AddAfter(req, res.RequeueAfter)
		entry.Result = "requeue after " + res.RequeueAfter.Round(time.Millisecond).String()
	case res.Requeue:
		c.Queue.AddRateLimited(req)
		entry.Result = "requeue with back-off"
	default:
		c.Queue.Forget(req)
		c.Queue.CancelAfter(req)
		entry.Result = "done"
	}
	if c.Queue.NumRequeues(req) == 0 {
		delete(c.failing, req)
	}
	c.last = LastReconcile{Key: entry.Key, Result: entry.Result, At: entry.Time, Writes: writesOf(entry.Actions)}
	c.mgr.Trace.add(*entry)
}

// Retrying lists the keys waiting out a back-off after failed reconciles,
// by key.
func (c *Controller) Retrying() []Retry {
	out := make([]Retry, 0, len(c.failing))
	for _, r := range c.failing {
		out = append(out, r)
	}
	// sort.Slice: one sort for every element type in the wasm, not a copy
	// per type (keys are unique: the same order).
	sort.Slice(out, func(i, j int) bool { return out[i].Key < out[j].Key })
	return out
}

// safeReconcile turns a panic in a reconciler into an error, so one bad
// controller shows up in the trace instead of stopping the whole loop.
func (c *Controller) safeReconcile(ctx *Context, req Request) (res Result, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = Terminal(fmt.Errorf("panic in %s reconcile: %v", c.Name, r))
		}
	}()
	return c.reconciler.Reconcile(ctx, req)
}

// writesOf counts the actions the API server accepted.
func writesOf(actions []Action) int {
	n := 0
	for _, a := range actions {
		if a.Error == "" {
			n++
		}
	}
	return n
}
