package yaml

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/kubeloop/kubeloop/core/apijson"
)

// This file writes generic JSON values (map[string]any, []any, string,
// apijson.Number, bool, nil) as block YAML, byte for byte as go-yaml v2 — and so
// kubectl — writes them. The rules it follows are go-yaml v2's:
//   - mappings: keys in natural order (keyLess), one per line, values of
//     nested mappings indented by 2;
//   - sequences inside a mapping start at the parent key's column
//     ("containers:\n- name: x"); a mapping inside a sequence item starts on
//     the "- " line;
//   - empty collections are written in flow style: {} and [];
//   - strings: plain when they read back as the same string, double-quoted
//     when they would read back as another type ("1", "true", "", a
//     timestamp), single-quoted when a plain scalar cannot hold them
//     ("a: b", "*", leading space), literal block (|) when multi-line,
//     double-quoted with escapes when they hold tabs or control characters;
//   - long plain and quoted values fold at spaces once past column 80.
//
// Known differences, harmless for API objects: keys longer than 128 bytes
// are not written in the "? key" form go-yaml v2 would use; U+2028 and
// U+2029 are escaped where go-yaml v2 would treat them as line breaks; and a
// string of nothing but newlines is double-quoted, because goccy cannot read
// the block go-yaml v2 writes for it.

const (
	indentStep = 2
	bestWidth  = 80
)

type emitter struct {
	buf []byte
	col int // characters on the current line, for folding
	// atLineStart is set when a literal block ended with its newline, so
	// the next line needs no break of its own.
	atLineStart bool
}

func (e *emitter) write(s string) {
	e.buf = append(e.buf, s...)
	e.col += utf8.RuneCountInString(s)
}

func (e *emitter) writeRune(r rune) {
	e.buf = utf8.AppendRune(e.buf, r)
	e.col++
}

// newline ends the line and indents the next one.
func (e *emitter) newline(indent int) {
	if !e.atLineStart {
		e.buf = append(e.buf, '\n')
	}
	e.atLineStart = false
	e.col = 0
	e.pad(indent)
}

func (e *emitter) pad(indent int) {
	for range indent {
		e.buf = append(e.buf, ' ')
	}
	e.col += indent
}

// emitDocument writes v as a whole YAML document ending in a newline.
func emitDocument(v any) string {
	e := &emitter{}
	switch x := v.(type) {
	case map[string]any:
		if len(x) == 0 {
			e.write("{}")
		} else {
			e.mapping(x, 0)
		}
	case []any:
		if len(x) == 0 {
			e.write("[]")
		} else {
			e.sequence(x, 0)
		}
	default:
		e.scalar(v, 0, false)
	}
	if !e.atLineStart {
		e.buf = append(e.buf, '\n')
	}
	return string(e.buf)
}

// mapping writes m with its keys at column indent; the cursor is already
// there (at the start of a line, or just after "- ").
func (e *emitter) mapping(m map[string]any, indent int) {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return keyLess(keys[i], keys[j]) })
	for i, k := range keys {
		if i > 0 {
			e.newline(indent)
		}
		e.str(k, indent+indentStep, true)
		e.write(":")
		switch v := m[k].(type) {
		case map[string]any:
			if len(v) == 0 {
				e.write(" {}")
				continue
			}
			e.newline(indent + indentStep)
			e.mapping(v, indent+indentStep)
		case []any:
			if len(v) == 0 {
				e.write(" []")
				continue
			}
			e.newline(indent) // kubectl style: "- " under the key, not indented
			e.sequence(v, indent)
		default:
			e.write(" ")
			e.scalar(v, indent+indentStep, false)
		}
	}
}

