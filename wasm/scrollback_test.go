//go:build js && wasm

package main

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

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
	parts, _ = outputParts("x" + strings.Repeat("é", termPartBytes)) // a rune across a part's edge
	for _, p := range parts {
		assert.True(t, utf8.ValidString(p), "a part starts and ends at runes")
	}
}
