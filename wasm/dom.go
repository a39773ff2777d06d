//go:build js && wasm

package main

import (
	"github.com/hack-pad/safejs"
	"honnef.co/go/js/dom/v2"
)

// Small helpers over dom/v2 for building the page. Styles are classes from
// app.css: the Content-Security-Policy allows no inline style attributes.
//
// Elements are made with document.createElement and wrapped as dom/v2's
// basic types directly: dom/v2's own wrapping (CreateElement, FirstChild,
// ChildNodes, QuerySelectorAll) finds each element's Go type by comparing
// its constructor with some seventy globals, one JS call each — which made
// drawing a few dozen trace entries take half a second. So hot paths build
// with el/text and hold on to what they build instead of walking the DOM.

// wrap makes a dom/v2 element of a JS value, without the type lookup.
func wrap(v safejs.Value) dom.HTMLElement {
	return &dom.BasicHTMLElement{BasicElement: &dom.BasicElement{BasicNode: &dom.BasicNode{Value: safejs.Unsafe(v)}}}
}

// el creates an element with a class (may be "") and children, which may be
// dom.Node values or strings (text nodes).
func (a *app) el(tag, class string, children ...any) dom.HTMLElement {
	v, err := a.docJS.Call("createElement", tag)
	if err != nil {
		panic(err)
	}
	e := wrap(v)
	if class != "" {
		e.SetAttribute("class", class)
	}
	for _, c := range children {
		switch c := c.(type) {
		case nil:
		case string:
			e.AppendChild(a.text(c))
		case dom.Node:
			e.AppendChild(c)
		}
	}
	return e
}

// text creates a text node.
func (a *app) text(s string) dom.Node {
	v, err := a.docJS.Call("createTextNode", s)
	if err != nil {
		panic(err)
	}
	return &dom.BasicNode{Value: safejs.Unsafe(v)}
}

// byID returns the element with the given id; index.html must have it.
// Wrapped cheaply (see wrap): dom/v2's GetElementByID costs some seventy JS
// calls per element, which made start-up half a second slower.
func (a *app) byID(id string) dom.HTMLElement {
	return &dom.BasicHTMLElement{BasicElement: &dom.BasicElement{BasicNode: &dom.BasicNode{Value: safejs.Unsafe(a.byIDValue(id))}}}
}

// queryAll is QuerySelectorAll on e, wrapped cheaply (see wrap). dom/v2's
// own QuerySelector(All) would also keep every element type of dom/v2 in
// the binary (wrapElement), some 700 KB of wasm.
func (a *app) queryAll(e dom.Element, selector string) []dom.HTMLElement {
	list, err := safejs.Safe(e.Underlying()).Call("querySelectorAll", selector)
	if err != nil {
		return nil
	}
	n, err := list.Length()
	if err != nil {
		return nil
	}
	out := make([]dom.HTMLElement, 0, n)
	for i := 0; i < n; i++ {
		if v, err := list.Index(i); err == nil {
			out = append(out, wrap(v))
		}
	}
	return out
}

// findByID is byID for an element that may be missing: nil then.
func (a *app) findByID(id string) dom.HTMLElement {
	v, err := a.docJS.Call("getElementById", id)
	if err != nil || v.IsNull() || v.IsUndefined() {
		return nil
	}
	return wrap(v)
}

func (a *app) byIDValue(id string) safejs.Value {
	v, err := a.docJS.Call("getElementById", id)
	if err != nil || v.IsNull() || v.IsUndefined() {
		panic("index.html has no #" + id)
	}
	return v
}

// body is the <body> element, nil before it exists.
func (a *app) body() dom.HTMLElement {
	v, err := a.docJS.Get("body")
	if err != nil || v.IsNull() || v.IsUndefined() {
		return nil
	}
	return wrap(v)
}

// root is the <html> element.
func (a *app) root() dom.HTMLElement {
	v, err := a.docJS.Get("documentElement")
	if err != nil {
		panic(err)
	}
	return wrap(v)
}

// inputByID and selectByID are byID for the elements whose Go type has
// more methods (Value, Checked, selection).
func (a *app) inputByID(id string) *dom.HTMLInputElement {
	return &dom.HTMLInputElement{BasicHTMLElement: a.byID(id).(*dom.BasicHTMLElement)}
}

func (a *app) selectByID(id string) *dom.HTMLSelectElement {
	return &dom.HTMLSelectElement{BasicHTMLElement: a.byID(id).(*dom.BasicHTMLElement)}
}

// all returns the elements matching a CSS selector, wrapped cheaply.
func (a *app) all(selector string) []dom.HTMLElement {
	list, err := a.docJS.Call("querySelectorAll", selector)
	if err != nil {
		panic(err)
	}
	n, _ := list.Length()
	out := make([]dom.HTMLElement, 0, n)
	for i := 0; i < n; i++ {
		v, err := list.Index(i)
		if err == nil {
			out = append(out, wrap(v))
		}
	}
	return out
}

// setClass adds or removes one class.
func setClass(e dom.Element, class string, on bool) {
	if on {
		e.Class().Add(class)
	} else {
		e.Class().Remove(class)
	}
}

// clearNode removes every child of e.
func clearNode(e dom.Node) {
	e.SetTextContent("")
}

// prepend inserts child as the first child of parent.
func prepend(parent, child dom.Node) {
	safejs.Safe(parent.Underlying()).Call("prepend", child.Underlying())
}

// cachedText sets an element's text only when it changed, sparing the DOM
// the writes on frames where nothing moved.
type cachedText struct {
	el   dom.Element
	text string
	set  bool
}

func (c *cachedText) Set(s string) {
	if c.set && c.text == s {
		return
	}
	c.el.SetTextContent(s)
	c.text, c.set = s, true
}

// cachedAttr is cachedText for an attribute.
type cachedAttr struct {
	el    dom.Element
	name  string
	value string
	set   bool
}

func (c *cachedAttr) Set(s string) {
	if c.set && c.value == s {
		return
	}
	c.el.SetAttribute(c.name, s)
	c.value, c.set = s, true
}

// event is a DOM event, read through safejs (dom/v2's event wrapping has the
// same costly type lookup as its elements).
type event struct{ v safejs.Value }

func (e event) str(name string) string {
	v, err := e.v.Get(name)
	if err != nil {
		return ""
	}
	return jsString(v)
}

func (e event) flag(name string) bool {
	v, err := e.v.Get(name)
	if err != nil {
		return false
	}
	b, _ := v.Truthy()
	return b
}

func (e event) Key() string    { return e.str("key") }
func (e event) CtrlKey() bool  { return e.flag("ctrlKey") }
func (e event) MetaKey() bool  { return e.flag("metaKey") }
func (e event) ShiftKey() bool { return e.flag("shiftKey") }
func (e event) AltKey() bool   { return e.flag("altKey") }
func (e event) PreventDefault() {
	e.v.Call("preventDefault")
}
