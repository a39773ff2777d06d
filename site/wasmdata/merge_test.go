package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// module is a WebAssembly binary with a memory section and the given data
// segments (offset, bytes), as Go's linker writes them.
func module(segs ...segment) []byte {
	b := []byte("\x00asm\x01\x00\x00\x00")
	memory := []byte{1, 0, 1} // one memory, min 1 page
	b = append(b, 5)
	b = appendULEB(b, uint64(len(memory)))
	b = append(b, memory...)
	data := writeSegments(segs)
	b = append(b, sectionData)
	b = appendULEB(b, uint64(len(data)))
	return append(b, data...)
}

// image is the memory a binary starts with: its data segments applied in
// order (trailing zeros trimmed, as memory is zero anyway).
func image(t *testing.T, bin []byte) ([]byte, int) {
	t.Helper()
	r := reader{b: bin, i: 8}
	for r.i < len(r.b) {
		id := r.b[r.i]
		r.i++
		size, err := r.uleb()
		require.NoError(t, err)
		payload := r.b[r.i : r.i+int(size)]
		r.i += int(size)
		if id != sectionData {
			continue
		}
		segs, err := readSegments(payload)
		require.NoError(t, err)
		var mem []byte
		for _, s := range segs {
			if need := int(s.end()); need > len(mem) {
				mem = append(mem, make([]byte, need-len(mem))...)
			}
			copy(mem[s.offset:], s.data)
		}
		for len(mem) > 0 && mem[len(mem)-1] == 0 {
			mem = mem[:len(mem)-1]
		}
		return mem, len(segs)
	}
	t.Fatal("no data section")
	return nil, 0
}

func TestMergeKeepsTheMemoryImage(t *testing.T) {
	in := module(
		segment{offset: 0, data: []byte("ab")},
		segment{offset: 4, data: []byte("cd")},       // gap 2: joined
		segment{offset: 6, data: []byte("ef")},       // gap 0: joined
		segment{offset: 100, data: []byte("gh")},     // gap 92: kept apart
		segment{offset: 101, data: []byte("X")},      // overlaps: kept apart, and still wins
		segment{offset: 70000, data: []byte("\xff")}, // an offset of three LEB128 bytes
	)
	out, err := Rewrite(in, Options{MaxGap: 8})
	require.NoError(t, err)
	before, n := image(t, in)
	after, m := image(t, out)
	assert.Equal(t, before, after, "the same initial memory")
	assert.Equal(t, 6, n)
	assert.Equal(t, 3, m, "ab..cdef, gX, \\xff")
	assert.Equal(t, byte('X'), after[101])

	all, err := Rewrite(in, Options{MaxGap: 1 << 20})
	require.NoError(t, err)
	mem, k := image(t, all)
	assert.Equal(t, before, mem)
	assert.Equal(t, 1, k)
}

// Go's linker does not write its segments in address order. The zeros
// that join two segments must not land on what an earlier one wrote.
func TestMergeKeepsWhatAnEarlierSegmentWrote(t *testing.T) {
	in := module(
		segment{offset: 100, data: []byte("keep me")},
		segment{offset: 0, data: []byte("ab")},
		segment{offset: 250, data: []byte("cd")},
		segment{offset: 102, data: []byte("EE")},
	)
	out, err := Rewrite(in, Options{MaxGap: 300})
	require.NoError(t, err)
	before, _ := image(t, in)
	after, m := image(t, out)
	assert.Equal(t, before, after)
	assert.Equal(t, "keEE me", string(after[100:107]))
	assert.Equal(t, 1, m)
}

func TestMergeRefusesWhatGoDoesNotWrite(t *testing.T) {
	for name, bin := range map[string][]byte{
		"not wasm":        []byte("hello world"),
		"no data section": []byte("\x00asm\x01\x00\x00\x00"),
		"passive segment": append([]byte("\x00asm\x01\x00\x00\x00"), sectionData, 4, 1, 1, 1, 'a'),
		"truncated":       append([]byte("\x00asm\x01\x00\x00\x00"), sectionData, 9, 1, 0, 0x41),
		"data count":      append([]byte("\x00asm\x01\x00\x00\x00"), sectionDataCount, 1, 0),
	} {
		_, err := Rewrite(bin, Options{MaxGap: 8})
		assert.Error(t, err, name)
	}
}

// TestMergeAGoBinary builds a small Go program for the browser and checks
// that merging keeps its memory image and leaves a handful of segments.
func TestMergeAGoBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a wasm binary")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	dir := t.TempDir()
	src := filepath.Join(dir, "main.go")
	require.NoError(t, os.WriteFile(src, []byte("package main\n\nimport \"fmt\"\n\nvar table = map[string]int{\"a\": 1, \"b\": 2}\n\nfunc main() { fmt.Println(\"hello\", table) }\n"), 0o644))
	bin := filepath.Join(dir, "hello.wasm")
	cmd := exec.Command("go", "build", "-o", bin, src)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	msg, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", msg)
	in, err := os.ReadFile(bin)
	require.NoError(t, err)
	out, err := Rewrite(in, Options{MaxGap: maxGap})
	require.NoError(t, err)
	before, n := image(t, in)
	after, m := image(t, out)
	assert.Equal(t, before, after)
	assert.Greater(t, n, 1000, "Go splits its data at every run of zeros")
	assert.Less(t, m, 10)
}
