//go:build js && wasm

package main

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLastLinesKeepsTheEnd(t *testing.T) {
	kept, cut := lastLines("a\nb\nc", 3)
	assert.Equal(t, "a\nb\nc", kept)
	assert.Zero(t, cut)
	kept, cut = lastLines("a\nb\nc\nd", 2)
	assert.Equal(t, "c\nd", kept)
	assert.Equal(t, 2, cut)
	kept, cut = lastLines("NAME\n\nx\n", 2)
	assert.Equal(t, "x\n", kept, "empty lines count")
	assert.Equal(t, 2, cut)

	rows := make([]string, 25000)
	for i := range rows {
		rows[i] = "row"
	}
	rows[len(rows)-maxOutputLines] = "first kept"
	kept, cut = lastLines(strings.Join(rows, "\n"), maxOutputLines)
	assert.Equal(t, 5000, cut)
	assert.True(t, strings.HasPrefix(kept, "first kept\n"))
	assert.Equal(t, maxOutputLines, strings.Count(kept, "\n")+1)
}

func TestOutputPartsJoinToTheText(t *testing.T) {
	parts, wrapped := outputParts("a\nb")
	assert.Equal(t, []string{"a\nb"}, parts)
	assert.False(t, wrapped)
	rows := make([]string, 2*termPartLines+3)
	for i := range rows {
		rows[i] = "row"
	}
	text := strings.Join(rows, "\n")
	parts, _ = outputParts(text)
	require.Len(t, parts, 3)
	assert.Equal(t, text, strings.Join(parts, ""))
	for _, p := range parts[:2] {
		assert.Equal(t, termPartLines, strings.Count(p, "\n"), "a full part ends in its newline")
	}
	assert.Equal(t, "row\nrow\nrow", parts[2])
	// Exactly two parts' lines: the last part keeps its lines, no empty part.
	parts, _ = outputParts(strings.Join(rows[:2*termPartLines], "\n"))
	require.Len(t, parts, 2)
	assert.Equal(t, termPartLines-1, strings.Count(parts[1], "\n"))
}

// TestLastBytesKeepsTheEndFromALineStart: an output over the bound keeps
// its last bytes, from the first line start among them, or from a rune's
// start when it is one long line.
func TestLastBytesKeepsTheEndFromALineStart(t *testing.T) {
	kept, cut := lastBytes("abc", 3)
	assert.Equal(t, "abc", kept)
	assert.Zero(t, cut)

	kept, cut = lastBytes("aaaaaaaa\nbbbb\n"+strings.Repeat("c", 80), 90)
	assert.Equal(t, "bbbb\n"+strings.Repeat("c", 80), kept, "from the line start in the first tenth")
	assert.Equal(t, 9, cut)
	kept, cut = lastBytes("aaaa\n"+strings.Repeat("b", 99)+"\nc", 100)
	assert.Equal(t, strings.Repeat("b", 98)+"\nc", kept, "no line starts early enough: bytes")
	assert.Equal(t, 6, cut)

	long := strings.Repeat("é", 100) // 200 bytes, one line
	kept, cut = lastBytes(long, 51)
	assert.Equal(t, strings.Repeat("é", 25), kept, "from a rune's start")
	assert.Equal(t, 150, cut)

	big := strings.Repeat("x", 3*maxOutputBytes)
	kept, cut = lastBytes(big, maxOutputBytes)
	assert.Len(t, kept, maxOutputBytes)
	assert.Equal(t, 2*maxOutputBytes, cut)
}

// TestALongLineIsCutIntoWrappedParts: a line longer than termPartBytes
// goes in parts of its own, and the output wraps; lines around it keep
// their parts.
func TestALongLineIsCutIntoWrappedParts(t *testing.T) {
	line := strings.Repeat("ab", termPartBytes) // two parts' bytes
	text := "head\n" + line + "\ntail"
	parts, wrapped := outputParts(text)
	assert.True(t, wrapped)
	assert.Equal(t, text, strings.Join(parts, ""))
	require.Len(t, parts, 4)
	assert.Equal(t, "head\n", parts[0], "the part before the long line ends before it")
	assert.Len(t, parts[1], termPartBytes)
	assert.Len(t, parts[2], termPartBytes)
	assert.Equal(t, "\ntail", parts[3])
	for _, p := range parts {
		assert.LessOrEqual(t, len(p), termPartBytes+1)
	}

	_, wrapped = outputParts(strings.Repeat("row\n", 3*termPartLines))
	assert.False(t, wrapped, "short lines are not wrapped")
	kept, _ := lastBytes(strings.Repeat("é", termPartBytes), termPartBytes+1)
	parts, _ = outputParts(kept)
	for _, p := range parts {
		assert.True(t, utf8.ValidString(p), "a part starts and ends at runes")
	}
}
