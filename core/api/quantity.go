package api

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/kubeloop/kubeloop/core/apijson"
)

// Quantity is a resource amount as written ("100m", "200Mi", "1Gi", "2").
// It keeps the text the user wrote, and its value in milli-units for
// arithmetic. A value beyond int64 milli-units (8Ei, 1e100) saturates at
// math.MaxInt64 (math.MinInt64 below zero) — the same on every platform —
// so it compares as more than any node has; Cmp and Value go back to the
// text for the exact value when both sides saturate.
type Quantity struct {
	text  string
	milli int64
}

const quantitySyntaxMsg = "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"

// decimalSuffixes are the SI suffixes as powers of ten, binarySuffixes
// the IEC ones as powers of two.
var (
	decimalSuffixes = map[string]int{"n": -9, "u": -6, "m": -3, "": 0, "k": 3, "M": 6, "G": 9, "T": 12, "P": 15, "E": 18}
	binarySuffixes  = map[string]uint{"Ki": 10, "Mi": 20, "Gi": 30, "Ti": 40, "Pi": 50, "Ei": 60}
)

// ParseQuantity reads Kubernetes quantity syntax, exactly: the number is
// read as a decimal, not a float, so "0.1" is 100m and "9223372036854775807"
// is that many units.
func ParseQuantity(s string) (Quantity, error) {
	t := strings.TrimSpace(s)
	v, err := exactQuantity(t)
	if err != nil {
		return Quantity{}, err
	}
	return Quantity{text: t, milli: v.rounded(3)}, nil
}

// exactQuantityBound is where exactQuantity stops following a value up:
// 10^60 units, far beyond any int64 amount, so a "1e999999999" costs no
// more than a "1e60" to read.
const exactQuantityBound = 60

// exactQuantity is the value of quantity text t in units. Binary (Ki…Ei)
// and exponent (1e3) quantities are capped at 2^63-1 units, as upstream
// caps them; decimal-suffixed ones are not capped there.
func exactQuantity(t string) (decimal, error) {
	sign, digits, point, suffix, ok := splitQuantity(t)
	if !ok {
		return decimal{}, fmt.Errorf("%s", quantitySyntaxMsg)
	}
	exp10, exp2, capped := 0, uint(0), false
	if e, ok := decimalSuffixes[suffix]; ok {
		exp10 = e
	} else if b, ok := binarySuffixes[suffix]; ok {
		exp2, capped = b, true
	} else if e, ok := parseExponent(suffix); ok {
		exp10, capped = e, true
	} else {
		return decimal{}, fmt.Errorf("unable to parse quantity's suffix")
	}
	fraction := len(digits) - point // digits after the decimal point
	// The value is digits × 10^(exp10-fraction) × 2^exp2, below
	// 10^v.exp × 2^exp2.
	v := decimalOf(sign < 0, digits, exp10-fraction)
	switch {
	case v.isZero():
		return v, nil
	case v.exp > exactQuantityBound:
		v = decimal{neg: v.neg, digits: "1", exp: exactQuantityBound + 1} // 10^60
	case v.exp < -exactQuantityBound:
		v = decimal{neg: v.neg, digits: "1", exp: -8} // 1n, rounded up to the smallest amount as upstream does
	default:
		v = v.timesPow2(exp2)
	}
	if capped && v.cmpAbs(maxInt64Units) > 0 {
		v = decimal{neg: v.neg, digits: maxInt64Units.digits, exp: maxInt64Units.exp}
	}
	return v, nil
}

// splitQuantity cuts t into its sign, its digits without the decimal
// point, how many of them come before the point, and the suffix.
func splitQuantity(t string) (sign int, digits string, point int, suffix string, ok bool) {
	sign = 1
	i := 0
	if i < len(t) && (t[i] == '+' || t[i] == '-') {
		if t[i] == '-' {
			sign = -1
		}
		i++
	}
	var b strings.Builder
	point = -1
	for ; i < len(t); i++ {
		switch c := t[i]; {
		case c >= '0' && c <= '9':
			b.WriteByte(c)
		case c == '.' && point < 0:
			point = b.Len()
		default:
			goto end
		}
	}
end:
	if b.Len() == 0 {
		return 0, "", 0, "", false
	}
	if point < 0 {
		point = b.Len()
	}
	return sign, b.String(), point, t[i:], true
}

