//go:build js && wasm

package main

import (
	"github.com/kubeloop/kubeloop/core/apijson"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/examples"
	"github.com/kubeloop/kubeloop/wasm/internal/engine"
)

// fakeWorker is a worker host whose event loop the test turns by hand:
// posts are kept, time is what the test says, and what the host asks to
// run later waits in a queue — at once, or after an idle turn's wait (the
// test moves the time itself); the warm-up's timers are left out.
type fakeWorker struct {
	t     *testing.T
	h     *workerHost
	posts []engine.Post
	at    []float64 // the time of each post
	ms    float64
	tick  float64 // how far the time moves each time the host reads it
	queue []func()
	waits []float64 // what the host asked to wait before each run later
}

func newFakeWorker(t *testing.T) *fakeWorker {
	w := &fakeWorker{t: t}
	w.h = newWorkerHost(func(s string) {
		p, err := engine.DecodePost(s)
		require.NoError(t, err)
		w.posts = append(w.posts, p)
		w.at = append(w.at, w.ms)
	}, func() float64 { w.ms += w.tick; return w.ms }, func(ms float64, fn func()) {
		w.waits = append(w.waits, ms)
		if ms <= 0 || ms == idleTurnMS || ms == w.h.lagRest {
			w.queue = append(w.queue, fn)
		}
	})
	return w
}

func (w *fakeWorker) send(id int64, r engine.Request) {
	b, err := apijson.Marshal(engine.Message{ID: id, Request: r})
	require.NoError(w.t, err)
	w.h.receive(string(b))
}

// turn runs what waits, as the event loop would, n times.
func (w *fakeWorker) turn(n int) {
	for range n {
		if len(w.queue) == 0 {
			return
		}
		fn := w.queue[0]
		w.queue = w.queue[1:]
		fn()
	}
}

func (w *fakeWorker) take() []engine.Post {
	p := w.posts
	w.posts = nil
	return p
}

func TestTheWorkerPostsTheNodesBeforeTheControlPlaneStarts(t *testing.T) {
	w := newFakeWorker(t)
	w.send(1, engine.Request{Op: engine.OpStart, Seed: 1})
	first := w.take()
	require.Len(t, first, 1)
	assert.Zero(t, first[0].ID, "a frame of its own")
	require.NotNil(t, first[0].Frame)
	assert.Len(t, first[0].Frame.Overview.Nodes, 4)
	w.turn(1)
	started := w.take()
	require.Len(t, started, 1)
	assert.Equal(t, int64(1), started[0].ID, "the answer to start, once the control plane runs")
	assert.NotEmpty(t, started[0].Frame.Pods, "the control plane's pods")
}

func TestAPrebuiltClusterIsTheOneStartAsksFor(t *testing.T) {
	fresh := newFakeWorker(t)
	fresh.send(1, engine.Request{Op: engine.OpStart, Seed: 1})
	want := fresh.take()

	w := newFakeWorker(t)
	w.h.prebuild(1)
	prebuilt := w.h.e
	w.send(2, engine.Request{Op: "kubectl", Line: "kubectl get nodes"})
	assert.Equal(t, "worker: the cluster is not built yet", w.take()[0].Reply.Error, "nothing uses the prebuilt cluster before start")
	w.send(1, engine.Request{Op: engine.OpStart, Seed: 1})
	assert.Same(t, prebuilt, w.h.e, "start takes the cluster prebuilt for its seed")
	assert.Equal(t, want, w.take(), "the same nodes as a cluster built on start")
	w.h.prebuild(1)
	assert.Same(t, prebuilt, w.h.e, "a prebuild after start does nothing")

	seven := newFakeWorker(t)
	seven.send(1, engine.Request{Op: engine.OpStart, Seed: 7})
	other := newFakeWorker(t)
	other.h.prebuild(1)
	other.send(1, engine.Request{Op: engine.OpStart, Seed: 7})
	assert.Equal(t, uint64(7), other.h.e.Seed(), "a start with another seed builds its own")
	assert.Equal(t, seven.take(), other.take())
}

func TestTheWorkerPostsAFrameOnlyOnceThePageDrewTheLast(t *testing.T) {
	w := newFakeWorker(t)
	w.send(1, engine.Request{Op: engine.OpStart, Seed: 1})
	w.turn(1)
	w.take()
	w.send(2, engine.Request{Op: "apply", Text: examples.NginxDeployment})
	require.Len(t, w.take(), 1, "the answer, with its frame")
	w.send(0, engine.Request{Op: engine.OpPlay, On: true, Speed: 1})
	w.ms += 500
	w.turn(1)
	assert.Empty(t, w.take(), "the page has not drawn the answer's frame yet")
	w.send(0, engine.Request{Op: engine.OpDrawn})
	w.ms += 500
	w.turn(1)
	posts := w.take()
	require.Len(t, posts, 1)
	assert.Greater(t, posts[0].Frame.Elapsed, time.Duration(0))
	w.ms += 500
	w.turn(1)
	assert.Empty(t, w.take(), "one frame until the page drew it")

	w.send(0, engine.Request{Op: engine.OpPlay, On: false})
	w.send(0, engine.Request{Op: engine.OpDrawn})
	w.turn(5)
	w.take() // what moved before the pause
	w.send(0, engine.Request{Op: engine.OpDrawn})
	w.turn(5)
	assert.Empty(t, w.take(), "paused and drawn: nothing moves, nothing is posted")
}

