//go:build js && wasm

package main

import (
	"html"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestEveryStringHasBothLanguages(t *testing.T) {
	verbs := regexp.MustCompile(`%[-+# 0-9.]*[a-zA-Z]`)
	for key, pair := range messages {
		assert.NotEmpty(t, pair[0], "%s: English", key)
		assert.NotEmpty(t, pair[1], "%s: Chinese", key)
		assert.Equal(t, verbs.FindAllString(pair[0], -1), verbs.FindAllString(pair[1], -1), "%s: the same format verbs in both", key)
	}
}

func TestIndexHTMLNamesOnlyKnownKeys(t *testing.T) {
	html, err := os.ReadFile("../site/static/index.html")
	require.NoError(t, err)
	keys := regexp.MustCompile(`data-i18n(?:-[a-z-]+)?="([^"]+)"`).FindAllStringSubmatch(string(html), -1)
	require.NotEmpty(t, keys)
	for _, m := range keys {
		_, ok := messages[m[1]]
		assert.True(t, ok, "index.html uses %q, which site/data/messages.json lacks", m[1])
	}
}

// TestIndexHTMLTextIsTheEnglishTable: the texts index.html shows are the
// table's English ones, since an English page is drawn before the Go code
// sets them (start). Titles and labels are left to the Go code: the page
// is inert until it has set them.
func TestIndexHTMLTextIsTheEnglishTable(t *testing.T) {
	b, err := os.ReadFile("../site/static/index.html")
	require.NoError(t, err)
	texts := regexp.MustCompile(`<[a-z][^>]*\sdata-i18n="([^"]+)"[^>]*>([^<]*)<`).FindAllStringSubmatch(string(b), -1)
	require.NotEmpty(t, texts)
	for _, m := range texts {
		assert.Equal(t, messages[m[1]][0], html.UnescapeString(m[2]), "index.html's text for %s", m[1])
	}
}

// TestTheGoCodeNamesOnlyKnownKeys: every a.tr("key") in the page's Go code
// has its strings (a missing key would show as itself on the page).
func TestTheGoCodeNamesOnlyKnownKeys(t *testing.T) {
	files, err := os.ReadDir(".")
	require.NoError(t, err)
	uses := regexp.MustCompile(`\b(?:tr|notify)\("([a-z][a-zA-Z0-9.]*)"`)
	n := 0
	for _, f := range files {
		if !strings.HasSuffix(f.Name(), ".go") || strings.HasSuffix(f.Name(), "_test.go") {
			continue
		}
		src, err := os.ReadFile(f.Name())
		require.NoError(t, err)
		for _, m := range uses.FindAllStringSubmatch(string(src), -1) {
			if strings.HasSuffix(m[1], ".") {
				continue // a prefix completed at run time ("mach.role." + role)
			}
			n++
			_, ok := messages[m[1]]
			assert.True(t, ok, "%s uses %q, which site/data/messages.json lacks", f.Name(), m[1])
		}
	}
	assert.Greater(t, n, 100)
}

func TestPickLang(t *testing.T) {
	for nav, want := range map[string]string{"zh-CN": langZH, "zh-TW": langZH, "zh": langZH, "ZH-hans": langZH, "en-US": langEN, "de": langEN, "": langEN} {
		assert.Equal(t, want, pickLang(nav), nav)
	}
}

func TestTranslate(t *testing.T) {
	assert.Equal(t, "line 7", translate(langEN, "editor.line", 7))
	assert.Equal(t, "第 7 行", translate(langZH, "editor.line", 7))
	assert.Equal(t, "no.such.key", translate(langZH, "no.such.key"), "a missing key shows itself")
	assert.False(t, strings.Contains(translate(langZH, "tagline"), "%"))
}

// One of a thing reads as one: a key's ".one" form when the first integer
// among the arguments is 1, whatever its type; the plain form otherwise, and
// for keys without a singular.
func TestOneThingReadsAsOne(t *testing.T) {
	assert.Equal(t, "1 key", translate(langEN, "mach.keys", 1))
	assert.Equal(t, "2 keys", translate(langEN, "mach.keys", 2))
	assert.Equal(t, "0 keys", translate(langEN, "mach.keys", 0))
	assert.Equal(t, "1 restart", translate(langEN, "pod.restarts", int32(1)))
	assert.Equal(t, "重启 1 次", translate(langZH, "pod.restarts", int32(1)))
	assert.Equal(t, "node-1: 1 pod. The arrow keys move to it, Enter shows its actions.", translate(langEN, "cells.lane", "node-1", 1), "the first integer, after a string")
	assert.Equal(t, "line 1", translate(langEN, "editor.line", 1), "no singular: the one form")
	a := &app{lang: langEN}
	assert.Equal(t, "1 pod · 1 running · 4 nodes", a.clusterSummary(1, 1, 4))
	assert.Equal(t, "3 pods · 0 running · 1 node", a.clusterSummary(3, 0, 1))
	a.lang = langZH
	assert.Equal(t, "1 个 Pod · 1 个运行中 · 4 个节点", a.clusterSummary(1, 1, 4))
}

// Each singular stands beside its plural key, with the same verbs.
func TestEverySingularHasItsPlural(t *testing.T) {
	verbs := regexp.MustCompile(`%[-+# 0-9.]*[a-zA-Z]`)
	n := 0
	for key, pair := range messages {
		plural, ok := strings.CutSuffix(key, ".one")
		if !ok {
			continue
		}
		n++
		require.Contains(t, messages, plural, "%s without its plural", key)
		assert.Equal(t, verbs.FindAllString(messages[plural][0], -1), verbs.FindAllString(pair[0], -1), "%s: the plural's verbs", key)
	}
	assert.Greater(t, n, 10)
}

// TestChineseDiffersFromEnglish: a string whose Chinese is its English is
// one nobody translated, unless it is Kubernetes' or kubectl's own words,
// or the name of a format (the editor's title's tail, " — YAML").
func TestChineseDiffersFromEnglish(t *testing.T) {
	kubernetesWords := regexp.MustCompile(`^[A-Za-z]*(Ready|kubectl|leader)[A-Za-z]*$|^SchedulingDisabled$|^ — YAML$`)
	for key, pair := range messages {
		if pair[0] == pair[1] {
			assert.Regexp(t, kubernetesWords, pair[0], "%s: the Chinese is the English", key)
		}
	}
}
