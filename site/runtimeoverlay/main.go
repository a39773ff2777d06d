// Command runtimeoverlay writes the overlay with which the page's binary is
// built (`go build -overlay`): it adds the files of wasm/_runtime to Go's
// runtime package (kubeloop_idlemark.go, kubeloop_grow.go, kubeloop_sweep.go), and replaces
// a few of the runtime's files by copies with one line changed (patches),
// for the reasons those files and wasm/idlemark.go give. The overlay names files by absolute path, Go's own included, and
// the copy is made from the toolchain at hand, so both are written at
// build time (next to the overlay) rather than kept in the repository.
//
//	go run ./site/runtimeoverlay -repo . -goroot "$(go env GOROOT)" -o tests/out/wasm-overlay.json
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// added maps each file added to Go's source tree (relative to GOROOT/src)
// to its source in the repository.
var added = map[string]string{
	"runtime/kubeloop_idlemark.go": "wasm/_runtime/idlemark.go",
	"runtime/kubeloop_grow.go":     "wasm/_runtime/grow.go",
	"runtime/kubeloop_sweep.go":    "wasm/_runtime/sweep.go",
}

// patch is a change to one line of a file of Go's runtime: old must occur
// exactly once in it. A Go release that changes the line fails the build
// here, loudly; read the function in that release and follow it.
type patch struct{ file, old, new string }

// patches: the fractional mark worker also stops when it has marked for
// kubeloopFractionalSlice in one go or kubeloopFractionalPerCall in one
// call from JavaScript (kubeloopFractionalDone, wasm/_runtime/idlemark.go),
// not only when it is 20% ahead of its share of the mark's time so far — a share
// that, a few seconds into a 10,000-pod page's mark, made it run for
// several frames at once (wasm/idlemark.go).
var patches = []patch{{
	file: "runtime/mgc.go",
	old:  "return float64(selfTime)/float64(delta) > 1.2*gcController.fractionalUtilizationGoal",
	new:  "return float64(selfTime)/float64(delta) > 1.2*gcController.fractionalUtilizationGoal || kubeloopFractionalDone(p, now)",
}, {
	// internal/godebug registers a counter for each GODEBUG setting that
	// changes behaviour; only runtime/metrics.Read reads them, and the page
	// never links runtime/metrics. The registration builds the whole metrics
	// table (initMetrics and its ~80 compute closures): gone with this.
	file: "runtime/metrics.go",
	old:  "func godebug_registerMetric(name string, read func() uint64) {",
	new:  "func godebug_registerMetric(name string, read func() uint64) {\n\tif true {\n\t\treturn\n\t}",
}, {
	// Go's execution tracer starts only from runtime/trace.Start (or a
	// test's -trace flag); the page links neither. Every scheduler, GC and
	// allocation path asks traceEnabled() first: a constant false lets
	// the compiler (which inlines in the runtime) drop the tracer's code.
	file: "runtime/traceruntime.go",
	old:  "func traceEnabled() bool {",
	new:  "func traceEnabled() bool {\n\treturn false\n}\n\n// traceEnabledAsGo is Go's traceEnabled (kubeloop: the tracer never starts in the page).\nfunc traceEnabledAsGo() bool {",
}, {
	// The wasm memory grows by an eighth of its size at least, not by the
	// 512 KB the heap asks for: each memory.grow is costly to V8
	// (kubeloopSbrk, wasm/_runtime/grow.go).
	file: "runtime/mem_wasm.go",
	old:  "func sbrk(n uintptr) unsafe.Pointer {",
	new:  "func sbrk(n uintptr) unsafe.Pointer {\n\treturn kubeloopSbrk(n)\n}\n\n// sbrkAsGo is Go's sbrk (kubeloop: kubeloopSbrk grows the memory ahead).\nfunc sbrkAsGo(n uintptr) unsafe.Pointer {",
}, {
	// The background sweeper sweeps in slices, sleeping between them, so
	// that Go gives the page back to the browser (kubeloopSweepYield,
	// wasm/_runtime/sweep.go).
	file: "runtime/mgcsweep.go",
	old:  "if nSwept%sweepBatchSize == 0 {\n\t\t\t\tgoschedIfBusy()",
	new:  "if nSwept%sweepBatchSize == 0 {\n\t\t\t\tkubeloopSweepYield()",
}}

func main() {
	repo := flag.String("repo", ".", "the repository's root")
	out := flag.String("o", "", "where to write the overlay (JSON)")
	goroot := flag.String("goroot", "", "the GOROOT of the go command that will build (default: go env GOROOT)")
	flag.Parse()
	if err := write(*repo, *goroot, *out); err != nil {
		fmt.Fprintln(os.Stderr, "runtimeoverlay:", err)
		os.Exit(1)
	}
}

func write(repo, goroot, out string) error {
	if out == "" {
		return fmt.Errorf("-o is required")
	}
	if goroot == "" {
		b, err := exec.Command("go", "env", "GOROOT").Output()
		if err != nil {
			return fmt.Errorf("go env GOROOT: %v", err)
		}
		goroot = strings.TrimSpace(string(b))
	}
	replace := map[string]string{}
	for dst, src := range added {
		abs, err := filepath.Abs(filepath.Join(repo, src))
		if err != nil {
			return err
		}
		if _, err := os.Stat(abs); err != nil {
			return err
		}
		replace[filepath.Join(goroot, "src", filepath.FromSlash(dst))] = abs
	}
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return err
	}
	for _, p := range patches {
		orig := filepath.Join(goroot, "src", filepath.FromSlash(p.file))
		b, err := os.ReadFile(orig)
		if err != nil {
			return err
		}
		if n := strings.Count(string(b), p.old); n != 1 {
			return fmt.Errorf("%s: the line to patch occurs %d times, not once (a Go release changed it?): %s", orig, n, p.old)
		}
		// Not a .go file: build/ is in the module, and `go vet ./...` would
		// take a Go file there for a package of its own.
		copyPath, err := filepath.Abs(filepath.Join(filepath.Dir(out), "goroot-"+strings.ReplaceAll(p.file, "/", "-")+".patched"))
		if err != nil {
			return err
		}
		if err := os.WriteFile(copyPath, []byte(strings.Replace(string(b), p.old, p.new, 1)), 0o644); err != nil {
			return err
		}
		replace[orig] = copyPath
	}
	b, err := json.MarshalIndent(map[string]any{"Replace": replace}, "", "\t")
	if err != nil {
		return err
	}
	return os.WriteFile(out, append(b, '\n'), 0o644)
}
