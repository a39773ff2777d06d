//go:build js && wasm

package main

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The token list is JSON that build.js reads; text and attribute values
// must come back exactly, whatever they hold.
func TestMarkupIsATokenListNotHTML(t *testing.T) {
	hostile := "<img src=x onerror=\"alert(1)\">\\ \x00\x1f\t\n é 中 \u2028 </script>"
	var inner markup
	inner.elem("b", "sfx", "tail")
	var m markup
	m.open("div", "pod", "title", hostile, "data-k", `"q"`).text(hostile).elem("span", "", "").append(&inner).close("div")

	var got []any
	require.NoError(t, json.Unmarshal([]byte(m.String()), &got), m.String())
	assert.Equal(t, []any{
		"o", "div", "pod", 2.0, "title", hostile, "data-k", `"q"`,
		"t", hostile,
		"o", "span", "", 0.0, "c", // an empty text writes no token
		"o", "b", "sfx", 0.0, "t", "tail", "c",
		"c",
	}, got)
}

func TestMarkupEmptyAndInvalidUTF8(t *testing.T) {
	var m markup
	assert.Equal(t, "[]", m.String())
	m.text("a\xffb")
	var got []any
	require.NoError(t, json.Unmarshal([]byte(m.String()), &got))
	assert.Equal(t, []any{"t", "a\uFFFDb"}, got)
}
