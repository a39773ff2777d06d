//go:build js && wasm

package main

import (
	"testing"

	"github.com/hack-pad/safejs"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Found by tests/browser/hostile_test.go: kubeloop.apply(10n) panicked
// (recovered) in syscall/js, which knows no BigInt.
func TestJSValuesOfAnyTypeAreReadWithoutPanic(t *testing.T) {
	big, err := safejs.Global().Call("BigInt", 10)
	require.NoError(t, err)
	assert.Equal(t, "", jsString(big))
	assert.Equal(t, 7.0, jsFloat(big, 7))
	sym, err := safejs.Global().Call("Symbol", "s")
	require.NoError(t, err)
	assert.Equal(t, "", jsString(sym))
	assert.Equal(t, 7.0, jsFloat(sym, 7))
	s, _ := safejs.ValueOf("x")
	assert.Equal(t, "x", jsString(s))
	n, _ := safejs.ValueOf(2.5)
	assert.Equal(t, 2.5, jsFloat(n, 7))
}
