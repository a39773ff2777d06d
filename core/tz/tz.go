// Package tz is kubeloop's time-zone database: every zone name Go's own
// database knows (its lib/time/zoneinfo.zip, aliases such as "US/Eastern"
// and "Etc/UTC" included), loaded the same way natively and in the browser.
//
// It exists because the page has no system zoneinfo, and the alternative,
// importing time/tzdata, puts the whole IANA history since the 1800s into
// the wasm binary for CronJob's spec.timeZone. This package keeps only what
// a simulated cluster can see: each zone from Cutoff on (the simulated
// clock starts at core/clock.Epoch, in 2026, and never runs backwards),
// which is its transitions since then and the POSIX TZ rule that gives
// every later one; zones alike from Cutoff on are stored once.
//
// Use Load instead of time.LoadLocation anywhere in core/ and controllers/:
// it never reads the host's /usr/share/zoneinfo, whose version differs from
// machine to machine, so a simulation is the same everywhere. Do not use it
// for instants before Cutoff: there, offsets and abbreviations are whatever
// Go's time package makes of the first transition kept, not history.
//
// The table is generated from the Go toolchain's zoneinfo.zip; after a Go
// upgrade brings new tzdata, run `go generate ./core/tz` (a test fails until
// then).
package tz

//go:generate go run ../../cmd/tzgen -o zones_generated.go

import (
	"encoding/binary"
	"errors"
	"strings"
	"sync"
	"time"
)

// Cutoff is the first instant the database describes: 2000-01-01T00:00:00Z.
var Cutoff = time.Unix(generatedCutoff, 0).UTC()

// errLocation is time.LoadLocation's error for a name that could escape a
// zoneinfo directory; Load returns the same text.
var errLocation = errors.New("time: invalid location name")

var (
	mu    sync.Mutex
	cache = map[string]*time.Location{}
)

// Load returns the zone of that name, as time.LoadLocation would with Go's
// embedded database (time/tzdata) and no other:
//   - "" and "UTC" give time.UTC;
//   - "Local" gives time.UTC too: the simulation's local zone is UTC, never
//     the host's (CronJob validation rejects "Local" itself, as Kubernetes);
//   - a name with ".." or starting with '/' or '\' is an error "time:
//     invalid location name";
//   - any other name not in the database is an error "unknown time zone
//     NAME".
//
// Names are case-sensitive. Locations are cached: loading a name twice
// returns the same *time.Location.
func Load(name string) (*time.Location, error) {
	switch name {
	case "", "UTC", "Local":
		return time.UTC, nil
	}
	if strings.Contains(name, "..") || name[0] == '/' || name[0] == '\\' {
		return nil, errLocation
	}
	mu.Lock()
	defer mu.Unlock()
	if loc, ok := cache[name]; ok {
		return loc, nil
	}
	i := find(name)
	if i < 0 {
		return nil, errors.New("unknown time zone " + name)
	}
	loc, err := time.LoadLocationFromTZData(name, tzif(record(int(nameZone[i]))))
	if err != nil {
		// The table is generated and tested: a record Go cannot read is
		// a bug here, not bad input.
		panic("tz: record of " + name + ": " + err.Error())
	}
	cache[name] = loc
	return loc, nil
}

// Names returns every zone name Load knows, sorted (Go's zoneinfo.zip's
// names; "Local" and "" are not among them).
func Names() []string {
	return strings.Split(strings.TrimSuffix(names, "\n"), "\n")
}

// find returns the position of name in names, or -1.
func find(name string) int {
	rest := names
	for i := 0; rest != ""; i++ {
		n, r, _ := strings.Cut(rest, "\n")
		if n == name {
			return i
		}
		rest = r
	}
	return -1
}

// record returns the i-th record of zones.
func record(i int) string {
	start := uint32(0)
	if i > 0 {
		start = zoneEnd[i-1]
	}
	return zones[start:zoneEnd[i]]
}

// tzif rebuilds a TZif version 2 file (RFC 8536) from a record, laid out
// as cmd/tzgen's encode writes it:
//
//	ntypes byte
//	per type: uvarint(zigzag(offset)<<1 | isDST), len(abbr) byte, abbr
//	uvarint(ntransitions)
//	per transition: uvarint(seconds since the previous one, or since Cutoff), type byte
//	footer (to the end of the record)
//
// The version 1 (32-bit) part is left empty: Go reads only the 64-bit one.
func tzif(rec string) []byte {
	ntypes := int(rec[0])
	rec = rec[1:]
	types := make([]byte, 0, 6*ntypes)
	var chars []byte
	for range ntypes {
		v, n := uvarint(rec)
		rec = rec[n:]
		off := int32(uint32(v>>1)>>1) ^ -int32(uint32(v>>1)&1)
		types = binary.BigEndian.AppendUint32(types, uint32(off))
		types = append(types, byte(v&1), byte(len(chars)))
		l := int(rec[0])
		chars = append(chars, rec[1:1+l]...)
		chars = append(chars, 0)
		rec = rec[1+l:]
	}
	ntx, n := uvarint(rec)
	rec = rec[n:]
	when := make([]byte, 0, 8*ntx)
	idx := make([]byte, 0, ntx)
	t := int64(generatedCutoff)
	for range ntx {
		d, n := uvarint(rec)
		t += int64(d)
		when = binary.BigEndian.AppendUint64(when, uint64(t))
		idx = append(idx, rec[n])
		rec = rec[n+1:]
	}

	header := func(b []byte, timecnt, typecnt, charcnt int) []byte {
		b = append(b, "TZif2"...)
		b = append(b, make([]byte, 15+3*4)...) // padding; no UT/local, std/wall or leap records
		b = binary.BigEndian.AppendUint32(b, uint32(timecnt))
		b = binary.BigEndian.AppendUint32(b, uint32(typecnt))
		return binary.BigEndian.AppendUint32(b, uint32(charcnt))
	}
	b := make([]byte, 0, 2*44+len(when)+len(idx)+len(types)+len(chars)+len(rec)+2)
	b = header(b, 0, 0, 0)
	b = header(b, int(ntx), ntypes, len(chars))
	b = append(b, when...)
	b = append(b, idx...)
	b = append(b, types...)
	b = append(b, chars...)
	b = append(b, '\n')
	b = append(b, rec...)
	return append(b, '\n')
}

// uvarint is binary.Uvarint on a string.
func uvarint(s string) (uint64, int) {
	var v uint64
	for i := 0; i < len(s); i++ {
		c := s[i]
		v |= uint64(c&0x7f) << (7 * i)
		if c < 0x80 {
			return v, i + 1
		}
	}
	panic("tz: truncated record")
}
