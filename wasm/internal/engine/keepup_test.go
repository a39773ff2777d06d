package engine

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/examples"
	"github.com/kubeloop/kubeloop/core/store"
)

// TestFramesKeepUpWithABigScaleUp: between two frames the worker runs the
// clock in slices (Run), and a big scale-up writes more revisions than the
// store keeps. The feed reads them as they go, so the next frame carries
// the pods that changed, not every pod read afresh.
func TestFramesKeepUpWithABigScaleUp(t *testing.T) {
	e := started(t)
	do(t, e, Request{Op: "sim", Line: "sim node add node-4"})
	do(t, e, Request{Op: "sim", Line: "sim node add node-5"})
	e.Frame()
	do(t, e, Request{Op: "apply", Text: strings.Replace(examples.NginxDeployment, "replicas: 3", "replicas: 500", 1)})
	e.Frame()
	from := e.c.Store().Revision()
	var behind int64 // the most the feed was behind after a slice
	for i := 0; i < 10000 && e.c.Store().Revision()-from < store.HistoryWindow*3/2; i++ {
		e.Run(time.Second, 64)
		behind = max(behind, e.feedBehind())
	}
	assert.Less(t, behind, int64(feedLag), "the feed keeps up between frames")
	require.GreaterOrEqual(t, e.c.Store().Revision()-from, int64(store.HistoryWindow*3/2), "the scale-up wrote more than the store keeps")
	require.Greater(t, e.c.Store().Compacted(), from, "the store compacted what the last frame had read")
	f := e.Frame()
	assert.False(t, f.Reset, "the frame follows on from the last")
	assert.NotEmpty(t, f.Pods)
}

// feedBehind is how many revisions the frames' feed has not read yet.
func (e *Engine) feedBehind() int64 { return e.c.Store().Revision() - e.sent.feed.Revision() }

// TestFramesKeepUpThroughASettle: a settle runs one simulated second per
// request (the worker's settleTurn), and in that second a big scale-up
// writes more revisions than the store keeps. The feed reads them as the
// settle goes, so the next frame follows on from the last.
func TestFramesKeepUpThroughASettle(t *testing.T) {
	e := started(t)
	e.Frame()
	do(t, e, Request{Op: "apply", Text: strings.Replace(examples.NginxDeployment, "replicas: 3", "replicas: 4000", 1)})
	e.Frame()
	from := e.c.Store().Revision()
	do(t, e, Request{Op: "settle", Seconds: 1})
	require.Greater(t, e.c.Store().Revision()-from, int64(store.HistoryWindow), "the settle's second wrote more than the store keeps")
	require.Greater(t, e.c.Store().Compacted(), from, "the store compacted what the last frame had read")
	assert.Less(t, e.feedBehind(), int64(feedLag))
	f := e.Frame()
	assert.False(t, f.Reset, "the frame follows on from the last")
	assert.NotEmpty(t, f.Pods)
}

// TestFramesKeepUpThroughAnAdvance: `sim advance` runs its seconds in one
// request; the feed reads the store's log after every task of it.
func TestFramesKeepUpThroughAnAdvance(t *testing.T) {
	e := started(t)
	e.Frame()
	do(t, e, Request{Op: "apply", Text: strings.Replace(examples.NginxDeployment, "replicas: 3", "replicas: 4000", 1)})
	e.Frame()
	from, start := e.c.Store().Revision(), e.elapsed()
	rep := do(t, e, Request{Op: "advance", Seconds: 5})
	assert.Equal(t, 5*time.Second, rep.Elapsed-start, "the clock moved by the seconds asked")
	require.Greater(t, e.c.Store().Compacted(), from, "the store compacted what the last frame had read")
	assert.Less(t, e.feedBehind(), int64(feedLag))
	assert.False(t, e.Frame().Reset, "the frame follows on from the last")
}

// TestFramesKeepUpThroughAScript: a script (a lesson's setup, a shared
// session) runs its `sim settle` inside one request too.
func TestFramesKeepUpThroughAScript(t *testing.T) {
	e := started(t)
	e.Frame()
	from := e.c.Store().Revision()
	do(t, e, Request{Op: "script", Text: "kubectl apply -f - <<EOF\n" +
		strings.Replace(examples.NginxDeployment, "replicas: 3", "replicas: 4000", 1) + "EOF\nsim settle\n"})
	require.Greater(t, e.c.Store().Compacted(), from, "the store compacted what the last frame had read")
	assert.Less(t, e.feedBehind(), int64(feedLag))
	assert.False(t, e.Frame().Reset, "the frame follows on from the last")
}
