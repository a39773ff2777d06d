//go:build js && wasm

package main

import (
	"strings"
	"testing"

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
	assert.Equal(t, []string{"a\nb"}, outputParts("a\nb"))
	rows := make([]string, 2*termPartLines+3)
	for i := range rows {
		rows[i] = "row"
	}
	text := strings.Join(rows, "\n")
	parts := outputParts(text)
	require.Len(t, parts, 3)
	assert.Equal(t, text, strings.Join(parts, ""))
	for _, p := range parts[:2] {
		assert.Equal(t, termPartLines, strings.Count(p, "\n"), "a full part ends in its newline")
	}
	assert.Equal(t, "row\nrow\nrow", parts[2])
	// Exactly two parts' lines: the last part keeps its lines, no empty part.
	parts = outputParts(strings.Join(rows[:2*termPartLines], "\n"))
	require.Len(t, parts, 2)
	assert.Equal(t, termPartLines-1, strings.Count(parts[1], "\n"))
}
