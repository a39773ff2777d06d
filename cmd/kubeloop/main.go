// Command kubeloop is the native host of the kubeloop simulation.
//
//	kubeloop serve [-addr 127.0.0.1:8080]   serve the embedded site (works offline)
//	kubeloop serve --api 127.0.0.1:6443 --kubeconfig FILE [--speed N] [--seed N]
//	                                        also serve the Kubernetes API, for the real kubectl
//	kubeloop run [--seed N] SCRIPT|-        run a transcript headless and print it
//
// The page itself runs in the browser (package wasm); this binary serves it,
// drives the same core from a script, or serves a simulated cluster's
// Kubernetes API (core/apiserver) to real clients.
package main

import (
	"fmt"
	"io"
	"os"
)

const usage = `kubeloop — the Kubernetes controller manager as a deterministic simulation

usage:
  kubeloop serve [-addr 127.0.0.1:8080]   serve the page (built by "make site" and embedded)
  kubeloop serve --api 127.0.0.1:6443 --kubeconfig FILE [--speed N] [--seed N] [--addr ""]
                                          also (or, with --addr "", only) serve the Kubernetes API
                                          of a simulated cluster: KUBECONFIG=FILE kubectl get pods
  kubeloop run [--seed N] SCRIPT|-        run a transcript of kubectl and sim commands
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run dispatches a subcommand and returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	switch args[0] {
	case "serve":
		return serveCmd(args[1:], stdout, stderr)
	case "run":
		return runCmd(args[1:], stdin, stdout, stderr)
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	}
	fmt.Fprintf(stderr, "kubeloop: unknown command %q\n\n%s", args[0], usage)
	return 2
}
