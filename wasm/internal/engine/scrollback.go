package engine

import (
	"strings"
	"unicode/utf8"
)

// MaxOutputLines is how many lines of one command's output the terminal
// keeps, the last ones, as a terminal's scrollback does: a full
// `kubectl get pods -o wide` at 10,000 pods (10,001 lines) is kept, but
// not `kubectl get events` there (98,000 lines), whose layout took the
// page longer than kubectl took to write it. A note says what was cut and
// how to see it (term.cut).
const MaxOutputLines = 20000

// MaxOutputBytes bounds one output by bytes too, the last ones kept: a
// line can be long (`-o jsonpath='{..}'` prints one line of every field),
// and MaxOutputLines lines of it would be unbounded. It holds
// MaxOutputLines lines of `get pods -o wide`.
const MaxOutputBytes = 2 << 20

// lastLines returns the last max lines of text (no trailing newline) and
// how many lines before them it left out.
func lastLines(text string, max int) (kept string, cut int) {
	lines := strings.Count(text, "\n") + 1
	if lines <= max {
		return text, 0
	}
	cut = lines - max
	at, _ := skipLines(text, cut)
	return text[at:], cut
}

// lastBytes returns at most the last max bytes of text, starting at a
// line's start when one begins in the first tenth of what is kept and at
// a rune's start otherwise, and how many bytes before them it left out.
func lastBytes(text string, max int) (kept string, cut int) {
	if len(text) <= max {
		return text, 0
	}
	at := len(text) - max
	if nl := strings.IndexByte(text[at:], '\n'); nl >= 0 && nl < max/10 {
		at += nl + 1
	}
	for at < len(text) && !utf8.RuneStart(text[at]) {
		at++
	}
	return text[at:], at
}

// skipLines is where text's line after its n-th newline starts, and how
// many newlines it passed: fewer than n when text has fewer.
func skipLines(text string, n int) (at, passed int) {
	for passed < n {
		i := strings.IndexByte(text[at:], '\n')
		if i < 0 {
			break
		}
		at += i + 1
		passed++
	}
	return at, passed
}

// Cut is what Keep left out of an output: lines, then bytes, before what
// it kept.
type Cut struct {
	Lines int `json:"lines,omitempty"`
	Bytes int `json:"bytes,omitempty"`
}

// Keep is what a terminal shows of one output: its last MaxOutputLines
// lines and MaxOutputBytes bytes (trailing newlines dropped), and what it
// left out. The worker keeps only that much of a command's output before
// it crosses to the page: a big cluster's `kubectl get events` writes
// many times that, which the page would read whole to show its end.
func Keep(text string) (string, Cut) {
	var c Cut
	text, c.Lines = lastLines(strings.TrimRight(text, "\n"), MaxOutputLines)
	text, c.Bytes = lastBytes(text, MaxOutputBytes)
	return text, c
}
