//go:build !js

package main

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

// printTable prints one row per run: each phase's wall and CPU time, the
// child's whole CPU and peak RSS, the live heap per pod after the
// rollout, and how many times less CPU (phases together) and RSS the run
// took than the peer at the same N.
func printTable(w io.Writer, runs []*run) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "N\tnodes\trun\tscale-up wall\tCPU\trollout wall\tCPU\tphases CPU\tprocess CPU\tpeak RSS\theap per pod\tpeer CPU ÷ this\tpeer RSS ÷ this\t")
	for _, r := range runs {
		impl := r.Impl
		if r.Cached != "" {
			impl += " [run " + r.Cached + "]"
		}
		cells := []string{fmt.Sprint(r.N), fmt.Sprint(r.Nodes), impl}
		if r.Skipped != "" {
			cells = append(cells, "skipped: "+r.Skipped, "", "", "", "", "", "", "", "", "", "")
			fmt.Fprintln(tw, strings.Join(cells, "\t")+"\t")
			continue
		}
		for i, name := range []string{"scale-up", "rollout"} {
			p := r.phase(name)
			switch {
			case p == nil && r.Err != "" && (i == 0 || r.phase("scale-up") != nil && r.phase("scale-up").OK):
				cells = append(cells, "timeout (killed)", "–") // the child was stopped at its time limit
			case p == nil:
				cells = append(cells, "–", "–")
			case !p.OK:
				cells = append(cells, fmt.Sprintf("timeout %s (%d/%d)", secs(p.WallMs), p.Ready, r.N), secs(p.CPUMs))
			default:
				cells = append(cells, secs(p.WallMs), secs(p.CPUMs))
			}
		}
		cpu, done := r.phasesCPU()
		mark := ""
		if !done {
			mark = "≥"
			if r.Err != "" && r.CPUMs > cpu {
				cpu = r.CPUMs // killed: all it spent is the best lower bound
			}
		}
		cells = append(cells, mark+secs(cpu), secs(r.CPUMs), fmt.Sprintf("%.0f MB", float64(r.RSSKB)/1024), r.heapPerPod())
		peer := peerOf(runs, r.N)
		if peer == nil || peer == r || peer.Skipped != "" || !done {
			cells = append(cells, "", "")
		} else {
			pc, pdone := peer.phasesCPU()
			if !pdone && peer.Err != "" && peer.CPUMs > pc {
				pc = peer.CPUMs
			}
			bound := ""
			if !pdone {
				bound = "≥" // the peer timed out: its CPU so far is a lower bound
			}
			cells = append(cells, fmt.Sprintf("%s%.0f×", bound, pc/cpu), fmt.Sprintf("%.1f×", float64(peer.RSSKB)/float64(r.RSSKB)))
		}
		if r.Err != "" {
			cells[len(cells)-1] += " (" + r.Err + ")"
		}
		fmt.Fprintln(tw, strings.Join(cells, "\t")+"\t")
	}
	tw.Flush()
	fmt.Fprintln(w, "wall and CPU in seconds; CPU is the child process's user+system time, all threads (getrusage natively, process.cpuUsage() under Node);")
	fmt.Fprintln(w, "process CPU and peak RSS are the whole child from wait4 (start-up, wasm compile and module loading included); ≥: the peer timed out, its CPU so far.")
	fmt.Fprintln(w, "heap per pod: kubeloop's live Go heap after a collection at the rollout's end — the cluster, its history window, Events and trace — over N.")
}

// heapPerPod is the live heap after the rollout over N, or blank when the
// run has none to report (the peer, a rollout that did not end).
func (r *run) heapPerPod() string {
	p := r.phase("rollout")
	if p == nil || !p.OK || p.HeapBytes == 0 || r.N == 0 {
		return ""
	}
	return fmt.Sprintf("%.1f KB", float64(p.HeapBytes)/float64(r.N)/1024)
}

func peerOf(runs []*run, n int) *run {
	for _, r := range runs {
		if r.N == n && strings.HasPrefix(r.Impl, "webernetes") {
			return r
		}
	}
	return nil
}

func secs(ms float64) string {
	switch {
	case ms < 10:
		return fmt.Sprintf("%.4f s", ms/1000)
	case ms < 1000:
		return fmt.Sprintf("%.3f s", ms/1000)
	}
	return fmt.Sprintf("%.2f s", ms/1000)
}
