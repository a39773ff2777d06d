package apijson_test

import (
	"bytes"
	"encoding/json"
	"math"
	"net/netip"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/apijson"
	"github.com/kubeloop/kubeloop/core/testtext"
)

// agree holds Marshal, MarshalIndent and Generic to encoding/json for v.
func agree(t *testing.T, v any) {
	t.Helper()
	want, wantErr := json.Marshal(v)
	got, err := apijson.Marshal(v)
	if wantErr != nil {
		assert.Error(t, err, "json.Marshal fails with %v", wantErr)
		return
	}
	require.NoError(t, err)
	assert.Equal(t, string(want), string(got))
	compact := want
	want, _ = json.MarshalIndent(v, "", "    ")
	got, err = apijson.MarshalIndent(v, "", "    ")
	require.NoError(t, err)
	assert.Equal(t, string(want), string(got))
	want, _ = json.MarshalIndent(v, ">", "\t")
	got, _ = apijson.MarshalIndent(v, ">", "\t")
	assert.Equal(t, string(want), string(got))

	d := json.NewDecoder(bytes.NewReader(compact))
	d.UseNumber()
	var wantTree any
	require.NoError(t, d.Decode(&wantTree))
	gotTree, err := apijson.Generic(v)
	require.NoError(t, err)
	assert.Equal(t, numbersAsJSON(wantTree), gotTree)
}

// numbersAsJSON turns json.Number into Number in a generic tree.
func numbersAsJSON(v any) any {
	switch x := v.(type) {
	case json.Number:
		return apijson.Number(x)
	case map[string]any:
		for k, e := range x {
			x[k] = numbersAsJSON(e)
		}
	case []any:
		for i, e := range x {
			x[i] = numbersAsJSON(e)
		}
	}
	return v
}

type Inner struct {
	A string `json:"a,omitempty"`
	B int    `json:"b"`
}

type DupA struct{ Same int }

type DupB struct{ Same int }

type inner2 struct {
	C bool `json:"c"`
	A string
}

type quoted struct{ s string }

func (q quoted) MarshalJSON() ([]byte, error) { return []byte(` { "s" : "` + q.s + `<&>" } `), nil }

type ptrMarshaler struct{ n int }

func (p *ptrMarshaler) MarshalJSON() ([]byte, error) { return []byte(`"ptr"`), nil }

type zeroer struct{ n int }

func (z zeroer) IsZero() bool { return z.n == 7 }

type sample struct {
	Inner
	*inner2
	Name     string `json:"name"`
	Skip     string `json:"-"`
	Dash     string `json:"-,"`
	Untagged int
	private  int
	Opt      *int              `json:"opt,omitempty"`
	Labels   map[string]string `json:"labels,omitempty"`
	Nums     map[int]float64   `json:"nums"`
	List     []string          `json:"list"`
	Empty    []string          `json:"empty,omitempty"`
	Bytes    []byte            `json:"bytes"`
	Raw      json.RawMessage   `json:"raw,omitempty"`
	Any      any               `json:"any"`
	Q        quoted            `json:"q"`
	P        ptrMarshaler      `json:"p"`
	Z        zeroer            `json:"z,omitzero"`
	Arr      [2]uint8          `json:"arr"`
	F32      float32           `json:"f32"`
}

