// Package sharelink is the payload of the page's share links: the editor's
// YAML and the cluster's seed, as JSON, which the page compresses
// (deflate-raw) and puts base64url-encoded in the URL fragment:
//
//	https://…/#share=<base64url(deflate-raw(JSON))>
//
// A link is untrusted input — anyone can make one — so Decode checks
// everything and says in words what is wrong, and never panics; the
// decompression itself is bounded by the page (MaxText).
package sharelink

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/kubeloop/kubeloop/core/apijson"
)

// Prefix starts the URL fragment of a share link.
const Prefix = "#share="

// Limits. MaxFragment bounds the link (long URLs break in chat tools and
// browsers); MaxText bounds what it may expand to.
const (
	MaxFragment = 16 << 10
	MaxText     = 256 << 10
)

// Version is the payload format; Decode refuses others by name.
const Version = 1

// Payload is what a link carries.
type Payload struct {
	V    int    `json:"v"`
	Seed uint64 `json:"seed"`
	YAML string `json:"yaml"`
}

// Encode returns the JSON a link compresses.
func Encode(seed uint64, yaml string) (string, error) {
	if len(yaml) > MaxText-64 {
		return "", fmt.Errorf("the YAML is too long to share (%d KB, at most %d KB)", len(yaml)>>10, (MaxText-64)>>10)
	}
	b, err := apijson.Marshal(Payload{V: Version, Seed: seed, YAML: yaml})
	return string(b), err
}

// ErrTooLong is returned for a fragment over MaxFragment.
var ErrTooLong = errors.New("the share link is too long")

// CheckFragment validates the fragment before decompression: prefix,
// size and alphabet. It returns the base64url part.
func CheckFragment(fragment string) (string, error) {
	data, ok := strings.CutPrefix(fragment, Prefix)
	if !ok {
		return "", fmt.Errorf("not a share link (it must start with %s)", Prefix)
	}
	if len(fragment) > MaxFragment {
		return "", fmt.Errorf("%w: %d characters, at most %d", ErrTooLong, len(fragment), MaxFragment)
	}
	if data == "" {
		return "", errors.New("the share link is empty")
	}
	for i := 0; i < len(data); i++ {
		c := data[i]
		if !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return "", fmt.Errorf("the share link has a character that is not base64url at position %d", i+1)
		}
	}
	return data, nil
}

// Decode reads the decompressed JSON of a link.
func Decode(text string) (Payload, error) {
	var p Payload
	if len(text) > MaxText {
		return p, fmt.Errorf("the share link expands to more than %d KB", MaxText>>10)
	}
	if !utf8.ValidString(text) {
		return p, errors.New("the share link is not UTF-8 text")
	}
	value, rest, err := apijson.Cut([]byte(text))
	if err == nil {
		err = apijson.Decode(value, &p, apijson.Options{DisallowUnknownFields: true})
	}
	if err != nil {
		return Payload{}, fmt.Errorf("the share link is damaged: %v", err)
	}
	if strings.TrimLeft(string(rest), " \t\r\n") != "" {
		return Payload{}, errors.New("the share link is damaged: text after the data")
	}
	if p.V != Version {
		return Payload{}, fmt.Errorf("the share link has format %d; this page reads format %d", p.V, Version)
	}
	if strings.ContainsRune(p.YAML, 0) {
		return Payload{}, errors.New("the share link's YAML contains a NUL character")
	}
	return p, nil
}
