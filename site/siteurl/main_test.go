package main

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const page = `<head><meta name="kubeloop-site-url" content="https://kubeloop.netlify.app/"></head>`

func TestSetWritesTheAddress(t *testing.T) {
	for site, want := range map[string]string{
		"https://k8s.school.example/kubeloop/": "https://k8s.school.example/kubeloop/",
		"https://k8s.school.example/kubeloop":  "https://k8s.school.example/kubeloop/",
		"https://k8s.school.example":           "https://k8s.school.example/",
		"http://10.0.0.5:8080/index.html":      "http://10.0.0.5:8080/index.html",
	} {
		out, err := Set(page, site)
		require.NoError(t, err, site)
		assert.Equal(t, `<head><meta name="kubeloop-site-url" content="`+want+`"></head>`, out)
	}
}

func TestSetRefusesWhatIsNotAnAddress(t *testing.T) {
	for _, site := range []string{"", "kubeloop.netlify.app", "javascript:alert(1)", "file:///tmp/x", `https://a.example/"><script>`, "https://a.example/#x"} {
		_, err := Set(page, site)
		assert.Error(t, err, site)
	}
	_, err := Set("<head></head>", "https://a.example/")
	assert.ErrorContains(t, err, "no <meta")
}

// TestTheSourcePageHasTheTag: site/static/index.html carries the tag the
// build sets, naming the deployed site.
func TestTheSourcePageHasTheTag(t *testing.T) {
	b, err := os.ReadFile("../static/index.html")
	require.NoError(t, err)
	assert.Contains(t, string(b), `<meta name="kubeloop-site-url" content="https://kubeloop.netlify.app/">`)
}
