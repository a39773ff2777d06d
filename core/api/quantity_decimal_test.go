package api

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestDecimalOfDropsLeadingAndTrailingZeros(t *testing.T) {
	for _, tc := range []struct {
		digits string
		scale  int
		want   decimal
	}{
		{"0", 0, decimal{}},
		{"000", 5, decimal{}},
		{"7", 0, decimal{digits: "7", exp: 1}},
		{"007", 0, decimal{digits: "7", exp: 1}},
		{"7000", 0, decimal{digits: "7", exp: 4}},
		{"007000", -3, decimal{digits: "7", exp: 1}},
		{"1015", -4, decimal{digits: "1015", exp: 0}},   // 0.1015
		{"0015", -4, decimal{digits: "15", exp: -2}},    // 0.0015
		{"1", 18, decimal{digits: "1", exp: 19}},        // 1E
		{"10203", -2, decimal{digits: "10203", exp: 3}}, // 102.03
	} {
		assert.Equal(t, tc.want, decimalOf(false, tc.digits, tc.scale), "%s×10^%d", tc.digits, tc.scale)
	}
	assert.Equal(t, decimal{}, decimalOf(true, "0", 0), "no negative zero")
}

func TestDecimalTimesPow2(t *testing.T) {
	for _, tc := range []struct {
		in   decimal
		n    uint
		want decimal
	}{
		{decimal{digits: "7", exp: 1}, 60, decimal{digits: "8070450532247928832", exp: 19}}, // 7Ei
		{decimal{digits: "9", exp: 1}, 60, decimal{digits: "10376293541461622784", exp: 20}},
		{decimal{digits: "8", exp: 1}, 60, decimal{digits: "9223372036854775808", exp: 19}}, // 8Ei, 2^63
		{decimal{digits: "15", exp: 1}, 30, decimal{digits: "1610612736", exp: 10}},         // 1.5Gi
		{decimal{digits: "5", exp: 0}, 1, decimal{digits: "1", exp: 1}},                     // 0.5×2: trailing zero dropped
		{decimal{digits: "1", exp: -2}, 10, decimal{digits: "1024", exp: 1}},                // 0.001Ki
		// (10^21-1)×2^60: a carry out of every digit
		{decimal{digits: "999999999999999999999", exp: 21}, 60, decimal{digits: "1152921504606846975998847078495393153024", exp: 40}},
		{decimal{}, 60, decimal{}},
		{decimal{neg: true, digits: "3", exp: 1}, 10, decimal{neg: true, digits: "3072", exp: 4}},
	} {
		assert.Equal(t, tc.want, tc.in.timesPow2(tc.n), "%+v × 2^%d", tc.in, tc.n)
	}
}

func TestDecimalCmp(t *testing.T) {
	d := func(neg bool, digits string, exp int) decimal { return decimal{neg: neg, digits: digits, exp: exp} }
	for _, tc := range []struct {
		a, b decimal
		want int
	}{
		{decimal{}, decimal{}, 0},
		{d(false, "1", 1), decimal{}, 1},
		{decimal{}, d(true, "1", 1), 1},
		{d(false, "12", 2), d(false, "123", 2), -1}, // 12 < 12.3: a prefix is smaller
		{d(false, "123", 2), d(false, "12", 2), 1},
		{d(false, "9", 1), d(false, "1", 2), -1}, // 9 < 10: the exponent first
		{d(true, "9", 1), d(true, "1", 2), 1},    // -9 > -10
		{d(true, "5", 1), d(false, "1", -8), -1},
		{maxInt64Units, d(false, "9223372036854775807", 19), 0},
		{d(false, "10000000000000000000001", 19), d(false, "1", 19), 1}, // beyond 64 bits of mantissa
	} {
		assert.Equal(t, tc.want, tc.a.cmp(tc.b), "%+v vs %+v", tc.a, tc.b)
	}
}

func TestDecimalRoundedAwayFromZeroAndHeld(t *testing.T) {
	d := func(neg bool, digits string, exp int) decimal { return decimal{neg: neg, digits: digits, exp: exp} }
	for _, tc := range []struct {
		in    decimal
		shift int
		want  int64
	}{
		{decimal{}, 3, 0},
		{d(false, "5", -3), 3, 1},   // 500u is 1m
		{d(true, "5", -3), 3, -1},   // -500u is -1m
		{d(false, "1", -8), 0, 1},   // 1n is one unit, rounded up
		{d(false, "101", -2), 3, 2}, // 1.01m
		{d(false, "15", 1), 0, 2},
		{d(true, "15", 1), 0, -2},
		{d(false, "1", 1), 3, 1000},
		{d(false, "1", 4), 0, 1000},                                 // 1000: digits fewer than whole ones
		{d(false, "9223372036854775807", 16), 3, math.MaxInt64},     // 9223372036854775.807, exactly
		{d(false, "9223372036854775806", 16), 3, math.MaxInt64 - 1}, // just below
		{d(false, "92233720368547758065", 16), 3, math.MaxInt64},    // rounds up onto the bound
		{d(false, "92233720368547758075", 16), 3, math.MaxInt64},    // rounds up past it
		{d(true, "9223372036854775808", 16), 3, math.MinInt64},      // -9223372036854775.808, exactly
		{d(true, "9223372036854775807", 16), 3, math.MinInt64 + 1},  // just inside
		{d(true, "92233720368547758081", 16), 3, math.MinInt64},     // beyond
		{d(false, "9223372036854775808", 19), 0, math.MaxInt64},     // 2^63
		{d(true, "9223372036854775808", 19), 0, math.MinInt64},      // -2^63 fits
		{d(true, "9223372036854775809", 19), 0, math.MinInt64},      // below it does not
		{d(false, "99999999999999999999", 20), 0, math.MaxInt64},    // 20 digits
		{d(false, "18446744073709551615", 20), 0, math.MaxInt64},    // 2^64-1
		{d(false, "1", 61), 3, math.MaxInt64},                       // 10^60
		{d(true, "1", 61), 3, math.MinInt64},
	} {
		assert.Equal(t, tc.want, tc.in.rounded(tc.shift), "%+v×10^%d", tc.in, tc.shift)
	}
}
