package controller_test

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/controller"
)

// A controller's queue as its picture shows it: keys waiting in the order
// the worker takes them, a burst of adds as one key standing for them all,
// failed keys waiting out their back-off with the instant each is due,
// soonest first, and the reconcile that ran last.
func TestViewShowsTheQueueAsAPictureDrawsIt(t *testing.T) {
	m := newManager(t)
	c := m.NewController("test", controller.ReconcileFunc(func(_ *controller.Context, req controller.Request) (controller.Result, error) {
		if req.Name != "ok" {
			return controller.Result{}, errors.New("not yet")
		}
		return controller.Result{RequeueAfter: time.Minute}, nil
	}), controller.Options{})
	key := func(n string) controller.Request { return controller.Request{Namespace: "default", Name: n} }
	for range 3 {
		c.Enqueue(key("web"))
	}
	c.Enqueue(key("ok"))
	v := c.View(5)
	assert.Equal(t, "test", v.Controller)
	assert.Equal(t, []controller.QueuedKey{{Key: "default/web", Adds: 3}, {Key: "default/ok", Adds: 1}}, v.Ready, "a standby queues: three adds, one key")
	assert.Nil(t, v.Last)
	assert.True(t, v.Busy())

	m.SetLeading(true)
	start := m.Clock.Now()
	run(m)
	v = c.View(5)
	assert.Empty(t, v.Ready)
	require.Len(t, v.Delayed, 2)
	assert.Equal(t, controller.DelayedKey{Key: "default/web", At: start.Add(5 * time.Millisecond), Requeues: 1}, v.Delayed[0], "the back-off first: due soonest")
	assert.Equal(t, controller.DelayedKey{Key: "default/ok", At: start.Add(time.Minute)}, v.Delayed[1], "a requeue the reconcile asked for")
	require.NotNil(t, v.Last)
	assert.Equal(t, "default/ok", v.Last.Key)
	assert.Equal(t, "requeue after 1m0s", v.Last.Result)
}

// Of thousands of delayed keys a picture shows the few due first, the
// same ones every time.
func TestViewPicksTheSoonestDelayedKeys(t *testing.T) {
	m := newManager(t)
	c := m.NewController("test", controller.ReconcileFunc(func(*controller.Context, controller.Request) (controller.Result, error) {
		return controller.Result{}, nil
	}), controller.Options{})
	for i := range 200 {
		c.EnqueueAfter(controller.Request{Name: fmt.Sprintf("k%03d", i)}, time.Duration(200-i%100)*time.Second)
	}
	v := c.View(3)
	assert.Equal(t, 197, v.MoreDelayed)
	var keys []string
	for _, d := range v.Delayed {
		keys = append(keys, d.Key)
	}
	assert.Equal(t, []string{"k099", "k199", "k098"}, keys, "101 s twice (ties by key), then 102 s")
	assert.False(t, v.Delayed[0].At.After(v.Delayed[2].At))
}

// The last reconcile counts the writes the API server took from it, not
// those it refused: each one comes back on the watch as the next event.
func TestTheLastReconcileCountsItsWrites(t *testing.T) {
	m := newManager(t)
	c := m.NewController("test", controller.ReconcileFunc(func(ctx *controller.Context, req controller.Request) (controller.Result, error) {
		for _, name := range []string{"a", "b", "a"} { // the second "a" is refused: it exists
			_, _ = ctx.Create(&api.ConfigMap{ObjectMeta: api.ObjectMeta{Namespace: "default", Name: name}}, "")
		}
		return controller.Result{}, nil
	}), controller.Options{})
	m.SetLeading(true)
	c.Enqueue(controller.Request{Namespace: "default", Name: "web"})
	run(m)
	v := c.View(5)
	require.NotNil(t, v.Last)
	assert.Equal(t, 2, v.Last.Writes)
}
