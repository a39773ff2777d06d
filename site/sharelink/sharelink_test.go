package sharelink

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestEncodeDecodeRoundTrip(t *testing.T) {
	text, err := Encode(42, "kind: Pod\nmetadata:\n  name: 网页\n", "kubectl scale statefulset web --replicas=3\nsim step 12\n")
	require.NoError(t, err)
	p, err := Decode(text)
	require.NoError(t, err)
	assert.Equal(t, Payload{V: 2, Seed: 42, YAML: "kind: Pod\nmetadata:\n  name: 网页\n",
		Session: "kubectl scale statefulset web --replicas=3\nsim step 12\n"}, p)
}

// TestVersionOneLinksStillOpen: a link made before sessions were shared
// carries the YAML and the seed, and decodes as it did.
func TestVersionOneLinksStillOpen(t *testing.T) {
	p, err := Decode(`{"v":1,"seed":5,"yaml":"kind: Pod\n"}`)
	require.NoError(t, err)
	assert.Equal(t, Payload{V: 1, Seed: 5, YAML: "kind: Pod\n"}, p)
}

func TestBase(t *testing.T) {
	const site = "https://kubeloop.netlify.app/"
	for href, want := range map[string]string{
		"https://kubeloop.netlify.app/#share=abc": "https://kubeloop.netlify.app/",
		"https://school.example/k8s/?x=1#share=a": "https://school.example/k8s/?x=1",
		"file:///home/me/kubeloop.html#share=abc": site,
		"http://127.0.0.1:8080/":                  site,
		"http://localhost:8080/index.html#x":      site,
		"http://[::1]:8080/":                      site,
		"http://192.168.1.20:8080/":               "http://192.168.1.20:8080/",
		"http://user@localhost/":                  site,
		"http://localhost.evil.example/":          "http://localhost.evil.example/",
	} {
		assert.Equal(t, want, Base(href, site), href)
	}
	assert.Equal(t, "file:///k.html", Base("file:///k.html#share=x", ""), "no site URL: the page's own address")
}

func TestDecodeRefusesWithAReason(t *testing.T) {
	tests := []struct{ name, text, want string }{
		{"not json", "<img src=x>", "damaged"},
		{"unknown field", `{"v":1,"seed":1,"yaml":"","cmd":"rm"}`, "unknown field"},
		{"other version", `{"v":3,"seed":1,"yaml":""}`, "format 3"},
		{"v1 with a session", `{"v":1,"seed":1,"yaml":"","session":"x"}`, "no session"},
		{"nul in session", `{"v":2,"seed":1,"yaml":"","session":"a\u0000"}`, "NUL"},
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
	_, err := Encode(1, strings.Repeat("a", MaxText/2), strings.Repeat("b", MaxText/2))
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
		again, err := Encode(p.Seed, p.YAML, p.Session)
		require.NoError(t, err)
		q, err := Decode(again)
		require.NoError(t, err)
		p.V = Version
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
