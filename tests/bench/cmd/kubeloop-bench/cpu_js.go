//go:build js

package main

import (
	"syscall/js"
	"time"
)

// processCPU is the Node process's user+system CPU time, all threads (V8's
// compiler and GC threads included), from process.cpuUsage() — the same
// measure the peer's harness takes.
func processCPU() time.Duration {
	u := js.Global().Get("process").Call("cpuUsage")
	return time.Duration(u.Get("user").Float()+u.Get("system").Float()) * time.Microsecond
}