// parseExponent reads a decimal exponent suffix: "e3", "E-2", "e+6".
func parseExponent(suffix string) (int, bool) {
	if len(suffix) < 2 || (suffix[0] != 'e' && suffix[0] != 'E') {
		return 0, false
	}
	s := suffix[1:]
	neg := false
	if s[0] == '+' || s[0] == '-' {
		neg, s = s[0] == '-', s[1:]
	}
	if s == "" {
		return 0, false
	}
	e := 0
	for _, c := range s {
		if c < '0' || c > '9' {
			return 0, false
		}
		if e <= 10*exactQuantityBound { // beyond the bound every exponent reads the same
			e = e*10 + int(c-'0')
		}
	}
	if neg {
		e = -e
	}
	return e, true
}

// MustParseQuantity is ParseQuantity for literals known to be valid.
func MustParseQuantity(s string) Quantity {
	q, err := ParseQuantity(s)
	if err != nil {
		panic(err)
	}
	return q
}

// MilliValue is the amount in thousandths (100m cpu → 100), saturated at
// the int64 bounds.
func (q Quantity) MilliValue() int64 { return q.milli }

// saturated reports a milli value that stands for a larger amount.
func (q Quantity) saturated() bool { return q.milli == math.MaxInt64 || q.milli == math.MinInt64 }

// exact is the quantity's value in units, from its text.
func (q Quantity) exact() decimal {
	v, err := exactQuantity(q.text)
	if err != nil { // a Quantity is made from parsed text only
		abs := uint64(q.milli)
		if q.milli < 0 {
			abs = -abs
		}
		return decimalOf(q.milli < 0, strconv.FormatUint(abs, 10), -3)
	}
	return v
}

// Value is the amount in whole units, rounded away from zero, saturated at
// the int64 bounds.
func (q Quantity) Value() int64 {
	if q.saturated() {
		return q.exact().rounded(0)
	}
	v := q.milli / 1000
	switch r := q.milli % 1000; {
	case r > 0:
		v++
	case r < 0:
		v--
	}
	return v
}

// IsZero reports an unset or zero quantity.
func (q Quantity) IsZero() bool { return q.milli == 0 }

// Sign is -1, 0 or 1 as the quantity is negative, zero or positive.
func (q Quantity) Sign() int {
	switch {
	case q.milli < 0:
		return -1
	case q.milli > 0:
		return 1
	}
	return 0
}

func (q Quantity) String() string {
	if q.text == "" {
		return "0"
	}
	return q.text
}

// MarshalJSON writes the quantity as text, as the API does.
func (q Quantity) MarshalJSON() ([]byte, error) { return apijson.Quote(q.String()), nil }

// UnmarshalJSON accepts a string ("100m") or a number (2).
func (q *Quantity) UnmarshalJSON(b []byte) error {
	s := string(b)
	if s == "null" {
		*q = Quantity{}
		return nil
	}
	if len(b) > 0 && b[0] == '"' {
		if err := apijson.Unmarshal(b, &s); err != nil {
			return err
		}
	}
	p, err := ParseQuantity(s)
	if err != nil {
		return err
	}
	*q = p
	return nil
}

// Cmp is -1, 0 or 1 as q is less than, equal to or greater than o,
// exactly: two quantities beyond int64 milli-units ("8Ei", "16Ei") are
// compared by their values, not their saturated milli-units.
func (q Quantity) Cmp(o Quantity) int {
	switch {
	case q.milli < o.milli:
		return -1
	case q.milli > o.milli:
		return 1
	case q.saturated():
		return q.exact().cmp(o.exact())
	}
	return 0
}
