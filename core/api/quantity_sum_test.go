package api_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/kubeloop/kubeloop/core/api"
)

func TestAddMilliSaturates(t *testing.T) {
	for _, tc := range []struct{ a, b, want int64 }{
		{1, 2, 3},
		{-1, -2, -3},
		{math.MaxInt64, 1, math.MaxInt64},
		{1, math.MaxInt64, math.MaxInt64},
		{math.MaxInt64, math.MaxInt64, math.MaxInt64},
		{math.MinInt64, -1, math.MinInt64},
		{math.MinInt64, math.MinInt64, math.MinInt64},
		{math.MaxInt64, math.MinInt64, -1},
		{math.MaxInt64, -1, math.MaxInt64 - 1},
		{0, 0, 0},
	} {
		assert.Equal(t, tc.want, api.AddMilli(tc.a, tc.b), "%d + %d", tc.a, tc.b)
	}
}

func TestFloatToInt64Saturates(t *testing.T) {
	for _, tc := range []struct {
		f    float64
		want int64
	}{
		{0, 0},
		{1.9, 1},
		{-1.9, -1},
		{float64(math.MaxInt64), math.MaxInt64}, // 2^63: the conversion Go leaves to the platform
		{1e300, math.MaxInt64},
		{math.Inf(1), math.MaxInt64},
		{-(1 << 63), math.MinInt64},
		{-1e300, math.MinInt64},
		{math.NaN(), 0},
		{1 << 62, 1 << 62},
	} {
		assert.Equal(t, tc.want, api.FloatToInt64(tc.f), "%g", tc.f)
	}
}

func TestMilliTotalIsExact(t *testing.T) {
	huge := api.MilliTotalOf(math.MaxInt64)
	one := api.MilliTotalOf(1)
	sum := api.MilliTotal{}.Plus(one).Plus(huge).Plus(huge)
	assert.Equal(t, int64(math.MaxInt64), sum.Milli(), "beyond int64 it reads as the largest")
	assert.Equal(t, 1, sum.Cmp(api.MilliTotalOf(math.MaxInt64)))
	assert.Equal(t, one, sum.Minus(huge).Minus(huge), "taking the amounts out leaves exactly what was there")
	assert.Equal(t, int64(1), sum.Minus(huge).Minus(huge).Milli())

	neg := api.MilliTotal{}.Minus(huge).Minus(huge)
	assert.Equal(t, int64(math.MinInt64), neg.Milli())
	assert.Equal(t, -1, neg.Cmp(api.MilliTotalOf(math.MinInt64)))
	assert.Equal(t, int64(-5), api.MilliTotalOf(-7).Plus(api.MilliTotalOf(2)).Milli())
	assert.Equal(t, 0, api.MilliTotalOf(3).Cmp(api.MilliTotal{}.Plus(api.MilliTotalOf(1)).Plus(api.MilliTotalOf(2))))
	assert.Equal(t, -1, api.MilliTotalOf(-1).Cmp(api.MilliTotalOf(0)))
	assert.Equal(t, 1, api.MilliTotalOf(0).Cmp(api.MilliTotalOf(-1)))
}
