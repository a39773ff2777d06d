//go:build js && wasm

package main

import "strings"

// maxOutputLines is how many lines of one command's output the terminal
// keeps, the last ones, as a terminal's scrollback does: a full
// `kubectl get pods -o wide` at 10,000 pods (10,001 lines) is kept, but
// not `kubectl get events` there (98,000 lines, 10 MB), whose layout took
// 600 ms of the page beside kubectl's 325. A note says what was cut and
// how to see it (term.cut).
const maxOutputLines = 20000

// lastLines returns the last max lines of text (no trailing newline) and
// how many lines before them it left out.
func lastLines(text string, max int) (kept string, cut int) {
	lines := strings.Count(text, "\n") + 1
	if lines <= max {
		return text, 0
	}
	cut = lines - max
	at := 0
	for range cut {
		at += strings.IndexByte(text[at:], '\n') + 1
	}
	return text[at:], cut
}
