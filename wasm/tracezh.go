//go:build js && wasm

package main

import "github.com/kubeloop/kubeloop/core/textcat"

// traceCatalogFile is the trace's Chinese (site/data): the formats the
// controllers record and their translations.
const traceCatalogFile = "trace.zh-cn.json" // data file names are lower case (app.js _loadData)

// traceCatalog is the trace's Chinese, loaded the first time a trace line
// is shown in Chinese; in English nothing is loaded.
type traceCatalog struct {
	cat     *textcat.Catalog
	loading bool
}

// traceText is a line the trace recorded, in the page's language: in
// Chinese, translated by the catalog once it has come (until then, and
// for a line it lacks, as recorded).
func (a *app) traceText(line string) string {
	if a.lang != langZH || line == "" {
		return line
	}
	if a.traceZH.cat == nil {
		a.loadTraceCatalog()
		return line
	}
	zh, _ := a.traceZH.cat.Translate(line)
	return zh
}

// loadTraceCatalog fetches the catalog once and redraws the trace in
// Chinese when it arrives; a failed load is tried again at the next line.
func (a *app) loadTraceCatalog() {
	if a.traceZH.loading {
		return
	}
	a.traceZH.loading = true
	a.loadData(traceCatalogFile, func(text, errMsg string) {
		a.traceZH.loading = false
		if errMsg != "" {
			return
		}
		cat, err := textcat.Parse([]byte(text))
		if err != nil {
			return
		}
		a.traceZH.cat = cat
		a.ui.resetTrace()
		a.render(true)
	})
}

// relabelWelcome writes the terminal's welcome line in the page's
// language.
func (a *app) relabelWelcome() {
	if a.ui != nil && a.ui.termWelcome != nil {
		a.ui.termWelcome.SetTextContent("# " + a.tr("term.welcome"))
	}
}
