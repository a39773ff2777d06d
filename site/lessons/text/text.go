// Package text holds the lessons' files (*.txt: site/lessons says their
// syntax). Native hosts and tests read them here. The page's binary never
// links this package: `make site` writes the files to
// dist/data/lessons.json (cmd/lessonsjson), which the page loads beside
// the binary and hands to the worker — text that is data stays out of the
// wasm every learner downloads first.
package text

import (
	"embed"
	"encoding/json"
	"strings"
)

//go:embed *.txt
var files embed.FS

// Files are the lesson files' text by lesson ID (the file name without
// .txt).
func Files() map[string]string {
	entries, err := files.ReadDir(".")
	if err != nil {
		panic(err) // the files are part of the build
	}
	out := make(map[string]string, len(entries))
	for _, e := range entries {
		b, err := files.ReadFile(e.Name())
		if err != nil {
			panic(err)
		}
		out[strings.TrimSuffix(e.Name(), ".txt")] = string(b)
	}
	return out
}

// JSON is Files as the page's data file: an object of lesson ID → text.
func JSON() ([]byte, error) { return json.Marshal(Files()) }
