package transcript

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/kubeloop/kubeloop/core/store"
)

// fakeSim is a store on a clock with no controllers; busyUntil says when
// it would settle.
type fakeSim struct {
	clk       *clock.Sim
	st        *store.Store
	files     map[string]string
	busyUntil time.Time
}

func newSim(t testing.TB) *fakeSim {
	clk := clock.New(1)
	s := &fakeSim{clk: clk, st: store.New(clk), files: map[string]string{}}
	_, err := s.st.Create(&api.Namespace{ObjectMeta: api.ObjectMeta{Name: "default"}})
	require.NoError(t, err)
	return s
}

func (s *fakeSim) Store() *store.Store { return s.st }

func (s *fakeSim) RunUntil(done func() bool, max time.Duration) bool {
	for elapsed := time.Duration(0); !done(); elapsed += time.Second {
		if elapsed >= max {
			return false
		}
		s.clk.Advance(time.Second)
	}
	return true
}

func (s *fakeSim) ReadFile(name string) ([]byte, error) {
	if f, ok := s.files[name]; ok {
		return []byte(f), nil
	}
	return nil, errors.New("not found")
}

func (s *fakeSim) Advance(d time.Duration) { s.clk.Advance(d) }

func (s *fakeSim) Settle(max time.Duration) (bool, time.Duration) {
	start := s.clk.Now()
	if wait := s.busyUntil.Sub(start); wait > 0 {
		if wait > max {
			s.clk.Advance(max)
			return false, max
		}
		s.clk.Advance(wait)
		return true, wait
	}
	return true, 0
}

func TestRunEchoesCommandsAndTheirOutput(t *testing.T) {
	sim := newSim(t)
	script := `# Create a namespace, then look.
kubectl apply -f - <<EOF
apiVersion: v1
kind: Namespace
metadata:
  name: web
EOF

sim advance 1m30s
kubectl get ns web -o name
kubectl get pods
kubectl get \
  ns default -o name
frobnicate now
sim settle
`
	out, err := Run(sim, script)
	require.NoError(t, err)
	assert.Equal(t, `# Create a namespace, then look.
$ kubectl apply -f - <<EOF
apiVersion: v1
kind: Namespace
metadata:
  name: web
EOF
namespace/web created

$ sim advance 1m30s
$ kubectl get ns web -o name
namespace/web
$ kubectl get pods
No resources found in default namespace.
$ kubectl get \
  ns default -o name
namespace/default
$ frobnicate now
error: unknown command "frobnicate"
$ sim settle
`, out)
	assert.Equal(t, 90*time.Second, sim.clk.Now().Sub(clock.Epoch))
}

// k is kubectl's alias in a script, as in every course's shell; the echo
// keeps what the script says.
func TestAliasKRunsKubectl(t *testing.T) {
	out, err := Run(newSim(t), "k get ns default -o name\nk\tget ns -o name\n")
	require.NoError(t, err)
	assert.Equal(t, "$ k get ns default -o name\nnamespace/default\n$ k\tget ns -o name\nnamespace/default\n", out)
}

func TestAgeFollowsSimulatedTime(t *testing.T) {
	sim := newSim(t)
	out, err := Run(sim, "sim advance 2m\nkubectl get ns")
	require.NoError(t, err)
	// No namespace controller here sets phase Active, so STATUS is empty.
	assert.Equal(t, "$ sim advance 2m\n$ kubectl get ns\nNAME      STATUS   AGE\ndefault   Active   2m\n", out)
}

func TestSettleReportsABusyCluster(t *testing.T) {
	sim := newSim(t)
	sim.busyUntil = sim.clk.Now().Add(time.Hour)
	out, err := Run(sim, "sim settle\nsim settle 30s\nsim settle forever\nsim advance -1s\nsim fly")
	require.NoError(t, err)
	assert.Equal(t, `$ sim settle
sim: not settled after 10m0s: still busy (back-offs or retries pending)
$ sim settle 30s
sim: not settled after 30s: still busy (back-offs or retries pending)
$ sim settle forever
error: invalid duration "forever" (use e.g. 30s, 1m30s)
$ sim advance -1s
error: invalid duration "-1s" (use e.g. 30s, 1m30s)
$ sim fly
error: unknown command "sim fly"
`, out)
	assert.Equal(t, 10*time.Minute+30*time.Second, sim.clk.Now().Sub(clock.Epoch))
}

func TestHeredocVariants(t *testing.T) {
	sim := newSim(t)
	out, err := Run(sim, "kubectl apply -f - <<'END'\n\tapiVersion: v1\nEND\nkubectl apply -f - <<-X\n\tapiVersion: v1\n\tkind: Namespace\n\tmetadata: {name: a}\n\tX\n")
	require.NoError(t, err)
	assert.Contains(t, out, "$ kubectl apply -f - <<'END'\n\tapiVersion: v1\nEND\nerror: error parsing STDIN:")
	assert.Contains(t, out, "\tX\nnamespace/a created\n")

	_, err = Run(sim, "kubectl apply -f - <<EOF\napiVersion: v1\n")
	assert.EqualError(t, err, `line 1: here-document delimited by "EOF" is not terminated`)
}

func FuzzRun(f *testing.F) {
	for _, s := range []string{
		"# c\n\nkubectl get pods\n", "sim advance 1s\nsim settle 1m\n", "kubectl apply -f - <<EOF\nkind: Namespace\nEOF\n",
		"kubectl get \\\n pods", "<<EOF\nEOF", "x <<", "kubectl 'a <<EOF'", "sim", "\\",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, script string) {
		sim := newSim(t)
		out, err := Run(sim, script)
		if err == nil && script != "" {
			assert.True(t, strings.HasSuffix(out, "\n"), "%q", out)
		}
		assert.NotContains(t, out, "internal error")
	})
}

