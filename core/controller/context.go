package controller

import (
	"fmt"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/kubeloop/kubeloop/core/store"
)

// Context is what a reconcile gets besides its Request: the time, the API
// (whose writes it records), and the trace entry it is writing.
//
// A Context is valid only during the Reconcile call it is given to: the
// runner makes the next reconcile's in the same place, so one kept and
// used later would write into another reconcile's trace entry. Using it
// after the call returned panics, saying so.
type Context struct {
	Clock  *clock.Sim
	store  *store.Store
	events *Recorder
	entry  *Entry
	ended  bool
}

// end marks the Context's reconcile returned (the runner's call).
func (c *Context) end() { c.ended = true }

// use panics when the Context is used after its reconcile returned.
func (c *Context) use() {
	if c.ended {
		panic("controller: a reconcile's Context was used after its Reconcile returned; it is valid only during the call (kept, its writes would land in another reconcile's trace entry)")
	}
}

// NewContext returns a Context whose writes are recorded in entry (which
// may be nil). Tests of a single reconcile use it directly.
func NewContext(clk *clock.Sim, s *store.Store, ev *Recorder, entry *Entry) *Context {
	if entry == nil {
		entry = &Entry{}
	}
	return &Context{Clock: clk, store: s, events: ev, entry: entry}
}

// Entry is the trace entry this reconcile is writing.
func (c *Context) Entry() *Entry { c.use(); return c.entry }

// Observe records a fact the decision rests on ("spec.replicas=3, pods=2").
func (c *Context) Observe(format string, args ...any) {
	c.use()
	c.entry.Observed = append(c.entry.Observed, sprintf(format, args))
}

// ObserveText is Observe of a line already spelled out. The kubelet
// observes every pod on each of its 100,000 reconciles of a 10,000-pod
// rollout: its line built by concatenation is one string, where Observe
// boxed each argument and formatted them into another (7% of the run's
// allocations).
func (c *Context) ObserveText(line string) {
	c.use()
	c.entry.Observed = append(c.entry.Observed, line)
}

// Diff records what is missing or extra ("1 pod missing").
func (c *Context) Diff(format string, args ...any) {
	c.use()
	c.entry.Diff = append(c.entry.Diff, sprintf(format, args))
}

// Why records the rule that applied, in words.
func (c *Context) Why(format string, args ...any) {
	c.use()
	c.entry.Why = append(c.entry.Why, sprintf(format, args))
}

func (c *Context) act(verb string, o api.Object, detail string, err error) {
	a := Action{Verb: verb, Name: o.GetObjectMeta().Name, Namespace: o.GetObjectMeta().Namespace, Detail: detail}
	if a.Name == "" {
		a.Name = o.GetObjectMeta().GenerateName // a refused create: named by its prefix, as the API's error names it
	}
	if k := api.KindOf(o); k != nil {
		a.Kind = k.Kind
	}
	if err != nil {
		a.Error = err.Error()
	}
	c.entry.Actions = append(c.entry.Actions, a)
}

// Create creates o; detail says what it is for ("replica 3 of 3").
func (c *Context) Create(o api.Object, detail string) (api.Object, error) {
	c.use()
	out, err := c.store.Create(o)
	return c.created(o, out, detail, err)
}

// CreateOwned is Create for an object made for this call and handed over
// (store.CreateOwned): never touch o again.
func (c *Context) CreateOwned(o api.Object, detail string) (api.Object, error) {
	c.use()
	out, err := c.store.CreateOwned(o)
	return c.created(o, out, detail, err)
}

// created records a create: the object as stored (its generated name), or
// as asked for when the store refused it.
func (c *Context) created(o, out api.Object, detail string, err error) (api.Object, error) {
	if out != nil {
		c.act("create", out, detail, err)
	} else {
		c.act("create", o, detail, err)
	}
	return out, err
}

// Update writes o's spec and metadata.
func (c *Context) Update(o api.Object, detail string) (api.Object, error) {
	c.use()
	out, err := c.store.Update(o)
	c.act("update", o, detail, err)
	return out, err
}

// UpdateStatus writes o's status.
func (c *Context) UpdateStatus(o api.Object, detail string) (api.Object, error) {
	c.use()
	out, err := c.store.UpdateStatus(o)
	c.act("update-status", o, detail, err)
	return out, err
}

// UpdateStatusOwned is UpdateStatus for an object made for this call and
// handed over (store.UpdateStatusOwned): never touch o again.
func (c *Context) UpdateStatusOwned(o api.Object, detail string) (api.Object, error) {
	c.use()
	out, err := c.store.UpdateStatusOwned(o)
	c.act("update-status", o, detail, err)
	return out, err
}

// Delete deletes an object.
func (c *Context) Delete(o api.Object, opts store.DeleteOptions, detail string) error {
	c.use()
	m := o.GetObjectMeta()
	_, err := c.store.Delete(api.KindOf(o), m.Namespace, m.Name, opts)
	c.act("delete", o, detail, err)
	return err
}

// Bind assigns a pod to a node.
func (c *Context) Bind(p *api.Pod, node string) error {
	c.use()
	_, err := c.store.Bind(p.Namespace, p.Name, node)
	c.act("bind", p, "to "+node, err)
	return err
}

// Event records a Kubernetes Event about o (kubectl get events / describe).
func (c *Context) Event(o api.Object, eventType, reason, format string, args ...any) {
	c.use()
	if c.events != nil {
		c.events.Event(o, eventType, reason, sprintf(format, args))
	}
}

// Reader is the API server's state, to read: a live GET or LIST, and the
// clock. Writes go through the Context's verbs, which the trace records.
type Reader interface {
	Get(kind *api.Kind, namespace, name string) (api.Object, error)
	List(kind *api.Kind, namespace string) []api.Object
	Clock() *clock.Sim
}

// Store gives read access for the rare read that must not be stale (as a
// live GET would); controllers otherwise read their informers.
func (c *Context) Store() Reader { c.use(); return c.store }

// GetLive is r.Get of the kind whose Go type is T, returning a T: a live
// read of one object, controller.GetLive[*api.Job](ctx.Store(), ns, name).
// Its error is r.Get's (NotFound when there is none). It panics if no kind
// has Go type T (a programmer's error).
func GetLive[T api.Object](r Reader, namespace, name string) (T, error) {
	var zero T
	k := api.KindOfType[T]()
	if k == nil {
		panic(fmt.Sprintf("controller: no kind has Go type %T", zero))
	}
	o, err := r.Get(k, namespace, name)
	if err != nil {
		return zero, err
	}
	return o.(T), nil
}

// FinalizeNamespace removes a finalizer from a terminating namespace's
// spec.finalizers (the namespace's finalize subresource), recorded in the
// trace.
func (c *Context) FinalizeNamespace(ns *api.Namespace, finalizer string) error {
	c.use()
	_, err := c.store.FinalizeNamespace(ns.Name, finalizer)
	c.act("finalize", ns, "remove "+finalizer, err)
	return err
}
