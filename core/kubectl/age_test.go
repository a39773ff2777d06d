package kubectl

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// Cases from upstream's duration.HumanDuration boundary tests.
func TestHumanDurationBoundaries(t *testing.T) {
	day, year := 24*time.Hour, 365*24*time.Hour
	tests := []struct {
		d    time.Duration
		want string
	}{
		{-2 * time.Second, "<invalid>"},
		{-2*time.Second + 1, "0s"},
		{0, "0s"},
		{time.Second - time.Millisecond, "0s"},
		{59 * time.Second, "59s"},
		{70 * time.Second, "70s"},
		{2*time.Minute - time.Millisecond, "119s"},
		{2 * time.Minute, "2m"},
		{2*time.Minute + time.Second, "2m1s"},
		{190 * time.Second, "3m10s"},
		{10*time.Minute - time.Millisecond, "9m59s"},
		{10 * time.Minute, "10m"},
		{10*time.Minute + time.Second, "10m"},
		{70 * time.Minute, "70m"},
		{3*time.Hour - time.Millisecond, "179m"},
		{3 * time.Hour, "3h"},
		{3*time.Hour + time.Minute, "3h1m"},
		{8*time.Hour - time.Millisecond, "7h59m"},
		{8 * time.Hour, "8h"},
		{8*time.Hour + 59*time.Minute, "8h"},
		{2*day - time.Millisecond, "47h"},
		{2 * day, "2d"},
		{2*day + time.Hour, "2d1h"},
		{8*day - time.Millisecond, "7d23h"},
		{8 * day, "8d"},
		{8*day + 23*time.Hour, "8d"},
		{367 * day, "367d"},
		{2*year - time.Millisecond, "729d"},
		{2 * year, "2y"},
		{2*year + 24*time.Hour - time.Millisecond, "2y"},
		{2*year + 10*day, "2y10d"},
		{8*year - time.Millisecond, "7y364d"},
		{8 * year, "8y"},
		{9 * year, "9y"},
	}
	for _, tt := range tests {
		t.Run(tt.d.String(), func(t *testing.T) {
			assert.Equal(t, tt.want, HumanDuration(tt.d))
		})
	}
}
