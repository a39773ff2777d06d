//go:build js && wasm

package main

import (
	"strings"

	"github.com/kubeloop/kubeloop/core/explain"
	"github.com/kubeloop/kubeloop/wasm/internal/engine"
)

// fieldHelp is what kubectl explain and the editor's hover and completion
// know about fields: the schema, from core/api's types, and the
// descriptions, from the data files site/data/explain.LANG.json, loaded
// after the first render and again for another language.
type fieldHelp struct {
	docs       map[string]explain.MapDocs // by language, once loaded
	texts      map[string]string          // the same, as the file's JSON, for the editor
	loading    map[string]bool
	schemaSent bool
}

// loadFieldHelp hands kubectl explain and the editor the descriptions in
// the page's language, loading them first if need be. Until they arrive,
// kubectl explain prints the field tree and says the descriptions are on
// their way.
func (a *app) loadFieldHelp() {
	h := &a.help
	lang := a.lang
	if _, ok := h.docs[lang]; ok {
		a.useFieldHelp()
		return
	}
	if h.loading[lang] {
		return
	}
	if h.loading == nil {
		h.docs, h.texts, h.loading = map[string]explain.MapDocs{}, map[string]string{}, map[string]bool{}
	}
	h.loading[lang] = true
	a.loadData("explain."+strings.ToLower(lang)+".json", func(text, errMsg string) {
		delete(h.loading, lang)
		if errMsg != "" {
			a.consoleWarn("kubectl explain: descriptions not loaded: " + errMsg)
			return
		}
		docs, err := explain.ParseDocs([]byte(text))
		if err != nil {
			a.consoleWarn("kubectl explain: descriptions unreadable: " + err.Error())
			return
		}
		h.docs[lang], h.texts[lang] = docs, text
		if a.lang == lang {
			a.useFieldHelp()
		}
	})
}

// useFieldHelp gives the loaded descriptions of the page's language to the
// cluster (kubectl explain) and the editor (hover and completion).
func (a *app) useFieldHelp() {
	docs := a.fieldDocs()
	if docs == nil {
		return
	}
	a.ask(engine.Request{Op: "docs", Text: a.help.texts[a.lang]}, nil)
	if !a.help.schemaSent {
		a.ui.editor.call("setSchema", string(explain.Default().JSON()))
		a.help.schemaSent = true
	}
	a.ui.editor.call("setFieldDocs", a.help.texts[a.lang])
}

// consoleWarn reports on the browser's console what the learner can do
// without (a data file that did not load).
func (a *app) consoleWarn(msg string) {
	if console, err := a.global.Get("console"); err == nil {
		console.Call("warn", msg)
	}
}

// fieldDocs are the descriptions in the page's language, or nil (not an
// empty MapDocs in an interface) while they load.
func (a *app) fieldDocs() explain.Docs {
	if d, ok := a.help.docs[a.lang]; ok {
		return d
	}
	return nil
}
