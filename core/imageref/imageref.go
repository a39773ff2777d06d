// Package imageref checks container image references against docker's
// distribution/reference grammar, as kubectl run and the container runtime
// check them.
package imageref

import (
	"errors"
	"fmt"
	"strings"
)

// An image reference, as the container runtime parses it before a pull
// (docker's distribution/reference grammar, by ParseNormalizedNamed):
//
//	reference        := name [ ":" tag ] [ "@" digest ]
//	name             := [domain '/'] path-component ['/' path-component]*
//	domain           := host [':' port-number]
//	host             := domain-name | '[' IPv6address ']'
//	domain-name      := domain-component ['.' domain-component]*
//	domain-component := /([a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])/
//	path-component   := /[a-z0-9]+/ [separator /[a-z0-9]+/]*
//	separator        := /[_.]|__|[-]+/
//	tag              := /[\w][\w.-]{0,127}/
//	digest           := algorithm ":" hex (sha256: 64 lowercase hex digits)
//
// written out by hand: the page's binary carries no regexp package.

var (
	// ErrInvalidFormat is the grammar's refusal.
	ErrInvalidFormat       = errors.New("invalid reference format")
	errNameTooLong         = errors.New("repository name must not be more than 255 characters")
	errDigestInvalidFormat = errors.New("invalid checksum digest format")
	errDigestInvalidLength = errors.New("invalid checksum digest length")
	errDigestUnsupported   = errors.New("unsupported digest algorithm")
)

// ParseNormalized checks image as ParseNormalizedNamed does, with its
// error messages; nil for a reference a runtime could pull.
func ParseNormalized(image string) error {
	if len(image) == 64 && isLowerHex(image) {
		return fmt.Errorf("invalid repository name (%s), cannot specify 64-byte hexadecimal strings", image)
	}
	domain, remainder := splitDockerDomain(image)
	remoteName, _, _ := strings.Cut(remainder, ":")
	if strings.ToLower(remoteName) != remoteName {
		return fmt.Errorf("invalid reference format: repository name (%s) must be lowercase", remoteName)
	}
	return parseReference(domain + "/" + remainder)
}

// splitDockerDomain is where the runtime finds the registry: the first
// path element when it looks like a host (a dot, a port, localhost, or
// capitals), else docker.io, where one-element names are library/'s.
func splitDockerDomain(name string) (domain, remainder string) {
	first, rest, ok := strings.Cut(name, "/")
	switch {
	case !ok:
		return "docker.io", "library/" + name
	case first == "localhost", strings.ContainsAny(first, ".:"), strings.ToLower(first) != first:
		domain, remainder = first, rest
	case first == "index.docker.io":
		domain, remainder = "docker.io", rest
	default:
		domain, remainder = "docker.io", name
	}
	if domain == "docker.io" && !strings.Contains(remainder, "/") {
		remainder = "library/" + remainder
	}
	return domain, remainder
}

// Matches reports whether s is a reference as the grammar writes it, with
// no normalizing (reference.ReferenceRegexp, which kubectl run checks
// --image against): "Nginx:1.25" does not match, "nginx" does.
func Matches(s string) bool {
	_, _, _, ok := split(s)
	return ok
}

// split cuts s into its name, tag and digest, and reports whether each
// matches the grammar.
func split(s string) (name, digest string, hasDigest, ok bool) {
	var rest, tag string
	var hasTag bool
	rest, digest, hasDigest = strings.Cut(s, "@")
	name = rest
	if i := strings.LastIndexByte(rest, ':'); i > strings.LastIndexByte(rest, '/') {
		name, tag, hasTag = rest[:i], rest[i+1:], true
	}
	ok = validName(name) && (!hasTag || validTag(tag)) && (!hasDigest || validDigestSyntax(digest))
	return name, digest, hasDigest, ok
}

// parseReference matches s against the reference grammar.
func parseReference(s string) error {
	name, digest, hasDigest, ok := split(s)
	if !ok {
		return ErrInvalidFormat
	}
	if len(name) > 255 {
		return errNameTooLong
	}
	if hasDigest {
		return validateDigest(digest)
	}
	return nil
}

// validName: path components, after a domain or not.
func validName(name string) bool {
	parts := strings.Split(name, "/")
	if len(parts) > 1 && validDomain(parts[0]) && allPathComponents(parts[1:]) {
		return true
	}
	return allPathComponents(parts)
}

func allPathComponents(parts []string) bool {
	for _, p := range parts {
		if !validPathComponent(p) {
			return false
		}
	}
	return len(parts) > 0
}

