package api

import "math"

// decimal is an exact decimal number, 0.digits × 10^exp, negative when neg.
// digits are ASCII, with neither leading nor trailing zeros, and empty for
// zero. It is what quantity text reads as before it is rounded to int64:
// held as digits, it stays exact however many the text has, and comparing
// two of them is comparing their exponents and then their digits.
type decimal struct {
	neg    bool
	digits string
	exp    int
}

// decimalOf is the integer whose decimal digits are given, times 10^scale.
func decimalOf(neg bool, digits string, scale int) decimal {
	i := 0
	for i < len(digits) && digits[i] == '0' {
		i++
	}
	j := len(digits)
	for j > i && digits[j-1] == '0' {
		j--
	}
	if i == j {
		return decimal{}
	}
	// Trailing zeros leave the point where it was: exp counts the digits
	// before it, zeros included.
	return decimal{neg: neg, digits: digits[i:j], exp: len(digits) - i + scale}
}

// maxInt64Units is math.MaxInt64, 2^63-1.
var maxInt64Units = decimal{digits: "9223372036854775807", exp: 19}

// isZero reports zero.
func (d decimal) isZero() bool { return d.digits == "" }

// negated is -d.
func (d decimal) negated() decimal {
	if d.isZero() {
		return d
	}
	d.neg = !d.neg
	return d
}

// timesPow2 is d × 2^n, for n at most 60: each digit times 2^60, plus the
// carry (below 2^60), stays within a uint64.
func (d decimal) timesPow2(n uint) decimal {
	if d.isZero() || n == 0 {
		return d
	}
	m := uint64(1) << n
	// Little-endian digits of digits × m: at most 19 more than digits has.
	out := make([]byte, 0, len(d.digits)+19)
	var carry uint64
	for i := len(d.digits) - 1; i >= 0; i-- {
		p := uint64(d.digits[i]-'0')*m + carry
		out = append(out, byte(p%10)+'0')
		carry = p / 10
	}
	for ; carry > 0; carry /= 10 {
		out = append(out, byte(carry%10)+'0')
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return decimalOf(d.neg, string(out), d.exp-len(d.digits))
}

// cmpAbs is -1, 0 or 1 as |d| is less than, equal to or greater than |e|.
func (d decimal) cmpAbs(e decimal) int {
	switch {
	case d.isZero() || e.isZero():
		return signum(len(d.digits) - len(e.digits)) // zero has no digits
	case d.exp != e.exp:
		return signum(d.exp - e.exp)
	case d.digits < e.digits: // no trailing zeros: a prefix is the smaller number
		return -1
	case d.digits > e.digits:
		return 1
	}
	return 0
}

// cmp is -1, 0 or 1 as d is less than, equal to or greater than e.
func (d decimal) cmp(e decimal) int {
	ds, es := d.sign(), e.sign()
	switch {
	case ds != es:
		return signum(ds - es)
	case ds < 0:
		return -d.cmpAbs(e)
	}
	return d.cmpAbs(e)
}

// sign is -1, 0 or 1 as d is negative, zero or positive.
func (d decimal) sign() int {
	switch {
	case d.isZero():
		return 0
	case d.neg:
		return -1
	}
	return 1
}

func signum(n int) int {
	switch {
	case n < 0:
		return -1
	case n > 0:
		return 1
	}
	return 0
}

// rounded is d × 10^shift rounded to a whole number away from zero, as
// upstream's MilliValue and Value round ("500u" is 1m), and held at the
// int64 bounds.
func (d decimal) rounded(shift int) int64 {
	if d.isZero() {
		return 0
	}
	whole := d.exp + shift // digits before the point
	var abs uint64         // |d × 10^shift|, rounded; past 2^63 when beyond
	switch {
	case whole <= 0: // 0 < |d × 10^shift| < 1
		abs = 1
	case whole > 19: // at least 10^19
		abs = math.MaxUint64
	default: // at most 19 digits: below 10^19, within a uint64
		for i := range whole {
			abs *= 10
			if i < len(d.digits) {
				abs += uint64(d.digits[i] - '0')
			}
		}
		if len(d.digits) > whole { // a nonzero digit after the point
			abs++
		}
	}
	switch {
	case !d.neg && abs > math.MaxInt64:
		return math.MaxInt64
	case !d.neg:
		return int64(abs)
	case abs >= 1<<63:
		return math.MinInt64
	}
	return -int64(abs)
}
