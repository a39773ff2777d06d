// Command kubeloop-bench runs the benchmark scenario of package
// tests/bench — a Deployment of N replicas scaled up, then rolled to a new
// image — three ways in one invocation, each in a child process of its own
// so that CPU and peak RSS are that run's alone:
//
//	(a) kubeloop native: this binary, `-child N`;
//	(b) kubeloop as WebAssembly under Node: the same program built with
//	    GOOS=js GOARCH=wasm, run by Go's wasm_exec_node.js, `-child N`;
//	(c) the peer, webernetes, driven by webernetes/phases.mjs in stepped
//	    (simulated-time) mode with the same N, nodes and end conditions.
//
// Each child prints one JSON line per phase with wall and process CPU time
// (getrusage natively, process.cpuUsage() under Node); the parent adds the
// child's peak RSS and total CPU from wait4 and prints the table.
//
//	kubeloop-bench -n 10,100,1000,10000 -wasm kubeloop-bench.wasm -peer tests/bench/webernetes
package main

import (
	"flag"
	"fmt"
	"os"
)

func main() {
	child := flag.Int("child", 0, "run the scenario for N in this process and print JSON lines")
	opts := driverOptions{}
	flag.StringVar(&opts.sizes, "n", "10,100,1000,10000", "comma-separated replica counts")
	flag.StringVar(&opts.wasm, "wasm", "", "this program built for GOOS=js GOARCH=wasm (column b; empty: skipped)")
	flag.StringVar(&opts.peer, "peer", "", "folder of webernetes/phases.mjs with node_modules installed (column c; empty: skipped)")
	flag.DurationVar(&opts.peerCap, "peer-cap", defaultPeerCap, "CPU-time limit of the peer's phases together, per N up to -peer-full (wall: 4×)")
	flag.IntVar(&opts.peerFull, "peer-full", 1000, "largest N the peer gets -peer-cap for; larger N get -peer-cap-large")
	flag.DurationVar(&opts.peerCapLarge, "peer-cap-large", defaultPeerCapLarge, "the peer's limit for N above -peer-full (0: skip them)")
	flag.StringVar(&opts.jsonOut, "json", "", "also write every result as JSON lines to this file")
	flag.StringVar(&opts.peerCache, "peer-cache", "", "JSON lines of earlier peer runs: an N found there is not run again (the table says so); new peer runs are added")
	flag.Parse()
	if *child > 0 {
		runChild(*child)
		return
	}
	if err := runDriver(opts); err != nil {
		fmt.Fprintln(os.Stderr, "kubeloop-bench:", err)
		os.Exit(1)
	}
}
