package engine

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/kubeloop/kubeloop/controllers"
	"github.com/kubeloop/kubeloop/core/apijson"
	"github.com/kubeloop/kubeloop/core/cluster"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/explain"
	"github.com/kubeloop/kubeloop/core/export"
	"github.com/kubeloop/kubeloop/core/kubectl"
	"github.com/kubeloop/kubeloop/core/kubectl/helptext"
	"github.com/kubeloop/kubeloop/core/session"
	"github.com/kubeloop/kubeloop/core/terminal"
	"github.com/kubeloop/kubeloop/core/transcript"
	"github.com/kubeloop/kubeloop/site/lessons"
)

// ops are the requests the engine answers, by Request.Op.
var ops = map[string]func(*Engine, Request) Reply{
	"kubectl":    (*Engine).kubectl,
	"beside":     (*Engine).beside,
	"shell":      (*Engine).shellLine,
	"stopWatch":  (*Engine).stopWatch,
	"apply":      (*Engine).apply,
	"sim":        (*Engine).sim,
	"advance":    (*Engine).advance,
	"settle":     (*Engine).settle,
	"step":       func(e *Engine, _ Request) Reply { return Reply{Step: e.step()} },
	"idle":       (*Engine).toIdle,
	"reset":      func(e *Engine, r Request) Reply { e.Reset(r.Seed); return Reply{} },
	"script":     (*Engine).script,
	"snapshot":   (*Engine).snapshot,
	"snapshotAt": (*Engine).snapshotAt,
	"traceAt":    (*Engine).traceAt,
	"export":     (*Engine).export,
	"complete":   (*Engine).complete,
	"mark":       func(e *Engine, _ Request) Reply { return Reply{Mark: e.mark()} },
	"checks":     (*Engine).checks,
	"predict":    (*Engine).predict,
	"printed":    (*Engine).printed,
	"session":    func(e *Engine, _ Request) Reply { return Reply{Text: e.rec.Transcript()} },
	"docs":       (*Engine).setDocs,
	"help":       (*Engine).setHelp,
	"lessons":    (*Engine).setLessons,
}

// Do answers one request. A request that panics is answered with the
// panic as its Error: the worker must outlive any one request, as the page
// outlives any one click.
func (e *Engine) Do(r Request) (rep Reply) {
	op, ok := ops[r.Op]
	if !ok {
		return Reply{Error: fmt.Sprintf("engine: no request %q", r.Op)}
	}
	defer func() {
		if p := recover(); p != nil {
			rep = Reply{Error: fmt.Sprintf("engine: %s panicked: %v", r.Op, p)}
		}
	}()
	rep = op(e, r)
	if !r.Aside {
		rep.keep()
	}
	return rep
}

// keep cuts each output to what a terminal shows of it (Keep), noting
// what it cut: only that much crosses to the page.
func (rep *Reply) keep() {
	for i := range rep.Output {
		var c Cut
		rep.Output[i].Text, c = Keep(rep.Output[i].Text)
		if c != (Cut{}) {
			if rep.Cuts == nil {
				rep.Cuts = make([]Cut, len(rep.Output))
			}
			rep.Cuts[i] = c
		}
	}
	rep.Text, rep.TextCut = Keep(rep.Text)
}

// recorded runs act, recording line (with its stdin, if it reads it) in
// the session when r asks for it.
func (e *Engine) recorded(r Request, line, stdin string) (done func()) {
	if !r.Record {
		return func() {}
	}
	if !session.ReadsStdin(line) {
		stdin = ""
	}
	return e.rec.Command(line, stdin)
}

