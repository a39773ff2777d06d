package controller_test

import (
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/store"
)

func newManager(t *testing.T) *controller.Manager {
	s := store.New(clock.New(1))
	_, err := s.Create(&api.Namespace{ObjectMeta: api.ObjectMeta{Name: "default"}})
	require.NoError(t, err)
	m := controller.NewManager(s, controller.NewTrace(100))
	return m
}

func run(m *controller.Manager) {
	for m.Clock.StepDue() {
	}
}

func TestBurstOfAddsCollapsesIntoOneReconcile(t *testing.T) {
	m := newManager(t)
	calls := 0
	c := m.NewController("test", controller.ReconcileFunc(func(*controller.Context, controller.Request) (controller.Result, error) {
		calls++
		return controller.Result{}, nil
	}), controller.Options{})
	m.SetLeading(true)
	for i := 0; i < 5; i++ {
		c.Enqueue(controller.Request{Namespace: "default", Name: "web"})
	}
	run(m)
	assert.Equal(t, 1, calls)
	entries := m.Trace.Since(0)
	require.Len(t, entries, 1)
	assert.Equal(t, "default/web", entries[0].Key)
	assert.Equal(t, "done", entries[0].Result)
}

func TestErrorsRetryWithExponentialBackoff(t *testing.T) {
	m := newManager(t)
	var at []time.Duration
	start := m.Clock.Now()
	c := m.NewController("test", controller.ReconcileFunc(func(ctx *controller.Context, _ controller.Request) (controller.Result, error) {
		at = append(at, ctx.Clock.Now().Sub(start))
		if len(at) < 4 {
			return controller.Result{}, errors.New("not yet")
		}
		return controller.Result{}, nil
	}), controller.Options{})
	m.SetLeading(true)
	c.Enqueue(controller.Request{Name: "x"})
	m.Clock.Advance(time.Second)
	assert.Equal(t, []time.Duration{0, 5 * time.Millisecond, 15 * time.Millisecond, 35 * time.Millisecond}, at,
		"retries at 5ms, 10ms, 20ms after each failure")
	assert.Equal(t, 0, c.Queue.NumRequeues(controller.Request{Name: "x"}), "success forgets the failures")
}

func TestMaxRetriesDropsTheKey(t *testing.T) {
	m := newManager(t)
	calls := 0
	m.NewController("test", controller.ReconcileFunc(func(*controller.Context, controller.Request) (controller.Result, error) {
		calls++
		return controller.Result{}, errors.New("broken")
	}), controller.Options{MaxRetries: 3}).Enqueue(controller.Request{Name: "x"})
	m.SetLeading(true)
	m.Clock.Advance(time.Hour)
	assert.Equal(t, 4, calls, "first try plus three retries")
	entries := m.Trace.Since(0)
	assert.Contains(t, entries[len(entries)-1].Result, "dropped after 3 retries")
}

func TestRequeueAfterReconcilesAgainLater(t *testing.T) {
	m := newManager(t)
	var at []time.Time
	m.NewController("test", controller.ReconcileFunc(func(ctx *controller.Context, _ controller.Request) (controller.Result, error) {
		at = append(at, ctx.Clock.Now())
		if len(at) == 1 {
			return controller.Result{RequeueAfter: 30 * time.Second}, nil
		}
		return controller.Result{}, nil
	}), controller.Options{}).Enqueue(controller.Request{Name: "x"})
	m.SetLeading(true)
	m.Clock.Advance(time.Minute)
	require.Len(t, at, 2)
	assert.Equal(t, 30*time.Second, at[1].Sub(at[0]))
}

func TestPanicBecomesATerminalErrorInTheTrace(t *testing.T) {
	m := newManager(t)
	m.NewController("test", controller.ReconcileFunc(func(*controller.Context, controller.Request) (controller.Result, error) {
		panic("boom")
	}), controller.Options{}).Enqueue(controller.Request{Name: "x"})
	m.SetLeading(true)
	assert.NotPanics(t, func() { run(m) })
	entries := m.Trace.Since(0)
	require.Len(t, entries, 1)
	assert.Contains(t, entries[0].Result, "panic in test reconcile: boom")
}

func TestStandbyQueuesButDoesNotReconcile(t *testing.T) {
	m := newManager(t)
	calls := 0
	c := m.NewController("test", controller.ReconcileFunc(func(*controller.Context, controller.Request) (controller.Result, error) {
		calls++
		return controller.Result{}, nil
	}), controller.Options{})
	c.Enqueue(controller.Request{Name: "x"})
	run(m)
	assert.Equal(t, 0, calls)
	m.SetLeading(true)
	run(m)
	assert.Equal(t, 1, calls)
}

