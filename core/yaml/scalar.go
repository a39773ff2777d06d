package yaml

import (
	"strconv"
	"strings"
	"time"
)

// scalarKind is what an unquoted scalar means to YAML 1.1, the dialect of
// go-yaml v2 that kubectl (sigs.k8s.io/yaml) reads and writes. goccy reads
// YAML 1.2, where `yes` is a string; kubectl reads it as true. Both
// directions need the 1.1 answer: the encoder quotes any string that would
// read back as something else, and the decoder refuses `value: yes` for a
// string field as a real cluster does.
type scalarKind int

const (
	kindString scalarKind = iota
	kindNull
	kindBool
	kindInt
	kindFloat
	kindTimestamp
	kindMerge
)

var yaml11Words = map[string]scalarKind{
	"": kindNull, "~": kindNull, "null": kindNull, "Null": kindNull, "NULL": kindNull,
	"y": kindBool, "Y": kindBool, "yes": kindBool, "Yes": kindBool, "YES": kindBool,
	"n": kindBool, "N": kindBool, "no": kindBool, "No": kindBool, "NO": kindBool,
	"true": kindBool, "True": kindBool, "TRUE": kindBool,
	"false": kindBool, "False": kindBool, "FALSE": kindBool,
	"on": kindBool, "On": kindBool, "ON": kindBool,
	"off": kindBool, "Off": kindBool, "OFF": kindBool,
	".nan": kindFloat, ".NaN": kindFloat, ".NAN": kindFloat,
	".inf": kindFloat, ".Inf": kindFloat, ".INF": kindFloat,
	"+.inf": kindFloat, "+.Inf": kindFloat, "+.INF": kindFloat,
	"-.inf": kindFloat, "-.Inf": kindFloat, "-.INF": kindFloat,
	"<<": kindMerge,
}

// isYAML11Float reports whether s is a YAML 1.1 float as go-yaml v2 reads
// one: ^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$. Written
// out rather than a regexp, so the page's binary links no regexp (whose
// Unicode tables are built when the program starts, before the page draws).
func isYAML11Float(s string) bool {
	s = trimSign(s)
	digits := func(s string) (rest string, n int) {
		for n < len(s) && isDigit(s[n]) {
			n++
		}
		return s[n:], n
	}
	var n int
	if strings.HasPrefix(s, ".") {
		if s, n = digits(s[1:]); n == 0 {
			return false
		}
	} else {
		if s, n = digits(s); n == 0 {
			return false
		}
		if strings.HasPrefix(s, ".") {
			s, _ = digits(s[1:])
		}
	}
	if s == "" {
		return true
	}
	if s[0] != 'e' && s[0] != 'E' {
		return false
	}
	s, n = digits(trimSign(s[1:]))
	return n > 0 && s == ""
}

// isBase60 reports whether s is a sexagesimal number ("1:20"):
// ^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$. They were dropped in
// YAML 1.2 and go-yaml v2 does not read them, but it quotes them on output
// for older readers.
func isBase60(s string) bool {
	s = trimSign(s)
	if s == "" || !isDigit(s[0]) {
		return false
	}
	i := 1
	for i < len(s) && (isDigit(s[i]) || s[i] == '_') {
		i++
	}
	groups := 0
	for i < len(s) && s[i] == ':' {
		// [0-5]?[0-9]: one digit, or two with the first 0-5.
		j := i + 1
		switch {
		case j+1 < len(s) && s[j] >= '0' && s[j] <= '5' && isDigit(s[j+1]):
			j += 2
		case j < len(s) && isDigit(s[j]):
			j++
		default:
			return false
		}
		i = j
		groups++
	}
	if groups == 0 {
		return false
	}
	if i < len(s) && s[i] == '.' {
		i++
		for i < len(s) && (isDigit(s[i]) || s[i] == '_') {
			i++
		}
	}
	return i == len(s)
}

