package api

import (
	"math"
	"math/bits"
)

// Sums of quantities in milli-units. A pod may ask for 8Ei cpu (int64's
// largest milli value); adding it to a node's usage must not wrap to a
// negative total that fits anywhere. These saturate instead, and behave
// the same natively and in the page.

// AddMilli is a + b, held at math.MaxInt64 or math.MinInt64 where the sum
// would leave int64.
func AddMilli(a, b int64) int64 {
	s := a + b
	if (s > a) != (b > 0) {
		if b > 0 {
			return math.MaxInt64
		}
		return math.MinInt64
	}
	return s
}

// FloatToInt64 converts f toward zero, held at the int64 bounds (NaN is 0).
// Go leaves an out-of-range conversion to the platform: 2^63 becomes the
// most negative int64 on amd64 and the largest under wasm.
func FloatToInt64(f float64) int64 {
	switch {
	case f != f:
		return 0
	case f >= 1<<63:
		return math.MaxInt64
	case f < -(1 << 63):
		return math.MinInt64
	}
	return int64(f)
}

// MilliTotal is an exact sum of milli-unit amounts: 128 bits, so no count
// of int64 amounts overflows it, and an amount taken out again leaves
// exactly what was there before — which a saturated sum cannot promise. The
// scheduler keeps each node's usage in one, adding and removing pods as
// its cache changes. The zero value is 0.
type MilliTotal struct {
	hi int64
	lo uint64
}

// MilliTotalOf is the total of one amount.
func MilliTotalOf(milli int64) MilliTotal { return MilliTotal{hi: milli >> 63, lo: uint64(milli)} }

// Plus is t + u.
func (t MilliTotal) Plus(u MilliTotal) MilliTotal {
	lo, carry := bits.Add64(t.lo, u.lo, 0)
	return MilliTotal{hi: t.hi + u.hi + int64(carry), lo: lo}
}

// Minus is t - u.
func (t MilliTotal) Minus(u MilliTotal) MilliTotal {
	lo, borrow := bits.Sub64(t.lo, u.lo, 0)
	return MilliTotal{hi: t.hi - u.hi - int64(borrow), lo: lo}
}

// Cmp is -1, 0 or 1 as t is less than, equal to or greater than u.
func (t MilliTotal) Cmp(u MilliTotal) int {
	switch {
	case t.hi < u.hi || (t.hi == u.hi && t.lo < u.lo):
		return -1
	case t == u:
		return 0
	}
	return 1
}

// Milli is the total, held at the int64 bounds.
func (t MilliTotal) Milli() int64 {
	switch {
	case t.hi == 0 && t.lo <= math.MaxInt64, t.hi == -1 && t.lo > math.MaxInt64:
		return int64(t.lo)
	case t.hi < 0:
		return math.MinInt64
	}
	return math.MaxInt64
}