// sequence writes s with its "- " at column indent; the cursor is there.
func (e *emitter) sequence(s []any, indent int) {
	for i, item := range s {
		if i > 0 {
			e.newline(indent)
		}
		e.write("- ")
		switch v := item.(type) {
		case map[string]any:
			if len(v) == 0 {
				e.write("{}")
			} else {
				e.mapping(v, indent+indentStep)
			}
		case []any:
			if len(v) == 0 {
				e.write("[]")
			} else {
				e.sequence(v, indent+indentStep)
			}
		default:
			e.scalar(v, indent+indentStep, false)
		}
	}
}

// scalar writes a non-collection value; indent is where folded or literal
// continuation lines start.
func (e *emitter) scalar(v any, indent int, isKey bool) {
	switch x := v.(type) {
	case nil:
		e.write("null")
	case bool:
		e.write(strconv.FormatBool(x))
	case apijson.Number:
		e.write(formatNumber(x))
	case string:
		e.str(x, indent, isKey)
	default:
		// Only JSON values reach the emitter; anything else is a bug here.
		panic(fmt.Sprintf("yaml: cannot emit %T", v))
	}
}

// formatNumber writes a JSON number as go-yaml v2 writes the value it would
// decode from it: integers digit for digit, floats in shortest 'g' form.
func formatNumber(n apijson.Number) string {
	s := n.String()
	if !strings.ContainsAny(s, ".eE") {
		return s
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return s
	}
	return strconv.FormatFloat(f, 'g', -1, 64)
}

type scalarStyle int

const (
	stylePlain scalarStyle = iota
	styleSingle
	styleDouble
	styleLiteral
)

// str chooses a style for s as go-yaml v2 does, then writes it.
func (e *emitter) str(s string, indent int, isKey bool) {
	style := styleDouble
	if plainIsString(s) {
		style = stylePlain
	}
	if strings.Contains(s, "\n") {
		style = styleLiteral
	}
	a := analyze(s)
	if isKey && a.multiline {
		style = styleDouble
	}
	if style == stylePlain && !a.plainOK {
		style = styleSingle
	}
	if style == styleSingle && !a.singleOK {
		style = styleDouble
	}
	if style == styleLiteral && (!a.literalOK || isKey) {
		style = styleDouble
	}
	if style == styleLiteral && strings.Trim(s, "\n") == "" {
		// go-yaml v2 writes "|2+" and blank lines, which goccy cannot read
		// back; Decode must read what Encode writes.
		style = styleDouble
	}
	if style == styleLiteral && (s[0] == ' ' || s[0] == '\n') && strings.HasSuffix(s, "\n\n") {
		// Nor can goccy read any "|2+" block: an indentation digit with
		// kept trailing blank lines (found by FuzzEmitString).
		style = styleDouble
	}
	// goccy drops the blanks that end the last line of a folded quoted
	// scalar, so a string ending in blanks it would see stays on one line
	// (found by FuzzEmitString); Decode must read what Encode writes.
	trailing := strings.HasSuffix(s, " ") || (style == styleSingle && strings.HasSuffix(s, "\t"))
	fold := !isKey && !trailing
	switch style {
	case stylePlain:
		e.plain(s, indent, fold)
	case styleSingle:
		e.single(s, indent, fold)
	case styleDouble:
		e.double(s, indent, fold)
	case styleLiteral:
		e.literal(s, indent)
	}
}

// analysis is what a string allows, as go-yaml v2's emitter decides it for a
// scalar in block context.
type analysis struct {
	multiline                    bool
	plainOK, singleOK, literalOK bool
}

func isPrintable(r rune) bool {
	return r == '\n' || (r >= 0x20 && r <= 0x7E) || (r >= 0xA0 && r <= 0xD7FF && r != 0x2028 && r != 0x2029) ||
		(r >= 0xE000 && r <= 0xFFFD && r != 0xFEFF)
}

