package yaml

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/kubeloop/kubeloop/core/testtext"
)

// yaml11Timestamps are the layouts go-yaml v2 tries on a plain scalar;
// isTimestamp must accept exactly what time.Parse accepts with one of them.
var yaml11Timestamps = []string{
	"2006-1-2T15:4:5.999999999Z07:00",
	"2006-1-2t15:4:5.999999999Z07:00",
	"2006-1-2 15:4:5.999999999",
	"2006-1-2",
}

func timeParseAccepts(s string) bool {
	for _, f := range yaml11Timestamps {
		if _, err := time.Parse(f, s); err == nil {
			return true
		}
	}
	return false
}

func TestIsTimestampAgreesWithTimeParse(t *testing.T) {
	table := []string{
		"", "2001", "2001-", "2001-1", "2001-1-", "2001-1-2", "2001-01-02", "2001-12-31", "2001-13-01", "2001-0-1", "2001-1-0",
		"2001-02-29", "2000-02-29", "1900-02-29", "2004-2-29", "2001-04-31", "2001-1-2 ", "2001-1-2x", "2001-001-2", "2001-1-002",
		"2001-1-2T3:4:5Z", "2001-1-2t3:4:5Z", "2001-1-2T03:04:05Z", "2001-1-2T3:4:5z", "2001-1-2T3:4:5", "2001-1-2T24:00:00Z",
		"2001-1-2T23:59:59Z", "2001-1-2T23:60:00Z", "2001-1-2T23:00:60Z", "2001-1-2T1:2:3.5Z", "2001-1-2T1:2:3,5Z", "2001-1-2T1:2:3.Z",
		"2001-1-2T1:2:3.123456789012Z", "2001-1-2T1:2:3+01:00", "2001-1-2T1:2:3-24:00", "2001-1-2T1:2:3+25:00", "2001-1-2T1:2:3+01:60",
		"2001-1-2T1:2:3+01:61", "2001-1-2T1:2:3+0100", "2001-1-2T1:2:3+1:00", "2001-1-2T1:2:3 +01:00", "2001-1-2T1:2:3Z ",
		"2001-1-2 1:2:3", "2001-1-2   1:2:3.25", "2001-1-2 1:2:3Z", "2001-1-2 1:2", "2001-1-2\t1:2:3", "2001-1-2 1:2:3 ",
		"20011-1-2", "201-1-2", "+2001-1-2", "-2001-1-2", "0000-1-1", "9999-12-31T23:59:59.999999999-00:00", "2001-1-2T1:2:3.5+01:00x",
	}
	for _, s := range table {
		assert.Equal(t, timeParseAccepts(s), isTimestamp(s), "%q", s)
	}
	// Random text in the timestamp's own alphabet, and random timestamps
	// built from right and wrong parts.
	for _, s := range testtext.Strings(1, 20000, 0, 30, "0123456789-:Tt .,Z+") {
		assert.Equal(t, timeParseAccepts(s), isTimestamp(s), "%q", s)
	}
	digits := func(seed uint64, valid ...string) []string {
		return append(valid, testtext.Strings(seed, 4, 0, 3, "0123456789")...)
	}
	parts := [][]string{
		append([]string{"2001", "2000", "1900", "2004", "0000"}, testtext.Strings(2, 3, 3, 5, "0123456789")...),
		{"-"}, digits(3, "1", "02", "2", "12", "13", "0"), {"-", "-", "/"}, digits(4, "1", "28", "29", "30", "31", "0", "32"),
		{"", "T", "t", " ", "  ", "x"}, digits(5, "0", "7", "23", "24"), {":", ":", ""}, digits(6, "0", "59", "60"),
		{":"}, digits(7, "05", "59", "60"), {"", ".", ",", ".5", ",123", ".1234567890123"},
		{"", "Z", "z", "+01:00", "-24:00", "+24:60", "+25:00", "+01:61", "-1:00", "+0100", "Z "},
	}
	accepted := 0
	for i, seeds := range testtext.Strings(8, 20000, len(parts), len(parts), "0123456789abcdefghijklmnopqrstuvwxyz") {
		var s string
		for j, choices := range parts {
			s += choices[int(seeds[j])%len(choices)]
		}
		if i%4 == 0 {
			s = s[:len(s)/2+int(seeds[0])%(len(s)/2+1)] // and cut short
		}
		assert.Equal(t, timeParseAccepts(s), isTimestamp(s), "%q", s)
		if isTimestamp(s) {
			accepted++
		}
	}
	assert.Greater(t, accepted, 50, "some built timestamps must be right")
}