// kubectl runs a kubectl line. A `get -w` leaves a watch open, whose rows
// come in the frames that follow; `exec -it … sh` leaves a shell open for
// "shell" requests. Any other command ends an open watch, as a
// transcript's next line does.
func (e *Engine) kubectl(r Request) Reply {
	if !r.Aside {
		e.endWatch()
	}
	line := terminal.AsKubectl(r.Line)
	done := e.recorded(r, line, r.Stdin)
	before := e.c.Store().Revision()
	res := e.c.Kubectl(line, r.Stdin)
	rep := Reply{Output: res.Output, ExitCode: res.ExitCode, Cut: res.Cut, StoppedWaiting: res.StoppedWaiting}
	if r.Aside {
		closeAside(&res)
		rep.Output = res.Output
		done()
		rep.Changed = e.c.Store().Revision() != before
		return rep
	}
	if res.Watch != nil {
		e.watch, rep.Watching = res.Watch, true
	}
	if res.Session != nil {
		e.shell = res.Session
		rep.Prompt = strings.TrimSpace(res.Session.Prompt())
	}
	done()
	if r.Record && e.shell != nil {
		e.rec.Shell(true)
	}
	rep.Changed = e.c.Store().Revision() != before
	return rep
}

// beside runs a kubectl line beside the open watch (a second terminal):
// the watch stays open, and Text is the rows it printed meanwhile (those
// from before the command go out in the frame, which the page draws
// first).
func (e *Engine) beside(r Request) Reply {
	if e.watch == nil {
		return e.kubectl(r)
	}
	line := terminal.AsKubectl(r.Line)
	done := e.recorded(r, line, r.Stdin)
	e.pollWatch()
	res, rows := transcript.Beside(e.c, line, r.Stdin, e.watch)
	done()
	return Reply{Output: res.Output, ExitCode: res.ExitCode, Cut: res.Cut, StoppedWaiting: res.StoppedWaiting, Text: rows}
}

// closeAside ends the watch or the shell a command run aside opened,
// keeping what they printed.
func closeAside(res *kubectl.Result) {
	if w := res.Watch; w != nil {
		if rows := w.Poll(); rows != "" {
			res.Output = append(res.Output, kubectl.Chunk{Text: rows})
		}
		w.Stop()
		res.Watch = nil
	}
	if s := res.Session; s != nil {
		if last := s.Close(); last != "" {
			res.Output = append(res.Output, kubectl.Chunk{Text: last})
		}
		res.Session = nil
	}
}

// shellLine runs a line in the open shell; Prompt is "" once it exits.
func (e *Engine) shellLine(r Request) Reply {
	if e.shell == nil {
		return Reply{Error: "no shell is open"}
	}
	done := e.recorded(r, r.Line, "")
	out, exited := e.shell.Line(r.Line)
	rep := Reply{Output: []kubectl.Chunk{{Text: out}}}
	if exited {
		e.shell = nil
	} else {
		rep.Prompt = strings.TrimSpace(e.shell.Prompt())
	}
	done()
	if r.Record {
		e.rec.Shell(e.shell != nil)
	}
	return rep
}

// stopWatch ends an open watch (Ctrl+C); Text is its last rows.
func (e *Engine) stopWatch(Request) Reply {
	rows := e.endWatch()
	return Reply{Text: rows}
}

// endWatch stops the open watch, if any, and returns the rows it had not
// yet handed to a frame.
func (e *Engine) endWatch() string {
	if e.watch == nil {
		return ""
	}
	e.pollWatch()
	e.watch.Stop()
	e.watch = nil
	rows := e.watchRows
	e.watchRows = ""
	return rows
}

// pollWatch keeps the open watch's new rows for the next frame.
func (e *Engine) pollWatch() {
	if e.watch != nil {
		e.watchRows += e.watch.Poll()
	}
}

// apply applies a manifest, all or nothing, as the editor's Apply does.
func (e *Engine) apply(r Request) Reply {
	before := e.c.Store().Revision()
	done := func(bool) {}
	if r.Record {
		done = e.rec.Tentative("kubectl apply -f -", r.Text)
	}
	lines, err := e.c.Apply(r.Text)
	changed := e.c.Store().Revision() != before
	done(changed)
	if err != nil {
		return Reply{Errors: ApplyErrors(r.Text, err), Changed: changed}
	}
	return Reply{Lines: lines, Changed: changed}
}

