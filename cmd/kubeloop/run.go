package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/kubeloop/kubeloop/controllers"
	"github.com/kubeloop/kubeloop/core/cluster"
	"github.com/kubeloop/kubeloop/core/session"
	"github.com/kubeloop/kubeloop/core/transcript"
	"github.com/kubeloop/kubeloop/core/yaml"
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
	pace := fs.Duration("pace", 0, "simulated time that passes before each kubectl command, as a person types it (e.g. 1s; 0: none)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: kubeloop run [--seed N] [--pace D] SCRIPT|-")
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
	var tooLarge error // the first -f file over the limit: the run fails
	c := cluster.New(cluster.Options{
		Seed:        *seed,
		Controllers: controllers.All(),
		FieldDocs:   data.MustExplainDocs("en"),
		KubectlHelp: data.MustKubectlHelp(),
		ReadFile: func(file string) ([]byte, error) {
			if !filepath.IsAbs(file) {
				file = filepath.Join(dir, file)
			}
			b, err := readBounded(file, yaml.MaxBytes)
			if errors.As(err, new(*tooLargeError)) && tooLarge == nil {
				tooLarge = err
			}
			return b, err
		},
	})
	out, err := transcript.RunWith(c, string(script), transcript.Options{Pace: *pace})
	io.WriteString(stdout, out)
	if err == nil {
		err = tooLarge
	}
	if err != nil {
		fmt.Fprintln(stderr, "kubeloop run:", err)
		return 1
	}
	return 0
}

// readBounded reads file, or refuses it once it is over limit bytes
// without reading further (a -f /dev/zero must not fill the memory).
func readBounded(file string, limit int) ([]byte, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, int64(limit)+1))
	if err != nil {
		return nil, err
	}
	if len(b) > limit {
		return nil, &tooLargeError{file: file, limit: limit}
	}
	return b, nil
}

// tooLargeError is a -f file over the limit: kubectl -f here takes what the
// page's editor takes, no more.
type tooLargeError struct {
	file  string
	limit int
}

func (e *tooLargeError) Error() string {
	return fmt.Sprintf("%s is larger than %g MiB (%d bytes), the most kubectl -f reads here, as in the page's editor",
		e.file, float64(e.limit)/(1<<20), e.limit)
}
