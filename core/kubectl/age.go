package kubectl

import (
	"fmt"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
)

// HumanDuration prints an age the way kubectl's AGE column does: two units
// while the larger is small, one when it is large enough that the smaller
// no longer matters (0s…119s, 2m…9m59s, 10m…179m, 3h…7h59m, 8h…47h,
// 2d…7d23h, 8d…729d, 2y…7y364d, then years).
func HumanDuration(d time.Duration) string {
	// Allow a little clock skew before calling a timestamp "in the future".
	if seconds := int64(d.Seconds()); seconds < -1 {
		return "<invalid>"
	} else if seconds < 0 {
		return "0s"
	} else if seconds < 2*60 {
		return fmt.Sprintf("%ds", seconds)
	}
	minutes := int64(d / time.Minute)
	if minutes < 10 {
		if s := int64(d/time.Second) % 60; s != 0 {
			return fmt.Sprintf("%dm%ds", minutes, s)
		}
		return fmt.Sprintf("%dm", minutes)
	}
	if minutes < 3*60 {
		return fmt.Sprintf("%dm", minutes)
	}
	hours := int64(d / time.Hour)
	switch {
	case hours < 8:
		if m := minutes % 60; m != 0 {
			return fmt.Sprintf("%dh%dm", hours, m)
		}
		return fmt.Sprintf("%dh", hours)
	case hours < 48:
		return fmt.Sprintf("%dh", hours)
	case hours < 8*24:
		if h := hours % 24; h != 0 {
			return fmt.Sprintf("%dd%dh", hours/24, h)
		}
		return fmt.Sprintf("%dd", hours/24)
	case hours < 2*365*24:
		return fmt.Sprintf("%dd", hours/24)
	case hours < 8*365*24:
		if days := (hours / 24) % 365; days != 0 {
			return fmt.Sprintf("%dy%dd", hours/24/365, days)
		}
		return fmt.Sprintf("%dy", hours/24/365)
	}
	return fmt.Sprintf("%dy", hours/24/365)
}

// age is a timestamp's AGE relative to now, "<unknown>" when unset.
func age(t api.Time, now time.Time) string {
	if t.IsZero() {
		return "<unknown>"
	}
	return HumanDuration(now.Sub(t.Time))
}
