package engine

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
	rows[len(rows)-MaxOutputLines] = "first kept"
	kept, cut = lastLines(strings.Join(rows, "\n"), MaxOutputLines)
	assert.Equal(t, 5000, cut)
	assert.True(t, strings.HasPrefix(kept, "first kept\n"))
	assert.Equal(t, MaxOutputLines, strings.Count(kept, "\n")+1)
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

	big := strings.Repeat("x", 3*MaxOutputBytes)
	kept, cut = lastBytes(big, MaxOutputBytes)
	assert.Len(t, kept, MaxOutputBytes)
	assert.Equal(t, 2*MaxOutputBytes, cut)
}

// Keep cuts lines first, then bytes, and says how many of each.
func TestKeepSaysWhatItCut(t *testing.T) {
	kept, cut := Keep("a\nb\n\n")
	assert.Equal(t, "a\nb", kept, "trailing newlines go")
	assert.Zero(t, cut)
	rows := strings.Repeat("row\n", MaxOutputLines+7)
	kept, cut = Keep(rows)
	assert.Equal(t, Cut{Lines: 7}, cut)
	assert.Equal(t, MaxOutputLines, strings.Count(kept, "\n")+1)
	kept, cut = Keep(strings.Repeat("x", MaxOutputBytes+3))
	assert.Equal(t, Cut{Bytes: 3}, cut)
	assert.Len(t, kept, MaxOutputBytes)
}
