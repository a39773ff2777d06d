// Command lessonsjson writes the lessons' files as the page's data file
// (site/lessons/text.JSON): `make site` runs it into dist/data/lessons.json.
package main

import (
	"fmt"
	"os"

	"github.com/kubeloop/kubeloop/site/lessons/text"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: lessonsjson OUT.json")
		os.Exit(2)
	}
	b, err := text.JSON()
	if err == nil {
		err = os.WriteFile(os.Args[1], b, 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "lessonsjson:", err)
		os.Exit(1)
	}
}
