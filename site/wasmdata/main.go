// Command wasmdata rewrites a Go-built WebAssembly binary in place with its
// data segments merged (merge.go says why) and its line tables zeroed
// (lines.go says why). `make site` runs it on dist/kubeloop.wasm.
package main

import (
	"fmt"
	"os"
)

// maxGap is the longest run of zeros written out to join two segments:
// Go's gaps are short; the few long ones (the start of memory) stay.
const maxGap = 4096

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: wasmdata FILE.wasm")
		os.Exit(2)
	}
	name := os.Args[1]
	bin, err := os.ReadFile(name)
	if err == nil {
		bin, err = Rewrite(bin, Options{MaxGap: maxGap, StripLines: true})
	}
	if err == nil {
		err = os.WriteFile(name, bin, 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "wasmdata:", err)
		os.Exit(1)
	}
}
