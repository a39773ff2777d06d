package api

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/kubeloop/kubeloop/core/apijson"
)

// IntOrString holds either an int (maxSurge: 1) or a string (maxSurge: 25%).
type IntOrString struct {
	IsString bool
	IntVal   int32
	StrVal   string
}

// FromInt and FromString build IntOrStrings.
func FromInt(i int32) IntOrString     { return IntOrString{IntVal: i} }
func FromString(s string) IntOrString { return IntOrString{IsString: true, StrVal: s} }

func (v IntOrString) String() string {
	if v.IsString {
		return v.StrVal
	}
	return strconv.Itoa(int(v.IntVal))
}

// MarshalJSON writes a number or a string, as given.
func (v IntOrString) MarshalJSON() ([]byte, error) {
	if v.IsString {
		return apijson.Quote(v.StrVal), nil
	}
	return strconv.AppendInt(nil, int64(v.IntVal), 10), nil
}

// UnmarshalJSON accepts a number or a string.
func (v *IntOrString) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] == '"' {
		v.IsString = true
		return apijson.Unmarshal(b, &v.StrVal)
	}
	var i int32
	if err := apijson.Unmarshal(b, &i); err != nil {
		return fmt.Errorf("must be an integer or a string like \"25%%\"")
	}
	*v = IntOrString{IntVal: i}
	return nil
}

// ScaledValue resolves v against total: an int as is, a percentage of total
// rounded up or down. A string that is not "N%" is an error.
func (v IntOrString) ScaledValue(total int, roundUp bool) (int, error) {
	if !v.IsString {
		return int(v.IntVal), nil
	}
	s, ok := strings.CutSuffix(v.StrVal, "%")
	if !ok {
		return 0, fmt.Errorf("invalid value for IntOrString: invalid type: string is not a percentage")
	}
	pct, err := strconv.Atoi(s)
	if err != nil {
		return 0, fmt.Errorf("invalid value %q: %v", v.StrVal, err)
	}
	f := float64(pct) * float64(total) / 100
	if roundUp {
		return int(FloatToInt64(math.Ceil(f))), nil
	}
	return int(FloatToInt64(math.Floor(f))), nil
}
