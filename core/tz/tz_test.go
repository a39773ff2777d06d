package tz

import (
	"archive/zip"
	"bytes"
	"io"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// goZones returns every zone of the running toolchain's
// lib/time/zoneinfo.zip — what time/tzdata embeds — by name, as TZif data.
func goZones(t *testing.T) map[string][]byte {
	t.Helper()
	goroot := runtime.GOROOT() // GOROOT the test was built with; also under GOOS=js (Node reads the file)
	require.NotEmpty(t, goroot, "no GOROOT: cannot find lib/time/zoneinfo.zip")
	data, err := os.ReadFile(filepath.Join(goroot, "lib", "time", "zoneinfo.zip"))
	require.NoError(t, err)
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	require.NoError(t, err)
	zones := map[string][]byte{}
	for _, f := range zr.File {
		if strings.HasSuffix(f.Name, "/") {
			continue
		}
		rc, err := f.Open()
		require.NoError(t, err)
		b, err := io.ReadAll(rc)
		require.NoError(t, err)
		require.NoError(t, rc.Close())
		zones[f.Name] = b
	}
	return zones
}

func TestCutoffIsTheGeneratedOne(t *testing.T) {
	assert.Equal(t, time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC), Cutoff)
}

func TestNamesAreTheZipsNames(t *testing.T) {
	zones := goZones(t)
	want := make([]string, 0, len(zones))
	for name := range zones {
		want = append(want, name)
	}
	sort.Strings(want)
	got := Names()
	assert.Len(t, got, len(zones))
	assert.Equal(t, want, got)
	assert.True(t, sort.StringsAreSorted(got))
	for _, alias := range []string{"US/Eastern", "Etc/UTC", "UTC", "Etc/GMT+5", "Asia/Calcutta", "GMT"} {
		assert.Contains(t, got, alias)
	}
}

// end is where the comparison stops; the footer rule, the same in both,
// carries on past it.
var end = time.Date(2040, 1, 1, 0, 0, 0, 0, time.UTC)

// transitions returns every instant in [Cutoff, end) at which loc's local
// time type changes (from its data or its footer rule).
func transitions(loc *time.Location) []time.Time {
	var out []time.Time
	for t := Cutoff; t.Before(end); {
		_, next := t.In(loc).ZoneBounds()
		if next.IsZero() || !next.After(t) {
			break
		}
		out = append(out, next)
		t = next
	}
	return out
}

// TestLoadAgreesWithGoDatabase checks every zone against Go's own data:
// the same offset and abbreviation at each transition of either (±1 s,
// and hourly for two days around it), and at an instant every day whose
// hour drifts, from Cutoff to 2040. Under GOOS=js, which Node runs
// several times slower, every tenth zone in name order: the same code.
func TestLoadAgreesWithGoDatabase(t *testing.T) {
	zones := goZones(t)
	for i, name := range slices.Sorted(maps.Keys(zones)) {
		if runtime.GOOS == "js" && i%10 != 0 {
			continue
		}
		data := zones[name]
		want, err := time.LoadLocationFromTZData(name, data)
		require.NoError(t, err, name)
		got, err := Load(name)
		require.NoError(t, err, name)
		require.Equal(t, name, got.String())

		var at []time.Time
		for _, x := range append(transitions(want), transitions(got)...) {
			at = append(at, x.Add(-time.Second), x, x.Add(time.Second))
			for h := -48; h <= 48; h++ {
				at = append(at, x.Add(time.Duration(h)*time.Hour))
			}
		}
		for x := Cutoff; x.Before(end); x = x.Add(25*time.Hour + 7*time.Minute) {
			at = append(at, x)
		}
		bad := 0
		for _, x := range at {
			if x.Before(Cutoff) {
				continue
			}
			wn, wo := x.In(want).Zone()
			gn, gofs := x.In(got).Zone()
			if wn != gn || wo != gofs {
				bad++
				if bad <= 3 {
					t.Errorf("%s at %s: got %s %+d, want %s %+d", name, x.Format(time.RFC3339), gn, gofs, wn, wo)
				}
			}
		}
		assert.Equal(t, len(transitions(want)), len(transitions(got)), "%s: transitions before 2040", name)
	}
}

func TestLoadSpecialNames(t *testing.T) {
	for _, name := range []string{"", "UTC", "Local"} {
		loc, err := Load(name)
		require.NoError(t, err, name)
		assert.Same(t, time.UTC, loc, "%q", name)
	}
	for _, name := range []string{"Nowhere/Special", "america/new_york", "Local/UTC", "US/Eastern ", "local", "../etc/passwd", "/etc/localtime", `\x`, "Europe/../UTC"} {
		_, err := Load(name)
		require.Error(t, err, name)
		_, goErr := time.LoadLocation(name)
		require.Error(t, goErr, name)
		assert.Equal(t, goErr.Error(), err.Error(), "%q: the same error as time.LoadLocation", name)
	}
	_, err := Load("Nowhere/Special")
	assert.EqualError(t, err, "unknown time zone Nowhere/Special")
}

func TestLoadCachesAndKeepsTheName(t *testing.T) {
	a, err := Load("US/Eastern")
	require.NoError(t, err)
	b, err := Load("US/Eastern")
	require.NoError(t, err)
	assert.Same(t, a, b)
	ny, err := Load("America/New_York")
	require.NoError(t, err)
	assert.Equal(t, "US/Eastern", a.String())
	assert.Equal(t, "America/New_York", ny.String())
	summer := time.Date(2026, 7, 1, 12, 0, 0, 0, time.UTC)
	name, off := summer.In(a).Zone()
	assert.Equal(t, "EDT", name)
	assert.Equal(t, -4*3600, off)
}
