// Command parity runs the same transcripts through kubeloop and through a
// real control plane (the oracle: etcd, kube-apiserver,
// kube-controller-manager and kube-scheduler built from Go modules, kwok
// for the nodes — see ../shared/oracle/README.txt) and reports, per
// transcript, the share of the real cluster's output lines that kubeloop
// prints too, in the same order, after normalize has taken out what no two
// clusters share (times, UIDs, addresses, random suffixes).
//
//	go run ./tests/parity [-kubeloop BIN] [-pace D] [-oracle DIR] [-refresh] [FILE…]
//
// With no FILE it runs every transcript in tests/transcripts/testdata and
// every lesson (its setup and steps, as a learner who did each). The real
// cluster's outputs are kept in tests/out/parity/oracle and reused unless
// -refresh (a run takes minutes: `sim advance 5m` waits five real
// minutes), so another kubeloop (-kubeloop an older build) is measured
// against the same answers. The report goes to tests/out/parity/report.md.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"

	"github.com/kubeloop/kubeloop/site/lessons"
	"github.com/kubeloop/kubeloop/site/lessons/text"
)

const outDir = "tests/out/parity"

// pace is kubeloop run's --pace for every transcript (core/transcript's
// Options.Pace): a real cluster keeps working while the learner types.
var pace string

func main() {
	kubeloop := flag.String("kubeloop", "", "the kubeloop binary to measure (default: go build ./cmd/kubeloop)")
	oracle := flag.String("oracle", "../shared/oracle", "the oracle's scripts")
	refresh := flag.Bool("refresh", false, "run the real cluster again even where its output is kept")
	flag.StringVar(&pace, "pace", "1s", "kubeloop run --pace: simulated time before each command, as a person typing gives a real cluster (empty: none, for a kubeloop without --pace)")
	flag.Parse()
	if err := run(*kubeloop, *oracle, *refresh, flag.Args()); err != nil {
		fmt.Fprintln(os.Stderr, "parity:", err)
		os.Exit(1)
	}
}

type result struct {
	name           string
	matched, lines int
	kubeloopLines  int
	hunks          []hunk
}

func run(bin, oracle string, refresh bool, files []string) error {
	if err := os.MkdirAll(filepath.Join(outDir, "oracle"), 0o755); err != nil {
		return err
	}
	if bin == "" {
		bin = filepath.Join(outDir, "kubeloop")
		if out, err := exec.Command("go", "build", "-o", bin, "./cmd/kubeloop").CombinedOutput(); err != nil {
			return fmt.Errorf("building kubeloop: %v\n%s", err, out)
		}
	}
	if len(files) == 0 {
		var err error
		if files, err = allTranscripts(); err != nil {
			return err
		}
	}
	var results []result
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".txt")
		real, err := oracleOutput(oracle, file, name, refresh)
		if err != nil {
			return err
		}
		ours, err := kubeloopOutput(bin, file)
		if err != nil {
			return err
		}
		o, k := normalize(real), normalize(ours)
		matched, hunks := align(o, k)
		r := result{name: name, matched: matched, lines: len(o), kubeloopLines: len(k), hunks: hunks}
		fmt.Printf("%-40s %4d of %4d lines agree  %5.1f%%\n", name, matched, len(o), pct(matched, len(o)))
		results = append(results, r)
	}
	return os.WriteFile(filepath.Join(outDir, "report.md"), report(bin, results), 0o644)
}

// allTranscripts is every transcript in tests/transcripts/testdata, and
// every lesson written out as one.
func allTranscripts() ([]string, error) {
	files, err := filepath.Glob("tests/transcripts/testdata/*.txt")
	if err != nil {
		return nil, err
	}
	all, err := lessons.ParseAll(text.Files())
	if err != nil {
		return nil, err
	}
	dir := filepath.Join(outDir, "lessons")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	for _, l := range all {
		script := l.SetupScript
		for _, s := range l.Steps {
			script += s.Script
		}
		file := filepath.Join(dir, "lesson-"+l.ID+".txt")
		if err := os.WriteFile(file, []byte(script), 0o644); err != nil {
			return nil, err
		}
		files = append(files, file)
	}
	return files, nil
}

// oracleOutput is the real cluster's transcript of file: kept, or run on
// a fresh cluster (down, up) in file's folder, as kubeloop runs it.
func oracleOutput(oracle, file, name string, refresh bool) (string, error) {
	kept := filepath.Join(outDir, "oracle", name+".out")
	if b, err := os.ReadFile(kept); err == nil && !refresh {
		return string(b), nil
	}
	script, err := filepath.Abs(filepath.Join(oracle, "run-transcript.sh"))
	if err != nil {
		return "", err
	}
	abs, err := filepath.Abs(file)
	if err != nil {
		return "", err
	}
	fmt.Fprintf(os.Stderr, "parity: running %s on the real cluster\n", name)
	cmd := exec.Command(script, "--fresh", abs)
	cmd.Dir = filepath.Dir(abs)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, os.Stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("the oracle on %s: %v", name, err)
	}
	return out.String(), os.WriteFile(kept, out.Bytes(), 0o644)
}

// kubeloopOutput is `kubeloop run file`'s transcript; a failed command is
// part of the transcript, so its exit status is not an error here.
func kubeloopOutput(bin, file string) (string, error) {
	abs, err := filepath.Abs(bin)
	if err != nil {
		return "", err
	}
	args := []string{"run", filepath.Base(file)}
	if pace != "" {
		args = []string{"run", "--pace", pace, filepath.Base(file)}
	}
	cmd := exec.Command(abs, args...)
	cmd.Dir = filepath.Dir(file)
	out, err := cmd.Output()
	if _, exited := err.(*exec.ExitError); err != nil && !exited {
		return "", err
	}
	return string(out), nil
}

func pct(a, b int) float64 {
	if b == 0 {
		return 100
	}
	return 100 * float64(a) / float64(b)
}

// report is the table of scores and, per transcript, the differing lines
// side by side: the real cluster's, then kubeloop's.
func report(bin string, results []result) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "# Parity: kubeloop (%s, --pace %q) against a real control plane\n\n", bin, pace)
	fmt.Fprintf(&b, "What is normalized before comparing (nothing else is):\n\n")
	for _, r := range rules {
		fmt.Fprintf(&b, "- %s\n", r.why)
	}
	fmt.Fprintf(&b, "\n| transcript | real lines | kubeloop lines | agree | share |\n|---|---:|---:|---:|---:|\n")
	total, matched := 0, 0
	sorted := append([]result(nil), results...)
	sort.SliceStable(sorted, func(i, j int) bool {
		return pct(sorted[i].matched, sorted[i].lines) < pct(sorted[j].matched, sorted[j].lines)
	})
	for _, r := range sorted {
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %.1f%% |\n", r.name, r.lines, r.kubeloopLines, r.matched, pct(r.matched, r.lines))
		total += r.lines
		matched += r.matched
	}
	fmt.Fprintf(&b, "| **all** | %d | | %d | **%.1f%%** |\n", total, matched, pct(matched, total))
	for _, r := range sorted {
		if len(r.hunks) == 0 {
			continue
		}
		fmt.Fprintf(&b, "\n## %s\n", r.name)
		for _, h := range r.hunks {
			b.WriteString("\n```diff\n")
			for _, l := range h.oracle {
				fmt.Fprintf(&b, "- %s\n", l)
			}
			for _, l := range h.ours {
				fmt.Fprintf(&b, "+ %s\n", l)
			}
			b.WriteString("```\n")
		}
	}
	return b.Bytes()
}
