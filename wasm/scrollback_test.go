//go:build js && wasm

package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
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
