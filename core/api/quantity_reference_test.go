package api

import (
	"math"
	"math/big"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// ratQuantity is quantity text read with math/big, as ParseQuantity read it
// before it had to leave math/big out of the page: the reference the
// decimal reading is held to.
func ratQuantity(t string) (*big.Rat, bool) {
	sign, digits, point, suffix, ok := splitQuantity(t)
	if !ok {
		return nil, false
	}
	exp10, exp2, capped := 0, uint(0), false
	if e, ok := decimalSuffixes[suffix]; ok {
		exp10 = e
	} else if b, ok := binarySuffixes[suffix]; ok {
		exp2, capped = b, true
	} else if e, ok := parseExponent(suffix); ok {
		exp10, capped = e, true
	} else {
		return nil, false
	}
	fraction := len(digits) - point
	digits = strings.TrimLeft(digits, "0")
	if digits == "" {
		return new(big.Rat), true
	}
	scale := exp10 - fraction
	magnitude := len(digits) + scale
	v := new(big.Rat)
	switch {
	case magnitude > exactQuantityBound:
		v.SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(exactQuantityBound), nil))
	case magnitude < -exactQuantityBound:
		v.SetFrac64(1, 1_000_000_000)
	default:
		n, _ := new(big.Int).SetString(digits, 10)
		v.SetInt(n)
		p := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(max(scale, -scale))), nil)
		if scale >= 0 {
			v.Mul(v, new(big.Rat).SetInt(p))
		} else {
			v.Quo(v, new(big.Rat).SetInt(p))
		}
		v.Mul(v, new(big.Rat).SetInt(new(big.Int).Lsh(big.NewInt(1), exp2)))
	}
	if max := new(big.Rat).SetInt64(math.MaxInt64); capped && v.Cmp(max) > 0 {
		v.Set(max)
	}
	if sign < 0 {
		v.Neg(v)
	}
	return v, true
}

// ratRounded is v rounded to a whole number away from zero, held at the
// int64 bounds.
func ratRounded(v *big.Rat) int64 {
	q, r := new(big.Int).QuoRem(v.Num(), v.Denom(), new(big.Int))
	if r.Sign() != 0 {
		q.Add(q, big.NewInt(int64(v.Sign())))
	}
	switch {
	case q.IsInt64():
		return q.Int64()
	case q.Sign() > 0:
		return math.MaxInt64
	}
	return math.MinInt64
}

// ratOf is d as a big.Rat.
func ratOf(d decimal) *big.Rat {
	if d.isZero() {
		return new(big.Rat)
	}
	n, ok := new(big.Int).SetString(d.digits, 10)
	if !ok {
		panic(d.digits)
	}
	v := new(big.Rat).SetInt(n)
	scale := d.exp - len(d.digits)
	p := new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(max(scale, -scale))), nil))
	if scale >= 0 {
		v.Mul(v, p)
	} else {
		v.Quo(v, p)
	}
	if d.neg {
		v.Neg(v)
	}
	return v
}

// referenceQuantities are quantity texts around every edge the reading
// has: the int64 bounds in units and in milli-units, rounding at the
// milli-unit, every suffix, the 2^63-1 cap, the 10^60 and 10^-60 bounds,
// long mantissas and leading and trailing zeros.
func referenceQuantities() []string {
	mantissas := []string{
		"0", "00", "0.0", ".0", "1", "5.", ".5", "0.001", "0.0015", "0.0005", "1.01", "007", "7000", "7.000",
		"9", "15", "1023", "1024", "1.5", "0.999", "999.9995",
		"9223372036854775", "9223372036854775.807", "9223372036854775.8075", "9223372036854776",
		"9223372036854775807", "9223372036854775808", "9223372036854775806.5", "18446744073709551615",
		"18446744073709551616", "99999999999999999999", "100000000000000000000",
		"8", "7.99999999999999999999", "8.00000000000000000001", "16",
		"123456789012345678901234567890123456789012345678901234567890",
		"1234567890123456789012345678901234567890123456789012345678901",
		"0.000000000000000000000000000000000000000000000000000000000001",
		"0.0000000000000000000000000000000000000000000000000000000000001",
		"1.0000000000000000000000000000000000000000000000000000000000000000001",
	}
	suffixes := []string{"", "n", "u", "m", "k", "M", "G", "T", "P", "E", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei",
		"e0", "e3", "E-3", "e+6", "e-9", "e-10", "e15", "e16", "e18", "e19", "e42", "e59", "e60", "e61", "e-60", "e-61", "e100", "e-100", "e999999999999"}
	var out []string
	for _, sign := range []string{"", "-", "+"} {
		for _, m := range mantissas {
			for _, s := range suffixes {
				out = append(out, sign+m+s)
			}
		}
	}
	return out
}

// TestQuantityReadsAsMathBigDid holds the decimal reading to math/big's on
// every reference quantity: the exact value, milli-units, units.
func TestQuantityReadsAsMathBigDid(t *testing.T) {
	for _, in := range referenceQuantities() {
		want, ok := ratQuantity(in)
		require.True(t, ok, in)
		got, err := exactQuantity(in)
		require.NoError(t, err, in)
		assert.Equal(t, 0, ratOf(got).Cmp(want), "%s: %s, want %s", in, ratOf(got).RatString(), want.RatString())
		q := MustParseQuantity(in)
		assert.Equal(t, ratRounded(new(big.Rat).Mul(want, big.NewRat(1000, 1))), q.MilliValue(), "%s milli", in)
		assert.Equal(t, ratRounded(want), q.Value(), "%s value", in)
	}
}

// TestQuantityComparesAsMathBigDid holds Cmp to math/big's comparison of
// the exact values wherever milli-units cannot tell two quantities apart:
// two saturated quantities of one sign.
func TestQuantityComparesAsMathBigDid(t *testing.T) {
	type quantity struct {
		q   Quantity
		rat *big.Rat
	}
	var saturated []quantity
	for _, in := range referenceQuantities() {
		// "+8E" reads as "8E" does (the reading test holds it so).
		if q := MustParseQuantity(in); q.saturated() && !strings.HasPrefix(in, "+") {
			rat, _ := ratQuantity(in)
			saturated = append(saturated, quantity{q, rat})
		}
	}
	require.NotEmpty(t, saturated)
	// In order of value, each against its neighbours (where two values
	// are closest, or equal from different texts) and against every
	// 25th: all pairs would take seconds under wasm.
	slices.SortStableFunc(saturated, func(a, b quantity) int { return a.rat.Cmp(b.rat) })
	for i, a := range saturated {
		for j, b := range saturated {
			if a.q.Sign() != b.q.Sign() || (j%25 != 0 && (j < i-3 || j > i+3)) {
				continue // told apart by milli-units, or compared to enough others
			}
			if got, want := a.q.Cmp(b.q), a.rat.Cmp(b.rat); got != want {
				t.Errorf("%s vs %s: Cmp is %d, want %d", a.q, b.q, got, want)
			}
		}
	}
}
