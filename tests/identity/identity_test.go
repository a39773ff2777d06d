//go:build !js

package identity_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/tests/identity"
)

// TestNativeAndWasmPrintTheSame runs the corpus here and, built for
// GOOS=js GOARCH=wasm, under Node (Go's go_js_wasm_exec, as `make test-js`
// runs the core's tests), and holds every script's output to the same
// bytes. It builds and runs natively only: under js it would need a child
// process, which the browser has not.
func TestNativeAndWasmPrintTheSame(t *testing.T) {
	native, err := identity.Run("testdata")
	require.NoError(t, err)
	require.NotEmpty(t, native, "no scripts in testdata")
	wasm := runUnderNode(t)

	require.ElementsMatch(t, keys(native), keys(wasm))
	for _, name := range keys(native) {
		assert.NotContains(t, native[name], "internal error", "%s: a script must run to its end", name)
		assert.Equal(t, native[name], wasm[name], "%s: native (expected) and wasm (actual) differ", name)
	}
}

// runUnderNode builds cmd/identityrun for js/wasm and runs it on testdata.
func runUnderNode(t *testing.T) identity.Output {
	t.Helper()
	goBin := goCommand()
	goroot, err := exec.Command(goBin, "env", "GOROOT").Output()
	require.NoError(t, err)
	jsExec := filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "go_js_wasm_exec")
	_, err = exec.LookPath("node")
	require.NoError(t, err, "the identity test runs the wasm build under Node: install node")

	bin := filepath.Join(t.TempDir(), "identityrun.wasm")
	build := exec.Command(goBin, "build", "-o", bin, "./cmd/identityrun")
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := build.CombinedOutput()
	require.NoError(t, err, "building for js/wasm: %s", out)

	run := exec.Command(jsExec, bin, "testdata")
	run.Stderr = os.Stderr
	stdout, err := run.Output()
	require.NoError(t, err, "running under Node")
	var got identity.Output
	require.NoError(t, json.Unmarshal(stdout, &got))
	return got
}

// goCommand is the go command running this test (make's $(GO)), or the
// one on PATH.
func goCommand() string {
	if g := filepath.Join(os.Getenv("GOROOT"), "bin", "go"); os.Getenv("GOROOT") != "" {
		if _, err := os.Stat(g); err == nil {
			return g
		}
	}
	return "go"
}

func keys(o identity.Output) []string {
	var ks []string
	for k := range o {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
