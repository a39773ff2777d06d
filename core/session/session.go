// Package session records what a learner does to a simulated cluster as a
// transcript (core/transcript) — the YAML applied, every kubectl and sim
// line, and the time the clock moved between them — so that running the
// transcript on a fresh cluster with the same seed reaches the same store
// revision and the same state, byte for byte. The page's share links and
// the kubeloop-session.txt download carry it; `kubeloop run` replays it.
//
// The page's worker moves the clock in slices: each turn of its loop runs
// a bounded number of tasks, settling spreads over turns. None of that is
// recorded as such. Between two commands the clock only ever runs tasks
// in (deadline, sequence) order and moves past an instant once nothing is
// due at it, so where it stands is two numbers: how many tasks ran, and the time it
// reached after the last of them. A Recorder writes them as `sim step N`
// and `sim advance D`, which replay them exactly however the turns cut
// them — including a command typed while tasks of the current instant are
// still due.
//
// Do not use it for lines that only read the cluster but must not be
// replayed (completion): it records whatever it is given.
package session

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/kubeloop/kubeloop/core/cluster"
	"github.com/kubeloop/kubeloop/core/transcript"
)

// Clock is what a Recorder reads of the cluster's clock (core/clock.Sim).
type Clock interface {
	Now() time.Time
	// Ran reports how many tasks have run, and the time the last one ran.
	Ran() (tasks uint64, lastAt time.Time)
}

// Recorder keeps one session: a seed and the transcript since the
// cluster started. It reads the clock only when told of a command.
type Recorder struct {
	seed  uint64
	clock Clock
	text  strings.Builder
	// tasks and at are the clock when the last command ended: the
	// progress since is written before the next one.
	tasks uint64
	at    time.Time
	// shell: an interactive shell holds the terminal, so lines go to it
	// and no sim line may come between them.
	shell bool
}

// New starts recording a cluster started with seed, whose clock is clk.
func New(seed uint64, clk Clock) *Recorder {
	r := &Recorder{seed: seed, clock: clk}
	r.mark()
	return r
}

// Seed is the seed the recorded cluster started with.
func (r *Recorder) Seed() uint64 { return r.seed }

// Command records a kubectl or sim line that acts on the cluster, and the
// stdin it reads ("" for none, as a heredoc otherwise). The time the clock
// moved since the last command is written first; call the returned func
// once the command has run, so that what it ran on the clock itself (a
// command replays the same) is not written again.
func (r *Recorder) Command(line, stdin string) (done func()) {
	if r.shell {
		r.text.WriteString(oneLine(line) + "\n")
		return func() {}
	}
	r.writeClock()
	r.text.WriteString(commandText(line, stdin))
	return r.mark
}

// Tentative is Command for a command that may change nothing (an apply
// refused as a whole): done(true) records it as Command would have, and
// done(false) leaves the record as it was.
func (r *Recorder) Tentative(line, stdin string) (done func(changed bool)) {
	clock := r.clockLines()
	return func(changed bool) {
		if changed {
			r.text.WriteString(clock + commandText(line, stdin))
			r.mark()
		}
	}
}

// commandText is a command line, with its stdin as a heredoc.
func commandText(line, stdin string) string {
	text := oneLine(line)
	if stdin != "" {
		delim := heredocDelimiter(stdin)
		text += " <<" + delim + "\n" + strings.TrimSuffix(stdin, "\n") + "\n" + delim
	}
	return text + "\n"
}

// Script records a transcript run as a whole (a lesson's setup), as
// Command does a line.
func (r *Recorder) Script(script string) (done func()) {
	r.writeClock()
	script = strings.ReplaceAll(script, "\r\n", "\n")
	if _, ok := SeedOf(script); ok { // a recorded session: its header once
		_, script, _ = strings.Cut(script, "\n")
	}
	if script != "" && !strings.HasSuffix(script, "\n") {
		script += "\n"
	}
	r.text.WriteString(script)
	return r.mark
}

// Shell says whether an interactive shell holds the terminal now (after
// `kubectl exec -it POD -- sh`, until `exit`): the lines typed meanwhile
// go to it, so the clock's progress waits until it closes.
func (r *Recorder) Shell(open bool) { r.shell = open }

// Transcript is the session so far, ending with the clock's progress
// since the last command (a shell still open is exited first). It starts
// with a comment naming the seed (SeedOf reads it).
func (r *Recorder) Transcript() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s%d (replay: kubeloop run kubeloop-session.txt)\n", header, r.seed)
	b.WriteString(r.text.String())
	if r.shell {
		b.WriteString("exit\n")
	}
	b.WriteString(r.clockLines())
	return b.String()
}

// header starts a recorded session's first line, before the seed.
const header = "# kubeloop session, seed "

// SeedOf reads the seed from a recorded session's first line.
func SeedOf(script string) (uint64, bool) {
	first, _, _ := strings.Cut(script, "\n")
	rest, ok := strings.CutPrefix(strings.TrimSuffix(first, "\r"), header)
	if !ok {
		return 0, false
	}
	digits, _, _ := strings.Cut(rest, " ")
	seed, err := strconv.ParseUint(digits, 10, 64)
	return seed, err == nil
}

// writeClock writes the clock's progress since the last mark.
func (r *Recorder) writeClock() { r.text.WriteString(r.clockLines()) }

// mark notes where the clock stands: the next command starts from here.
func (r *Recorder) mark() {
	r.tasks, _ = r.clock.Ran()
	r.at = r.clock.Now()
}

// clockLines are the sim lines that move a replay's clock from the mark to
// where the clock is now: the tasks run since, then the time it moved
// after the last of them (or since the mark, when none ran).
func (r *Recorder) clockLines() string {
	tasks, lastAt := r.clock.Ran()
	var b strings.Builder
	n, from := tasks-r.tasks, r.at
	if n > 0 {
		from = lastAt
	}
	for n > 0 {
		k := min(n, cluster.MaxSteps)
		fmt.Fprintf(&b, "sim step %d\n", k)
		n -= k
	}
	for d := r.clock.Now().Sub(from); d > 0; {
		k := min(d, transcript.MaxAdvance)
		fmt.Fprintf(&b, "sim advance %s\n", k)
		d -= k
	}
	return b.String()
}

// heredocDelimiter is EOF, or EOF1, EOF2… when stdin has a line EOF.
func heredocDelimiter(stdin string) string {
	lines := strings.Split(stdin, "\n")
	for i := 0; ; i++ {
		d := "EOF"
		if i > 0 {
			d += strconv.Itoa(i)
		}
		clash := false
		for _, l := range lines {
			if strings.TrimRight(l, "\r") == d {
				clash = true
				break
			}
		}
		if !clash {
			return d
		}
	}
}

// oneLine keeps a typed line on one line of the transcript.
func oneLine(line string) string {
	return strings.Map(func(r rune) rune {
		if r == '\r' || r == '\n' {
			return ' '
		}
		return r
	}, line)
}

// ReadsStdin reports whether a kubectl line reads its stdin: -f - (a
// manifest from stdin), or -i/--stdin (exec and run attach it).
func ReadsStdin(line string) bool {
	f := strings.Fields(line)
	for i, w := range f {
		switch {
		case w == "--":
			return false
		case (w == "-f" || w == "--filename") && i+1 < len(f) && f[i+1] == "-",
			w == "-f-", w == "-f=-", w == "--filename=-",
			w == "-i", w == "-it", w == "-ti", w == "--stdin", w == "--stdin=true":
			return true
		}
	}
	return false
}
