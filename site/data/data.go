// Package data carries the site's data files (*.json beside it) for native
// hosts — tests, `kubeloop run`, `kubeloop serve` — with go:embed. The page
// never links it: it loads the same files when it first needs them
// (wasm/data.go), so their text stays out of the wasm.
package data

import (
	"embed"
	"fmt"
	"strings"
	"sync"

	"github.com/kubeloop/kubeloop/core/explain"
	"github.com/kubeloop/kubeloop/core/kubectl/helptext"
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

// KubectlHelp are kubectl's help pages (kubectl-help.json). They are read
// once and the same Pages are returned to every caller: kubectl only reads
// them.
func KubectlHelp() (helptext.Pages, error) { return kubectlHelp() }

var kubectlHelp = sync.OnceValues(func() (helptext.Pages, error) {
	text, err := files.ReadFile("kubectl-help.json")
	if err != nil {
		return nil, err
	}
	p, err := helptext.Parse(text)
	if err != nil {
		return nil, fmt.Errorf("kubectl-help.json: %w", err)
	}
	return p, nil
})

// MustKubectlHelp is KubectlHelp for hosts: the file is part of the build,
// so a failure is a build error.
func MustKubectlHelp() helptext.Pages {
	p, err := KubectlHelp()
	if err != nil {
		panic(err)
	}
	return p
}
