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
// missing string is visible, not blank.
func translate(lang, key string, args ...any) string {
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
