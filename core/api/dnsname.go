package api

// The RFC 1123 name checks of the API server's validation, written out
// rather than as regular expressions: they run on every create, and a
// package-level regexp is compiled when the program starts, which in the
// browser is time before the page can draw (the regexp compiler's own code
// is compiled then too).

// IsDNS1123Label reports whether s matches [a-z0-9]([-a-z0-9]*[a-z0-9])?
// (the length limit of 63 is the caller's).
func IsDNS1123Label(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9':
		case c == '-' && i > 0 && i < len(s)-1:
		default:
			return false
		}
	}
	return true
}

// IsDNS1123Subdomain reports whether s is RFC 1123 labels joined by dots,
// [a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)* (the
// length limit of 253 is the caller's).
func IsDNS1123Subdomain(s string) bool {
	start := 0
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == '.' {
			if !IsDNS1123Label(s[start:i]) {
				return false
			}
			start = i + 1
		}
	}
	return true
}
