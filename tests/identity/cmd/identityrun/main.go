// Command identityrun runs the identity corpus (tests/identity/testdata, or
// the directory given) and prints the outputs as one JSON object, name to
// output. The identity test builds it for GOOS=js and runs it under Node.
package main

import (
	"encoding/json"
	"fmt"
	"os"

	"github.com/kubeloop/kubeloop/tests/identity"
)

func main() {
	dir := "testdata"
	if len(os.Args) > 1 {
		dir = os.Args[1]
	}
	out, err := identity.Run(dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, "identityrun:", err)
		os.Exit(1)
	}
	b, err := json.Marshal(out)
	if err != nil {
		fmt.Fprintln(os.Stderr, "identityrun:", err)
		os.Exit(1)
	}
	os.Stdout.Write(append(b, '\n'))
}
