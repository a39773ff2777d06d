//go:build js && wasm

package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// The longest frames are kept longest first, at most keptFrames of them,
// each with its parts, the rest as "other" and the way it went; a report
// starts anew.
func TestFrameTimingKeepsTheLongestFrames(t *testing.T) {
	var ft frameTiming
	now := 0.0
	for i, ms := range []float64{5, 40, 12, 40.5, 3, 30, 25, 8, 60, 1} {
		ft.frameBegan(now)
		ft.parts[partTrace] = float64(i)
		if i == 8 {
			ft.path = pathDraw
		}
		now += ms
		ft.frameEnded(now)
	}
	var kept []float64
	for _, f := range ft.worst {
		kept = append(kept, f.MS)
	}
	assert.Equal(t, []float64{60, 40.5, 40, 30, 25, 12, 8, 5}, kept)
	assert.Equal(t, map[string]float64{"trace": 8, "other": 52}, ft.worst[0].Parts)
	assert.Equal(t, pathDraw, ft.worst[0].Path, "each kept frame says which way it went")
	assert.Equal(t, pathIdle, ft.worst[1].Path, "a frame starts as idle")
	r := ft.report()
	assert.Equal(t, 10, r["frames"])
	assert.Equal(t, map[string]int{pathIdle: 9, pathDraw: 1}, r["paths"])
	assert.Equal(t, map[string]float64{"avg": 4.5, "max": 9}, r["parts"].(map[string]any)["trace"])
	assert.Empty(t, ft.worst)
	assert.Zero(t, ft.n)
}
