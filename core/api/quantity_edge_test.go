package api_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
)

// TestQuantityEdges reads quantities at the edges of the exact reading: the
// int64 bounds in milli-units and in units, rounding at the milli-unit,
// binary fractions, the 2^63-1 cap and the 10^±60 bounds. The cases marked
// "upstream" are inputs of apimachinery's TestQuantityParse; each expects
// the exact value rounded away from zero to milli-units and to units, held
// at the int64 bounds (where upstream's MilliValue wraps instead).
func TestQuantityEdges(t *testing.T) {
	for _, tc := range []struct {
		in    string
		milli int64
		value int64
	}{
		{"0.0005k", 500, 1},                                   // upstream
		{"0.00050k", 500, 1},                                  // upstream
		{"001", 1000, 1},                                      // upstream
		{"1E-3", 1, 1},                                        // upstream
		{"0.1m", 1, 1},                                        // upstream
		{"1.2e3", 1_200_000, 1200},                            // upstream
		{"1.3E+6", 1_300_000_000, 1_300_000},                  // upstream
		{"1.40e9", 1_400_000_000_000, 1_400_000_000},          // upstream
		{"1.53E12", 1_530_000_000_000_000, 1_530_000_000_000}, // upstream
		{"1.6e15", 1_600_000_000_000_000_000, 1_600_000_000_000_000}, // upstream
		{"1.7E18", math.MaxInt64, 1_700_000_000_000_000_000},         // upstream
		{"10.035M", 10_035_000_000, 10_035_000},                      // upstream
		{"100.035k", 100_035_000, 100_035},                           // upstream
		{"1.1Mi", 1_153_433_600, 1_153_434},                          // upstream: 1153433.6
		{"0.1Ki", 102_400, 103},
		{"0.0001Ki", 103, 1}, // 0.1024 rounds up at the milli-unit
		{"0.5n", 1, 1},
		{"-0", 0, 0},
		{"-0.0005", -1, -1},
		{"9223372036854775.807", math.MaxInt64, 9223372036854776}, // exactly the largest milli-units
		{"9223372036854775.8075", math.MaxInt64, 9223372036854776},
		{"-9223372036854775.808", math.MinInt64, -9223372036854776}, // exactly the smallest
		{"-9223372036854775.8081", math.MinInt64, -9223372036854776},
		{"9223372036854775807.5", math.MaxInt64, math.MaxInt64}, // rounds to 2^63 units: held
		{"-9223372036854775808", math.MinInt64, math.MinInt64},  // -2^63 units fits
		{"-9223372036854775809", math.MinInt64, math.MinInt64},
		{"18446744073709551616", math.MaxInt64, math.MaxInt64},           // 2^64: no uint64 wrap
		{"7.99999999999999999999Ei", math.MaxInt64, 9223372036854775807}, // rounds up to 2^63, held
		{"7.5Ei", math.MaxInt64, 8646911284551352320},
		{"9223372036854775807Ki", math.MaxInt64, math.MaxInt64}, // capped
		{"1e-61", 1, 1}, // below 10^-60: the smallest amount
		{"-1e-61", -1, -1},
		{"1e-60", 1, 1},
	} {
		t.Run(tc.in, func(t *testing.T) {
			q, err := api.ParseQuantity(tc.in)
			require.NoError(t, err)
			assert.Equal(t, tc.milli, q.MilliValue(), "milli")
			assert.Equal(t, tc.value, q.Value(), "value")
		})
	}
}

// TestQuantityCmpBeyondInt64 compares quantities whose milli-units both
// saturate, by their exact values.
func TestQuantityCmpBeyondInt64(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"9223372036854775807", "8Ei", 0}, // the cap is 2^63-1 units
		{"9223372036854775808", "8Ei", 1}, // a plain decimal is not capped
		{"9223372036854775.807", "9223372036854775.8071", -1},
		{"1.0000000000000000000001E", "1E", 1}, // more digits than 64 bits hold
		{"10E", "11E", -1},
		{"100E", "1e100", 1}, // 10^20 units against the cap
		{"-100E", "-1e100", -1},
		{"1e60", "1e61", 0}, // both capped
		{"999999999999999999999999999999999999999999E", "1000000000000000000000000000000000000000000E", -1},  // just below 10^60 and at it
		{"1000000000000000000000000000000000000000000E", "10000000000000000000000000000000000000000000E", 0}, // past 10^60, read as 10^60
		{"7Ei", "8070450532247928832", 0},
		{"7Ei", "8070450532247928833", -1},
		{"-7Ei", "-8070450532247928833", 1},
	} {
		t.Run(tc.a+" vs "+tc.b, func(t *testing.T) {
			a, b := api.MustParseQuantity(tc.a), api.MustParseQuantity(tc.b)
			assert.Equal(t, tc.want, a.Cmp(b))
			assert.Equal(t, -tc.want, b.Cmp(a))
		})
	}
}
