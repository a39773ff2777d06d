// Package textcat translates lines that were formatted from known format
// strings ("spec.replicas=%d, pods=%d (%d Pending)") into another language,
// by matching each line against a catalog of formats at display time: the
// reconcile trace records English text only, at no extra cost, and a page
// in Chinese turns the lines it shows into Chinese.
//
// A format is literal pieces and verbs. A line matches a format when its
// literal pieces appear in order and each verb matches the text between
// them: %d an integer, %f a decimal, %q a quoted string, %s and %v any
// text. An argument matched by %s or %v that is itself a line of the
// catalog (a phrase built by another format) is translated too.
package textcat

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/kubeloop/kubeloop/core/apijson"
)

// keyLen is how many bytes of a format's leading literal index it.
const keyLen = 8

// maxDepth bounds how deep arguments are translated in turn.
const maxDepth = 4

// Catalog is a set of formats and their translations.
type Catalog struct {
	byLead map[string][]*format // by the first keyLen bytes of the leading literal (all of it when shorter)
	size   int
}

type format struct {
	en      string
	lits    []string // len(verbs)+1 literal pieces around the verbs
	verbs   []byte   // d, f, q, s or v
	to      []part   // the translation: literals and argument references
	literal int      // bytes of literal text: the more, the better a match
}

// part of a translation: a literal, or the argument numbered arg.
type part struct {
	text string
	arg  int  // -1 for a literal
	raw  bool // the argument as it is, not translated ("%#v": an API error)
}

// File is the JSON form of a catalog: English format → translated format.
// The translation names its arguments in order (%s, %d …) or by number
// (%[2]s) when the language orders them differently; the flag # (%#v,
// %[3]#v) keeps an argument as it is, untranslated: an error the API
// returned, a message kubectl shows in English.
type File struct {
	About   string            `json:"about,omitempty"`
	Formats map[string]string `json:"formats"`
}

// Parse reads a catalog from its JSON form (File).
func Parse(data []byte) (*Catalog, error) {
	f, err := ParseFile(data)
	if err != nil {
		return nil, err
	}
	return New(f.Formats)
}

// New builds a catalog from English formats and their translations.
// Formats with no letters in their literals ("%s", "%d %s") are left out
// of matching: they would match any line; their lines translate by the
// formats of their arguments.
func New(formats map[string]string) (*Catalog, error) {
	c := &Catalog{byLead: map[string][]*format{}}
	for en, to := range formats {
		f, err := compile(en, to)
		if err != nil {
			return nil, err
		}
		c.size++
		if !hasLetter(strings.Join(f.lits, "")) {
			continue
		}
		k := f.lits[0][:min(keyLen, len(f.lits[0]))]
		c.byLead[k] = append(c.byLead[k], f)
	}
	for _, fs := range c.byLead {
		slices.SortFunc(fs, func(a, b *format) int {
			if a.literal != b.literal {
				return b.literal - a.literal
			}
			return strings.Compare(a.en, b.en)
		})
	}
	return c, nil
}

// Len is the number of formats in the catalog.
func (c *Catalog) Len() int { return c.size }

func hasLetter(s string) bool {
	return strings.IndexFunc(s, unicode.IsLetter) >= 0
}

// findVerb finds the first format verb in s — "%", flags, width and
// precision, an optional argument index "[n]", more flags, and the verb's
// letter; or "%%" — and returns its bounds as a regexp's submatch indexes
// would: [start, end, index start, index end, letter, letter+1], with -1
// for an index it does not have; nil when s has none. (By hand, not with
// regexp: the page's binary leaves regexp out, wasm/deps_test.go.)
func findVerb(s string) []int {
	for i := strings.IndexByte(s, '%'); i >= 0; {
		if loc := verbAt(s, i); loc != nil {
			return loc
		}
		next := strings.IndexByte(s[i+1:], '%')
		if next < 0 {
			return nil
		}
		i += 1 + next
	}
	return nil
}

