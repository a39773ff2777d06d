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
	v, err := a.docJS.Call("createElement", jsStringOf(tag))
	if err != nil {
		panic(err)
	}
	e := wrap(v)
	if class != "" {
		setAttr(e, "class", jsStringOf(class))
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
// calls per element, and start-up looks up dozens.
func (a *app) byID(id string) dom.HTMLElement {
	return &dom.BasicHTMLElement{BasicElement: &dom.BasicElement{BasicNode: &dom.BasicNode{Value: safejs.Unsafe(a.byIDValue(id))}}}
}

// queryAll is QuerySelectorAll on e, wrapped cheaply (see wrap). dom/v2's
// own QuerySelector(All) would also keep every element type of dom/v2 in
// the binary (wrapElement).
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

// Set writes the attribute when s differs from what it holds (setAttrs).
func (c *cachedAttr) Set(s string) { setAttrs(c.el, attrValue{c, s}) }

// attrValue is a value for a cached attribute (setAttrs).
type attrValue struct {
	attr  *cachedAttr
	value string
}

// setAttrs writes those of values that differ from what their attribute
// holds, all of e's in one call from Go: a card's class, title and label
// change together, and each call from Go to JavaScript costs more than the
// attribute write it makes. The names, and class values, go as JavaScript
// strings made once (jsStringOf).
func setAttrs(e dom.Element, values ...attrValue) {
	var buf [7]any // e and three name/value pairs, without an allocation
	args := append(buf[:0], safejs.Safe(e.Underlying()))
	for _, v := range values {
		c := v.attr
		if c.set && c.value == v.value {
			continue
		}
		var value any = v.value
		if c.name == "class" {
			value = jsStringOf(v.value)
		}
		args = append(args, jsStringOf(c.name), value)
		c.value, c.set = v.value, true
	}
	if len(args) > 1 {
		builder().Call("attrs", args...)
	}
}

// setAttr sets e's attribute name to value (a string, or a kept one from
// jsStringOf), the name going as a kept JavaScript string.
func setAttr(e dom.Element, name string, value any) {
	safejs.Safe(e.Underlying()).Call("setAttribute", jsStringOf(name), value)
}

// jsStrings are JavaScript copies of the strings the page writes to the
// DOM over and over — attribute names, and class values (a few dozen
// distinct ones) — made once and kept. A Go string passed to JavaScript is
// copied into a new JavaScript string on every call, and syscall/js gives
// each copy a finalizer that a later collection runs to release it: a
// 10,000-pod rollout's draws write thousands of attributes a second, and
// each would be converted anew.
var jsStrings = map[string]safejs.Value{}

// maxJSStrings bounds jsStrings: past it, a string goes as a Go string.
const maxJSStrings = 512

// jsStringOf is s as a kept JavaScript string, or s itself when the kept
// ones are full.
func jsStringOf(s string) any {
	if v, ok := jsStrings[s]; ok {
		return v
	}
	if len(jsStrings) >= maxJSStrings {
		return s
	}
	v, err := safejs.ValueOf(s)
	if err != nil {
		return s
	}
	jsStrings[s] = v
	return v
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

// closest is the element matching selector that the event happened in:
// its target or one of the target's ancestors.
func (e event) closest(selector string) (safejs.Value, bool) {
	target, err := e.v.Get("target")
	if err != nil || target.Type() != safejs.TypeObject {
		return safejs.Value{}, false
	}
	if closest, err := target.Get("closest"); err != nil || closest.Type() != safejs.TypeFunction {
		return safejs.Value{}, false // a text node
	}
	el, err := target.Call("closest", selector)
	if err != nil || el.IsNull() || el.IsUndefined() {
		return safejs.Value{}, false
	}
	return el, true
}

// within reports whether the event happened in an element selector names.
func (e event) within(selector string) bool {
	_, ok := e.closest(selector)
	return ok
}

// closestAttr is the attribute attr of the element matching selector that
// the event happened in (closest).
func (e event) closestAttr(selector, attr string) (string, bool) {
	el, ok := e.closest(selector)
	if !ok {
		return "", false
	}
	value, err := el.Call("getAttribute", attr)
	if err != nil || value.Type() != safejs.TypeString {
		return "", false
	}
	s, _ := value.String()
	return s, true
}
