package session

import (
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/controllers"
	"github.com/kubeloop/kubeloop/core/apijson"
	"github.com/kubeloop/kubeloop/core/cluster"
	"github.com/kubeloop/kubeloop/core/transcript"
)

const web = `apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: web
spec:
  replicas: 2
  serviceName: web
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: nginx
        image: nginx:1.27
`

// page drives a cluster as the page's worker does: turns that advance the
// clock by a slice of time with a bounded number of tasks, commands typed in
// between — some while tasks of the current instant are still due.
type page struct {
	t   *testing.T
	c   *cluster.Cluster
	rec *Recorder
	rnd *rand.Rand
}

func newPage(t *testing.T, seed uint64) *page {
	c := cluster.New(cluster.Options{Seed: seed, Controllers: controllers.All()})
	return &page{t: t, c: c, rec: New(seed, c.Clock()), rnd: rand.New(rand.NewPCG(1, 2))}
}

// turns plays n turns of the worker's loop of 1 to 40 ms at speed, each
// running at most a few tasks, so the clock often stops mid-instant.
func (p *page) turns(n int, speed float64) {
	for i := 0; i < n; i++ {
		d := time.Duration(float64(1+p.rnd.IntN(40)) * speed * float64(time.Millisecond))
		p.c.AdvanceBudget(d, 1+p.rnd.IntN(20))
	}
}

func (p *page) kubectl(line string) {
	stdin := ""
	if ReadsStdin(line) {
		stdin = web
	}
	done := p.rec.Command(line, stdin)
	res := p.c.Kubectl(line, stdin)
	require.Equal(p.t, 0, res.ExitCode, "%s: %s", line, res.Stderr)
	done()
}

func (p *page) applyEditor(text string) {
	done := p.rec.Command("kubectl apply -f -", text)
	_, err := p.c.Apply(text)
	require.NoError(p.t, err)
	done()
}

func replay(t *testing.T, script string) *cluster.Cluster {
	seed, ok := SeedOf(script)
	require.True(t, ok, "the seed is in the first line")
	c := cluster.New(cluster.Options{Seed: seed, Controllers: controllers.All()})
	out, err := transcript.Run(c, script)
	require.NoError(t, err)
	assert.NotContains(t, out, "error:", "the replay ran cleanly")
	return c
}

func assertSameCluster(t *testing.T, want, got *cluster.Cluster) {
	t.Helper()
	require.Equal(t, want.Store().Revision(), got.Store().Revision(), "store revision")
	assert.Equal(t, want.Now(), got.Now(), "clock")
	w, err := apijson.Marshal(want.Snapshot())
	require.NoError(t, err)
	g, err := apijson.Marshal(got.Snapshot())
	require.NoError(t, err)
	assert.Equal(t, string(w), string(g), "snapshot")
}

// TestReplayReachesTheSameRevision: a session of applies, commands, turns
// cut mid-instant, steps, a partial idle run and a settle spread over
// slices replays to the same store revision and the same snapshot.
func TestReplayReachesTheSameRevision(t *testing.T) {
	p := newPage(t, 7)
	p.turns(30, 1)
	p.applyEditor(web)
	p.turns(50, 5)
	p.kubectl("kubectl scale statefulset web --replicas=3")
	// A command while the instant still has tasks due: one task, then it.
	p.c.Step()
	require.True(t, p.c.Clock().DueNow(), "tasks of this instant are still due")
	p.kubectl("kubectl set image statefulset/web nginx=nginx:1.28")
	p.c.RunUntilIdle(3)
	p.kubectl("kubectl get pods")
	p.turns(200, 20)
	done := p.rec.Command("sim node add node-4", "")
	_, err := p.c.Sim([]string{"node", "add", "node-4"})
	require.NoError(t, err)
	done()
	for i := 0; i < 5; i++ { // a settle spread over turns
		p.c.Settle(time.Second)
	}
	p.kubectl("kubectl apply -f -")
	p.c.Advance(12500 * time.Millisecond)
	p.turns(10, 1)

	script := p.rec.Transcript()
	assert.Contains(t, script, "sim step ")
	assert.Contains(t, script, "sim advance ")
	assert.Contains(t, script, "kubectl apply -f - <<EOF\n")
	assertSameCluster(t, p.c, replay(t, script))
}

// TestReplayOfAnIdleClock: time that passed with no task run replays as
// an advance alone.
func TestReplayOfAnIdleClock(t *testing.T) {
	p := newPage(t, 3)
	p.c.Settle(0)
	p.turns(5, 1)
	script := p.rec.Transcript()
	assertSameCluster(t, p.c, replay(t, script))
}

