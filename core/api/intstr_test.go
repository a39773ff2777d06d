package api_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
)

// The cases of upstream intstr's TestGetIntFromIntOrPercent /
// TestGetValueFromIntOrPercent, and the rolling-update fenceposts of
// UPSTREAM.md (maxSurge rounds up, maxUnavailable down).
func TestScaledValue(t *testing.T) {
	for _, tc := range []struct {
		name    string
		in      api.IntOrString
		total   int
		roundUp bool
		want    int
		wantErr bool
	}{
		{"int is taken as is", api.FromInt(123), 0, false, 123, false},
		{"90% of 100", api.FromString("90%"), 100, true, 90, false},
		{"90% of 95 rounded up", api.FromString("90%"), 95, true, 86, false},
		{"90% of 95 rounded down", api.FromString("90%"), 95, false, 85, false},
		{"bare percent sign", api.FromString("%"), 0, false, 0, true},
		{"no percent sign", api.FromString("90#"), 0, false, 0, true},
		{"not a number", api.FromString("#%"), 0, false, 0, true},
		{"plain number as a string", api.FromString("5"), 10, false, 0, true},
		{"maxSurge 25% of 10", api.FromString("25%"), 10, true, 3, false},
		{"maxUnavailable 25% of 10", api.FromString("25%"), 10, false, 2, false},
		{"maxSurge 25% of 3", api.FromString("25%"), 3, true, 1, false},
		{"maxUnavailable 25% of 3", api.FromString("25%"), 3, false, 0, false},
		{"maxSurge 25% of 1", api.FromString("25%"), 1, true, 1, false},
		{"0%", api.FromString("0%"), 10, true, 0, false},
		{"100%", api.FromString("100%"), 7, false, 7, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tc.in.ScaledValue(tc.total, tc.roundUp)
			if tc.wantErr {
				assert.Error(t, err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
}

func TestIntOrStringJSON(t *testing.T) {
	for _, tc := range []struct {
		json string
		v    api.IntOrString
	}{
		{`1`, api.FromInt(1)},
		{`"25%"`, api.FromString("25%")},
		{`"80"`, api.FromString("80")}, // a quoted number stays a string
		{`"http"`, api.FromString("http")},
	} {
		var v api.IntOrString
		require.NoError(t, json.Unmarshal([]byte(tc.json), &v))
		assert.Equal(t, tc.v, v)
		b, err := json.Marshal(v)
		require.NoError(t, err)
		assert.Equal(t, tc.json, string(b))
	}
	var v api.IntOrString
	assert.Error(t, json.Unmarshal([]byte(`1.5`), &v))
	assert.Error(t, json.Unmarshal([]byte(`true`), &v))
	assert.Equal(t, "25%", api.FromString("25%").String())
	assert.Equal(t, "3", api.FromInt(3).String())
}
