//go:build js && wasm

package main

import "runtime/debug"

// tuneCollector sets the page's garbage collector (the worker keeps Go's
// defaults). On wasm the collector runs on the page's one thread and
// stops it while it marks the live heap, so each collection is a pause
// of the page, as long as the live heap is big; the page's garbage is
// mostly frames already drawn. Letting the heap grow to five times what
// is live before collecting (against twice by default) makes for a
// fraction of the pauses, each as long as before. The memory limit
// bounds what that lets the heap take: near it, the collector runs as
// often as it must.
func tuneCollector() {
	debug.SetGCPercent(400)
	debug.SetMemoryLimit(256 << 20)
}