func trimSign(s string) string {
	if s != "" && (s[0] == '-' || s[0] == '+') {
		return s[1:]
	}
	return s
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// The timestamp forms go-yaml v2 recognises in a plain scalar.
var yaml11Timestamps = []string{
	"2006-1-2T15:4:5.999999999Z07:00",
	"2006-1-2t15:4:5.999999999Z07:00",
	"2006-1-2 15:4:5.999999999",
	"2006-1-2",
}

// resolvePlain tells what s means when written unquoted.
func resolvePlain(s string) scalarKind {
	if k, ok := yaml11Words[s]; ok {
		return k
	}
	switch c := s[0]; {
	case c == '.':
		if _, err := strconv.ParseFloat(s, 64); err == nil {
			return kindFloat
		}
	case c == '+' || c == '-' || (c >= '0' && c <= '9'):
		if isTimestamp(s) {
			return kindTimestamp
		}
		plain := strings.ReplaceAll(s, "_", "")
		if _, err := strconv.ParseInt(plain, 0, 64); err == nil {
			return kindInt
		}
		_, uerr := strconv.ParseUint(plain, 0, 64)
		if uerr == nil {
			return kindInt
		}
		if isYAML11Float(plain) {
			if _, err := strconv.ParseFloat(plain, 64); err == nil {
				return kindFloat
			}
		}
		if bin, ok := strings.CutPrefix(strings.TrimPrefix(plain, "-"), "0b"); ok {
			if _, err := strconv.ParseUint(bin, 2, 64); err == nil {
				return kindInt
			}
		}
		// Integers past 64 bits are still integers to go-yaml v2.
		if isBigInt(plain) {
			return kindInt
		}
	}
	return kindString
}

func isTimestamp(s string) bool {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i != 4 || i == len(s) || s[i] != '-' {
		return false
	}
	for _, f := range yaml11Timestamps {
		if _, err := time.Parse(f, s); err == nil {
			return true
		}
	}
	return false
}

// plainIsString reports whether s can be written unquoted and still read
// back as the same string.
func plainIsString(s string) bool {
	return resolvePlain(s) == kindString && !isBase60(s)
}

// parseBool reads a YAML 1.1 boolean: "yes", "On" and "n" as much as "true".
func parseBool(s string) (value, ok bool) {
	if resolvePlain(s) != kindBool {
		return false, false
	}
	switch strings.ToLower(s) {
	case "y", "yes", "true", "on":
		return true, true
	}
	return false, true
}

// isBigInt reports whether s is an unsigned integer too big for 64 bits:
// decimal digits, or 0x, 0o, 0b or 0 and the base's digits — what
// ParseUint(s, 0, 64) reads but cannot hold. (ParseUint alone stops at the
// first digit that overflows, so the rest is checked here; written out, so
// that the page links no math/big.)
func isBigInt(s string) bool {
	digits := s
	base := 10
	switch {
	case len(digits) > 2 && digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X'):
		base, digits = 16, digits[2:]
	case len(digits) > 2 && digits[0] == '0' && (digits[1] == 'o' || digits[1] == 'O'):
		base, digits = 8, digits[2:]
	case len(digits) > 2 && digits[0] == '0' && (digits[1] == 'b' || digits[1] == 'B'):
		base, digits = 2, digits[2:]
	case len(digits) > 1 && digits[0] == '0':
		base, digits = 8, digits[1:]
	}
	if digits == "" {
		return false
	}
	for i := 0; i < len(digits); i++ {
		c := digits[i]
		var v int
		switch {
		case c >= '0' && c <= '9':
			v = int(c - '0')
		case c >= 'a' && c <= 'z':
			v = int(c-'a') + 10
		case c >= 'A' && c <= 'Z':
			v = int(c-'A') + 10
		default:
			return false
		}
		if v >= base {
			return false
		}
	}
	// Valid digits throughout: ParseUint can only fail by range now.
	_, err := strconv.ParseUint(digits, base, 64)
	return err != nil
}
