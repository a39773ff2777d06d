package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The overlay adds the runtime file and replaces mgc.go by a copy of the
// toolchain's own with the one line changed; a toolchain whose mgc.go does
// not have the line exactly once fails, naming the file.
func TestOverlayPatchesTheToolchainsCopy(t *testing.T) {
	for _, p := range patches {
		goroot := t.TempDir()
		orig := filepath.Join(goroot, "src", filepath.FromSlash(p.file))
		require.NoError(t, os.MkdirAll(filepath.Dir(orig), 0o755))
		write := func(body string) { require.NoError(t, os.WriteFile(orig, []byte(body), 0o644)) }
		out := filepath.Join(t.TempDir(), "overlay.json")
		// The other patched files, as the toolchain has them.
		for _, q := range patches {
			if q.file != p.file {
				other := filepath.Join(goroot, "src", filepath.FromSlash(q.file))
				require.NoError(t, os.WriteFile(other, []byte("package runtime\n\nfunc g() bool {\n\t"+q.old+"\n}\n"), 0o644))
			}
		}

		write("package runtime\n\nfunc f() bool {\n\t" + p.old + "\n}\n")
		require.NoError(t, write0(goroot, out))
		var o struct{ Replace map[string]string }
		b, err := os.ReadFile(out)
		require.NoError(t, err)
		require.NoError(t, json.Unmarshal(b, &o))
		assert.Contains(t, o.Replace, filepath.Join(goroot, "src", "runtime", "kubeloop_idlemark.go"))
		copied, err := os.ReadFile(o.Replace[orig])
		require.NoError(t, err, "the patched copy is where the overlay says")
		assert.Equal(t, "package runtime\n\nfunc f() bool {\n\t"+p.new+"\n}\n", string(copied))

		for _, body := range []string{"package runtime\n", "package runtime\n" + p.old + "\n" + p.old + "\n"} {
			write(body)
			err := write0(goroot, out)
			require.Error(t, err)
			assert.Contains(t, err.Error(), orig)
		}
	}
}

// The toolchain that runs the tests has the line to patch, once.
func TestThisToolchainHasTheLines(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command") // under GOOS=js (make test-js); make test-native runs it
	}
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	require.NoError(t, err)
	for _, p := range patches {
		b, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(goroot)), "src", filepath.FromSlash(p.file)))
		require.NoError(t, err)
		assert.Equal(t, 1, strings.Count(string(b), p.old), p.file)
	}
}

func write0(goroot, out string) error { return write("../..", goroot, out) }