func analyze(s string) analysis {
	if s == "" {
		return analysis{plainOK: true, singleOK: true}
	}
	var (
		indicators, lineBreaks, special                          bool
		leadingSpace, leadingBreak, trailingSpace, trailingBreak bool
		breakSpace, spaceBreak, prevSpace, prevBreak             bool
	)
	if strings.HasPrefix(s, "---") || strings.HasPrefix(s, "...") {
		indicators = true
	}
	precededByBlank := true
	for i, r := range s {
		_, w := utf8.DecodeRuneInString(s[i:])
		followedByBlank := i+w >= len(s) || s[i+w] == ' ' || s[i+w] == '\t'
		if i == 0 {
			switch r {
			case '#', ',', '[', ']', '{', '}', '&', '*', '!', '|', '>', '\'', '"', '%', '@', '`':
				indicators = true
			case '?', ':', '-':
				if followedByBlank {
					indicators = true
				}
			}
		} else {
			switch r {
			case ':':
				if followedByBlank {
					indicators = true
				}
			case '#':
				if precededByBlank {
					indicators = true
				}
			}
		}
		if !isPrintable(r) {
			special = true
		}
		switch r {
		case ' ':
			leadingSpace = leadingSpace || i == 0
			trailingSpace = trailingSpace || i+w == len(s)
			breakSpace = breakSpace || prevBreak
			prevSpace, prevBreak = true, false
		case '\n':
			lineBreaks = true
			leadingBreak = leadingBreak || i == 0
			trailingBreak = trailingBreak || i+w == len(s)
			spaceBreak = spaceBreak || prevSpace
			prevSpace, prevBreak = false, true
		default:
			prevSpace, prevBreak = false, false
		}
		precededByBlank = r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == 0
	}
	a := analysis{multiline: lineBreaks, plainOK: true, singleOK: true, literalOK: true}
	if leadingSpace || leadingBreak || trailingSpace || trailingBreak || lineBreaks || indicators {
		a.plainOK = false
	}
	if trailingSpace {
		a.literalOK = false
	}
	if breakSpace {
		a.plainOK, a.singleOK = false, false
	}
	if spaceBreak || special {
		a.plainOK, a.singleOK, a.literalOK = false, false, false
	}
	return a
}

// foldHere reports whether a long line may break at the space at byte i:
// only once past the width, at the first of a run of spaces, and not where
// the break would lose a space.
func (e *emitter) foldHere(s string, i int, fold, prevSpace bool) bool {
	return fold && !prevSpace && e.col > bestWidth && i+1 < len(s) && s[i+1] != ' '
}

func (e *emitter) plain(s string, indent int, fold bool) {
	prevSpace := false
	for i, r := range s {
		if r == ' ' {
			if e.foldHere(s, i, fold, prevSpace) {
				e.newline(indent)
			} else {
				e.writeRune(' ')
			}
			prevSpace = true
			continue
		}
		e.writeRune(r)
		prevSpace = false
	}
}

func (e *emitter) single(s string, indent int, fold bool) {
	e.write("'")
	prevSpace := false
	for i, r := range s {
		if r == ' ' {
			// goccy drops the blank after a '' that starts a continuation
			// line ('a\n  '' b' reads as "a 'b"; found by FuzzEmitString),
			// so the line is not broken before a quote; Decode must read
			// what Encode writes.
			if i > 0 && e.foldHere(s, i, fold, prevSpace) && s[i+1] != '\'' {
				e.newline(indent)
			} else {
				e.writeRune(' ')
			}
			prevSpace = true
			continue
		}
		if r == '\'' {
			e.write("''")
		} else {
			e.writeRune(r)
		}
		prevSpace = false
	}
	e.write("'")
}

