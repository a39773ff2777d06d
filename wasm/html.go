//go:build js && wasm

package main

import (
	"html"
	"strings"

	"github.com/hack-pad/safejs"
	"honnef.co/go/js/dom/v2"
)

// markup builds HTML text for the lists the page redraws wholesale (the
// trace, the Events, the ownership tree): one innerHTML or
// insertAdjacentHTML call instead of a JS call per element and text, which
// is what makes a burst of a few hundred reconciles cheap to show. Every
// piece of text goes through html.EscapeString; no markup comes from data.
type markup struct{ b strings.Builder }

// open writes a start tag with a class and attribute pairs (name, value).
func (m *markup) open(tag, class string, attrs ...string) *markup {
	m.b.WriteString("<" + tag)
	if class != "" {
		m.b.WriteString(` class="` + html.EscapeString(class) + `"`)
	}
	for i := 0; i+1 < len(attrs); i += 2 {
		m.b.WriteString(" " + attrs[i] + `="` + html.EscapeString(attrs[i+1]) + `"`)
	}
	m.b.WriteString(">")
	return m
}

func (m *markup) close(tag string) *markup {
	m.b.WriteString("</" + tag + ">")
	return m
}

// text writes escaped text.
func (m *markup) text(s string) *markup {
	m.b.WriteString(html.EscapeString(s))
	return m
}

// elem writes <tag class="class">text</tag>.
func (m *markup) elem(tag, class, text string, attrs ...string) *markup {
	return m.open(tag, class, attrs...).text(text).close(tag)
}

func (m *markup) String() string { return m.b.String() }

// setHTML replaces the content of e.
func setHTML(e dom.Node, m *markup) {
	safejs.Safe(e.Underlying()).Set("innerHTML", m.String())
}

// prependHTML inserts markup at the start of e.
func prependHTML(e dom.Node, m *markup) {
	safejs.Safe(e.Underlying()).Call("insertAdjacentHTML", "afterbegin", m.String())
}

// childCount is e.childElementCount.
func childCount(e dom.Node) int {
	v, err := safejs.Safe(e.Underlying()).Get("childElementCount")
	if err != nil {
		return 0
	}
	n, _ := v.Int()
	return n
}
