//go:build js && wasm

package main

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// maxTermBytes is what the terminal keeps of all its outputs together;
// past it the oldest blocks go first, as a terminal's scrollback drops
// its oldest lines.
const maxTermBytes = 8 << 20

// sizeText is a number of bytes as the terminal's notes print it.
func sizeText(n int) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}

// termPartLines is how many lines of a long output go in one part: each
// part but the last is laid out only when it is scrolled into view
// (.term-part in app.css, which assumes this many lines for the height of
// one not laid out). Laid out whole, a 12,000-line output (kubectl get
// events at 1,000 pods) held the page for several frames.
const termPartLines = 500

// termPartBytes bounds a line in one part: a longer line is cut into
// parts of this many bytes, each wrapped (.term-wrap) to about
// termPartLines lines of the terminal's width.
const termPartBytes = 40000

// outputParts cuts text into parts of termPartLines lines, each but the
// last ending in its newline, so the parts joined are the text. A line
// longer than termPartBytes is a part of its own, cut every termPartBytes
// bytes (at a rune's start); wrapped reports that, for the output to wrap
// its lines.
func outputParts(text string) (parts []string, wrapped bool) {
	for {
		at := partEnd(text)
		if at < len(text) && text[at-1] != '\n' {
			wrapped = true
		}
		if at == len(text) {
			return append(parts, text), wrapped
		}
		parts = append(parts, text[:at])
		text = text[at:]
	}
}

// partEnd is where text's first part ends: after termPartLines lines,
// before a line longer than termPartBytes, or inside one that starts the
// text.
func partEnd(text string) int {
	at := 0
	for lines := 0; lines < termPartLines && at < len(text); lines++ {
		end := len(text)
		if nl := strings.IndexByte(text[at:], '\n'); nl >= 0 {
			end = at + nl + 1
		}
		if end-at > termPartBytes {
			if at > 0 {
				return at
			}
			cut := termPartBytes
			for !utf8.RuneStart(text[cut]) {
				cut--
			}
			return cut
		}
		at = end
	}
	return at
}
