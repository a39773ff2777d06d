package api

import "time"

// PodLogOptions choose what of a container's log to read, as the query
// of pods/NAME/log does (upstream's PodLogOptions, with sinceSeconds and
// sinceTime read into Since).
type PodLogOptions struct {
	// Container is the container's name; "" is the pod's only one.
	Container string
	// Previous reads the run before the current one.
	Previous bool
	// Timestamps starts each line with the time it was printed.
	Timestamps bool
	// TailLines keeps the last lines, LimitBytes the first bytes.
	TailLines, LimitBytes *int64
	// Since drops what was printed before it.
	Since *time.Time
}
