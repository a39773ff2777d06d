package engine

import "time"

// ClockShown is simulated time as the page's clock shows it: to the
// hundredth of a second in the first ten seconds, to the tenth in the
// first minute, then to the second — fine-grained while things happen
// fast. A frame that would only move the clock is due when what the clock
// shows changes (Moved): an idle cluster playing at ×1 is posted about
// once a second past its first minute, not on every turn of the worker.
func ClockShown(d time.Duration) time.Duration {
	switch {
	case d <= 0:
		return 0
	case d < 10*time.Second:
		return d.Round(10 * time.Millisecond)
	case d < time.Minute:
		return d.Round(100 * time.Millisecond)
	}
	return d.Truncate(time.Second)
}
