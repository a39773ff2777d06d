package engine

import (
	"time"

	"github.com/kubeloop/kubeloop/core/cluster"
	"github.com/kubeloop/kubeloop/core/kubectl"
	"github.com/kubeloop/kubeloop/core/traceview"
	"github.com/kubeloop/kubeloop/site/lessons"
)

// Request is one thing the page asks of the cluster. Op names it; the
// other fields are its arguments, each op using the few it needs.
type Request struct {
	Op string `json:"op"`
	// Line is a kubectl or shell line, Stdin what it reads (kubectl's
	// -f -), Text a manifest or a transcript.
	Line  string `json:"line,omitempty"`
	Stdin string `json:"stdin,omitempty"`
	Text  string `json:"text,omitempty"`
	// Args are a sim command's words after "sim".
	Args []string `json:"args,omitempty"`
	// Seconds of simulated time (advance, settle's slice).
	Seconds float64 `json:"seconds,omitempty"`
	Seed    uint64  `json:"seed,omitempty"`
	Rev     int64   `json:"rev,omitempty"`
	// Trace is what the page's trace shows (snapshotAt, traceAt): the
	// reconciles a replayed revision sends are searched for with it.
	Trace traceview.Filter `json:"trace,omitzero"`
	// Record puts the request in the session's record (share links).
	Record bool `json:"record,omitempty"`
	// Aside runs a kubectl line apart from the terminal (kubeloop.kubectl):
	// a watch the terminal has open goes on, and a watch or shell the
	// line would open is closed at once, its output kept.
	Aside bool `json:"aside,omitempty"`
	// Lesson, Step and Mark name a lesson step's checks (checks).
	Lesson string `json:"lesson,omitempty"`
	Step   int    `json:"step,omitempty"`
	Mark   Mark   `json:"mark"`
	// On and Speed: the clock's play (OpPlay).
	On    bool    `json:"on,omitempty"`
	Speed float64 `json:"speed,omitempty"`
}

// Reply is the cluster's answer to a Request.
type Reply struct {
	// Error is set when the request itself failed (a bad op, a panic).
	Error string `json:"error,omitempty"`
	// kubectl, shell, sim, script: each output as a terminal shows it
	// (Keep), and what was cut of each (Cuts, when any was).
	Output   []kubectl.Chunk `json:"output,omitempty"`
	Cuts     []Cut           `json:"cuts,omitempty"`
	ExitCode int             `json:"exitCode,omitempty"`
	// Cut and StoppedWaiting are kubectl.Result's.
	Cut            bool                 `json:"cut,omitempty"`
	StoppedWaiting *kubectl.StoppedWait `json:"stoppedWaiting,omitempty"`
	// Watching: the command opened a watch, whose rows come in frames.
	Watching bool `json:"watching,omitempty"`
	// Prompt is an open shell's prompt ("" when none is open).
	Prompt string `json:"prompt,omitempty"`
	// apply:
	Lines  []string    `json:"lines,omitempty"`
	Errors []LineError `json:"errors,omitempty"`
	// Changed: the request wrote to the API server.
	Changed bool `json:"changed,omitempty"`
	// settle:
	Settled bool          `json:"settled,omitempty"`
	Took    time.Duration `json:"took,omitempty"`
	// idle, step:
	Ran  int   `json:"ran,omitempty"`
	Step *Step `json:"step,omitempty"`
	// snapshot, snapshotAt, traceAt: a snapshotAt's pods and Events cross
	// as Pods and Events, after the JSON (Post.Encode), and its Snapshot
	// has none.
	Snapshot *cluster.Snapshot `json:"snapshot,omitempty"`
	Pods     PodList           `json:"-"`
	Events   EventList         `json:"-"`
	Trace    EntryRecords      `json:"-"`
	Volumes  Table[Volume]     `json:"volumes,omitzero"`
	Elapsed  time.Duration     `json:"elapsed,omitempty"`
	// export, session (Count: the objects exported):
	Text  string `json:"text,omitempty"`
	Count int    `json:"count,omitempty"`
	// TextCut is what was cut of Text (rows of a watch, as a terminal
	// shows them).
	TextCut Cut `json:"textCut,omitzero"`
	// complete: the candidates for the line's last word.
	Names []string `json:"names,omitempty"`
	Word  string   `json:"word,omitempty"`
	// checks:
	Checks []CheckResult `json:"checks,omitempty"`
	// mark:
	Mark Mark `json:"mark"`
	// warmUp:
	WarmUp *WarmUp `json:"warmUp,omitempty"`
	// printed: per step of a lesson, its commands and their output.
	Printed [][]lessons.Printed `json:"printed,omitempty"`
}

// Mark is where a lesson step began (lessons.Mark).
type Mark struct {
	Seq int64 `json:"seq"`
	Rev int64 `json:"rev"`
}

// CheckResult is one lesson check: whether it holds, and what it saw.
type CheckResult struct {
	OK  bool   `json:"ok"`
	Saw string `json:"saw"`
}
