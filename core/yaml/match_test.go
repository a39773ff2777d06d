package yaml

import (
	"errors"
	"math/big"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/kubeloop/kubeloop/core/testtext"
)

// The scalar and message matchers are written out (the page links no
// regexp); here each is held to the regexp it replaces, on hand-picked
// strings and on random strings over the characters that matter.
func TestMatchersAgreeWithTheirRegexps(t *testing.T) {
	float := regexp.MustCompile(`^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$`)
	base60 := regexp.MustCompile(`^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$`)
	position := regexp.MustCompile(`\[(\d+):(\d+)\]`)
	check := func(s string) {
		assert.Equal(t, float.MatchString(s), isYAML11Float(s), "float %q", s)
		assert.Equal(t, base60.MatchString(s), isBase60(s), "base60 %q", s)
		assert.Equal(t, position.ReplaceAllString(s, "line $1, column $2"), withPositionsInWords(s), "position %q", s)
		_, _, line, col, ok := positionInMessage(s)
		if m := position.FindStringSubmatch(s); m != nil {
			assert.True(t, ok, "position %q", s)
			assert.Equal(t, []string{m[1], m[2]}, []string{line, col}, "position %q", s)
		} else {
			assert.False(t, ok, "position %q", s)
		}
	}
	for _, s := range []string{"", "1", "-1.5", "+.5", ".", "1.", "1e5", "1.5E-3", "e5", "1e", "1e+", ".e1", "--1", "0x1f",
		"1:20", "190:20:30", "1:60", "1:5", "1:05.5", "1_000:59.9_", ":20", "1:", "1:2:", "-1:30",
		"[3:4]", "a [12:7] b [1:2]", "[3:]", "[:4]", "[[3:4]]", "[3:4", "x[10:20]y"} {
		check(s)
	}
	for _, s := range testtext.Strings(8, 200_000, 0, 8, "0123459+-.:eE_[]x") {
		check(s)
	}
}

func TestIsBigIntIsParseUintOverflowThatBigIntReads(t *testing.T) {
	check := func(s string) {
		// What resolvePlain asked before: ParseUint overflows, and
		// big.Int reads the whole of it.
		_, err := strconv.ParseUint(s, 0, 64)
		_, ok := new(big.Int).SetString(s, 0)
		assert.Equal(t, errors.Is(err, strconv.ErrRange) && ok, isBigInt(s), "%q", s)
	}
	for _, s := range []string{"18446744073709551616", "-18446744073709551616", "+18446744073709551616", "18446744073709551615",
		"0x1ffffffffffffffff", "0b" + strings.Repeat("1", 65), "0o7777777777777777777777", "077777777777777777777777", "--1", "1e30", ""} {
		check(s)
	}
	for _, s := range testtext.Strings(9, 100_000, 18, 25, "0123456789abcdefxob+-") {
		check(s)
	}
}
