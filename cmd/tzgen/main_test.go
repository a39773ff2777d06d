package main

import (
	"os"
	"regexp"
	"runtime"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestGeneratedFileIsUpToDate regenerates core/tz's table from the
// toolchain's zoneinfo.zip and compares it with the committed one. The Go
// version in the header is taken from the committed file: a new Go with
// the same tzdata makes the same table; new tzdata fails here until `go
// generate ./core/tz` is run.
func TestGeneratedFileIsUpToDate(t *testing.T) {
	committed, err := os.ReadFile("../../core/tz/zones_generated.go")
	require.NoError(t, err)
	m := regexp.MustCompile(`(?m)^// From lib/time/zoneinfo\.zip of (\S+) `).FindSubmatch(committed)
	require.NotNil(t, m, "no Go version in the header")
	goroot := runtime.GOROOT()
	require.NotEmpty(t, goroot)
	src, err := generateFromGOROOT(goroot, string(m[1]))
	require.NoError(t, err)
	if string(src) != string(committed) {
		t.Errorf("core/tz/zones_generated.go is not what the generator makes from %s/lib/time/zoneinfo.zip: run go generate ./core/tz", goroot)
	}
}

func TestQuoteIsReadBackByGo(t *testing.T) {
	var b []byte
	for c := range 256 {
		b = append(b, byte(c))
	}
	got, err := strconv.Unquote(quote(string(b)))
	require.NoError(t, err)
	assert.Equal(t, string(b), got)
}