// sim runs a sim command other than advance, settle and step (which have
// requests of their own, as the page runs them on its clock).
func (e *Engine) sim(r Request) Reply {
	done := e.recorded(r, "sim "+strings.Join(r.Args, " "), "")
	out, err := e.c.Sim(r.Args)
	done()
	e.pollWatch()
	rep := Reply{Output: []kubectl.Chunk{{Text: out}}}
	if err != nil {
		rep.Output = append(rep.Output, kubectl.Chunk{Text: "error: " + err.Error() + "\n", Stderr: true})
		rep.ExitCode = 1
	}
	return rep
}

// advance moves the clock by Seconds, polling an open watch at each
// instant something ran.
func (e *Engine) advance(r Request) Reply {
	d := time.Duration(r.Seconds * float64(time.Second))
	if err := transcript.CheckAdvance(d); err != nil {
		return Reply{Error: err.Error()}
	}
	e.Run(d, math.MaxInt)
	return Reply{Elapsed: e.elapsed()}
}

// settle settles for at most Seconds of simulated time (a slice: the page
// asks again until Settled or its own limit).
func (e *Engine) settle(r Request) Reply {
	max := time.Duration(r.Seconds * float64(time.Second))
	settled, took := e.c.Settle(max)
	e.pollWatch()
	return Reply{Settled: settled, Took: took}
}

// maxIdleTasks bounds one "to idle": a busy cluster answers, and the next
// request carries on.
const maxIdleTasks = 20000

// toIdle runs every task due now without moving the clock.
func (e *Engine) toIdle(Request) Reply {
	n := e.c.RunUntilIdle(maxIdleTasks)
	e.pollWatch()
	return Reply{Ran: n}
}

// script runs a transcript (a lesson's setup, a shared session).
func (e *Engine) script(r Request) Reply {
	done := func() {}
	if r.Record {
		done = e.rec.Script(r.Text)
	}
	out, err := transcript.Run(e.c, r.Text)
	done()
	rep := Reply{Output: []kubectl.Chunk{{Text: out}}}
	if err != nil {
		rep.Error = err.Error()
	}
	return rep
}

// snapshot is the newest state as plain data (kubeloop.state()).
func (e *Engine) snapshot(Request) Reply {
	s := e.c.Snapshot()
	return Reply{Snapshot: &s}
}

// snapshotAt is an earlier revision as replay draws it: its pods, nodes,
// workloads, Events and claims, the reconciles the page's trace shows
// that had started by then (traceAt) and its time.
func (e *Engine) snapshotAt(r Request) Reply {
	s, err := e.c.SnapshotAt(r.Rev)
	if err != nil {
		return Reply{Error: err.Error()}
	}
	rep := Reply{Snapshot: &s, Elapsed: e.timeAt(r.Rev), Pods: make(PodList, len(s.Pods))}
	for i, v := range s.Pods {
		rep.Pods[i] = PodChange{Key: v.Namespace + "/" + v.Name, View: v}
	}
	rep.Events, s.Pods, s.Events = s.Events, nil, nil // they cross as Pods and Events
	if v, err := e.c.Store().At(r.Rev); err == nil {
		rep.Volumes = Volumes(v)
	}
	rep.Trace = e.traceAt(r).Trace
	return rep
}

// traceAt is the newest reconciles (at most MaxFrameTrace), oldest first,
// that had started by revision Rev and that the page's trace shows
// (Request.Trace): searched for in the whole kept trace, since on a big
// cluster the newest hundreds can all be the cluster's own.
func (e *Engine) traceAt(r Request) Reply {
	var found []controller.Entry
	for en := range e.c.Trace().Backward(0) {
		if len(found) == MaxFrameTrace {
			break
		}
		if en.Revision <= r.Rev && r.Trace.Shows(en) {
			found = append(found, *en)
		}
	}
	slices.Reverse(found)
	return Reply{Trace: RecordsOf(found)}
}

