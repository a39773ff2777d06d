package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/kubeloop/kubeloop/core/cluster"
	"github.com/kubeloop/kubeloop/core/session"
	"github.com/kubeloop/kubeloop/core/transcript"
	"github.com/kubeloop/kubeloop/site/data"
)

// runCmd executes a transcript (kubectl lines, sim commands, heredocs) on a
// fresh simulated cluster and prints it as the terminal would. A -f FILE in
// the script is read relative to the script's folder (or the working folder
// for a script on stdin). A session saved by the page (kubeloop-session.txt)
// runs with the seed its first line names, unless --seed says otherwise.
// The exit status is 1 when the script has an error.
func runCmd(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.SetOutput(stderr)
	seed := fs.Uint64("seed", 1, "seed of the simulation (same seed, same history)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: kubeloop run [--seed N] SCRIPT|-")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return 2
	}
	name := fs.Arg(0)
	var (
		script []byte
		dir    string
		err    error
	)
	if name == "-" {
		script, err = io.ReadAll(stdin)
		dir = "."
	} else {
		script, err = os.ReadFile(name)
		dir = filepath.Dir(name)
	}
	if err != nil {
		fmt.Fprintln(stderr, "kubeloop run:", err)
		return 1
	}
	seedSet := false
	fs.Visit(func(f *flag.Flag) { seedSet = seedSet || f.Name == "seed" })
	if s, ok := session.SeedOf(string(script)); ok && !seedSet {
		*seed = s // a session saved by the page names its seed
	}
	c := cluster.New(cluster.Options{
		Seed:      *seed,
		FieldDocs: data.MustExplainDocs("en"),
		ReadFile: func(file string) ([]byte, error) {
			if !filepath.IsAbs(file) {
				file = filepath.Join(dir, file)
			}
			return os.ReadFile(file)
		},
	})
	out, err := transcript.Run(c, string(script))
	io.WriteString(stdout, out)
	if err != nil {
		fmt.Fprintln(stderr, "kubeloop run:", err)
		return 1
	}
	return 0
}