func TestMarshalAgreesWithEncodingJSON(t *testing.T) {
	one := 1
	values := []any{
		nil, true, 0, -12, uint64(math.MaxUint64), 3.0, 1e21, 1e20, 1e-7, 0.000001, -0.0, 123456789.125, 1.5e300,
		float32(3.14), float32(1e-7), "", "plain", "<a href='x'>&</a>", "tab\tnl\ncr\r\b\f\x01\x7f", "bad\xffutf8",
		"line\u2028sep\u2029", "é and 日本", []int(nil), []int{}, map[string]int(nil), map[string]int{},
		map[string]any{"z": 1, "a": []any{nil, "x", 2.5}, "m": map[string]any{}},
		[]byte("hello"), json.RawMessage(`{"b": [1, 2], "a": "<"}`), &one,
		sample{}, &sample{Name: "n", Opt: &one, Labels: map[string]string{"b": "2", "a": "1"}, Nums: map[int]float64{10: 1, 2: 0.5},
			List: []string{"x"}, Empty: []string{}, Bytes: []byte{0, 255}, Any: map[string]any{"k": []any{}},
			Inner: Inner{A: "a", B: 2}, inner2: &inner2{C: true, A: "hidden"}, Z: zeroer{7}, F32: 0.1},
		sample{Z: zeroer{1}, Raw: json.RawMessage(`null`)},
		struct {
			DupA // equal claims to "Same" at one depth hide each other
			DupB
			C int `json:"c"`
		}{DupA{1}, DupB{2}, 3},
	}
	for _, v := range values {
		agree(t, v)
	}
	for _, n := range []string{"", "12.50", "-1e5"} {
		want, _ := json.Marshal(map[string]any{"n": json.Number(n)})
		got, err := apijson.Marshal(map[string]any{"n": apijson.Number(n)})
		require.NoError(t, err)
		assert.Equal(t, string(want), string(got))
	}
	for _, bad := range []any{math.NaN(), math.Inf(1), func() {}, apijson.Number("1x"), netip.MustParseAddr("10.0.0.1"), map[bool]int{true: 1}} {
		_, err := apijson.Marshal(bad)
		assert.Error(t, err, "%T", bad)
	}
}

// TestStringsAgreeWithEncodingJSON holds the escaping to encoding/json's
// over seeded random strings: control bytes, HTML characters, invalid and
// multi-byte UTF-8, U+2028.
func TestStringsAgreeWithEncodingJSON(t *testing.T) {
	alphabet := "ab \t\n\r\b\f\x00\x1f\x7f\"\\/<>&'é\xff\xe2\x80\xa8\xa9\xf0\x9f\x98\x80"
	for _, s := range testtext.Strings(1, 3000, 0, 12, alphabet) {
		agree(t, s)
		agree(t, map[string]string{s: s})
		b, _ := json.Marshal(s)
		var want, got string
		require.NoError(t, json.Unmarshal(b, &want))
		require.NoError(t, apijson.Unmarshal(b, &got))
		assert.Equal(t, want, got)
	}
}

