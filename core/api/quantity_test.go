package api_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
)

func TestParseQuantity(t *testing.T) {
	for _, tc := range []struct {
		in    string
		milli int64
		value int64
	}{
		{"100m", 100, 1},
		{"250m", 250, 1},
		{"1", 1000, 1},
		{"2", 2000, 2},
		{"1.5", 1500, 2},
		{"0.5", 500, 1},
		{"0", 0, 0},
		{"1k", 1_000_000, 1000},
		{"1M", 1_000_000_000, 1_000_000},
		{"1Ki", 1024_000, 1024},
		{"200Mi", 200 << 20 * 1000, 200 << 20},
		{"1Gi", 1 << 30 * 1000, 1 << 30},
		{"1.5Gi", 3 << 29 * 1000, 3 << 29},
		{"1e3", 1_000_000, 1000},
		{"1E3", 1_000_000, 1000},
		{"+2", 2000, 2},
		{"500u", 1, 1}, // below a milli-unit rounds up, as MilliValue does upstream
	} {
		t.Run(tc.in, func(t *testing.T) {
			q, err := api.ParseQuantity(tc.in)
			require.NoError(t, err)
			assert.Equal(t, tc.milli, q.MilliValue())
			assert.Equal(t, tc.value, q.Value())
			assert.Equal(t, tc.in, q.String())
		})
	}
}

func TestParseQuantityRejects(t *testing.T) {
	for _, in := range []string{"", " ", "abc", "1x", "1.2.3", "m", "Mi", "1e", "1 Gi", "1mi", "1GB", "--1", "0x10"} {
		_, err := api.ParseQuantity(in)
		assert.Error(t, err, "%q", in)
	}
}

func TestQuantityJSON(t *testing.T) {
	var l api.ResourceList
	require.NoError(t, json.Unmarshal([]byte(`{"cpu": 1, "memory": "200Mi", "ephemeral": 0.5}`), &l))
	assert.Equal(t, int64(1000), l["cpu"].MilliValue())
	assert.Equal(t, int64(200<<20), l["memory"].Value())
	assert.Equal(t, int64(500), l["ephemeral"].MilliValue())

	b, err := json.Marshal(l)
	require.NoError(t, err)
	assert.JSONEq(t, `{"cpu": "1", "memory": "200Mi", "ephemeral": "0.5"}`, string(b))

	var q api.Quantity
	assert.Error(t, json.Unmarshal([]byte(`"1x"`), &q))
	assert.Error(t, json.Unmarshal([]byte(`true`), &q))
	assert.True(t, api.Quantity{}.IsZero())
	assert.Equal(t, "0", api.Quantity{}.String())
}

func TestMustParseQuantityPanicsOnBadLiteral(t *testing.T) {
	assert.Panics(t, func() { api.MustParseQuantity("lots") })
}
