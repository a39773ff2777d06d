package bootstrap

import "testing"

// TestTokenParts: a token's id is six and its secret sixteen characters of
// [a-z0-9], as ^[a-z0-9]{6}$ and ^[a-z0-9]{16}$ say.
func TestTokenParts(t *testing.T) {
	for _, c := range []struct {
		s  string
		n  int
		ok bool
	}{
		{"abc123", 6, true}, {"abc12", 6, false}, {"abc1234", 6, false}, {"ABC123", 6, false}, {"abc-12", 6, false},
		{"0123456789abcdef", 16, true}, {"0123456789abcde", 16, false}, {"0123456789abcdeF", 16, false}, {"", 6, false},
	} {
		if got := isTokenPart(c.s, c.n); got != c.ok {
			t.Errorf("isTokenPart(%q, %d) = %v, want %v", c.s, c.n, got, c.ok)
		}
	}
}
