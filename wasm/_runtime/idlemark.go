//go:build js && wasm

// This file is not a package of kubeloop: the page's build adds it to Go's
// own runtime package with `go build -overlay` (site/runtimeoverlay), for
// the reason wasm/idlemark.go gives. It uses the runtime's unexported
// names, so a Go release that renames them fails the build here, loudly;
// read mgc.go and mgcpacer.go of that release and follow them.
package runtime

import _ "unsafe" // for go:linkname

// kubeloopHoldIdleMark keeps the collector's idle mark worker from running
// for the rest of the cycle that is marking now, if one is, and reports
// whether one is. The cycle still ends: allocation assists and the
// fractional worker, which runs in time slices at every scheduling point,
// finish its marking. Each new cycle starts with the idle worker allowed
// again (gcControllerState.startCycle).
//
//go:linkname kubeloopHoldIdleMark
func kubeloopHoldIdleMark() bool {
	if gcBlackenEnabled == 0 {
		return false
	}
	gcController.setMaxIdleMarkWorkers(0)
	return true
}

// kubeloopFractionalSlice is the longest the fractional mark worker marks
// in one go (the page's build patches pollFractionalWorkerExit in mgc.go
// to stop it then; site/runtimeoverlay). It runs again at the next
// scheduling point if it is still behind its share of the time.
const kubeloopFractionalSlice = 4e6 // ns
