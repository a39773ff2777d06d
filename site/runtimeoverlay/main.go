// Command runtimeoverlay writes the overlay with which the page's binary is
// built (`go build -overlay`): it adds wasm/_runtime/idlemark.go to Go's
// runtime package as kubeloop_idlemark.go, for the reason wasm/idlemark.go
// gives. The overlay names files by absolute path, Go's own included, so it
// is written for the toolchain at hand rather than kept in the repository.
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
}

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
	b, err := json.MarshalIndent(map[string]any{"Replace": replace}, "", "\t")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return err
	}
	return os.WriteFile(out, append(b, '\n'), 0o644)
}
