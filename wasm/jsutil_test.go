//go:build js && wasm

package main

import (
	"fmt"
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

// A string the page writes again and again is made into a JavaScript
// string once and kept; past maxJSStrings kept ones, a new string goes as
// a Go string (converted per call, as before).
func TestJSStringsAreKeptUpToTheBound(t *testing.T) {
	defer func(kept map[string]safejs.Value) { jsStrings = kept }(jsStrings)
	jsStrings = map[string]safejs.Value{}
	first, ok := jsStringOf("pod cell st-running ready").(safejs.Value)
	require.True(t, ok, "kept as a JavaScript string")
	assert.Equal(t, "pod cell st-running ready", jsString(first))
	again := jsStringOf("pod cell st-running ready").(safejs.Value)
	assert.True(t, first.Equal(again))
	assert.Len(t, jsStrings, 1)

	for i := len(jsStrings); i < maxJSStrings; i++ {
		jsStringOf(fmt.Sprint("class-", i))
	}
	assert.Equal(t, "one too many", jsStringOf("one too many"))
	assert.Len(t, jsStrings, maxJSStrings)
	_, stillKept := jsStringOf("pod cell st-running ready").(safejs.Value)
	assert.True(t, stillKept)
}
