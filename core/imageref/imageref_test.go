package imageref

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestReferenceParse ports cases of distribution/reference's
// TestReferenceParse and TestValidateReferenceName (normalize_test.go)
// to ParseNormalized, which checks as ParseNormalizedNamed does.
func TestReferenceParse(t *testing.T) {
	hex64 := strings.Repeat("f", 64)
	for image, want := range map[string]string{
		// valid
		"nginx": "", "nginx:1.25": "", "library/ubuntu": "", "docker/docker": "", "test_com": "",
		"test.com:tag": "", "test.com:5000": "", "test.com/repo:tag": "", "test:5000/repo": "",
		"test:5000/repo:tag": "", "test:5000/repo@sha256:" + hex64: "", "test:5000/repo:tag@sha256:" + hex64: "",
		"repo@sha256:" + hex64: "", "lowercase:Uppercase": "", "127.0.0.1:5000/docker/docker": "",
		"127.0.0.1:5000/library/debian": "", "192.168.0.1": "", "192.168.0.1:80": "", "192.168.0.1:8/debian": "",
		"localhost:5000/docker": "", "docker-rules/docker": "", "sub-dom1.foo.com/bar/baz/quux:some-long-tag": "",
		"b.gcr.io/test.example.com/my-app:test.example.com": "", "xn--n3h.com/myimage:xn--n3h.com": "",
		"foo_bar.com:8080": "", "foo/foo_bar.com:8080": "", "[2001:db8::1]:5000/repo": "", "a--b/c__d": "",
		"registry.k8s.io/pause:3.9": "", "Docker/docker": "",
		// invalid
		"":                          "invalid reference format",
		":justtag":                  "invalid reference format",
		"@sha256:" + hex64:          "invalid reference format",
		"<img>":                     "invalid reference format",
		"nginx\x00":                 "invalid reference format",
		"aa/asdf$$^/aa":             "invalid reference format",
		"docker///docker":           "invalid reference format",
		"docker.io/docker///docker": "invalid reference format",
		"registry.hub.docker.com/library//nginx:latest": "invalid reference format",
		"nginx:":                               "invalid reference format",
		"-nginx":                               "invalid reference format",
		"nginx_":                               "invalid reference format",
		"a___b":                                "invalid reference format",
		"nginx:-tag":                           "invalid reference format",
		"nginx:" + strings.Repeat("t", 129):    "invalid reference format",
		"Uppercase:tag":                        "invalid reference format: repository name (library/Uppercase) must be lowercase",
		"docker/Docker":                        "invalid reference format: repository name (docker/Docker) must be lowercase",
		"docker.io/docker/Docker":              "invalid reference format: repository name (docker/Docker) must be lowercase",
		"test:5000/Uppercase/lowercase:tag":    "invalid reference format: repository name (Uppercase/lowercase) must be lowercase",
		"validname@invaliddigest:" + hex64:     "unsupported digest algorithm",
		"validname@sha256:" + hex64[:63] + "F": "invalid checksum digest format",
		"validname@sha256:" + strings.Repeat("f", 65): "invalid checksum digest length",
		hex64:                               "invalid repository name (" + hex64 + "), cannot specify 64-byte hexadecimal strings",
		strings.Repeat("a/", 128) + "a:tag": "repository name must not be more than 255 characters",
	} {
		err := ParseNormalized(image)
		if want == "" {
			assert.NoError(t, err, "%q", image)
		} else if assert.Error(t, err, "%q", image) {
			assert.Equal(t, want, err.Error(), "%q", image)
		}
	}
}
