//go:build js && wasm

package main

import (
	"testing"

	"github.com/hack-pad/safejs"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A text crosses as its UTF-8 bytes and comes back whole; what is not a
// Uint8Array reads as no text.
func TestPostedBytesReadBackAsTheText(t *testing.T) {
	for _, text := range []string{"", "pong:hi", "调度器 … ✓", "a\x00b\x1dc\x1cd"} {
		u8, err := postedBytes(text)
		require.NoError(t, err)
		n, _ := u8.Length()
		assert.Equal(t, len(text), n, "one byte per UTF-8 byte")
		assert.Equal(t, text, receivedText(u8))
	}
	s, _ := safejs.ValueOf("a string")
	assert.Empty(t, receivedText(s))
}
