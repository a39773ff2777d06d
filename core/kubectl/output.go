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

// output is one stream of an invocation: its own text, and each write also
// appended to the invocation's interleaved log.
type output struct {
	text   strings.Builder
	stderr bool
	log    *[]Chunk
}

func (o *output) WriteString(s string) (int, error) {
	if s == "" {
		return 0, nil
	}
	o.text.WriteString(s)
	if o.log != nil {
		if n := len(*o.log); n > 0 && (*o.log)[n-1].Stderr == o.stderr {
			(*o.log)[n-1].Text += s
		} else {
			*o.log = append(*o.log, Chunk{Stderr: o.stderr, Text: s})
		}
	}
	return len(s), nil
}

func (o *output) Write(p []byte) (int, error) { return o.WriteString(string(p)) }

func (o *output) String() string { return o.text.String() }

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