// fakeClock is a Clock whose numbers a test sets.
type fakeClock struct {
	now, lastAt time.Time
	tasks       uint64
}

func (f *fakeClock) Now() time.Time           { return f.now }
func (f *fakeClock) Ran() (uint64, time.Time) { return f.tasks, f.lastAt }
func (f *fakeClock) run(n uint64, at time.Duration) {
	f.tasks += n
	f.lastAt = f.now.Add(at)
	f.now = f.lastAt
}

// TestLongProgressSplits: no replayed line asks for more than one sim
// command may do (transcript.MaxAdvance, cluster.MaxSteps).
func TestLongProgressSplits(t *testing.T) {
	clk := &fakeClock{now: time.Unix(0, 0)}
	r := New(1, clk)
	clk.run(cluster.MaxSteps+5, time.Second)
	clk.now = clk.now.Add(30 * time.Hour)
	assert.True(t, strings.HasSuffix(r.Transcript(), "\nsim step 1000000\nsim step 5\nsim advance 24h0m0s\nsim advance 6h0m0s\n"), r.Transcript())
}

// TestShellLinesGoTogether: lines typed into a shell stay together, the
// clock's progress after them; a shell still open is exited.
func TestShellLinesGoTogether(t *testing.T) {
	clk := &fakeClock{now: time.Unix(0, 0)}
	r := New(1, clk)
	r.Command("kubectl exec -it web-0 -- sh", "")()
	r.Shell(true)
	clk.run(2, 1500*time.Millisecond)
	r.Command("hostname", "")()
	assert.True(t, strings.HasSuffix(r.Transcript(), "\nkubectl exec -it web-0 -- sh\nhostname\nexit\nsim step 2\n"), r.Transcript())
	r.Shell(false)
	clk.now = clk.now.Add(time.Nanosecond)
	r.Command("kubectl get pods", "")()
	assert.True(t, strings.HasSuffix(r.Transcript(), "\nhostname\nsim step 2\nsim advance 1ns\nkubectl get pods\n"), r.Transcript())
}

func TestHeredocDelimiterAvoidsTheText(t *testing.T) {
	c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()})
	r := New(1, c.Clock())
	r.Command("kubectl apply -f -", "a: 1\nEOF\n")()
	assert.Contains(t, r.Transcript(), "kubectl apply -f - <<EOF1\na: 1\nEOF\nEOF1\n")
}

func TestReadsStdin(t *testing.T) {
	for line, want := range map[string]bool{
		"kubectl apply -f -":                   true,
		"kubectl apply --filename=-":           true,
		"kubectl create -f - -o yaml":          true,
		"kubectl exec -i web-0 -- cat":         true,
		"kubectl apply -f web.yaml":            false,
		"kubectl get pods":                     false,
		"kubectl exec web-0 -- grep -i -f - x": false,
	} {
		assert.Equal(t, want, ReadsStdin(line), line)
	}
}

func TestSeedOf(t *testing.T) {
	c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()})
	seed, ok := SeedOf(New(18446744073709551615, c.Clock()).Transcript())
	assert.True(t, ok)
	assert.Equal(t, uint64(18446744073709551615), seed)
	_, ok = SeedOf("kubectl get pods\n")
	assert.False(t, ok)
}

func TestTentativeRecordsOnlyWhatChanged(t *testing.T) {
	clk := &fakeClock{now: time.Unix(0, 0)}
	r := New(1, clk)
	clk.run(3, time.Second)
	r.Tentative("kubectl apply -f -", "bad\n")(false)
	assert.NotContains(t, r.Transcript(), "apply")
	r.Tentative("kubectl apply -f -", "kind: Pod\n")(true)
	assert.True(t, strings.HasSuffix(r.Transcript(), "\nsim step 3\nkubectl apply -f - <<EOF\nkind: Pod\nEOF\n"), r.Transcript())
}

// TestAReplayedSessionIsRecordedOnce: a session replayed on a page (an
// opened link) and recorded goes on from there, its header once.
func TestAReplayedSessionIsRecordedOnce(t *testing.T) {
	p := newPage(t, 9)
	p.applyEditor(web)
	p.turns(40, 5)
	first := p.rec.Transcript()

	q := newPage(t, 9)
	done := q.rec.Script(first)
	_, err := transcript.Run(q.c, first)
	require.NoError(t, err)
	done()
	assert.Equal(t, first, q.rec.Transcript())
	assertSameCluster(t, p.c, q.c)
}
