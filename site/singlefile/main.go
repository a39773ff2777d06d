// Command singlefile writes dist/kubeloop.html: the whole page in one file
// — styles, scripts and the gzip-compressed wasm inlined — that works when
// opened from disk (file://), for a lecture hall without network. `make
// site` runs it after building dist/.
//
// A file:// page gets no HTTP headers, so no Content-Security-Policy
// applies to it and inline scripts and styles are fine there; the served
// site keeps its external files and its strict policy.
package main

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"encoding/json"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
)

func main() {
	dist := flag.String("dist", "dist", "the built site")
	out := flag.String("out", "", "the file to write (default DIST/kubeloop.html)")
	flag.Parse()
	if *out == "" {
		*out = filepath.Join(*dist, "kubeloop.html")
	}
	page, err := Build(os.DirFS(*dist))
	if err != nil {
		fmt.Fprintln(os.Stderr, "singlefile:", err)
		os.Exit(1)
	}
	if err := os.WriteFile(*out, page, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "singlefile:", err)
		os.Exit(1)
	}
	fmt.Printf("%s written: %d bytes\n", *out, len(page))
}

var (
	stylesheet = regexp.MustCompile(`<link rel="stylesheet" href="([^"]+)">`)
	// A script keeps its id inline: app.js reads wasm_exec.js's text by it.
	script = regexp.MustCompile(`<script(?: id="([^"]+)")? src="([^"]+)"( defer)?></script>`)
	// A script the served page preloads and runs later (the editor's):
	// here it is inline and runs where it stands, ready when it is needed.
	laterScript = regexp.MustCompile(`<link rel="preload" href="([^"]+)" as="script">`)
	icon        = regexp.MustCompile(`<link rel="icon" href="([^"]+)" type="([^"]+)">`)
	// The served page preloads kubeloop.wasm; this one carries it inline.
	preload = regexp.MustCompile(`<link rel="preload"[^>]*>\n?`)
)

// Build makes the single page from the built site's files.
func Build(site fs.FS) ([]byte, error) {
	read := func(name string) ([]byte, error) { return fs.ReadFile(site, name) }
	index, err := read("index.html")
	if err != nil {
		return nil, err
	}
	page := string(index)
	var firstErr error
	inline := func(re *regexp.Regexp, f func(m []string) (string, error)) {
		page = re.ReplaceAllStringFunc(page, func(s string) string {
			out, err := f(re.FindStringSubmatch(s))
			if err != nil && firstErr == nil {
				firstErr = err
			}
			return out
		})
	}
	inline(stylesheet, func(m []string) (string, error) {
		b, err := read(m[1])
		return "<style>\n" + strings.ReplaceAll(string(b), "</style", `<\/style`) + "</style>", err
	})
	// Inline scripts run where they stand, not after parsing as defer
	// does: app.js waits for DOMContentLoaded itself.
	inlineScript := func(id, name string) (string, error) {
		b, err := read(name)
		open := "<script>"
		if id != "" {
			open = `<script id="` + id + `">`
		}
		return open + "\n" + strings.ReplaceAll(string(b), "</script", `<\/script`) + "\n</script>", err
	}
	inline(script, func(m []string) (string, error) { return inlineScript(m[1], m[2]) })
	inline(laterScript, func(m []string) (string, error) { return inlineScript("", m[1]) })
	inline(icon, func(m []string) (string, error) {
		b, err := read(m[1])
		return `<link rel="icon" href="data:` + m[2] + `;base64,` + base64.StdEncoding.EncodeToString(b) + `">`, err
	})
	page = preload.ReplaceAllString(page, "")
	if firstErr != nil {
		return nil, firstErr
	}
	wasm, err := read("kubeloop.wasm")
	if err != nil {
		return nil, err
	}
	var gz bytes.Buffer
	w, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	w.Write(wasm)
	if err := w.Close(); err != nil {
		return nil, err
	}
	// The wasm goes before the first script, so that app.js finds it when it
	// runs (inline scripts run as the parser reaches them) and starts
	// compiling while the other scripts, the editor's among them, run.
	blob := `<script id="kubeloop-wasm" type="application/octet-stream">` + base64.StdEncoding.EncodeToString(gz.Bytes()) + "</script>\n"
	i := strings.Index(page, "<script>")
	if i < 0 {
		return nil, fmt.Errorf("index.html has no script")
	}
	data, err := dataScripts(site)
	if err != nil {
		return nil, err
	}
	page = page[:i] + blob + data + page[i:]
	return []byte(page), nil
}

// dataScripts inlines the site's data files (data/NAME.json: text the page
// loads when it first needs it, kubeloop._loadData in app.js) as
// <script type="application/json" id="kubeloop-data-NAME.json">. A data file
// is JSON, where "<" can only stand inside a string: written as \u003c
// there, no "</script" or "<!--" can end or confuse the script element.
func dataScripts(site fs.FS) (string, error) {
	names, err := fs.Glob(site, "data/*.json")
	if err != nil {
		return "", err
	}
	var b strings.Builder
	for _, name := range names {
		text, err := fs.ReadFile(site, name)
		if err != nil {
			return "", err
		}
		if !json.Valid(text) {
			return "", fmt.Errorf("%s is not valid JSON", name)
		}
		b.WriteString(`<script type="application/json" id="kubeloop-data-` + path.Base(name) + `">`)
		b.WriteString(strings.ReplaceAll(string(text), "<", `\u003c`))
		b.WriteString("</script>\n")
	}
	return b.String(), nil
}
