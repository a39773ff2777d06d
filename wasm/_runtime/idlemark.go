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
	kubeloopFractionalBase = -1 // the next call from JavaScript has a budget of its own
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

// kubeloopFractionalPerCall bounds the fractional worker's marking in one
// call from JavaScript (a frame), however many scheduling points it has.
const kubeloopFractionalPerCall = 6e6 // ns

// kubeloopFractionalBase is the fractional worker's time in this cycle
// when the call in progress first ran it (-1: it has not yet).
var kubeloopFractionalBase int64 = -1

// kubeloopFractionalDone reports whether the fractional worker on pp,
// marking since its last start, has marked its slice or the call's share.
func kubeloopFractionalDone(pp *p, now int64) bool {
	run := now - pp.gcMarkWorkerStartTime
	before := pp.gcFractionalMarkTime.Load() // this cycle's, up to this run
	if kubeloopFractionalBase < 0 || kubeloopFractionalBase > before {
		kubeloopFractionalBase = before // a new call, or a new cycle
	}
	return run > kubeloopFractionalSlice || before+run-kubeloopFractionalBase > kubeloopFractionalPerCall
}

// kubeloopMarkTime is the collector's mark time in the cycle now marking or
// last marked, in ns — assists, and the mark workers' finished turns —
// and that cycle's number: the page's frames report how much of their time
// was marking (wasm/frametiming.go). Each new cycle starts again at 0.
//
//go:linkname kubeloopMarkTime
func kubeloopMarkTime() (cycle uint32, ns int64) {
	ns = gcController.assistTime.Load() + gcController.dedicatedMarkTime.Load() +
		gcController.fractionalMarkTime.Load() + gcController.idleMarkTime.Load()
	for _, pp := range allp {
		ns += pp.gcAssistTime // not yet added to assistTime
	}
	return work.cycles.Load(), ns
}
