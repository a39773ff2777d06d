//go:build js && wasm

package main

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/controllers"
	"github.com/kubeloop/kubeloop/core/cluster"
)

// A cluster whose work parks at store writes and checkpoints, over and over, makes the same
// history as one whose work runs straight through — with a kubectl command
// in the middle, run (as the page's entry points do) after the parked work
// is finished.
func TestPausedLoopKeepsHistory(t *testing.T) {
	manifest := strings.Replace(courseManifest, "replicas: 3", "replicas: 300", 1)
	require.Contains(t, manifest, "replicas: 300")

	drive := func(c *cluster.Cluster, slice func(work func())) {
		_, err := c.Apply(manifest)
		require.NoError(t, err)
		for i := 0; ; i++ {
			if i == 20 {
				res := c.Kubectl("kubectl scale deployment nginx-deployment --replicas=120", "")
				require.Equal(t, 0, res.ExitCode, res.Stderr)
			}
			settled := false
			slice(func() { settled, _ = c.Settle(time.Second) })
			if settled && i > 20 {
				return
			}
		}
	}

	straight := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()})
	drive(straight, func(work func()) { work() })

	paused := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()})
	ticks := 0.0
	p := newPauser(func() float64 { ticks++; return ticks })
	// A pause point at an unchanged revision is a checkpoint of a long
	// loop (the ReplicaSet's over its 300 pods), not a write.
	checkpoints, lastRev := 0, int64(-1)
	paused.Store().PausePoint = func() {
		if rev := paused.Store().Revision(); rev == lastRev {
			checkpoints++
		} else {
			lastRev = rev
		}
		p.pausePoint()
	}
	guard := func(f func()) { f() }
	frames := 0
	drive(paused, func(work func()) {
		p.run(1, guard, work)
		for p.parked {
			frames++ // a frame draws here, then the next resumes the work
			p.resume(1)
		}
	})

	assert.Greater(t, p.parks, 300, "the work parked at writes")
	assert.Greater(t, checkpoints, 0, "and at checkpoints")
	assert.Equal(t, p.parks, frames)
	assert.Equal(t, straight.HistoryHash(), paused.HistoryHash())
	assert.Equal(t, straight.Store().Revision(), paused.Store().Revision())
}

// finish runs parked work to its end; run and resume on work that is not
// parked are harmless.
func TestPauserFinish(t *testing.T) {
	ticks := 0.0
	p := newPauser(func() float64 { ticks++; return ticks })
	steps := 0
	p.run(0, func(f func()) { f() }, func() {
		for range 3 * clockEvery {
			steps++
			p.pausePoint()
		}
	})
	require.True(t, p.parked)
	assert.Equal(t, clockEvery, steps, "the clock is read every clockEvery writes")
	assert.Equal(t, 2.0, ticks, "one reading sets the deadline, the next is at the clockEvery-th write")
	p.finish()
	assert.False(t, p.parked)
	assert.Equal(t, 3*clockEvery, steps)
	assert.Equal(t, 1, p.parks)
	p.resume(0)
	p.finish()
	assert.Equal(t, 3*clockEvery, steps)
	p.pausePoint() // a write outside any work passes
	assert.Equal(t, 1, p.parks)
}
