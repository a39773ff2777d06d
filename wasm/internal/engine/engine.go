// Package engine is the simulated cluster as the page's Web Worker runs
// it: it owns the cluster, advances its clock, answers the page's
// requests (kubectl, apply, sim, replay, …) and hands the page Frames —
// batches of what changed since the last one, as raft's Ready hands its
// caller a batch — which the page draws from. The page never reads the
// cluster itself: everything it shows arrives in a Frame or a Reply, both
// plain data that cross to the page as JSON and, for pods and outputs, a
// text of their own (Post.Encode).
//
// It is plain Go (no syscall/js): the worker's glue (wasm/worker*.go)
// posts its frames and feeds it requests, and tests drive it natively.
package engine

import (
	"fmt"
	"time"

	"github.com/kubeloop/kubeloop/controllers"
	"github.com/kubeloop/kubeloop/core/cluster"
	"github.com/kubeloop/kubeloop/core/explain"
	"github.com/kubeloop/kubeloop/core/kubectl"
	"github.com/kubeloop/kubeloop/core/kubectl/helptext"
	"github.com/kubeloop/kubeloop/core/session"
	"github.com/kubeloop/kubeloop/site/lessons"
)

// Engine is one page's cluster and what the page has been sent of it.
type Engine struct {
	c    *cluster.Cluster
	seed uint64
	// running: the control plane has started (Start); before, a frame
	// has the nodes and no picture of a controller manager.
	running bool
	docs    explain.Docs
	help    helptext.Pages
	// lessons are the page's lessons (SetLessons), whose checks, questions
	// and outputs the engine answers for.
	lessons []*lessons.Lesson

	sent sentState // what the last Frame carried (frame.go)

	// rec records what was done to this cluster, for share links.
	rec *session.Recorder
	// watch is an open `kubectl get -w`; its rows go out in frames.
	watch *kubectl.Watch
	// watchRows are its rows not yet handed to a frame.
	watchRows string
	// shell is an open `kubectl exec -it … sh` (or `run -it`).
	shell *kubectl.Session
}

// New builds a cluster's API server and nodes (cluster.BuildNodes):
// enough to draw the first frame. Start builds the rest and starts the
// control plane.
func New(seed uint64) *Engine {
	e := &Engine{seed: seed}
	e.build()
	return e
}

func (e *Engine) build() {
	e.c = cluster.BuildNodes(cluster.Options{Seed: e.seed, Controllers: controllers.All(), FieldDocs: e.docs, KubectlHelp: e.help})
	e.c.Clock().AfterEachTask(e.keepUp)
	e.rec = session.New(e.seed, e.c.Clock())
	e.sent = sentState{}
	e.running = false
	e.watch, e.shell = nil, nil
}

// Start starts the control plane: kubelets, controller managers, scheduler.
func (e *Engine) Start() {
	e.c.Start()
	e.running = true
	// The record starts with the started cluster, as a replay's does: the
	// control plane's start is not the learner's.
	e.rec = session.New(e.seed, e.c.Clock())
}

// Reset replaces the cluster with a new one of seed, started.
func (e *Engine) Reset(seed uint64) {
	e.seed = seed
	e.build()
	e.Start()
}

// Seed is the seed of the cluster the engine runs.
func (e *Engine) Seed() uint64 { return e.seed }

// Cluster is the cluster the engine runs, for tests and the headless side.
func (e *Engine) Cluster() *cluster.Cluster { return e.c }

// Run runs the tasks due within d of simulated time, at most tasks of
// them (cluster.AdvanceBudget): the worker's loop calls it in slices and
// looks at its own wall clock between them. It reports whether the clock
// reached d; an open watch is polled at each instant something ran, so
// that its rows get their time.
func (e *Engine) Run(d time.Duration, tasks int) (done bool) {
	if e.watch == nil {
		return e.c.AdvanceBudget(d, tasks)
	}
	clk := e.c.Clock()
	target := clk.Now().Add(d)
	for n := 0; n < tasks; n++ {
		next, ok := clk.Next()
		if !ok || next.After(target) {
			clk.AdvanceTo(target)
			e.pollWatch()
			return true
		}
		clk.Step()
		if nxt, ok := clk.Next(); !ok || nxt.After(clk.Now()) {
			e.pollWatch()
		}
	}
	return false
}

// SetDocs hands the cluster kubectl explain's descriptions (data the page
// loads beside the binary); they outlive a Reset.
func (e *Engine) SetDocs(docs explain.Docs) {
	e.docs = docs
	e.c.SetFieldDocs(docs)
}

// SetLessons hands the engine the page's lessons (data the page loads
// beside the binary); they outlive a Reset.
func (e *Engine) SetLessons(all []*lessons.Lesson) { e.lessons = all }

// lesson is the lesson of that ID.
func (e *Engine) lesson(id string) (*lessons.Lesson, error) {
	if e.lessons == nil {
		return nil, fmt.Errorf("no lesson %q: the lessons are not loaded", id)
	}
	return lessons.Find(e.lessons, id)
}

// SetHelp hands the cluster kubectl's help pages; they outlive a Reset.
func (e *Engine) SetHelp(pages helptext.Pages) {
	e.help = pages
	e.c.SetKubectlHelp(pages)
}