// verbAt matches a verb starting at s[i] == '%'.
func verbAt(s string, i int) []int {
	j := i + 1
	if j < len(s) && s[j] == '%' {
		return []int{i, j + 1, -1, -1, -1, -1}
	}
	j = skipFlags(s, j)
	idx0, idx1 := -1, -1
	if j < len(s) && s[j] == '[' {
		k := j + 1
		for k < len(s) && s[k] >= '0' && s[k] <= '9' {
			k++
		}
		if k > j+1 && k < len(s) && s[k] == ']' {
			idx0, idx1 = j+1, k
			j = k + 1
		}
	}
	j = skipFlags(s, j)
	if j < len(s) && (s[j] >= 'a' && s[j] <= 'z' || s[j] >= 'A' && s[j] <= 'Z') {
		return []int{i, j + 1, idx0, idx1, j, j + 1}
	}
	return nil
}

// skipFlags skips a verb's flags, width and precision: "-+# 0-9.".
func skipFlags(s string, j int) int {
	for j < len(s) && strings.IndexByte("-+# 0123456789.", s[j]) >= 0 {
		j++
	}
	return j
}

// verbRef is one verb of a format, as splitFormat finds it.
type verbRef struct {
	letter byte
	index  int  // the argument it names, 1-based ("%[2]s"); -1 when it names none
	raw    bool // the flag # ("%#v")
}

// splitFormat cuts a format into its literal pieces (one more than its
// verbs; "%%" in them is "%") and its verbs.
func splitFormat(s string) (lits []string, verbs []verbRef) {
	lit := ""
	for {
		loc := findVerb(s)
		if loc == nil {
			return append(lits, lit+s), verbs
		}
		lit += s[:loc[0]]
		if s[loc[0]:loc[1]] == "%%" {
			lit += "%"
			s = s[loc[1]:]
			continue
		}
		v := verbRef{letter: s[loc[4]], index: -1, raw: strings.Contains(s[loc[0]:loc[1]], "#")}
		if loc[2] >= 0 {
			v.index, _ = strconv.Atoi(s[loc[2]:loc[3]])
		}
		lits, verbs = append(lits, lit), append(verbs, v)
		lit = ""
		s = s[loc[1]:]
	}
}

func compile(en, to string) (*format, error) {
	f := &format{en: en}
	lits, verbs := splitFormat(en)
	for _, v := range verbs {
		switch v.letter {
		case 'd', 'f', 'q', 's', 'v':
		default:
			return nil, fmt.Errorf("catalog: %q: verb %%%c is not matched", en, v.letter)
		}
		f.verbs = append(f.verbs, v.letter)
	}
	f.lits = lits
	for _, l := range f.lits {
		f.literal += len(l)
	}
	parts, err := compileTo(to, len(f.verbs))
	if err != nil {
		return nil, fmt.Errorf("catalog: %q → %q: %w", en, to, err)
	}
	f.to = parts
	return f, nil
}

// compileTo makes the pieces a translation is written from: literals, and
// the arguments in the order it names them.
func compileTo(to string, args int) ([]part, error) {
	var parts []part
	lits, verbs := splitFormat(to)
	next := 0
	for i, v := range verbs {
		n := next
		if v.index >= 0 {
			n = v.index - 1
		}
		if n < 0 || n >= args {
			return nil, fmt.Errorf("argument %d of %d", n+1, args)
		}
		next = n + 1
		if lits[i] != "" {
			parts = append(parts, part{text: lits[i], arg: -1})
		}
		parts = append(parts, part{arg: n, raw: v.raw})
	}
	if last := lits[len(lits)-1]; last != "" {
		parts = append(parts, part{text: last, arg: -1})
	}
	return parts, nil
}

// Translate returns line in the catalog's language, and whether a format
// matched it. An argument that matches no format is kept as it was (a
// name, a number, an error the API returned).
func (c *Catalog) Translate(line string) (string, bool) {
	if c == nil {
		return line, false
	}
	return c.translate(line, 0)
}