// TestDecodeAgreesWithEncodingJSON compares results and error texts.
func TestDecodeAgreesWithEncodingJSON(t *testing.T) {
	type target struct {
		Inner
		Name  string            `json:"name"`
		N     int32             `json:"n"`
		U     uint8             `json:"u"`
		F     float64           `json:"f"`
		P     *int              `json:"p"`
		M     map[string]int    `json:"m"`
		S     []string          `json:"s"`
		B     []byte            `json:"b"`
		Any   any               `json:"any"`
		Raw   json.RawMessage   `json:"raw"`
		Deep  map[string]Inner  `json:"deep"`
		Items []Inner           `json:"items"`
		Keys  map[int]string    `json:"keys"`
		Flag  bool              `json:"flag"`
		Arr   [2]int            `json:"arr"`
		Ann   map[string]string `json:"ann"`
	}
	texts := []string{
		`{}`, `null`, ` {"name":"x","NAME":"y","n":-5,"u":255,"f":1.5e3,"p":7,"m":{"a":1},"s":["a","b"],"b":"AAE=","any":{"x":[1,"2",true,null]}}`,
		`{"raw": {"b" : [1, 2] , "a":"<"}, "a":"inner","B":3,"deep":{"k":{"b":1}},"items":[{"a":"1"},{}],"keys":{"12":"x"}}`,
		`{"n":"three"}`, `{"n":1.5}`, `{"n":99999999999}`, `{"u":-1}`, `{"items":[{"b":"x"}]}`, `{"deep":{"k":{"b":true}}}`,
		`{"s":"x"}`, `{"m":[1]}`, `{"flag":1}`, `{"keys":{"x":"y"}}`, `{"arr":[1,2,3]}`, `{"arr":[1]}`, `{"s":[]}`, `{"s":null,"m":null,"p":null}`,
		`{"n":"x","u":"y"}`, `{"b":"!!"}`, `{"any":1e400}`, `{"name":"\ud83d\ude00\ud800x\u00e9\/"}`, `{"ann":{"a":"1","b":null}}`,
		``, `{`, `{"a"`, `{"a":}`, `{"a" 1}`, `{"a":1,}`, `[1,]`, `[1 2]`, `{"a":1}x`, `tru`, `nul`, `-`, `-x`, `1.`, `1.x`, `1e`, `1ex`, `01`,
		`"\x"`, `"\u12g4"`, "\"a\x01\"", `{1:2}`, `'a'`,
		`"\`, `"\u`, `"\u1`, `"\u12`, `"\u123`, `"ab`, `{"name":"\u00`, `["\u0041`, // cut short (a fuzzer's find)
	}
	for _, text := range texts {
		var want, got target
		wantErr := json.Unmarshal([]byte(text), &want)
		err := apijson.Unmarshal([]byte(text), &got)
		if wantErr != nil {
			require.Error(t, err, "%s", text)
			assert.Equal(t, wantErr.Error(), err.Error(), "%s", text)
		} else {
			assert.NoError(t, err, "%s", text)
		}
		assert.Equal(t, want, got, "%s", text)

		var wantAny, gotAny any
		wantErr = json.Unmarshal([]byte(text), &wantAny)
		err = apijson.Unmarshal([]byte(text), &gotAny)
		if wantErr != nil {
			require.Error(t, err, "%s", text)
			assert.Equal(t, wantErr.Error(), err.Error(), "%s", text)
		}
		assert.Equal(t, wantAny, gotAny, "%s", text)
		assert.Equal(t, json.Valid([]byte(text)), apijson.Valid([]byte(text)), "%s", text)
	}
}

func TestDecodeOptions(t *testing.T) {
	var v any
	require.NoError(t, apijson.Decode([]byte(`{"a":1.50}`), &v, apijson.Options{UseNumber: true}))
	assert.Equal(t, map[string]any{"a": apijson.Number("1.50")}, v)
	var s struct {
		A int `json:"a"`
	}
	err := apijson.Decode([]byte(`{"a":1,"b":2}`), &s, apijson.Options{DisallowUnknownFields: true})
	assert.EqualError(t, err, `json: unknown field "b"`)
	assert.EqualError(t, apijson.Unmarshal([]byte(`1`), s), "json: Unmarshal(non-pointer struct { A int \"json:\\\"a\\\"\" })")
	assert.True(t, strings.HasPrefix(apijson.Unmarshal([]byte(`1`), (*int)(nil)).Error(), "json: Unmarshal(nil *int)"))
	assert.Equal(t, reflect.TypeFor[apijson.Number]().Kind(), reflect.String)
}

// FuzzDecodeAgreesWithEncodingJSON: any text is valid, decodes and fails
// as encoding/json says (into a generic value).
func FuzzDecodeAgreesWithEncodingJSON(f *testing.F) {
	for _, seed := range []string{`{"a":[1,"x\u00e9",true,null]}`, `"\u`, `[1e400]`, `{"a":1}x`, `-0.5e-3`} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		var want, got any
		wantErr := json.Unmarshal([]byte(text), &want)
		err := apijson.Unmarshal([]byte(text), &got)
		if wantErr != nil {
			require.Error(t, err, "%q", text)
			assert.Equal(t, wantErr.Error(), err.Error(), "%q", text)
		} else {
			require.NoError(t, err, "%q", text)
			assert.Equal(t, want, got, "%q", text)
		}
		assert.Equal(t, json.Valid([]byte(text)), apijson.Valid([]byte(text)), "%q", text)
	})
}
