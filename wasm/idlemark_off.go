//go:build js && wasm && !kubeloop_idlemark

package main

// holdIdleMark is idlemark.go's, for a build without the runtime overlay
// (plain `GOOS=js GOARCH=wasm go build`, go test, go vet): the collector
// runs as Go ships it.
func holdIdleMark() bool { return false }

const idleMarkPatched = false

// markTime is idlemark.go's: without the overlay the frames cannot tell
// their marking from the rest.
func markTime() (cycle uint32, ns int64) { return 0, 0 }

// sweepSleeps is idlemark.go's: without the overlay the sweeper sweeps as
// Go ships it, to the end at once.
func sweepSleeps() int { return 0 }
