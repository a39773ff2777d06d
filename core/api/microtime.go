package api

import (
	"time"

	"github.com/kubeloop/kubeloop/core/apijson"
)

// MicroTime is a timestamp with microsecond precision, as the API
// serialises Lease acquire and renew times ("2026-01-01T00:00:02.718281Z");
// the zero MicroTime encodes as null.
type MicroTime struct{ time.Time }

// RFC3339Micro is MicroTime's wire format.
const RFC3339Micro = "2006-01-02T15:04:05.000000Z07:00"

// NewMicroTime wraps t, truncated to the microsecond as the API server
// stores it.
func NewMicroTime(t time.Time) MicroTime { return MicroTime{t.UTC().Truncate(time.Microsecond)} }

// MarshalJSON writes RFC 3339 with six fractional digits, or null.
func (t MicroTime) MarshalJSON() ([]byte, error) {
	if t.IsZero() {
		return []byte("null"), nil
	}
	return apijson.Quote(t.UTC().Format(RFC3339Micro)), nil
}

// UnmarshalJSON reads RFC 3339 (any fractional precision) or null.
func (t *MicroTime) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		*t = MicroTime{}
		return nil
	}
	var s string
	if err := apijson.Unmarshal(b, &s); err != nil {
		return err
	}
	p, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return err
	}
	*t = NewMicroTime(p)
	return nil
}
