//go:build js && wasm

package main

import (
	"strconv"
	"strings"

	"github.com/hack-pad/safejs"
	"honnef.co/go/js/dom/v2"
)

// markup describes elements for the lists the page redraws wholesale (the
// trace, the Events, the ownership tree, the pod cards): one call into
// site/static/build.js per redraw instead of a JS call per element and
// text, which is what makes a burst of a few hundred reconciles cheap to
// show. It writes a token list, not HTML: build.js makes the elements with
// createElement, text with createTextNode and attributes with
// setAttribute, so nothing from the cluster or the learner is ever parsed
// as HTML (no innerHTML anywhere). Tag and attribute names come from this
// program only; data goes in text and attribute values.
type markup struct {
	b strings.Builder
	n int // tokens written
}

// token appends one JSON value to the list.
func (m *markup) token(raw string) {
	if m.n > 0 {
		m.b.WriteByte(',')
	}
	m.n++
	m.b.WriteString(raw)
}

// str appends one JSON string.
func (m *markup) str(s string) { m.token(jsonString(s)) }

// open starts an element with a class and attribute pairs (name, value).
func (m *markup) open(tag, class string, attrs ...string) *markup {
	m.str("o")
	m.str(tag)
	m.str(class)
	m.token(strconv.Itoa(len(attrs) / 2))
	for i := 0; i+1 < len(attrs); i += 2 {
		m.str(attrs[i])
		m.str(attrs[i+1])
	}
	return m
}

func (m *markup) close(string) *markup {
	m.str("c")
	return m
}

// text writes a text node.
func (m *markup) text(s string) *markup {
	if s != "" {
		m.str("t")
		m.str(s)
	}
	return m
}

// elem writes <tag class="class">text</tag>.
func (m *markup) elem(tag, class, text string, attrs ...string) *markup {
	return m.open(tag, class, attrs...).text(text).close(tag)
}

// append writes o's elements after m's.
func (m *markup) append(o *markup) *markup {
	if o.n > 0 {
		m.token(o.b.String())
		m.n += o.n - 1
	}
	return m
}

// String is the token list as JSON: what build.js reads, and a signature
// of the content for the views that redraw only on change.
func (m *markup) String() string { return "[" + m.b.String() + "]" }

// jsonString quotes s as a JSON string. Invalid UTF-8 becomes U+FFFD, as
// the conversion to a JS string would make it anyway.
func jsonString(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < 0x20:
			b.WriteString(`\u00`)
			b.WriteByte("0123456789abcdef"[r>>4])
			b.WriteByte("0123456789abcdef"[r&0xf])
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// builder is build.js's window.kubeloopBuild.
func builder() safejs.Value { return keptGlobal(&builderJS, "kubeloopBuild") }

var builderJS safejs.Value

// keptGlobal is window[name], looked up once into *kept: a draw calls the
// page's scripts often, and each lookup made a new reference for
// syscall/js to finalize. Undefined until the script has run: then the
// call fails and says so, and the next one looks again.
func keptGlobal(kept *safejs.Value, name string) safejs.Value {
	if kept.IsUndefined() {
		*kept, _ = safejs.Global().Get(name)
	}
	return *kept
}

// setHTML replaces the content of e with m's elements.
func setHTML(e dom.Node, m *markup) {
	builder().Call("replace", safejs.Safe(e.Underlying()), m.String())
}

// prependHTML inserts m's elements at the start of e.
func prependHTML(e dom.Node, m *markup) {
	builder().Call("prepend", safejs.Safe(e.Underlying()), m.String())
}

// appendHTML adds m's elements at the end of e.
func appendHTML(e dom.Node, m *markup) {
	builder().Call("append", safejs.Safe(e.Underlying()), m.String())
}

// patchChildren removes e's child elements at the indexes removed, then
// inserts m's elements, each at its index in at (ascending: its place
// among e's children once all are in).
func patchChildren(e dom.Node, removed []int, m *markup, at []int) {
	builder().Call("patch", safejs.Safe(e.Underlying()), joinInts(removed), m.String(), joinInts(at))
}

// joinInts is "3,7,9": one string for a list of indexes, cheaper to pass
// to JavaScript than an array of numbers.
func joinInts(xs []int) string {
	b := make([]byte, 0, 4*len(xs))
	for i, x := range xs {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(x), 10)
	}
	return string(b)
}

// trimChildren removes e's child elements past the first n.
func trimChildren(e dom.Node, n int) {
	builder().Call("trim", safejs.Safe(e.Underlying()), n)
}