// validPathComponent: lowercase alphanumeric runs joined by one separator
// each: '.', '_', '__' or any number of '-'.
func validPathComponent(p string) bool {
	runs := 0
	for i := 0; i < len(p); {
		j := i
		for j < len(p) && (p[j] >= 'a' && p[j] <= 'z' || p[j] >= '0' && p[j] <= '9') {
			j++
		}
		if j == i {
			return false // a separator at the start, or two in a row
		}
		runs++
		if j == len(p) {
			return true
		}
		k := j
		switch {
		case p[k] == '.':
			k++
		case p[k] == '_':
			k++
			if k < len(p) && p[k] == '_' {
				k++
			}
		case p[k] == '-':
			for k < len(p) && p[k] == '-' {
				k++
			}
		default:
			return false
		}
		if k == len(p) {
			return false // a separator at the end
		}
		i = k
	}
	return runs > 0
}

// validDomain: a host name or [IPv6], with an optional port.
func validDomain(d string) bool {
	host, port := d, ""
	if strings.HasPrefix(d, "[") {
		end := strings.IndexByte(d, ']')
		if end < 0 || end == 1 {
			return false
		}
		for _, c := range d[1:end] {
			if !isHex(byte(c)) && c != ':' {
				return false
			}
		}
		host, port = "", d[end+1:]
		if port != "" {
			if port[0] != ':' {
				return false
			}
			port = port[1:]
			if port == "" {
				return false
			}
		}
	} else if i := strings.IndexByte(d, ':'); i >= 0 {
		host, port = d[:i], d[i+1:]
		if port == "" {
			return false
		}
	}
	for i := 0; i < len(port); i++ {
		if port[i] < '0' || port[i] > '9' {
			return false
		}
	}
	if host == "" {
		return strings.HasPrefix(d, "[")
	}
	for _, c := range strings.Split(host, ".") {
		if !validDomainComponent(c) {
			return false
		}
	}
	return true
}

func validDomainComponent(c string) bool {
	if c == "" || c[0] == '-' || c[len(c)-1] == '-' {
		return false
	}
	for i := 0; i < len(c); i++ {
		if !isAlnum(c[i]) && c[i] != '-' {
			return false
		}
	}
	return true
}

// validTag: a word character, then at most 127 word characters, dots and
// dashes.
func validTag(t string) bool {
	if t == "" || len(t) > 128 || !isWord(t[0]) {
		return false
	}
	for i := 1; i < len(t); i++ {
		if !isWord(t[i]) && t[i] != '.' && t[i] != '-' {
			return false
		}
	}
	return true
}

// validDigestSyntax: algorithm components joined by [-_+.], ':', then at
// least 32 hex digits.
func validDigestSyntax(d string) bool {
	alg, hex, ok := strings.Cut(d, ":")
	if !ok || len(hex) < 32 {
		return false
	}
	for i := 0; i < len(hex); i++ {
		if !isHex(hex[i]) {
			return false
		}
	}
	return validAlgorithm(alg)
}

// validAlgorithm: components of a letter then letters and digits, joined
// by one of -_+. each.
func validAlgorithm(alg string) bool {
	start := true
	for i := 0; i < len(alg); i++ {
		c := alg[i]
		switch {
		case start && isLetter(c):
			start = false
		case !start && isAlnum(c):
		case !start && strings.IndexByte("-_+.", c) >= 0:
			start = true
		default:
			return false
		}
	}
	return !start
}

// validateDigest is go-digest's Validate: a known algorithm and an
// encoding of its length, in lowercase hex.
func validateDigest(d string) error {
	alg, hex, _ := strings.Cut(d, ":")
	size, ok := map[string]int{"sha256": 64, "sha384": 96, "sha512": 128}[alg]
	switch {
	case !ok:
		return errDigestUnsupported
	case len(hex) != size:
		return errDigestInvalidLength
	case !isLowerHex(hex):
		return errDigestInvalidFormat
	}
	return nil
}

func isLowerHex(s string) bool {
	for i := 0; i < len(s); i++ {
		if !(s[i] >= '0' && s[i] <= '9' || s[i] >= 'a' && s[i] <= 'f') {
			return false
		}
	}
	return true
}

func isHex(c byte) bool    { return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }
func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isAlnum(c byte) bool  { return isLetter(c) || c >= '0' && c <= '9' }
func isWord(c byte) bool   { return isAlnum(c) || c == '_' }
