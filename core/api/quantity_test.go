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

// TestQuantityParse takes its cases from upstream's TestQuantityParse
// (apimachinery resource/quantity_test.go): exact decimals, every suffix,
// exponents, and values beyond int64 that saturate instead of wrapping.
func TestQuantityParse(t *testing.T) {
	const maxInt64 = int64(^uint64(0) >> 1)
	for _, tc := range []struct {
		in    string
		milli int64
		value int64
	}{
		{"0", 0, 0},
		{"0n", 0, 0},
		{"0Ki", 0, 0},
		{"0.1", 100, 1},
		{"0.001", 1, 1},
		{".5", 500, 1},
		{"5.", 5000, 5},
		{"100e-3", 100, 1},
		{"1.5Gi", 1536 << 20 * 1000, 1536 << 20},
		{"1n", 1, 1},
		{"1u", 1, 1},
		{"1.01m", 2, 1},
		{"1E", maxInt64, 1e18}, // milli-units saturate, units do not
		{"8E", maxInt64, 8e18},
		{"7Ei", maxInt64, 7 << 60},
		{"8Ei", maxInt64, maxInt64}, // upstream caps binary quantities at 2^63-1 units
		{"1e100", maxInt64, maxInt64},
		{"1e999999999999", maxInt64, maxInt64},
		{"9223372036854775807", maxInt64, maxInt64},
		{"9223372036854775", 9223372036854775000, 9223372036854775},
		{"1e-100", 1, 1}, // rounds up to the smallest amount
		{"-1", -1000, -1},
		{"-1.5m", -2, -1}, // away from zero, as upstream rounds
		{"-8Ei", -maxInt64 - 1, -maxInt64},
		{"-1e100", -maxInt64 - 1, -maxInt64},
		{"+1.5", 1500, 2},
	} {
		t.Run(tc.in, func(t *testing.T) {
			q, err := api.ParseQuantity(tc.in)
			require.NoError(t, err)
			assert.Equal(t, tc.milli, q.MilliValue(), "milli")
			assert.Equal(t, tc.value, q.Value(), "value")
		})
	}
}

// TestQuantityCmp as upstream's: exact, also where milli-units saturate.
func TestQuantityCmp(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"1m", "8Ei", -1},
		{"8Ei", "1m", 1},
		{"1", "1000m", 0},
		{"0.1", "100m", 0},
		{"1Gi", "1G", 1},
		{"7Ei", "8E", 1},
		{"8E", "9E", -1},
		{"8Ei", "16Ei", 0}, // both capped at 2^63-1 units, as upstream
		{"1e100", "8Ei", 0},
		{"-8Ei", "-7Ei", -1},
		{"-1", "0", -1},
	} {
		t.Run(tc.a+" vs "+tc.b, func(t *testing.T) {
			assert.Equal(t, tc.want, api.MustParseQuantity(tc.a).Cmp(api.MustParseQuantity(tc.b)))
		})
	}
}
