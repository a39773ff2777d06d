package kubectl

import "strings"

// A command's two streams, kept apart (Result.Stdout, Result.Stderr) and
// together in the order they were written (Result.Output), which is what a
// terminal shows: `kubectl drain` prints an eviction's retry error between
// the lines around it, not after everything else.

// Chunk is a run of text written to one stream.
type Chunk struct {
	Stderr bool
	Text   string
}

// output is one stream of an invocation: what it wrote, and each write
// also appended to the invocation's interleaved log. Both keep the pieces
// as written and join them once, when the Result is made: a command that
// writes row by row (`get -o yaml` at 10,000 pods) copied everything
// before each row again, and one that writes a big table at once
// (`get events`) copied it twice more.
//
// A stream keeps at most limit bytes (outputlimit.go); 0 is no limit, for
// a test's invocation.
type output struct {
	pieces []string
	stderr bool
	log    *[]logChunk
	limit  int
	size   int  // bytes kept
	cut    bool // it refused bytes past limit
}

// logChunk is a run of writes to one stream, joined into a Chunk at the
// end (chunks).
type logChunk struct {
	stderr bool
	pieces []string
}

// WriteString keeps s, or as much of it as fits the limit; past the
// limit it returns errOutputFull, and keeps nothing more after that (a
// smaller piece that would fit is not kept after a gap).
func (o *output) WriteString(s string) (int, error) {
	if o.cut {
		return 0, errOutputFull
	}
	if o.limit > 0 && o.size+len(s) > o.limit {
		kept := prefixWithin(s, o.limit-o.size)
		o.cut = true
		o.keep(kept)
		return len(kept), errOutputFull
	}
	o.keep(s)
	return len(s), nil
}

// keep appends s to the stream and the log, whatever the limit.
func (o *output) keep(s string) {
	if s == "" {
		return
	}
	o.size += len(s)
	o.pieces = append(o.pieces, s)
	if o.log != nil {
		if n := len(*o.log); n > 0 && (*o.log)[n-1].stderr == o.stderr {
			(*o.log)[n-1].pieces = append((*o.log)[n-1].pieces, s)
		} else {
			*o.log = append(*o.log, logChunk{stderr: o.stderr, pieces: []string{s}})
		}
	}
}

func (o *output) Write(p []byte) (int, error) { return o.WriteString(string(p)) }

// String is everything written, joined (one piece is not copied).
func (o *output) String() string { return strings.Join(o.pieces, "") }

// chunks is the log as the Result gives it.
func chunks(log []logChunk) []Chunk {
	var out []Chunk
	for _, c := range log {
		out = append(out, Chunk{Stderr: c.stderr, Text: strings.Join(c.pieces, "")})
	}
	return out
}

// Interleaved is the output as a terminal shows it: the chunks in order,
// the whole ending in a newline.
func (r Result) Interleaved() string {
	var b strings.Builder
	for _, c := range r.Output {
		b.WriteString(c.Text)
	}
	if s := b.String(); s != "" && !strings.HasSuffix(s, "\n") {
		b.WriteByte('\n')
	}
	return b.String()
}
