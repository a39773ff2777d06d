//go:build !js

package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/kubeloop/kubeloop/tests/bench"
)

// The peer's time limits, in CPU seconds for its phases together (its
// wall time is bounded at four times that). At N=1000 it needs about 6
// minutes of CPU (its README: 62 s to scale up, 327 s to roll out), so 15
// minutes lets it finish; N=10,000 is bounded to 2 minutes and reported as
// a timeout with how far it got.
const defaultPeerCap, defaultPeerCapLarge = 15 * time.Minute, 2 * time.Minute

type driverOptions struct {
	sizes, wasm, peer, jsonOut, peerCache string
	peerCap, peerCapLarge                 time.Duration
	peerFull                              int
}

// run is one child: one implementation at one N.
type run struct {
	Impl    string        `json:"impl"`
	N       int           `json:"n"`
	Nodes   int           `json:"nodes"`
	Phases  []PhaseResult `json:"phases"`
	CPUMs   float64       `json:"process_cpu_ms"` // the child's whole life, from wait4
	RSSKB   int64         `json:"peak_rss_kb"`
	Skipped string        `json:"skipped,omitempty"`
	Cached  string        `json:"cached,omitempty"` // when a cached run was made
	Err     string        `json:"error,omitempty"`
}

func (r *run) phase(name string) *PhaseResult {
	for i := range r.Phases {
		if r.Phases[i].Phase == name {
			return &r.Phases[i]
		}
	}
	return nil
}

// phasesCPU is the CPU of scale-up and rollout together, and whether both
// finished (false: a lower bound, the CPU spent until the time limit).
func (r *run) phasesCPU() (float64, bool) {
	var sum float64
	done := 0
	for _, name := range []string{"scale-up", "rollout"} {
		if p := r.phase(name); p != nil {
			sum += p.CPUMs
			if p.OK {
				done++
			}
		}
	}
	return sum, done == 2
}

func runDriver(o driverOptions) error {
	var sizes []int
	for _, f := range strings.Split(o.sizes, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n <= 0 {
			return fmt.Errorf("bad -n %q", o.sizes)
		}
		sizes = append(sizes, n)
	}
	self, err := os.Executable()
	if err != nil {
		return err
	}
	node, _ := exec.LookPath("node")
	var out *json.Encoder
	if o.jsonOut != "" {
		f, err := os.Create(o.jsonOut)
		if err != nil {
			return err
		}
		defer f.Close()
		out = json.NewEncoder(f)
	}
	cached, err := readPeerCache(o.peerCache)
	if err != nil {
		return err
	}
	var all []*run
	for _, n := range sizes {
		rs := []*run{runChildProcess("kubeloop native", n, exec.Command(self, "-child", strconv.Itoa(n)), time.Hour)}
		switch {
		case o.wasm == "":
			rs = append(rs, &run{Impl: "kubeloop wasm/Node", N: n, Skipped: "no -wasm"})
		case node == "":
			rs = append(rs, &run{Impl: "kubeloop wasm/Node", N: n, Skipped: "node not found"})
		default:
			execJS := filepath.Join(runtime.GOROOT(), "lib", "wasm", "wasm_exec_node.js")
			rs = append(rs, runChildProcess("kubeloop wasm/Node", n, exec.Command(node, execJS, o.wasm, "-child", strconv.Itoa(n)), time.Hour))
		}
		peerCap := o.peerCap
		if n > o.peerFull {
			peerCap = o.peerCapLarge
		}
		switch {
		case o.peer == "":
			rs = append(rs, &run{Impl: "webernetes (peer)", N: n, Skipped: "no -peer"})
		case node == "":
			rs = append(rs, &run{Impl: "webernetes (peer)", N: n, Skipped: "node not found"})
		case peerCap <= 0:
			rs = append(rs, &run{Impl: "webernetes (peer)", N: n, Skipped: fmt.Sprintf("N > %d and -peer-cap-large=0", o.peerFull)})
		case cached[n] != nil:
			rs = append(rs, cached[n])
		default:
			cmd := exec.Command(node, "phases.mjs", "--n="+strconv.Itoa(n), "--cap="+strconv.Itoa(int(peerCap.Seconds())))
			cmd.Dir = o.peer
			r := runChildProcess("webernetes (peer)", n, cmd, 5*peerCap+2*time.Minute)
			r.Cached = time.Now().UTC().Format("2006-01-02 15:04 MST")
			if o.peerCache != "" {
				if err := appendJSON(o.peerCache, r); err != nil {
					return err
				}
			}
			r.Cached = ""
			rs = append(rs, r)
		}
		for _, r := range rs {
			if r.Nodes == 0 {
				r.Nodes = bench.Nodes(n)
			}
			if out != nil {
				out.Encode(r)
			}
			fmt.Fprintf(os.Stderr, "done: %s N=%d\n", r.Impl, n)
		}
		all = append(all, rs...)
	}
	printTable(os.Stdout, all)
	return nil
}

// runChildProcess runs one child, reads its JSON lines, and takes its CPU
// and peak RSS from wait4. A child past limit is killed (its phases so far
// are kept; a phase it had not finished shows as a timeout).
func runChildProcess(impl string, n int, cmd *exec.Cmd, limit time.Duration) *run {
	r := &run{Impl: impl, N: n, Nodes: bench.Nodes(n)}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		r.Err = err.Error()
		return r
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		r.Err = err.Error()
		return r
	}
	killer := time.AfterFunc(limit, func() { cmd.Process.Kill() })
	sc := bufio.NewScanner(stdout)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var p PhaseResult
		if err := json.Unmarshal(sc.Bytes(), &p); err != nil || p.Phase == "" {
			continue // a line of the peer's own, not a phase
		}
		r.Phases = append(r.Phases, p)
	}
	err = cmd.Wait()
	killer.Stop()
	if err != nil {
		r.Err = err.Error()
	}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		r.CPUMs = float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e6
		r.RSSKB = ru.Maxrss
	}
	return r
}

// readPeerCache reads earlier peer runs (JSON lines of run); the newest
// per N wins. A missing file is an empty cache.
func readPeerCache(path string) (map[int]*run, error) {
	out := map[int]*run{}
	if path == "" {
		return out, nil
	}
	b, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return out, nil
	}
	if err != nil {
		return nil, err
	}
	for _, line := range strings.Split(string(b), "\n") {
		var r run
		if json.Unmarshal([]byte(line), &r) == nil && strings.HasPrefix(r.Impl, "webernetes") && r.Skipped == "" {
			if r.Cached == "" {
				r.Cached = "earlier"
			}
			out[r.N] = &r
		}
	}
	return out, nil
}

func appendJSON(path string, v any) error {
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	defer f.Close()
	return json.NewEncoder(f).Encode(v)
}
