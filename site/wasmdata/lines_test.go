package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// stripProgram collects garbage with deep stacks (the collector walks them
// with the tables that must stay), grows stacks, recovers a panic, and
// prints its stack and what runtime.Caller says.
const stripProgram = `package main

import (
	"fmt"
	"runtime"
	"runtime/debug"
)

type node struct{ next *node; pad [64]byte }

func deep(n int) *node {
	if n == 0 {
		runtime.GC()
		return &node{}
	}
	var buf [256]byte
	x := &node{next: deep(n - 1)}
	x.pad[0] = buf[n%256]
	return x
}

func boom(m map[string]int) int { return m["x"] / m["y"] }

func main() {
	total := 0
	for i := 0; i < 200; i++ {
		for n := deep(300); n != nil; n = n.next {
			total++
		}
	}
	fmt.Println("nodes", total)
	defer func() {
		r := recover()
		fmt.Println("recovered:", r)
		fmt.Print(string(debug.Stack()))
		_, file, line, ok := runtime.Caller(0)
		fmt.Println("caller:", file, line, ok)
	}()
	boom(map[string]int{"x": 1})
}
`

// TestStripLinesAGoBinary builds a program for the browser, strips its line
// tables and runs it under Node: it runs as before, and its stack trace
// names its functions without files and lines.
func TestStripLinesAGoBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a wasm binary")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("no node")
	}
	dir := t.TempDir()
	src := filepath.Join(dir, "main.go")
	require.NoError(t, os.WriteFile(src, []byte(stripProgram), 0o644))
	bin := filepath.Join(dir, "prog.wasm")
	cmd := exec.Command("go", "build", "-o", bin, src)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	msg, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", msg)
	run := func() string {
		t.Helper()
		out, err := exec.Command(node, filepath.Join(runtime.GOROOT(), "lib", "wasm", "wasm_exec_node.js"), bin).CombinedOutput()
		require.NoError(t, err, "%s", out)
		return string(out)
	}
	before := run()
	require.Contains(t, before, "main.go:", "an unstripped trace has lines")

	in, err := os.ReadFile(bin)
	require.NoError(t, err)
	out, err := Rewrite(in, Options{MaxGap: maxGap, StripLines: true})
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(bin, out, 0o644))
	after := run()

	assert.Contains(t, after, "nodes 60200\n")
	assert.Contains(t, after, "recovered: runtime error: integer divide by zero\n")
	assert.Contains(t, after, "main.boom(")
	assert.Contains(t, after, "main.main(")
	assert.Contains(t, after, "\t?:0")
	assert.NotContains(t, after, ".go:", "no file or line is left")
	assert.Contains(t, after, "caller: ? 0 true\n")
}

// The tool refuses a binary whose tables it cannot find, rather than guess.
func TestStripLinesRefusesWithoutAPclntab(t *testing.T) {
	_, err := Rewrite(module(segment{offset: 1024, data: []byte("no tables here")}), Options{MaxGap: maxGap, StripLines: true})
	assert.ErrorContains(t, err, "no pclntab header")
	twice := append(append([]byte{}, pclntabMagic...), pclntabMagic...)
	_, err = Rewrite(module(segment{offset: 1024, data: twice}), Options{MaxGap: maxGap, StripLines: true})
	assert.ErrorContains(t, err, "more than one pclntab header")
}
