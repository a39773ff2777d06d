// Package pattern matches regular expressions in the page without package
// regexp: the lessons' "~>" checks and the terminal's grep use it.
// regexp/syntax references unicode's Categories, Scripts and fold tables,
// maps built at program start, before the page's first render, and regexp
// is a large part of a WebAssembly binary. What they need is little, so
// this package implements a subset of RE2 (Go's regexp syntax) on which
// MatchString agrees with regexp's exactly; pattern_test.go compares the
// two on hand-written, random and fuzzed patterns. The subset:
//
//	a é .  ^ $ \A \z \b \B            runes, and assertions as in Go
//	\d \D \s \S \w \W                 ASCII, as in Go
//	[a-z_-] [^…] []a] [\d.]           classes ([^…] matches \n)
//	\t \n \r \f \v \a \. \* \- …      escapes; any ASCII punctuation
//	x|y (x) (?:x)                     groups
//	x* x+ x? x{n} x{n,} x{n,m}        repeats, lazy too (x*?, x{n}?)
//	(?i) (?m) (?s) (?U) (?i-s:x)      flags, to the end of the group
//
// Go accepts more, which lessons do not need and this file rejects, so that
// an author finds out at once rather than on the page: \pL and \p{Greek},
// [[:alpha:]], \Q…\E, \x41 and octal escapes, named groups. Patterns are
// also limited to maxPatternLen bytes — which keeps Go's own size and
// nesting limits out of reach, so they need no copy here — and to
// maxProgram instructions once counted repeats are expanded.
//
// Matching is a Pike VM: the set of NFA states is advanced one rune at a
// time, so a match costs O(len(text) × program size) for any pattern; no
// backtracking, no step budget.
package pattern

