//go:build js && wasm

package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/hack-pad/safejs"
)

// Every string of the page, in English and Simplified Chinese, is data:
// site/data/messages.json, key → [en, zh-CN], which app.js loads beside the
// wasm and hands to Go before it starts (kubeloop._messages), so that the
// binary every learner downloads first does not carry the text. index.html
// names keys with data-i18n (text), data-i18n-title and data-i18n-aria-label
// (attributes); the Go code uses tr. Kubernetes' own words (Pod, Running,
// Ready, kubectl output) stay in English in both languages: they are what
// the learner will read on a real cluster.
var messages = map[string][2]string{} // key → {en, zh-CN}

// loadMessages fills messages from messages.json's text. The browser's
// JSON.parse reads it and hands the table over as one string of keys and
// texts between NULs: it is read before the nodes are first drawn, where
// Go's decoding by reflection was far slower (docs/performance.md).
// site/data's tests hold the file to key → [English, Chinese]; this
// checks the count of texts only.
func loadMessages(text string) error {
	parts, n, err := flatMessages(text)
	if err != nil {
		return fmt.Errorf("messages.json: %w", err)
	}
	if n == 0 {
		return errors.New("messages.json: no messages")
	}
	if len(parts) != 3*n {
		return errors.New("messages.json: each message is a pair of texts, [English, Chinese]")
	}
	m := make(map[string][2]string, n)
	for i := 0; i < len(parts); i += 3 {
		m[parts[i]] = [2]string{parts[i+1], parts[i+2]}
	}
	messages = m
	return nil
}

// flatMessages parses text with JSON.parse and returns the object's
// entries flattened (key, English, Chinese, key, …) and how many keys it
// has.
func flatMessages(text string) (parts []string, keys int, err error) {
	g := safejs.Global()
	jsonObj, err := g.Get("JSON")
	if err != nil {
		return nil, 0, err
	}
	table, err := jsonObj.Call("parse", text)
	if err != nil {
		return nil, 0, err
	}
	if typeOf(table) != safejs.TypeObject { // null is TypeNull
		return nil, 0, errors.New("not an object of messages")
	}
	object, err := g.Get("Object")
	if err != nil {
		return nil, 0, err
	}
	entries, err := object.Call("entries", table) // [key, [English, Chinese]] each
	if err != nil {
		return nil, 0, err
	}
	if keys, err = entries.Length(); err != nil || keys == 0 {
		return nil, 0, err
	}
	flat, err := entries.Call("flat", 2)
	if err != nil {
		return nil, 0, err
	}
	joined, err := flat.Call("join", "\x00")
	if err != nil {
		return nil, 0, err
	}
	return strings.Split(jsString(joined), "\x00"), keys, nil
}

// Languages the page speaks, as BCP 47 tags; the index into messages' pairs.
const (
	langEN = "en"
	langZH = "zh-CN"
)

// pickLang chooses the language for a navigator.language value.
func pickLang(navigatorLanguage string) string {
	if strings.HasPrefix(strings.ToLower(navigatorLanguage), "zh") {
		return langZH
	}
	return langEN
}

// translate looks a key up; an unknown key is returned as itself so a
// missing string is visible, not blank. A key may have a singular, the same
// key ending in ".one" ("1 key", "1 restart"), used when the first integer
// among args is 1: English counts one thing apart from two, and a learner
// reads "1 pods" as a slip. Chinese has one form, which the two share.
func translate(lang, key string, args ...any) string {
	if firstInt(args) == 1 {
		if _, ok := messages[key+".one"]; ok {
			key += ".one"
		}
	}
	pair, ok := messages[key]
	if !ok {
		return key
	}
	s := pair[0]
	if lang == langZH {
		s = pair[1]
	}
	if len(args) > 0 {
		s = fmt.Sprintf(s, args...)
	}
	return s
}

// firstInt is the first integer among args, or -1.
func firstInt(args []any) int64 {
	for _, a := range args {
		switch n := a.(type) {
		case int:
			return int64(n)
		case int32:
			return int64(n)
		case int64:
			return n
		}
	}
	return -1
}
