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
	at, _ := skipLines(text, cut)
	return text[at:], cut
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

// termPartLines is how many lines of a long output go in one part: each
// part but the last is laid out only when it is scrolled into view
// (.term-part in app.css, which assumes this many lines for the height of
// one not laid out). Laid out whole, a 12,000-line output (kubectl get
// events at 1,000 pods) took 130 ms of the page's time.
const termPartLines = 500

// outputParts cuts text into parts of termPartLines lines, each but the
// last ending in its newline, so the parts joined are the text.
func outputParts(text string) []string {
	var parts []string
	for {
		at, lines := skipLines(text, termPartLines)
		if lines < termPartLines || at == len(text) {
			return append(parts, text)
		}
		parts = append(parts, text[:at])
		text = text[at:]
	}
}
