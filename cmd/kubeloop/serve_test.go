package main

import (
	"bufio"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/site"
)

// netlifyHeaders reads the [[headers]] blocks of netlify.toml: path → header → value.
// It understands only the shape that file uses (for = "...", then key = "value" lines).
func netlifyHeaders(t *testing.T) map[string]map[string]string {
	t.Helper()
	f, err := os.Open("../../netlify.toml")
	require.NoError(t, err)
	defer f.Close()
	out := map[string]map[string]string{}
	var current string
	inHeaders := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
		case line == "[[headers]]":
			inHeaders, current = true, ""
		case strings.HasPrefix(line, "["):
			if line != "[headers.values]" {
				inHeaders = false
			}
		case inHeaders:
			key, value, ok := strings.Cut(line, "=")
			require.True(t, ok, "netlify.toml: %q", line)
			key, value = strings.TrimSpace(key), strings.Trim(strings.TrimSpace(value), `"`)
			if key == "for" {
				current = value
				out[current] = map[string]string{}
			} else {
				out[current][key] = value
			}
		}
	}
	require.NoError(t, sc.Err())
	return out
}

func TestServeSendsNetlifyHeaders(t *testing.T) {
	want := netlifyHeaders(t)
	require.NotEmpty(t, want["/*"], "netlify.toml has headers for /*")
	assert.Equal(t, want["/*"], site.SecurityHeaders, "kubeloop serve and netlify.toml send the same headers")
	assert.Equal(t, "application/wasm", want["/*.wasm"]["Content-Type"])

	srv := httptest.NewServer(siteHandler())
	defer srv.Close()
	for _, p := range []string{"/", "/kubeloop.wasm"} {
		resp, err := http.Get(srv.URL + p)
		require.NoError(t, err)
		resp.Body.Close()
		for k, v := range want["/*"] {
			assert.Equal(t, v, resp.Header.Get(k), "%s %s", p, k)
		}
	}
}

func TestServeWasmMIMEType(t *testing.T) {
	srv := httptest.NewServer(siteHandler())
	defer srv.Close()
	resp, err := http.Get(srv.URL + "/kubeloop.wasm")
	require.NoError(t, err)
	resp.Body.Close()
	if resp.StatusCode == http.StatusServiceUnavailable {
		t.Skip("site not built into this test binary (run make site)")
	}
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, "application/wasm", resp.Header.Get("Content-Type"))
}

func TestUnknownCommand(t *testing.T) {
	var out, errOut strings.Builder
	assert.Equal(t, 2, run([]string{"frobnicate"}, nil, &out, &errOut))
	assert.Contains(t, errOut.String(), `unknown command "frobnicate"`)
}
