package sharelink

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestEncodeDecodeRoundTrip(t *testing.T) {
	text, err := Encode(42, "kind: Pod\nmetadata:\n  name: 网页\n")
	require.NoError(t, err)
	p, err := Decode(text)
	require.NoError(t, err)
	assert.Equal(t, Payload{V: 1, Seed: 42, YAML: "kind: Pod\nmetadata:\n  name: 网页\n"}, p)
}

func TestDecodeRefusesWithAReason(t *testing.T) {
	tests := []struct{ name, text, want string }{
		{"not json", "<img src=x>", "damaged"},
		{"unknown field", `{"v":1,"seed":1,"yaml":"","cmd":"rm"}`, "unknown field"},
		{"other version", `{"v":2,"seed":1,"yaml":""}`, "format 2"},
		{"negative seed", `{"v":1,"seed":-1,"yaml":""}`, "damaged"},
		{"trailing", `{"v":1,"seed":1,"yaml":""} {}`, "text after"},
		{"nul", `{"v":1,"seed":1,"yaml":"a\u0000"}`, "NUL"},
		{"too big", `{"v":1,"seed":1,"yaml":"` + strings.Repeat("a", MaxText) + `"}`, "more than"},
		{"bad utf8", "{\"v\":1,\"yaml\":\"\xff\"}", "UTF-8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Decode(tt.text)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.want)
		})
	}
}

func TestCheckFragment(t *testing.T) {
	data, err := CheckFragment("#share=abc-_09")
	require.NoError(t, err)
	assert.Equal(t, "abc-_09", data)
	for frag, want := range map[string]string{
		"#other=abc":  "not a share link",
		"#share=":     "empty",
		"#share=ab+c": "position 3",
		"#share=" + strings.Repeat("a", MaxFragment): "too long",
	} {
		_, err := CheckFragment(frag)
		require.Error(t, err, frag)
		assert.Contains(t, err.Error(), want)
	}
}

func TestEncodeRefusesTooMuchYAML(t *testing.T) {
	_, err := Encode(1, strings.Repeat("a", MaxText))
	assert.ErrorContains(t, err, "too long to share")
}

// FuzzDecode: no input panics, and whatever decodes re-encodes to the same.
func FuzzDecode(f *testing.F) {
	f.Add(`{"v":1,"seed":1,"yaml":"kind: Pod\n"}`)
	f.Add(`{"v":1}`)
	f.Add(`[]`)
	f.Add("\xff")
	f.Fuzz(func(t *testing.T, text string) {
		p, err := Decode(text)
		if err != nil {
			return
		}
		again, err := Encode(p.Seed, p.YAML)
		require.NoError(t, err)
		q, err := Decode(again)
		require.NoError(t, err)
		assert.Equal(t, p, q)
	})
}

func FuzzCheckFragment(f *testing.F) {
	f.Add("#share=abc")
	f.Add("#share=")
	f.Fuzz(func(t *testing.T, s string) {
		data, err := CheckFragment(s)
		if err == nil {
			assert.True(t, strings.HasSuffix(s, data))
			assert.LessOrEqual(t, len(s), MaxFragment)
		}
	})
}
