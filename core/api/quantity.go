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
// arithmetic; 1Ei in milli-units overflows int64, so values saturate.
type Quantity struct {
	text  string
	milli int64
}

var quantitySuffixes = map[string]float64{
	"n": 1e-9, "u": 1e-6, "m": 1e-3, "": 1, "k": 1e3, "M": 1e6, "G": 1e9, "T": 1e12, "P": 1e15, "E": 1e18,
	"Ki": 1 << 10, "Mi": 1 << 20, "Gi": 1 << 30, "Ti": 1 << 40, "Pi": 1 << 50, "Ei": 1 << 60,
}

// ParseQuantity reads Kubernetes quantity syntax.
func ParseQuantity(s string) (Quantity, error) {
	t := strings.TrimSpace(s)
	if t == "" {
		return Quantity{}, fmt.Errorf("quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'")
	}
	i := 0
	for i < len(t) && (t[i] == '+' || t[i] == '-' || t[i] == '.' || (t[i] >= '0' && t[i] <= '9')) {
		i++
	}
	num, suffix := t[:i], t[i:]
	f, err := strconv.ParseFloat(num, 64)
	if err != nil {
		return Quantity{}, fmt.Errorf("quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'")
	}
	mult, ok := quantitySuffixes[suffix]
	if !ok {
		if len(suffix) > 1 && (suffix[0] == 'e' || suffix[0] == 'E') {
			exp, err := strconv.Atoi(suffix[1:])
			if err != nil {
				return Quantity{}, fmt.Errorf("unable to parse quantity's suffix")
			}
			mult = math.Pow10(exp)
		} else {
			return Quantity{}, fmt.Errorf("unable to parse quantity's suffix")
		}
	}
	m := math.Ceil(f * mult * 1000)
	if m > math.MaxInt64 {
		m = math.MaxInt64
	}
	return Quantity{text: t, milli: int64(m)}, nil
}

// MustParseQuantity is ParseQuantity for literals known to be valid.
func MustParseQuantity(s string) Quantity {
	q, err := ParseQuantity(s)
	if err != nil {
		panic(err)
	}
	return q
}

// MilliValue is the amount in thousandths (100m cpu → 100).
func (q Quantity) MilliValue() int64 { return q.milli }

// Value is the amount rounded up to a whole unit.
func (q Quantity) Value() int64 { return (q.milli + 999) / 1000 }

// IsZero reports an unset or zero quantity.
func (q Quantity) IsZero() bool { return q.milli == 0 }

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

// Cmp is -1, 0 or 1 as q is less than, equal to or greater than o.
func (q Quantity) Cmp(o Quantity) int {
	switch {
	case q.milli < o.milli:
		return -1
	case q.milli > o.milli:
		return 1
	}
	return 0
}