import (
	"fmt"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

const (
	maxPatternLen = 1000
	maxProgram    = 100_000
	maxRepeat     = 1000 // as Go: per count, and the product of nested counts
)

// pattern is a compiled "~>" pattern.
type Pattern struct {
	prog  []inst
	start int32
}

// patternError says what is wrong with a pattern and where (a byte offset).
type patternError struct {
	Expr   string
	Offset int
	Msg    string
	Kind   patternErrorKind
}

type patternErrorKind uint8

const (
	errSyntax      patternErrorKind = iota // Go's regexp rejects it too
	errUnsupported                         // valid RE2 outside the subset
	errTooLarge                            // the subset, but over maxProgram
)

func (e *patternError) Error() string {
	return fmt.Sprintf("pattern %q: %s: at offset %d", e.Expr, e.Msg, e.Offset)
}

// Compile parses expr (the subset above) and compiles it.
func Compile(expr string) (*Pattern, error) {
	if len(expr) > maxPatternLen {
		return nil, &patternError{expr, maxPatternLen, fmt.Sprintf("longer than %d bytes", maxPatternLen), errUnsupported}
	}
	for i := 0; i < len(expr); {
		r, size := utf8.DecodeRuneInString(expr[i:])
		if r == utf8.RuneError && size == 1 {
			return nil, &patternError{expr, i, "invalid UTF-8", errSyntax}
		}
		i += size
	}
	p := &parser{expr: expr}
	n, err := p.parseAlt()
	if err != nil {
		return nil, err
	}
	if p.pos < len(expr) { // parseAlt stops only at the end or at ")"
		return nil, p.errorf(p.pos, errSyntax, "unexpected )")
	}
	size := progSize(n) + 1 // and the match
	if size > maxProgram {
		return nil, p.errorf(0, errTooLarge, "too large: expands to %d instructions, more than %d", size, maxProgram)
	}
	c := &compiler{prog: make([]inst, 1, size)} // prog[0] is the match
	start := c.emit(n, 0)
	return &Pattern{prog: c.prog, start: start}, nil
}

// The parse tree.

type nodeKind uint8

const (
	nEmpty  nodeKind = iota // the empty string
	nRunes                  // one rune in set
	nAssert                 // an empty-width assertion
	nConcat
	nAlt
	nRepeat // subs[0] min to max times; max < 0: no limit
)

type node struct {
	kind     nodeKind
	set      []runeRange // sorted, disjoint, not abutting
	assert   assertion
	subs     []*node
	min, max int
}

type runeRange struct{ lo, hi rune }

type assertion uint8

const (
	beginText assertion = iota
	endText
	beginLine
	endLine
	wordBoundary
	noWordBoundary
)

type flags struct{ fold, multiline, dotNL bool }

type parser struct {
	expr  string
	pos   int
	flags flags
}

func (p *parser) errorf(offset int, kind patternErrorKind, format string, args ...any) error {
	return &patternError{p.expr, offset, fmt.Sprintf(format, args...), kind}
}

// parseAlt reads alternatives up to the end or an unconsumed ")".
func (p *parser) parseAlt() (*node, error) {
	var alts []*node
	for {
		n, err := p.parseConcat()
		if err != nil {
			return nil, err
		}
		alts = append(alts, n)
		if p.pos < len(p.expr) && p.expr[p.pos] == '|' {
			p.pos++
			continue
		}
		if len(alts) == 1 {
			return alts[0], nil
		}
		return &node{kind: nAlt, subs: alts}, nil
	}
}

// parseConcat reads up to "|", ")" or the end. As in Go, a repetition
// applies to the last item even across a flag group ("a(?i)*" is "a*"),
// and may not follow another repetition ("a**").
func (p *parser) parseConcat() (*node, error) {
	var items []*node
	lastRepeat := false
	for p.pos < len(p.expr) {
		start := p.pos
		repeat := false
		switch c := p.expr[p.pos]; c {
		case '|', ')':
			return concat(items), nil
		case '(':
			n, err := p.parseGroup()
			if err != nil {
				return nil, err
			}
			if n != nil {
				items = append(items, n)
			}
		case '{':
			min, max, ok := p.parseRepeatCount()
			if !ok { // "{" that is not a count is a literal, as in Go
				p.pos++
				items = append(items, p.literal('{'))
				break
			}
			if min < 0 || min > maxRepeat || max > maxRepeat || max >= 0 && min > max {
				return nil, p.errorf(start, errSyntax, "invalid repeat count %s", p.expr[start:p.pos])
			}
			if err := p.repeat(items, start, min, max, lastRepeat); err != nil {
				return nil, err
			}
			repeat = true
		case '*', '+', '?':
			p.pos++
			min, max := 0, -1
			if c == '+' {
				min = 1
			} else if c == '?' {
				max = 1
			}
			if err := p.repeat(items, start, min, max, lastRepeat); err != nil {
				return nil, err
			}
			repeat = true
		case '^':
			p.pos++
			items = append(items, &node{kind: nAssert, assert: pick(p.flags.multiline, beginLine, beginText)})
		case '$':
			p.pos++
			items = append(items, &node{kind: nAssert, assert: pick(p.flags.multiline, endLine, endText)})
		case '.':
			p.pos++
			set := []runeRange{{0, '\n' - 1}, {'\n' + 1, unicode.MaxRune}}
			if p.flags.dotNL {
				set = []runeRange{{0, unicode.MaxRune}}
			}
			items = append(items, &node{kind: nRunes, set: set})
		case '[':
			n, err := p.parseClass()
			if err != nil {
				return nil, err
			}
			items = append(items, n)
		case '\\':
			n, err := p.parseBackslash()
			if err != nil {
				return nil, err
			}
			items = append(items, n)
		default:
			r, size := utf8.DecodeRuneInString(p.expr[p.pos:])
			p.pos += size
			items = append(items, p.literal(r))
		}
		lastRepeat = repeat
	}
	return concat(items), nil
}

// repeat makes the last item repeat, the operator being p.expr[start:p.pos]
// and an optional "?" after it (lazy: the same set of matches).
func (p *parser) repeat(items []*node, start, min, max int, lastRepeat bool) error {
	if p.pos < len(p.expr) && p.expr[p.pos] == '?' {
		p.pos++
	}
	op := p.expr[start:p.pos]
	if lastRepeat {
		return p.errorf(start, errSyntax, "invalid nested repetition operator %s", op)
	}
	if len(items) == 0 {
		return p.errorf(start, errSyntax, "missing argument to repetition operator %s", op)
	}
	rep := &node{kind: nRepeat, subs: []*node{items[len(items)-1]}, min: min, max: max}
	if (min >= 2 || max >= 2) && !repeatIsValid(rep, maxRepeat) {
		return p.errorf(start, errSyntax, "invalid repeat count %s: nested counts multiply to more than %d", op, maxRepeat)
	}
	items[len(items)-1] = rep
	return nil
}

func concat(items []*node) *node {
	switch len(items) {
	case 0:
		return &node{kind: nEmpty}
	case 1:
		return items[0]
	}
	return &node{kind: nConcat, subs: items}
}

func pick(multiline bool, line, text assertion) assertion {
	if multiline {
		return line
	}
	return text
}

// parseRepeatCount reads "{n}", "{n,}" or "{n,m}" at p.pos as Go does:
// with a leading zero it is no count but literal text; min is -1 when a
// number is too big to matter.
func (p *parser) parseRepeatCount() (min, max int, ok bool) {
	s := p.expr[p.pos+1:]
	num := func() (int, bool) {
		if s == "" || s[0] < '0' || s[0] > '9' || len(s) >= 2 && s[0] == '0' && s[1] >= '0' && s[1] <= '9' {
			return 0, false
		}
		n := 0
		for s != "" && s[0] >= '0' && s[0] <= '9' {
			if n >= 1e8 {
				n = -1
			}
			if n >= 0 {
				n = n*10 + int(s[0]-'0')
			}
			s = s[1:]
		}
		return n, true
	}
	if min, ok = num(); !ok || s == "" {
		return 0, 0, false
	}
	max = min
	if s[0] == ',' {
		s = s[1:]
		switch {
		case s == "":
			return 0, 0, false
		case s[0] == '}':
			max = -1
		default:
			if max, ok = num(); !ok {
				return 0, 0, false
			}
			if max < 0 {
				min = -1
			}
		}
	}
	if s == "" || s[0] != '}' {
		return 0, 0, false
	}
	p.pos = len(p.expr) - len(s) + 1
	return min, max, true
}

// repeatIsValid is Go's rule: the counts of nested repetitions, multiplied,
// stay within limit.
func repeatIsValid(n *node, limit int) bool {
	if n.kind == nRepeat {
		m := n.max
		if m == 0 {
			return true
		}
		if m < 0 {
			m = n.min
		}
		if m > limit {
			return false
		}
		if m > 0 {
			limit /= m
		}
	}
	for _, sub := range n.subs {
		if !repeatIsValid(sub, limit) {
			return false
		}
	}
	return true
}

// parseGroup reads "(…)", "(?:…)", "(?flags:…)" or "(?flags)"; the last
// returns a nil node, as it only changes the flags for the rest of the
// enclosing group.
func (p *parser) parseGroup() (*node, error) {
	open := p.pos
	saved := p.flags
	if !strings.HasPrefix(p.expr[open:], "(?") {
		p.pos++
		return p.groupBody(saved)
	}
	if rest := p.expr[open:]; len(rest) > 4 && rest[2] == 'P' && rest[3] == '<' || len(rest) > 3 && rest[2] == '<' {
		return nil, p.errorf(open, errUnsupported, "named groups are not supported; use (...) or (?:...)")
	}
	f := saved
	negate, sawFlag := false, false
	for i := open + 2; i < len(p.expr); {
		c, size := utf8.DecodeRuneInString(p.expr[i:])
		i += size
		switch c {
		case 'i':
			f.fold, sawFlag = !negate, true
		case 'm':
			f.multiline, sawFlag = !negate, true
		case 's':
			f.dotNL, sawFlag = !negate, true
		case 'U':
			sawFlag = true // non-greedy by default: the same set of matches
		case '-':
			if negate {
				return nil, p.errorf(i-size, errSyntax, "invalid or unsupported Perl syntax %s", p.expr[open:i])
			}
			negate, sawFlag = true, false
		case ':', ')':
			if negate && !sawFlag {
				return nil, p.errorf(i-size, errSyntax, "invalid or unsupported Perl syntax %s", p.expr[open:i])
			}
			p.flags, p.pos = f, i
			if c == ')' {
				return nil, nil
			}
			return p.groupBody(saved)
		default:
			return nil, p.errorf(i-size, errSyntax, "invalid or unsupported Perl syntax %s", p.expr[open:i])
		}
	}
	return nil, p.errorf(len(p.expr), errSyntax, "invalid or unsupported Perl syntax %s: missing closing )", p.expr[open:])
}

// groupBody reads the group after its opening and its ")"; the flags
// go back to saved, those before the group.
func (p *parser) groupBody(saved flags) (*node, error) {
	n, err := p.parseAlt()
	if err != nil {
		return nil, err
	}
	if p.pos >= len(p.expr) {
		return nil, p.errorf(len(p.expr), errSyntax, "missing closing )")
	}
	p.pos++
	p.flags = saved
	return n, nil
}

func (p *parser) literal(r rune) *node {
	return &node{kind: nRunes, set: p.fold(nil, runeRange{r, r})}
}

// fold appends rg to set and, with (?i), every rune that folds to one in
// it — what Go's appendFoldedRange does.
func (p *parser) fold(set []runeRange, rg runeRange) []runeRange {
	if !p.flags.fold {
		return cleanSet(append(set, rg))
	}
	return cleanSet(appendFolded(set, rg))
}

// The runes that have other cases lie within these (Go's minFold, maxFold).
const minFold, maxFold = 0x41, 0x1e943

func appendFolded(set []runeRange, rg runeRange) []runeRange {
	lo, hi := rg.lo, rg.hi
	if lo <= minFold && hi >= maxFold || hi < minFold || lo > maxFold {
		return append(set, rg)
	}
	if lo < minFold {
		set = append(set, runeRange{lo, minFold - 1})
		lo = minFold
	}
	if hi > maxFold {
		set = append(set, runeRange{maxFold + 1, hi})
		hi = maxFold
	}
	for c := lo; c <= hi; c++ {
		set = appendRange(set, c, c)
		for f := unicode.SimpleFold(c); f != c; f = unicode.SimpleFold(f) {
			set = appendRange(set, f, f)
		}
	}
	return set
}

// appendRange merges into the last two ranges when it can, which keeps
// folding a large range from building a range per rune.
func appendRange(set []runeRange, lo, hi rune) []runeRange {
	for i := len(set) - 1; i >= 0 && i >= len(set)-2; i-- {
		if r := &set[i]; lo <= r.hi+1 && r.lo <= hi+1 {
			r.lo, r.hi = min(r.lo, lo), max(r.hi, hi)
			return set
		}
	}
	return append(set, runeRange{lo, hi})
}

// cleanSet sorts and merges overlapping and abutting ranges.
func cleanSet(set []runeRange) []runeRange {
	// sort.Slice: one sort for every element type in the wasm, not a copy
	// per type (equal ranges are identical: the same result).
	sort.Slice(set, func(i, j int) bool {
		a, b := set[i], set[j]
		if a.lo != b.lo {
			return a.lo < b.lo
		}
		return a.hi > b.hi
	})
	out := set[:0]
	for _, r := range set {
		if n := len(out); n > 0 && r.lo <= out[n-1].hi+1 {
			out[n-1].hi = max(out[n-1].hi, r.hi)
			continue
		}
		out = append(out, r)
	}
	return out
}

// negateSet returns the runes not in the clean set.
func negateSet(set []runeRange) []runeRange {
	var out []runeRange
	next := rune(0)
	for _, r := range set {
		if next < r.lo {
			out = append(out, runeRange{next, r.lo - 1})
		}
		next = r.hi + 1
	}
	if next <= unicode.MaxRune {
		out = append(out, runeRange{next, unicode.MaxRune})
	}
	return out
}

// Go's Perl classes, ASCII only.
var (
	digitSet = []runeRange{{'0', '9'}}
	spaceSet = []runeRange{{'\t', '\n'}, {'\f', '\r'}, {' ', ' '}}
	wordSet  = []runeRange{{'0', '9'}, {'A', 'Z'}, {'_', '_'}, {'a', 'z'}}
)

// perlClass appends \d \D \s \S \w or \W (letter c) to set. With (?i) the
// class is folded before a negation, as in Go: (?i)\W does not match "ſ",
// which folds to "s".
func (p *parser) perlClass(set []runeRange, c byte) []runeRange {
	var g []runeRange
	switch c | 0x20 {
	case 'd':
		g = digitSet
	case 's':
		g = spaceSet
	case 'w':
		g = wordSet
	}
	if p.flags.fold {
		var folded []runeRange
		for _, r := range g {
			folded = appendFolded(folded, r)
		}
		g = cleanSet(folded)
	}
	if c >= 'A' && c <= 'Z' {
		g = negateSet(g)
	}
	return append(set, g...)
}

func isPerlClass(c byte) bool {
	return strings.IndexByte("dDsSwW", c) >= 0
}

// parseBackslash reads an escape outside a class.
func (p *parser) parseBackslash() (*node, error) {
	start := p.pos
	if p.pos+1 < len(p.expr) {
		c := p.expr[p.pos+1]
		if i := strings.IndexByte("AzbB", c); i >= 0 {
			p.pos += 2
			return &node{kind: nAssert, assert: [...]assertion{beginText, endText, wordBoundary, noWordBoundary}[i]}, nil
		}
		switch c {
		case 'Q':
			return nil, p.errorf(start, errUnsupported, `\Q...\E is not supported; escape each character`)
		case 'p', 'P':
			return nil, p.errorf(start, errUnsupported, `Unicode classes (\%c) are not supported`, c)
		}
		if isPerlClass(c) {
			p.pos += 2
			return &node{kind: nRunes, set: cleanSet(p.perlClass(nil, c))}, nil
		}
	}
	r, err := p.parseEscape()
	if err != nil {
		return nil, err
	}
	return p.literal(r), nil
}

// parseEscape reads a one-rune escape at p.pos, outside or in a class.
func (p *parser) parseEscape() (rune, error) {
	start := p.pos
	if start+1 >= len(p.expr) {
		return 0, p.errorf(start, errSyntax, "trailing backslash at end of expression")
	}
	c, size := utf8.DecodeRuneInString(p.expr[start+1:])
	p.pos = start + 1 + size
	switch {
	case c < utf8.RuneSelf && !isAlnum(c):
		return c, nil
	case c == 'x':
		return 0, p.errorf(start, errUnsupported, `hex escapes (\x) are not supported; write the character`)
	case c == '0' || c >= '1' && c <= '7' && p.pos < len(p.expr) && p.expr[p.pos] >= '0' && p.expr[p.pos] <= '7':
		return 0, p.errorf(start, errUnsupported, `octal escapes (\%c…) are not supported; write the character`, c)
	case c >= '1' && c <= '9':
		return 0, p.errorf(start, errSyntax, `invalid escape sequence \%c: backreferences are not RE2`, c)
	}
	if i := strings.IndexRune("afnrtv", c); i >= 0 {
		return rune("\a\f\n\r\t\v"[i]), nil
	}
	return 0, p.errorf(start, errSyntax, "invalid escape sequence %s", p.expr[start:p.pos])
}

func isAlnum(c rune) bool {
	return '0' <= c && c <= '9' || 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z'
}

// parseClass reads "[…]" in Go's order: "]" first is literal, "-" is
// literal where it cannot make a range, and [:name:] is tried before all.
func (p *parser) parseClass() (*node, error) {
	p.pos++
	negate := false
	if p.pos < len(p.expr) && p.expr[p.pos] == '^' {
		negate = true
		p.pos++
	}
	var set []runeRange
	for first := true; p.pos >= len(p.expr) || p.expr[p.pos] != ']' || first; first = false {
		if p.pos >= len(p.expr) {
			return nil, p.errorf(len(p.expr), errSyntax, "missing closing ]")
		}
		rest := p.expr[p.pos:]
		if len(rest) > 2 && rest[0] == '[' && rest[1] == ':' && strings.Contains(rest[2:], ":]") {
			return nil, p.errorf(p.pos, errUnsupported, "POSIX classes like [:alpha:] are not supported; use ranges like a-zA-Z")
		}
		if len(rest) >= 2 && rest[0] == '\\' {
			switch c := rest[1]; {
			case c == 'p' || c == 'P':
				return nil, p.errorf(p.pos, errUnsupported, `Unicode classes (\%c) are not supported`, c)
			case isPerlClass(c):
				set = p.perlClass(set, c)
				p.pos += 2
				continue
			}
		}
		rangeStart := p.pos
		lo, err := p.classChar()
		if err != nil {
			return nil, err
		}
		hi := lo
		if p.pos+1 < len(p.expr) && p.expr[p.pos] == '-' && p.expr[p.pos+1] != ']' {
			p.pos++
			if hi, err = p.classChar(); err != nil {
				return nil, err
			}
			if hi < lo {
				return nil, p.errorf(rangeStart, errSyntax, "invalid character class range %s", p.expr[rangeStart:p.pos])
			}
		}
		if p.flags.fold {
			set = appendFolded(set, runeRange{lo, hi})
		} else {
			set = append(set, runeRange{lo, hi})
		}
	}
	p.pos++ // the "]"
	set = cleanSet(set)
	if negate {
		set = negateSet(set)
	}
	return &node{kind: nRunes, set: set}, nil
}

func (p *parser) classChar() (rune, error) {
	if p.pos >= len(p.expr) {
		return 0, p.errorf(len(p.expr), errSyntax, "missing closing ]")
	}
	if p.expr[p.pos] == '\\' {
		return p.parseEscape()
	}
	r, size := utf8.DecodeRuneInString(p.expr[p.pos:])
	p.pos += size
	return r, nil
}

// The program: a Thompson NFA, instruction 0 being the match.

type instOp uint8

const (
	iMatch  instOp = iota
	iRune          // consume a rune in set, go to out
	iSplit         // go to out and to alt
	iAssert        // go to out if the assertion holds here
)

type inst struct {
	op     instOp
	assert assertion
	out    int32
	alt    int32
	set    []runeRange
}

// progSize is the number of instructions emit makes for n.
func progSize(n *node) int {
	sum := func() (s int) {
		for _, sub := range n.subs {
			s = min(s+progSize(sub), maxProgram+1)
		}
		return s
	}
	switch n.kind {
	case nRunes, nAssert:
		return 1
	case nConcat:
		return sum()
	case nAlt:
		return min(sum()+len(n.subs)-1, maxProgram+1)
	case nRepeat:
		sub := progSize(n.subs[0])
		if n.max < 0 {
			return min(1+max(n.min, 1)*sub, maxProgram+1)
		}
		return min(n.max*sub+n.max-n.min, maxProgram+1)
	}
	return 0
}

type compiler struct{ prog []inst }

func (c *compiler) add(in inst) int32 {
	c.prog = append(c.prog, in)
	return int32(len(c.prog) - 1)
}

// emit compiles n to run before next and returns its entry.
func (c *compiler) emit(n *node, next int32) int32 {
	switch n.kind {
	case nRunes:
		return c.add(inst{op: iRune, set: n.set, out: next})
	case nAssert:
		return c.add(inst{op: iAssert, assert: n.assert, out: next})
	case nConcat:
		for i := len(n.subs) - 1; i >= 0; i-- {
			next = c.emit(n.subs[i], next)
		}
		return next
	case nAlt:
		entry := c.emit(n.subs[len(n.subs)-1], next)
		for i := len(n.subs) - 2; i >= 0; i-- {
			entry = c.add(inst{op: iSplit, out: c.emit(n.subs[i], next), alt: entry})
		}
		return entry
	case nRepeat:
		x := n.subs[0]
		if n.max < 0 { // x{min,}: min-1 copies, then x+ (or x* for min 0)
			loop := c.add(inst{op: iSplit, alt: next})
			body := c.emit(x, loop)
			c.prog[loop].out = body
			if n.min == 0 {
				return loop
			}
			entry := body
			for range n.min - 1 {
				entry = c.emit(x, entry)
			}
			return entry
		}
		// x{2,4} is xx(x(x)?)?
		entry := next
		for range n.max - n.min {
			entry = c.add(inst{op: iSplit, out: c.emit(x, entry), alt: next})
		}
		for range n.min {
			entry = c.emit(x, entry)
		}
		return entry
	}
	return next // nEmpty
}

// MatchString reports whether the pattern matches anywhere in s, as
// regexp's MatchString does. Invalid UTF-8 reads as U+FFFD, a byte at a
// time, as in Go.
func (p *Pattern) MatchString(s string) bool {
	cur, next := newStateSet(len(p.prog)), newStateSet(len(p.prog))
	var stack []int32
	prev := rune(-1) // -1: the start or end of the text
	r, width := decodeAt(s, 0)
	for pos := 0; ; {
		// Unanchored: a new thread starts at every position.
		if p.addClosure(&cur, p.start, prev, r, &stack) {
			return true
		}
		if r < 0 {
			return false
		}
		after, afterWidth := decodeAt(s, pos+width)
		next.clear()
		for _, pc := range cur.dense {
			if in := &p.prog[pc]; in.op == iRune && inSet(in.set, r) {
				if p.addClosure(&next, in.out, r, after, &stack) {
					return true
				}
			}
		}
		cur, next = next, cur
		pos += width
		prev, r, width = r, after, afterWidth
	}
}

func decodeAt(s string, pos int) (rune, int) {
	if pos >= len(s) {
		return -1, 0
	}
	if c := s[pos]; c < utf8.RuneSelf {
		return rune(c), 1
	}
	return utf8.DecodeRuneInString(s[pos:])
}

// addClosure adds pc and what it reaches without consuming a rune, between
// the runes before and after (-1 at the ends); it reports reaching the match.
func (p *Pattern) addClosure(set *stateSet, pc int32, before, after rune, stack *[]int32) bool {
	*stack = append((*stack)[:0], pc)
	for len(*stack) > 0 {
		pc := (*stack)[len(*stack)-1]
		*stack = (*stack)[:len(*stack)-1]
		if set.has(pc) {
			continue
		}
		set.add(pc)
		switch in := &p.prog[pc]; in.op {
		case iMatch:
			return true
		case iSplit:
			*stack = append(*stack, in.alt, in.out)
		case iAssert:
			if in.assert.holds(before, after) {
				*stack = append(*stack, in.out)
			}
		}
	}
	return false
}

func (a assertion) holds(before, after rune) bool {
	switch a {
	case beginText:
		return before < 0
	case endText:
		return after < 0
	case beginLine:
		return before < 0 || before == '\n'
	case endLine:
		return after < 0 || after == '\n'
	case wordBoundary:
		return isWordRune(before) != isWordRune(after)
	case noWordBoundary:
		return isWordRune(before) == isWordRune(after)
	}
	return false
}

func isWordRune(r rune) bool {
	return r >= 0 && r < utf8.RuneSelf && (isAlnum(r) || r == '_')
}

func inSet(set []runeRange, r rune) bool {
	lo, hi := 0, len(set)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		switch {
		case r < set[m].lo:
			hi = m
		case r > set[m].hi:
			lo = m + 1
		default:
			return true
		}
	}
	return false
}

// stateSet is a sparse set of instructions: O(1) add, test and clear.
type stateSet struct {
	dense  []int32
	sparse []int32
}

func newStateSet(n int) stateSet {
	return stateSet{dense: make([]int32, 0, n), sparse: make([]int32, n)}
}

func (s *stateSet) has(pc int32) bool {
	i := s.sparse[pc]
	return int(i) < len(s.dense) && s.dense[i] == pc
}

func (s *stateSet) add(pc int32) {
	s.sparse[pc] = int32(len(s.dense))
	s.dense = append(s.dense, pc)
}

func (s *stateSet) clear() { s.dense = s.dense[:0] }