func (e *emitter) double(s string, indent int, fold bool) {
	e.write(`"`)
	prevSpace := false
	for i, r := range s {
		if r == ' ' {
			if fold && !prevSpace && e.col > bestWidth && i > 0 && i < len(s)-1 {
				e.newline(indent)
				if s[i+1] == ' ' {
					e.write(`\`) // keep the next space: leading spaces are trimmed
				}
			} else {
				e.writeRune(' ')
			}
			prevSpace = true
			continue
		}
		prevSpace = false
		if r == utf8.RuneError {
			if _, w := utf8.DecodeRuneInString(s[i:]); w == 1 {
				e.write(fmt.Sprintf(`\x%02X`, s[i]))
				continue
			}
		}
		if isPrintable(r) && r != '\n' && r != '"' && r != '\\' {
			e.writeRune(r)
			continue
		}
		e.write(escape(r))
	}
	e.write(`"`)
}

func escape(r rune) string {
	switch r {
	case 0:
		return `\0`
	case '\a':
		return `\a`
	case '\b':
		return `\b`
	case '\t':
		return `\t`
	case '\n':
		return `\n`
	case '\v':
		return `\v`
	case '\f':
		return `\f`
	case '\r':
		return `\r`
	case 0x1B:
		return `\e`
	case '"':
		return `\"`
	case '\\':
		return `\\`
	case 0x85:
		return `\N`
	case 0xA0:
		return `\_`
	case 0x2028:
		return `\L`
	case 0x2029:
		return `\P`
	}
	switch {
	case r <= 0xFF:
		return fmt.Sprintf(`\x%02X`, r)
	case r <= 0xFFFF:
		return fmt.Sprintf(`\u%04X`, r)
	}
	return fmt.Sprintf(`\U%08X`, r)
}

// literal writes a multi-line string as a | block. The header carries an
// indentation digit when the text starts with a space or newline, and "-"
// or "+" when its trailing newlines differ from exactly one. A text that ends
// in a newline leaves the cursor at the start of a line.
func (e *emitter) literal(s string, indent int) {
	e.write("|")
	if s[0] == ' ' || s[0] == '\n' {
		e.write(strconv.Itoa(indentStep))
	}
	switch {
	case !strings.HasSuffix(s, "\n"):
		e.write("-")
	case s == "\n" || strings.HasSuffix(s, "\n\n"):
		e.write("+")
	}
	e.buf = append(e.buf, '\n')
	e.col = 0
	lineStart := true
	for _, r := range s {
		if r == '\n' {
			e.buf = append(e.buf, '\n')
			e.col = 0
			lineStart = true
			continue
		}
		if lineStart {
			e.pad(indent)
		}
		e.writeRune(r)
		lineStart = false
	}
	e.atLineStart = lineStart
}

// keyLess orders mapping keys as go-yaml v2 does: by character, except that
// letters sort after everything else and runs of digits compare by value
// ("a2" < "a10").
func keyLess(a, b string) bool {
	ar, br := []rune(a), []rune(b)
	for i := 0; i < len(ar) && i < len(br); i++ {
		if ar[i] == br[i] {
			continue
		}
		aLetter, bLetter := unicode.IsLetter(ar[i]), unicode.IsLetter(br[i])
		if aLetter && bLetter {
			return ar[i] < br[i]
		}
		if aLetter || bLetter {
			return bLetter
		}
		// Both non-letters: compare the digit runs starting here as numbers.
		// A run that continues earlier non-zero digits is not a leading-zero
		// run, so it starts at 1 (this keeps "10" and "1" distinct).
		var an, bn int64
		if ar[i] == '0' || br[i] == '0' {
			for j := i - 1; j >= 0 && unicode.IsDigit(ar[j]); j-- {
				if ar[j] != '0' {
					an, bn = 1, 1
					break
				}
			}
		}
		ai, bi := i, i
		for ; ai < len(ar) && unicode.IsDigit(ar[ai]); ai++ {
			an = an*10 + int64(ar[ai]-'0')
		}
		for ; bi < len(br) && unicode.IsDigit(br[bi]); bi++ {
			bn = bn*10 + int64(br[bi]-'0')
		}
		if an != bn {
			return an < bn
		}
		if ai != bi {
			return ai < bi
		}
		return ar[i] < br[i]
	}
	return len(ar) < len(br)
}