// export is the learner's objects as one manifest.
func (e *Engine) export(Request) Reply {
	text, n, err := export.Manifest(e.c.Store())
	if err != nil {
		return Reply{Error: err.Error()}
	}
	return Reply{Text: text, Count: n}
}

// complete completes a terminal line (Tab).
func (e *Engine) complete(r Request) Reply {
	c := terminal.Completer{Store: e.c.Store(), Sim: cluster.SimCommands()}
	cands, word := c.Complete(r.Line)
	return Reply{Names: cands, Word: word}
}

// mark is where a lesson step begins now.
func (e *Engine) mark() Mark {
	m := lessons.MarkOf(e.c)
	return Mark{Seq: m.Seq, Rev: m.Rev}
}

// checks evaluates a lesson step's checks since its mark.
func (e *Engine) checks(r Request) Reply {
	le, err := e.lesson(r.Lesson)
	if err != nil {
		return Reply{Error: err.Error()}
	}
	if r.Step < 0 || r.Step >= len(le.Steps) {
		return Reply{Error: fmt.Sprintf("lesson %s has no step %d", r.Lesson, r.Step)}
	}
	var rep Reply
	for _, c := range le.Steps[r.Step].Checks {
		ok, saw := c.Eval(e.c, lessons.Mark{Seq: r.Mark.Seq, Rev: r.Mark.Rev})
		rep.Checks = append(rep.Checks, CheckResult{OK: ok, Saw: saw})
	}
	return rep
}

// predict is the answer to a lesson step's question (its Prediction), by
// what happened since its mark: Ran is the answer's index, Text what the
// cluster showed.
func (e *Engine) predict(r Request) Reply {
	le, err := e.lesson(r.Lesson)
	if err != nil {
		return Reply{Error: err.Error()}
	}
	if r.Step < 0 || r.Step >= len(le.Steps) || le.Steps[r.Step].Predict == nil {
		return Reply{Error: fmt.Sprintf("lesson %s has no question at step %d", r.Lesson, r.Step)}
	}
	i, saw := le.Steps[r.Step].Predict.Answer(e.c, lessons.Mark{Seq: r.Mark.Seq, Rev: r.Mark.Rev})
	return Reply{Ran: i, Text: saw}
}

// printed is what kubectl prints for a lesson's commands when it runs
// headless on a scratch cluster of Request.Seed (lessons.Lesson.Printed):
// "What would a real cluster print?".
func (e *Engine) printed(r Request) Reply {
	le, err := e.lesson(r.Lesson)
	if err != nil {
		return Reply{Error: err.Error()}
	}
	steps, err := le.Printed(cluster.New(cluster.Options{Seed: r.Seed, Controllers: controllers.All(), FieldDocs: e.docs, KubectlHelp: e.help}))
	if err != nil {
		return Reply{Error: err.Error()}
	}
	return Reply{Printed: steps}
}

// setDocs hands kubectl explain the descriptions in Text (site/data).
func (e *Engine) setDocs(r Request) Reply {
	docs, err := explain.ParseDocs([]byte(r.Text))
	if err != nil {
		return Reply{Error: err.Error()}
	}
	e.SetDocs(docs)
	return Reply{}
}

// setLessons hands the engine the lessons in Text (data/lessons.json: an
// object of lesson ID → the lesson file's text).
func (e *Engine) setLessons(r Request) Reply {
	var files map[string]string
	if err := apijson.Unmarshal([]byte(r.Text), &files); err != nil {
		return Reply{Error: "lessons.json: " + err.Error()}
	}
	all, err := lessons.ParseAll(files)
	if err != nil {
		return Reply{Error: "lessons.json: " + err.Error()}
	}
	e.SetLessons(all)
	return Reply{}
}

// setHelp hands kubectl its help pages in Text (site/data).
func (e *Engine) setHelp(r Request) Reply {
	pages, err := helptext.Parse([]byte(r.Text))
	if err != nil {
		return Reply{Error: err.Error()}
	}
	e.SetHelp(pages)
	return Reply{}
}
