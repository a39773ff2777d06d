//go:build !js

package main

import (
	"syscall"
	"time"
)

// processCPU is this process's user+system CPU time, all threads (the GC's
// included), from getrusage.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
