package main

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"slices"
)

// Go's linker writes a WebAssembly binary's initial memory as data
// segments split at every run of zero bytes, up to 100,000 of them: each
// segment costs a header of 5–9 bytes (an offset and a length in LEB128)
// that compresses badly, and the browser sets up each one when it
// instantiates the module. Merging the segments, with their gaps filled
// with the zeros memory holds anyway, makes kubeloop.wasm bigger raw and
// smaller gzip'd — as it is served.

const (
	sectionData      = 11
	sectionDataCount = 12
)

// Options say what Rewrite does to a binary's data.
type Options struct {
	// MaxGap is the longest run of zeros written out to join two segments.
	MaxGap int
	// StripLines zeroes the file and line tables (lines.go says why).
	StripLines bool
}

// Rewrite returns bin with every two active data segments that are at most
// MaxGap bytes apart joined into one, the gap filled with zeros, and with
// StripLines its line tables zeroed. The memory the module starts with is
// otherwise the same byte for byte. It understands the form Go's linker
// writes (active segments of memory 0 at an i32.const offset) and refuses
// anything else.
func Rewrite(bin []byte, o Options) ([]byte, error) {
	if len(bin) < 8 || !bytes.Equal(bin[:4], []byte("\x00asm")) {
		return nil, errors.New("not a WebAssembly binary")
	}
	out := append([]byte(nil), bin[:8]...)
	r := reader{b: bin, i: 8}
	merged := -1
	for r.i < len(r.b) {
		id := r.b[r.i]
		r.i++
		size, err := r.uleb()
		if err != nil {
			return nil, err
		}
		if size > uint64(len(r.b)-r.i) {
			return nil, fmt.Errorf("section %d: %d bytes past the end", id, size)
		}
		payload := r.b[r.i : r.i+int(size)]
		r.i += int(size)
		switch id {
		case sectionData:
			segs, err := readSegments(payload)
			if err != nil {
				return nil, err
			}
			segs = joinSegments(segs, o.MaxGap)
			if o.StripLines {
				if err := stripLineTables(segs); err != nil {
					return nil, err
				}
			}
			merged = len(segs)
			payload = writeSegments(segs)
		case sectionDataCount:
			return nil, errors.New("a DataCount section: not a binary Go's linker wrote")
		}
		out = append(out, id)
		out = appendULEB(out, uint64(len(payload)))
		out = append(out, payload...)
	}
	if merged < 0 {
		return nil, errors.New("no data section")
	}
	return out, nil
}

// segment is an active data segment of memory 0.
type segment struct {
	offset int64
	data   []byte
}

func (s segment) end() int64 { return s.offset + int64(len(s.data)) }

func readSegments(payload []byte) ([]segment, error) {
	r := reader{b: payload}
	n, err := r.uleb()
	if err != nil {
		return nil, err
	}
	segs := make([]segment, 0, min(n, uint64(len(payload))))
	for k := uint64(0); k < n; k++ {
		// flags 0: active, memory 0, offset expression "i32.const N; end".
		if r.i+2 > len(r.b) || r.b[r.i] != 0 || r.b[r.i+1] != 0x41 {
			return nil, fmt.Errorf("data segment %d: not an active segment at an i32.const offset", k)
		}
		r.i += 2
		off, err := r.sleb()
		if err != nil {
			return nil, err
		}
		if r.i >= len(r.b) || r.b[r.i] != 0x0b {
			return nil, fmt.Errorf("data segment %d: offset expression does not end", k)
		}
		r.i++
		size, err := r.uleb()
		if err != nil {
			return nil, err
		}
		if off < 0 || size > uint64(len(r.b)-r.i) {
			return nil, fmt.Errorf("data segment %d: bad offset or size", k)
		}
		segs = append(segs, segment{offset: off, data: r.b[r.i : r.i+int(size)]})
		r.i += int(size)
	}
	if r.i != len(r.b) {
		return nil, errors.New("data section: bytes after the last segment")
	}
	return segs, nil
}

// joinSegments rebuilds the segments from the memory they write: applied
// in order, a later one overwriting an earlier, then cut into runs of
// written bytes, two runs joined when at most maxGap bytes apart. The runs
// do not overlap, so their order no longer matters, and a gap filled with
// zeros is one no segment wrote. (Joining each segment to the one before it
// is wrong when Go's segments go backwards: the zeros of a gap can land on
// bytes an earlier segment wrote.)
func joinSegments(segs []segment, maxGap int) []segment {
	if len(segs) == 0 {
		return nil
	}
	lo, hi := segs[0].offset, segs[0].end()
	for _, s := range segs {
		lo, hi = min(lo, s.offset), max(hi, s.end())
	}
	mem := make([]byte, hi-lo)
	spans := make([]segment, 0, len(segs))
	for _, s := range segs {
		copy(mem[s.offset-lo:], s.data)
		if len(s.data) > 0 {
			spans = append(spans, segment{offset: s.offset, data: s.data})
		}
	}
	slices.SortFunc(spans, func(a, b segment) int { return cmp.Compare(a.offset, b.offset) })
	var out []segment
	start, end := int64(-1), int64(-1)
	flush := func() {
		if start >= 0 {
			out = append(out, segment{offset: start, data: mem[start-lo : end-lo]})
		}
	}
	for _, s := range spans {
		if start >= 0 && s.offset-end <= int64(maxGap) {
			end = max(end, s.end())
			continue
		}
		flush()
		start, end = s.offset, s.end()
	}
	flush()
	return out
}

func writeSegments(segs []segment) []byte {
	out := appendULEB(nil, uint64(len(segs)))
	for _, s := range segs {
		out = append(out, 0, 0x41)
		out = appendSLEB(out, s.offset)
		out = append(out, 0x0b)
		out = appendULEB(out, uint64(len(s.data)))
		out = append(out, s.data...)
	}
	return out
}

type reader struct {
	b []byte
	i int
}

var errLEB = errors.New("truncated or overlong LEB128 number")

func (r *reader) uleb() (uint64, error) {
	var x uint64
	for shift := uint(0); shift < 64; shift += 7 {
		if r.i >= len(r.b) {
			return 0, errLEB
		}
		c := r.b[r.i]
		r.i++
		x |= uint64(c&0x7f) << shift
		if c < 0x80 {
			return x, nil
		}
	}
	return 0, errLEB
}

func (r *reader) sleb() (int64, error) {
	var x int64
	for shift := uint(0); shift < 64; {
		if r.i >= len(r.b) {
			return 0, errLEB
		}
		c := r.b[r.i]
		r.i++
		x |= int64(c&0x7f) << shift
		shift += 7
		if c < 0x80 {
			if c&0x40 != 0 && shift < 64 {
				x |= -1 << shift
			}
			return x, nil
		}
	}
	return 0, errLEB
}

func appendULEB(b []byte, x uint64) []byte {
	for {
		c := byte(x & 0x7f)
		x >>= 7
		if x == 0 {
			return append(b, c)
		}
		b = append(b, c|0x80)
	}
}

func appendSLEB(b []byte, x int64) []byte {
	for {
		c := byte(x & 0x7f)
		x >>= 7
		if (x == 0 && c&0x40 == 0) || (x == -1 && c&0x40 != 0) {
			return append(b, c)
		}
		b = append(b, c|0x80)
	}
}
