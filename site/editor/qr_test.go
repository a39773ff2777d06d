//go:build !js

// Package editor_test checks the page's JavaScript that can be checked
// outside a browser: the QR encoder (qr.js), run by Node, its codes read
// back by an independent decoder (gozxing, a port of ZXing). Not under
// GOOS=js: a test there cannot start Node.
package editor_test

import (
	"encoding/json"
	"image"
	"image/color"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/qrcode"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// encodeAll runs qr.js's encode on each case in Node and returns the rows
// (nil when it refused).
func encodeAll(t *testing.T, cases [][2]string) [][]string {
	t.Helper()
	dir := t.TempDir()
	src, err := os.ReadFile("qr.js")
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "qr.mjs"), src, 0o644))
	in, err := json.Marshal(cases)
	require.NoError(t, err)
	script := `import { encode } from "./qr.mjs";
const cases = JSON.parse(process.argv[2]);
console.log(JSON.stringify(cases.map(([text, level]) => {
  const rows = encode(text, level || undefined);
  return rows && rows.map((r) => r.map((d) => (d ? "1" : "0")).join(""));
})));`
	require.NoError(t, os.WriteFile(filepath.Join(dir, "run.mjs"), []byte(script), 0o644))
	cmd := exec.Command("node", "run.mjs", string(in))
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, string(out))
	var rows [][]string
	require.NoError(t, json.Unmarshal(out, &rows), string(out))
	return rows
}

// decode reads a code drawn 4 pixels a module with a 4-module quiet zone.
func decode(t *testing.T, rows []string) (string, string) {
	t.Helper()
	const scale, quiet = 4, 4
	n := len(rows) + 2*quiet
	img := image.NewGray(image.Rect(0, 0, n*scale, n*scale))
	for i := range img.Pix {
		img.Pix[i] = 255
	}
	for y, row := range rows {
		for x, c := range row {
			if c != '1' {
				continue
			}
			for dy := 0; dy < scale; dy++ {
				for dx := 0; dx < scale; dx++ {
					img.SetGray((x+quiet)*scale+dx, (y+quiet)*scale+dy, color.Gray{})
				}
			}
		}
	}
	bmp, err := gozxing.NewBinaryBitmapFromImage(img)
	require.NoError(t, err)
	res, err := qrcode.NewQRCodeReader().Decode(bmp, map[gozxing.DecodeHintType]any{gozxing.DecodeHintType_PURE_BARCODE: true})
	require.NoError(t, err)
	level, _ := res.GetResultMetadata()[gozxing.ResultMetadataType_ERROR_CORRECTION_LEVEL].(string)
	return res.GetText(), level
}

func link(n int) string {
	base := "https://kubeloop.netlify.app/#share="
	var b strings.Builder
	b.WriteString(base)
	for i := 0; b.Len() < n; i++ {
		b.WriteByte("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"[(i*37+i/7)%64])
	}
	return b.String()[:n]
}

// TestQRCodesDecode: codes of every size up to the largest, at both
// levels, decode to the text they were made from, at the level asked.
func TestQRCodesDecode(t *testing.T) {
	var cases [][2]string
	for _, n := range []int{1, 17, 40, 100, 200, 300, 450, 600, 800, 997} {
		for _, level := range []string{"M", "L"} {
			cases = append(cases, [2]string{link(max(n, 1)), level})
		}
	}
	cases = append(cases, [2]string{link(1273), "L"}, [2]string{"kubeloop 网页 ✓", ""})
	rows := encodeAll(t, cases)
	versions := map[int]bool{}
	for i, c := range cases {
		require.NotNil(t, rows[i], "%d characters at %s fit", len(c[0]), c[1])
		size := len(rows[i])
		require.Equal(t, 0, (size-17)%4, "a QR code's side is 4v+17 modules")
		versions[(size-17)/4] = true
		text, level := decode(t, rows[i])
		assert.Equal(t, c[0], text, "%d characters", len(c[0]))
		if c[1] != "" {
			assert.Equal(t, c[1], level)
		}
	}
	assert.GreaterOrEqual(t, len(versions), 12, "many versions were drawn: %v", versions)
	assert.True(t, versions[25], "the largest version was drawn: %v", versions)
}

// TestQRRefusesWhatDoesNotFit: a link longer than the largest code
// holds gets no code; M gives way to L before that.
func TestQRRefusesWhatDoesNotFit(t *testing.T) {
	rows := encodeAll(t, [][2]string{{link(1200), ""}, {link(1274), ""}, {link(900), ""}})
	require.NotNil(t, rows[0], "1,200 bytes fit at L")
	_, level := decode(t, rows[0])
	assert.Equal(t, "L", level)
	assert.Nil(t, rows[1], "1,274 bytes are more than version 25 holds")
	_, level = decode(t, rows[2])
	assert.Equal(t, "M", level, "900 bytes fit at M")
}