// While the clock plays, a turn that caught the clock up waits a frame
// for the next instead of turning at once: an idle cluster on a page left
// open kept a core of the learner's machine busy.
func TestAPlayingClockThatCaughtUpWaitsAFrame(t *testing.T) {
	w := newFakeWorker(t)
	w.send(1, engine.Request{Op: engine.OpStart, Seed: 1})
	w.turn(1)
	w.send(0, engine.Request{Op: engine.OpPlay, On: true, Speed: 1})
	require.Equal(t, 0.0, w.waits[len(w.waits)-1], "play: a turn at once")
	for range 3 {
		w.ms += idleTurnMS
		w.turn(1)
		assert.Equal(t, float64(idleTurnMS), w.waits[len(w.waits)-1], "caught up: the next turn a frame later")
	}
	before := len(w.waits)
	w.send(0, engine.Request{Op: engine.OpDrawn})
	assert.Len(t, w.waits, before, "a turn is already due: the page's drawing adds none")

	w.send(2, engine.Request{Op: engine.OpSettle, Seconds: 600})
	w.turn(1) // the idle turn that was due runs the settle
	assert.Equal(t, 0.0, w.waits[len(w.waits)-1], "settling: turns at once")
}

// A turn that left the clock behind is followed by the next at once, or,
// on a machine of two cores, after a rest that leaves the browser a share
// of the worker's core; a settle, which a request waits on, never rests.
func TestALaggingClockRestsBetweenTurnsOnTwoCores(t *testing.T) {
	assert.Equal(t, turnMS/2.0, lagRestFor(2))
	assert.Equal(t, turnMS/2.0, lagRestFor(1))
	assert.Zero(t, lagRestFor(4))
	assert.Zero(t, lagRestFor(0), "not known: no rest")
	for _, cores := range []int{2, 8} {
		w := newFakeWorker(t)
		w.h.lagRest = lagRestFor(cores)
		w.send(1, engine.Request{Op: engine.OpStart, Seed: 1})
		w.turn(1)
		// Too many pods for one turn of the clock, or of a settle.
		w.send(2, engine.Request{Op: "apply", Text: examples.BenchDeployment(300, "nginx:1.7.9")})
		w.send(0, engine.Request{Op: engine.OpPlay, On: true, Speed: 100})
		w.tick = turnMS // each look at the time ends the turn
		w.ms += maxTurnGap
		before := len(w.waits)
		w.turn(1)
		require.Len(t, w.waits, before+1, "%d cores: a next turn", cores)
		assert.Equal(t, lagRestFor(cores), w.waits[before], "%d cores: the clock lags", cores)

		w.send(3, engine.Request{Op: engine.OpSettle, Seconds: 600})
		w.turn(1)
		require.NotNil(t, w.h.settle, "still settling")
		assert.Zero(t, w.waits[len(w.waits)-1], "%d cores: settling, turns at once", cores)
	}
}

// While the clock lags, its frames bring the picture of the controller
// manager and the Events at most every pictureEvery, and the page keeps
// the last; once the clock catches up, the next frame brings them.
func TestALaggingClocksFramesBringThePictureAndEventsAFewTimesASecond(t *testing.T) {
	w := newFakeWorker(t)
	w.send(1, engine.Request{Op: engine.OpStart, Seed: 1})
	w.turn(1)
	w.send(2, engine.Request{Op: "apply", Text: examples.BenchDeployment(300, "nginx:1.7.9")})
	w.send(0, engine.Request{Op: engine.OpPlay, On: true, Speed: 100})
	w.take()
	w.tick = turnMS    // each look at the time ends the turn
	var with []float64 // when a frame brought the picture
	later := 0
	for range 30 {
		w.send(0, engine.Request{Op: engine.OpDrawn})
		w.turn(1)
		for i, p := range w.posts {
			require.NotNil(t, p.Frame)
			if p.Frame.PictureLater {
				later++
				assert.NotContains(t, p.Frame.Changed, "events", "the Events wait with the picture")
			} else {
				assert.NotEmpty(t, p.Frame.Picture.Replicas)
				with = append(with, w.at[i])
			}
		}
		w.posts, w.at = nil, nil
	}
	require.Greater(t, len(with), 1)
	assert.Greater(t, later, len(with), "most frames leave the picture for later")
	for i := 1; i < len(with); i++ {
		assert.GreaterOrEqual(t, with[i]-with[i-1], float64(pictureEvery))
	}

	w.tick = 0 // the clock catches up
	w.send(0, engine.Request{Op: engine.OpDrawn})
	w.turn(1)
	posts := w.take()
	require.Len(t, posts, 1)
	assert.False(t, posts[0].Frame.PictureLater, "caught up: the picture comes")
	assert.Contains(t, posts[0].Frame.Changed, "events", "and the Events held for it")
}

func TestTheWorkerSettlesInTurnsAndCanBeCancelled(t *testing.T) {
	w := newFakeWorker(t)
	w.send(1, engine.Request{Op: engine.OpStart, Seed: 1})
	w.turn(1)
	w.send(2, engine.Request{Op: "apply", Text: examples.NginxDeployment})
	w.take()
	w.send(3, engine.Request{Op: engine.OpSettle, Seconds: 600})
	for i := 0; i < 100 && len(w.posts) == 0; i++ {
		w.turn(1)
	}
	posts := w.take()
	require.NotEmpty(t, posts)
	last := posts[len(posts)-1]
	assert.Equal(t, int64(3), last.ID)
	assert.True(t, last.Reply.Settled)
	assert.Greater(t, last.Reply.Took, time.Duration(0))

	w.send(4, engine.Request{Op: "kubectl", Line: "kubectl set image deployment/nginx-deployment nginx=nginx:1.16.1"})
	w.send(5, engine.Request{Op: engine.OpSettle, Seconds: 600})
	w.send(0, engine.Request{Op: engine.OpCancel})
	var answer *engine.Reply
	for _, p := range w.take() {
		if p.ID == 5 {
			answer = p.Reply
		}
	}
	require.NotNil(t, answer, "a cancelled settle is answered at once")
	assert.False(t, answer.Settled)
}