func TestWatchPrintsRowsUnderTheSimCommandsThatFollow(t *testing.T) {
	sim := newSim(t)
	create := func(name string) func() {
		return func() {
			_, err := sim.st.Create(&api.Namespace{ObjectMeta: api.ObjectMeta{Name: name}})
			require.NoError(t, err)
		}
	}
	sim.clk.After(3*time.Second, "create web", create("web"))
	sim.clk.After(7*time.Second, "create db", create("db"))
	sim.clk.After(12*time.Second, "create late", create("late"))
	sim.clk.After(20*time.Second, "create later", create("later"))
	sim.busyUntil = sim.clk.Now().Add(25 * time.Second)
	script := `kubectl get ns -w
sim advance 5s
sim advance 5s
# Anything but a sim command ends the watch.
sim advance 5s
kubectl get namespaces --watch-only
sim settle
kubectl get ns
`
	got, err := Run(sim, script)
	require.NoError(t, err)
	assert.Equal(t, `$ kubectl get ns -w
NAME      STATUS   AGE
default   Active   0s
$ sim advance 5s
web       Active   0s
$ sim advance 5s
db        Active   0s
# Anything but a sim command ends the watch.
$ sim advance 5s
$ kubectl get namespaces --watch-only
$ sim settle
NAME    STATUS   AGE
later   Active   0s
$ kubectl get ns
NAME      STATUS   AGE
db        Active   18s
default   Active   25s
late      Active   13s
later     Active   5s
web       Active   22s
`, got)
}

// One sim advance or settle covers at most MaxAdvance: a year typed by
// mistake would hold a browser tab for hours (found writing the hostile
// browser test: kubeloop.advance(1e9) froze the page).
func TestAdvanceAndSettleRefuseMoreThanADay(t *testing.T) {
	s := newSim(t)
	start := s.clk.Now()
	out, err := Run(s, "sim advance 8760h\nsim settle 25h\nsim advance 24h\n")
	require.NoError(t, err)
	assert.Contains(t, out, "$ sim advance 8760h\nerror: sim advance 8760h0m0s is more than kubeloop simulates in one command: at most 24h0m0s; run it again to go further\n")
	assert.Contains(t, out, "error: sim settle 25h0m0s is more than kubeloop simulates in one command: at most 24h0m0s")
	assert.Equal(t, 24*time.Hour, s.clk.Now().Sub(start), "only the day allowed passed")
}

// A "& " line runs beside the open watch, as from a second terminal: its
// lines are marked, the watch's rows for its change come right under it,
// and the watch goes on under the sim lines that follow. A watch the
// second terminal opens itself ends at once.
func TestBesideKeepsTheWatchOpen(t *testing.T) {
	sim := newSim(t)
	sim.clk.After(3*time.Second, "create late", func() {
		_, err := sim.st.Create(&api.Namespace{ObjectMeta: api.ObjectMeta{Name: "late"}})
		require.NoError(t, err)
	})
	script := `kubectl get ns -w
& kubectl create namespace web
& kubectl apply -f - <<EOF
apiVersion: v1
kind: Namespace
metadata:
  name: db
EOF
& kubectl get ns --watch-only
sim advance 5s
# Not beside: the watch ends.
& kubectl create namespace after
sim advance 5s
`
	got, err := Run(sim, script)
	require.NoError(t, err)
	assert.Equal(t, `$ kubectl get ns -w
NAME      STATUS   AGE
default   Active   0s
& $ kubectl create namespace web
& namespace/web created
web       Active   0s
& $ kubectl apply -f - <<EOF
& apiVersion: v1
& kind: Namespace
& metadata:
&   name: db
& EOF
& namespace/db created
db        Active   0s
& $ kubectl get ns --watch-only
$ sim advance 5s
late      Active   0s
# Not beside: the watch ends.
& $ kubectl create namespace after
& namespace/after created
$ sim advance 5s
`, got)
}

// Pace lets simulated time pass before each kubectl command, as a person
// types it; sim lines, comments and unknown commands take none, and no pace
// (Run) leaves the clock where the commands put it.
func TestPaceAdvancesBeforeEachKubectlCommand(t *testing.T) {
	script := "kubectl create namespace web\n# a comment\nk get ns web -o name\nsim advance 10s\nfrobnicate\nkubectl get ns web\n"

	sim := newSim(t)
	out, err := RunWith(sim, script, Options{Pace: time.Second})
	require.NoError(t, err)
	assert.Equal(t, 13*time.Second, sim.clk.Now().Sub(clock.Epoch), "three kubectl commands, 1s each, and sim advance 10s")
	// web was created at 1s; at 13s it is 12s old.
	assert.Contains(t, out, "$ kubectl get ns web\nNAME   STATUS   AGE\nweb    Active   12s\n")

	sim = newSim(t)
	_, err = Run(sim, script)
	require.NoError(t, err)
	assert.Equal(t, 10*time.Second, sim.clk.Now().Sub(clock.Epoch))
}

func TestPaceMustBeABoundedDuration(t *testing.T) {
	_, err := RunWith(newSim(t), "kubectl get ns\n", Options{Pace: -time.Second})
	assert.EqualError(t, err, "pace -1s is negative")
	_, err = RunWith(newSim(t), "kubectl get ns\n", Options{Pace: 25 * time.Hour})
	assert.ErrorContains(t, err, "at most 24h0m0s")
}
