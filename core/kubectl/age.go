package kubectl

import (
	"strconv"
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
		return units(seconds, 's', 0, 0)
	}
	minutes := int64(d / time.Minute)
	if minutes < 10 {
		return units(minutes, 'm', int64(d/time.Second)%60, 's')
	}
	if minutes < 3*60 {
		return units(minutes, 'm', 0, 0)
	}
	hours := int64(d / time.Hour)
	switch {
	case hours < 8:
		return units(hours, 'h', minutes%60, 'm')
	case hours < 48:
		return units(hours, 'h', 0, 0)
	case hours < 8*24:
		return units(hours/24, 'd', hours%24, 'h')
	case hours < 2*365*24:
		return units(hours/24, 'd', 0, 0)
	case hours < 8*365*24:
		return units(hours/24/365, 'y', (hours/24)%365, 'd')
	}
	return units(hours/24/365, 'y', 0, 0)
}

// units spells n of unit u, then m of unit v unless m is 0: "5m", "5m3s".
// strconv into a buffer, not fmt.Sprintf: every row of every table has an
// age, and `kubectl get events` at 10,000 pods has 98,000 rows (fmt's
// reflection was 40% of its rows' time under wasm).
func units(n int64, u byte, m int64, v byte) string {
	var buf [24]byte
	b := append(strconv.AppendInt(buf[:0], n, 10), u)
	if m != 0 {
		b = append(strconv.AppendInt(b, m, 10), v)
	}
	return string(b)
}

// age is a timestamp's AGE relative to now, "<unknown>" when unset.
func age(t api.Time, now time.Time) string {
	if t.IsZero() {
		return "<unknown>"
	}
	return HumanDuration(now.Sub(t.Time))
}
