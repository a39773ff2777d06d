package yaml

import (
	"errors"
	"math/big"
	"regexp"
	"strconv"
	"strings"
	"sync"
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

// Compiled on first use, not when the program starts (in the browser that
// time is before the page can draw).
var (
	yaml11Float = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$`)
	})
	// Sexagesimal numbers ("1:20") were dropped in YAML 1.2 and go-yaml v2
	// does not read them, but it quotes them on output for older readers.
	base60 = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$`)
	})
)

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
		if yaml11Float().MatchString(plain) {
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
		if errors.Is(uerr, strconv.ErrRange) {
			if _, ok := new(big.Int).SetString(plain, 0); ok {
				return kindInt
			}
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
	return resolvePlain(s) == kindString && !base60().MatchString(s)
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
