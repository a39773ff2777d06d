// Package sharelink is the payload of the page's share links: the seed,
// the session recorded since the cluster started (core/session: a
// transcript that replays to the same revision) and the editor's text, as
// JSON, which the page compresses
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

// Version is the payload format links are made in. Version 1 carried the
// YAML and the seed only; those links still open (the YAML applied).
// Decode refuses others by name.
const Version = 2

// Payload is what a link carries.
type Payload struct {
	V    int    `json:"v"`
	Seed uint64 `json:"seed"`
	// YAML is the editor's text (applied or not: the session says what was).
	YAML string `json:"yaml"`
	// Session is the transcript to replay (version 2; none in version 1).
	Session string `json:"session,omitempty"`
}

// Encode returns the JSON a link compresses.
func Encode(seed uint64, yaml, session string) (string, error) {
	if n := len(yaml) + len(session); n > MaxText-64 {
		return "", fmt.Errorf("the session is too long to share (%d KB, at most %d KB)", n>>10, (MaxText-64)>>10)
	}
	b, err := apijson.Marshal(Payload{V: Version, Seed: seed, YAML: yaml, Session: session})
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
	if p.V != 1 && p.V != Version {
		return Payload{}, fmt.Errorf("the share link has format %d; this page reads formats 1 and %d", p.V, Version)
	}
	if p.V == 1 && p.Session != "" {
		return Payload{}, errors.New("the share link is damaged: a format 1 link has no session")
	}
	if strings.ContainsRune(p.YAML, 0) {
		return Payload{}, errors.New("the share link's YAML contains a NUL character")
	}
	if strings.ContainsRune(p.Session, 0) {
		return Payload{}, errors.New("the share link's session contains a NUL character")
	}
	return p, nil
}

// Loopback hosts serve the page on this machine alone (kubeloop serve, a
// test server): a link to them is no use to anyone else.
func isLoopback(host string) bool {
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	return host == "localhost" || host == "::1" || strings.HasPrefix(host, "127.")
}

// Base is the address a link starts with, for a page at href (its
// fragment dropped): the page's own address when it is served to the
// world, else siteURL — the public site set at build time — for a page
// opened from a file or served on this machine, which nobody else could
// open. With no siteURL, the page's own address.
func Base(href, siteURL string) string {
	if i := strings.IndexByte(href, '#'); i >= 0 {
		href = href[:i]
	}
	scheme, rest, ok := strings.Cut(href, "://")
	host := rest
	if i := strings.IndexAny(rest, "/?"); i >= 0 {
		host = rest[:i]
	}
	if i := strings.LastIndexByte(host, '@'); i >= 0 {
		host = host[i+1:]
	}
	if h, _, found := strings.Cut(host, ":"); found && !strings.HasPrefix(host, "[") {
		host = h
	} else if strings.HasPrefix(host, "[") {
		host = host[:strings.IndexByte(host, ']')+1]
	}
	served := ok && (scheme == "https" || scheme == "http") && host != "" && !isLoopback(host)
	if served || siteURL == "" {
		return href
	}
	return siteURL
}
