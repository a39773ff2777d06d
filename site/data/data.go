// Package data carries the site's data files (*.json beside it) for native
// hosts — tests, `kubeloop run`, `kubeloop serve` — with go:embed. The page
// never links it: it loads the same files when it first needs them
// (wasm/data.go), so their text stays out of the wasm.
package data

import (
	"embed"
	"fmt"
	"strings"

	"github.com/kubeloop/kubeloop/core/explain"
)

//go:embed *.json
var files embed.FS

// Languages are the page's languages, for which explain.LANG.json (lang in lower case) exists.
var Languages = []string{"en", "zh-CN"}

// ExplainDocs are kubectl explain's descriptions in lang ("en", "zh-CN").
func ExplainDocs(lang string) (explain.MapDocs, error) {
	text, err := files.ReadFile("explain." + strings.ToLower(lang) + ".json")
	if err != nil {
		return nil, fmt.Errorf("no descriptions in %q: %w", lang, err)
	}
	return explain.ParseDocs(text)
}

// MustExplainDocs is ExplainDocs for a language of Languages: the files are
// part of the build, so a failure is a build error.
func MustExplainDocs(lang string) explain.MapDocs {
	d, err := ExplainDocs(lang)
	if err != nil {
		panic(err)
	}
	return d
}