func TestContextRecordsActionsAndEvents(t *testing.T) {
	m := newManager(t)
	m.NewController("test", controller.ReconcileFunc(func(ctx *controller.Context, _ controller.Request) (controller.Result, error) {
		ctx.Observe("want 1 pod, have 0")
		ctx.Diff("1 missing")
		ctx.Why("observed < desired")
		p, err := ctx.Create(&api.Pod{ObjectMeta: api.ObjectMeta{Name: "p", Namespace: "default"},
			Spec: api.PodSpec{Containers: []api.Container{{Name: "c", Image: "nginx"}}}}, "replica 1")
		if err != nil {
			return controller.Result{}, err
		}
		ctx.Event(p, controller.EventNormal, "Created", "Created pod: %s", "p")
		ctx.Event(p, controller.EventNormal, "Created", "Created pod: %s", "p")
		return controller.Result{}, nil
	}), controller.Options{}).Enqueue(controller.Request{Name: "x"})
	m.SetLeading(true)
	run(m)
	e := m.Trace.Since(0)[0]
	assert.Equal(t, []string{"want 1 pod, have 0"}, e.Observed)
	assert.Equal(t, []string{"1 missing"}, e.Diff)
	assert.Equal(t, []string{"observed < desired"}, e.Why)
	require.Len(t, e.Actions, 1)
	assert.Equal(t, controller.Action{Verb: "create", Kind: "Pod", Namespace: "default", Name: "p", Detail: "replica 1"}, e.Actions[0])
	events := m.Store.List(api.Events, "default")
	require.Len(t, events, 1, "a repeated event is aggregated")
	ev := events[0].(*api.Event)
	assert.Equal(t, int32(2), ev.Count)
	assert.Equal(t, "test-controller", ev.Source.Component)
	assert.Regexp(t, `^p\.[0-9a-f]+$`, ev.Name)
}

func TestTraceKeepsTheNewestEntries(t *testing.T) {
	m := newManager(t)
	c := m.NewController("test", controller.ReconcileFunc(func(*controller.Context, controller.Request) (controller.Result, error) {
		return controller.Result{}, nil
	}), controller.Options{})
	m.SetLeading(true)
	for i := 0; i < 150; i++ {
		c.Enqueue(controller.Request{Name: string(rune('a' + i%26)), Namespace: string(rune('a' + i/26))})
	}
	run(m)
	entries := m.Trace.Since(0)
	assert.Len(t, entries, 100)
	assert.Equal(t, int64(150), entries[len(entries)-1].Seq)
	assert.Equal(t, int64(51), entries[0].Seq)
	assert.Len(t, m.Trace.Since(140), 10)
}

func TestEachRetryIsTracedWithItsBackoffAndListedUntilItSucceeds(t *testing.T) {
	m := newManager(t)
	calls := 0
	c := m.NewController("test", controller.ReconcileFunc(func(*controller.Context, controller.Request) (controller.Result, error) {
		calls++
		if calls < 4 {
			return controller.Result{}, errors.New("serviceaccount \"robot\" not found")
		}
		return controller.Result{}, nil
	}), controller.Options{})
	m.SetLeading(true)
	start := m.Clock.Now()
	c.Enqueue(controller.Request{Namespace: "default", Name: "x"})
	m.Clock.Advance(16 * time.Millisecond) // tries at 0, 5 ms, 15 ms; the next at 35 ms
	var results []string
	for _, e := range m.Trace.Since(0) {
		results = append(results, e.Result)
	}
	assert.Equal(t, []string{
		`error, retry 1 in 5ms: serviceaccount "robot" not found`,
		`error, retry 2 in 10ms: serviceaccount "robot" not found`,
		`error, retry 3 in 20ms: serviceaccount "robot" not found`,
	}, results)
	assert.Equal(t, []controller.Retry{{Controller: "test", Key: "default/x", Requeues: 3,
		Delay: 20 * time.Millisecond, At: start.Add(35 * time.Millisecond), Error: `serviceaccount "robot" not found`}}, m.Retrying())
	m.Clock.Advance(time.Second)
	assert.Equal(t, 4, calls)
	assert.Empty(t, m.Retrying(), "a success forgets the key")
}

func TestARefusedCreateIsTracedByItsGenerateName(t *testing.T) {
	m := newManager(t)
	m.NewController("test", controller.ReconcileFunc(func(ctx *controller.Context, _ controller.Request) (controller.Result, error) {
		_, err := ctx.Create(&api.Pod{ObjectMeta: api.ObjectMeta{GenerateName: "web-", Namespace: "gone"}}, "replica 1")
		return controller.Result{}, err
	}), controller.Options{}).Enqueue(controller.Request{Name: "x"})
	m.SetLeading(true)
	run(m)
	e := m.Trace.Since(0)[0]
	require.Len(t, e.Actions, 1)
	assert.Equal(t, "web-", e.Actions[0].Name)
	assert.NotEmpty(t, e.Actions[0].Error)
}

// A Context kept past its Reconcile and used later panics, saying so,
// rather than writing into another reconcile's trace entry.
func TestAContextUsedAfterItsReconcilePanics(t *testing.T) {
	m := newManager(t)
	var kept *controller.Context
	c := m.NewController("test", controller.ReconcileFunc(func(ctx *controller.Context, _ controller.Request) (controller.Result, error) {
		kept = ctx
		ctx.Observe("during the call")
		return controller.Result{}, nil
	}), controller.Options{})
	m.SetLeading(true)
	c.Enqueue(controller.Request{Namespace: "default", Name: "web"})
	run(m)
	require.NotNil(t, kept)
	assert.Equal(t, []string{"during the call"}, m.Trace.Since(0)[0].Observed)
	assert.PanicsWithValue(t, "controller: a reconcile's Context was used after its Reconcile returned; it is valid only during the call (kept, its writes would land in another reconcile's trace entry)",
		func() { kept.Observe("after the call") })
}
