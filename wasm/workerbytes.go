//go:build js && wasm

package main

import (
	"unsafe"

	"github.com/hack-pad/safejs"
)

// What the worker posts to the page crosses as its UTF-8 bytes in a
// Uint8Array whose buffer postMessage transfers, not as a string. A string
// is copied into the message and, on the page, encoded from JavaScript's
// UTF-16 into Go's UTF-8 before Go can read it: for a post of thousands of
// pods that was most of the page's task. Bytes are handed over without a
// copy and read by Go with one memory copy.

// postedBytes is msg as a new Uint8Array, to post with its buffer
// transferred.
func postedBytes(msg string) (safejs.Value, error) {
	u8, err := uint8Array().New(len(msg))
	if err != nil {
		return safejs.Null(), err
	}
	if _, err := safejs.CopyBytesToJS(u8, unsafe.Slice(unsafe.StringData(msg), len(msg))); err != nil {
		return safejs.Null(), err
	}
	return u8, nil
}

// receivedText is the text of a Uint8Array the worker posted ("" for
// anything else). Nothing else holds the bytes it is read into, and
// nothing writes them after: the text is made on them without a second
// copy.
func receivedText(u8 safejs.Value) string {
	if ok, err := u8.InstanceOf(uint8Array()); err != nil || !ok {
		return ""
	}
	n, err := u8.Length()
	if err != nil || n == 0 {
		return ""
	}
	buf := make([]byte, n)
	safejs.CopyBytesToGo(buf, u8)
	return unsafe.String(unsafe.SliceData(buf), n)
}

// uint8Array is JavaScript's Uint8Array constructor.
func uint8Array() safejs.Value { return keptGlobal(&uint8ArrayJS, "Uint8Array") }

var uint8ArrayJS safejs.Value