func (c *Catalog) translate(line string, depth int) (string, bool) {
	var best *format
	var bestArgs []string
	for j := 0; j <= min(keyLen, len(line)); j++ {
		for _, f := range c.byLead[line[:j]] {
			if best != nil && f.literal <= best.literal {
				break // sorted: no better match in this bucket
			}
			if args, ok := f.match(line); ok {
				best, bestArgs = f, args
				break
			}
		}
	}
	if best == nil {
		return line, false
	}
	var b strings.Builder
	for _, p := range best.to {
		if p.arg < 0 {
			b.WriteString(p.text)
			continue
		}
		arg := bestArgs[p.arg]
		if v := best.verbs[p.arg]; (v == 's' || v == 'v') && !p.raw && depth < maxDepth {
			if t, ok := c.translate(arg, depth+1); ok {
				arg = t
			}
		}
		b.WriteString(arg)
	}
	return b.String(), true
}

// match returns the arguments of line when it is an instance of f.
func (f *format) match(line string) ([]string, bool) {
	if !strings.HasPrefix(line, f.lits[0]) {
		return nil, false
	}
	args := make([]string, len(f.verbs))
	return args, f.matchFrom(line, len(f.lits[0]), 0, args)
}

// matchFrom matches verb i and what follows it from line[pos:].
func (f *format) matchFrom(line string, pos, i int, args []string) bool {
	if i == len(f.verbs) {
		return pos == len(line)
	}
	next := f.lits[i+1]
	rest := line[pos:]
	try := func(n int) bool {
		if !strings.HasPrefix(rest[n:], next) {
			return false
		}
		args[i] = rest[:n]
		return f.matchFrom(line, pos+n+len(next), i+1, args)
	}
	switch f.verbs[i] {
	case 'd':
		n := span(rest, isDigit, true)
		return n > 0 && try(n)
	case 'f':
		n := span(rest, func(r byte) bool { return isDigit(r) || r == '.' }, true)
		return n > 0 && try(n)
	case 'q':
		n := quoted(rest)
		return n > 0 && try(n)
	}
	// %s, %v: the shortest text after which the rest matches.
	if i == len(f.verbs)-1 && next == "" {
		return try(len(rest))
	}
	if next == "" {
		for n := 0; n <= len(rest); n++ {
			if try(n) {
				return true
			}
		}
		return false
	}
	for n := 0; n <= len(rest); {
		k := strings.Index(rest[n:], next)
		if k < 0 {
			return false
		}
		if try(n + k) {
			return true
		}
		n += k + 1
	}
	return false
}

func isDigit(b byte) bool { return b >= '0' && b <= '9' }

// span is the length of the run of s's leading bytes that ok accepts,
// after a minus sign when signed.
func span(s string, ok func(byte) bool, signed bool) int {
	n := 0
	if signed && len(s) > 0 && s[0] == '-' {
		n = 1
	}
	start := n
	for n < len(s) && ok(s[n]) {
		n++
	}
	if n == start {
		return 0
	}
	return n
}

// quoted is the length of the Go-quoted string s begins with, or 0.
func quoted(s string) int {
	if len(s) == 0 || s[0] != '"' {
		return 0
	}
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return 0
}

// Untranslated returns an English phrase left in a translated line, or "":
// three lower-case English words in a row (whole words of two letters or
// more, one space apart), a sentence or a phrase of one.
func Untranslated(line string) string {
	var words [][2]int // the line's runs of ASCII word characters
	for i := 0; i < len(line); {
		if !isWordByte(line[i]) {
			i++
			continue
		}
		j := i
		for j < len(line) && isWordByte(line[j]) {
			j++
		}
		words = append(words, [2]int{i, j})
		i = j
	}
	lower := func(w [2]int) bool {
		if w[1]-w[0] < 2 {
			return false
		}
		for _, c := range []byte(line[w[0]:w[1]]) {
			if c < 'a' || c > 'z' {
				return false
			}
		}
		return true
	}
	for k := 0; k+2 < len(words); k++ {
		a, b, c := words[k], words[k+1], words[k+2]
		if lower(a) && lower(b) && lower(c) && b[0] == a[1]+1 && c[0] == b[1]+1 && line[a[1]] == ' ' && line[b[1]] == ' ' {
			return line[a[0]:c[1]]
		}
	}
	return ""
}

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

// ParseFile reads a catalog's JSON form without building it.
func ParseFile(data []byte) (File, error) {
	var f File
	if err := apijson.Unmarshal(data, &f); err != nil {
		return f, fmt.Errorf("catalog: %w", err)
	}
	return f, nil
}
