//go:build js && wasm

package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/kubeloop/kubeloop/core/apijson"
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

// loadMessages fills messages from messages.json's text.
func loadMessages(text string) error {
	m := map[string][2]string{}
	if err := apijson.Unmarshal([]byte(text), &m); err != nil {
		return fmt.Errorf("messages.json: %w", err)
	}
	if len(m) == 0 {
		return errors.New("messages.json: no messages")
	}
	messages = m
	return nil
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
