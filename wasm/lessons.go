//go:build js && wasm

package main

import (
	"slices"
	"strconv"
	"strings"

	"github.com/hack-pad/safejs"
	"honnef.co/go/js/dom/v2"

	"github.com/kubeloop/kubeloop/core/apijson"
	"github.com/kubeloop/kubeloop/site/lessons"
	"github.com/kubeloop/kubeloop/wasm/internal/engine"
)

// The lesson panel. A lesson (site/lessons) is a transcript file: starting
// it resets the cluster to the lessons' seed and runs its setup commands
// (shown in the terminal); each step states a goal, offers the YAML or the
// commands for it (a click puts them in the editor or the terminal — the
// learner still applies or presses Enter), and is done when its checks hold
// on the cluster, evaluated as the cluster changes. Never by a click.
//
// A done step stays open, its commands still offered, until the learner
// moves on: Next, or the next step's first command run or its YAML applied
// (lessons.Progress keeps this; the panel draws it).

// lessonSeed is the seed every lesson starts from, as in its test.
const lessonSeed = 1

// lessonProgress is what localStorage keeps: steps done per lesson, and
// which lesson is open.
type lessonProgress struct {
	V       int            `json:"v"`
	Current string         `json:"current"`
	Done    map[string]int `json:"done"`
}

func (p *lessonProgress) valid() bool {
	if p.V != 1 {
		return false
	}
	for _, n := range p.Done {
		if n < 0 || n > 1000 {
			return false
		}
	}
	return true
}

type lessonState struct {
	all     []*lessons.Lesson
	cur     int  // index into all
	running bool // this cluster was set up for the lesson
	// prog is where the learner is in the running lesson: the open step,
	// whether it is done, which of its commands ran.
	prog *lessons.Progress
	mark engine.Mark // where the open step's window began
	// marking: the mark was asked of the worker and has not come;
	// checking: an evaluation of the checks was asked and has not come.
	marking, checking bool
	progress          lessonProgress
	results           []checkResult // of the current step's checks
	predict           prediction    // the open step's question (lessonpredict.go)
	lastRev           int64
	lastMS            float64
	sig               string // what the panel was drawn from, but the checks' results
	// marked is the checks' results the open step's check items show;
	// checkItems are those items (markChecks).
	marked     []checkResult
	checkItems []dom.HTMLElement
	// real shows under each step what kubectl prints for its commands
	// ("What would a real cluster print?"); printed caches it per lesson.
	real    bool
	printed map[string][][]lessons.Printed
	// printing are the lessons whose output was asked of the worker and
	// has not come; printErr is why the last answer had none.
	printing map[string]bool
	printErr string
	// kept is the learner's own YAML a lesson replaced in the editor (also
	// set aside in storage): "Bring back my YAML" puts it back.
	kept string
	// introOpen keeps the running lesson's introduction unfolded across
	// redraws, once the learner opened it.
	introOpen bool
	// scrollOpen asks the next draw to bring the open step into view: it
	// has just opened, or just become done.
	scrollOpen bool
}

// done is how many steps of the running lesson are done (what the page's
// API calls "step").
func (l *lessonState) done() int {
	if !l.running || l.prog == nil {
		return 0
	}
	return l.prog.Done()
}

// openStep is the index of the open step, or -1 when no lesson runs.
func (l *lessonState) openStep() int {
	if !l.running || l.prog == nil {
		return -1
	}
	return l.prog.Open()
}

type checkResult struct {
	ok  bool
	saw string
}

// lessonCheckMS throttles check evaluation while the cluster is busy.
const lessonCheckMS = 50

func (a *app) buildLessons(u *ui) {
	l := &a.lessons
	// data/lessons.json: lesson ID → the lesson file's text.
	text, err := a.handedData("_lessons")
	var files map[string]string
	if err == nil {
		err = apijson.Unmarshal([]byte(text), &files)
	}
	if err != nil {
		panic("lessons.json: " + err.Error()) // make site writes it; the lesson tests read it
	}
	all, err := lessons.ParseAll(files)
	if err != nil {
		panic("lessons: " + err.Error()) // the lessons' own test catches this first
	}
	l.all = all
	// The worker answers the lessons' checks, questions and outputs.
	a.ask(engine.Request{Op: "lessons", Text: text}, func(rep engine.Reply) {
		if rep.Error != "" {
			a.consoleWarn("kubeloop: the worker's lessons: " + rep.Error)
		}
	})
	l.progress = lessonProgress{V: 1, Done: map[string]int{}}
	if s, ok := a.load(keyLessons); ok {
		var p lessonProgress
		if apijson.Unmarshal([]byte(s), &p) == nil && p.valid() {
			if p.Done == nil {
				p.Done = map[string]int{}
			}
			l.progress = p
		}
	}
	for i, le := range all {
		if le.ID == l.progress.Current {
			l.cur = i
		}
	}
	a.listen(u.lessonSelect, "change", func(event) {
		i, err := strconv.Atoi(u.lessonSelect.Value())
		if err != nil || i < 0 || i >= len(l.all) {
			return
		}
		l.cur, l.running = i, false
		l.progress.Current = l.all[i].ID
		a.saveProgress()
		a.drawLesson(true)
	})
	open := true
	if v, ok := a.load(keyLessonUI); ok {
		open = v == "1"
	}
	a.setLessonOpen(open)
	a.listen(u.lessonToggle, "click", func(event) {
		open := u.lessonToggle.GetAttribute("aria-expanded") != "true"
		a.setLessonOpen(open)
		a.store(keyLessonUI, map[bool]string{true: "1", false: "0"}[open])
	})
	a.watchLearnersActions()
}

func (a *app) setLessonOpen(open bool) {
	u := a.ui
	u.lessonToggle.SetAttribute("aria-expanded", strconv.FormatBool(open))
	setClass(u.lessonPane, "collapsed", !open)
}

func (a *app) saveProgress() {
	if b, err := apijson.Marshal(a.lessons.progress); err == nil {
		a.store(keyLessons, string(b))
	}
}

func (a *app) lesson() *lessons.Lesson { return a.lessons.all[a.lessons.cur] }

// startLesson resets the cluster to the lesson's seed and replays its
// setup and the steps already done (so a reload resumes where it was).
func (a *app) startLesson(fromScratch bool) {
	l := &a.lessons
	le := a.lesson()
	if a.replay.on {
		a.goLive()
	}
	if fromScratch {
		l.progress.Done[le.ID] = 0
	}
	done := min(l.progress.Done[le.ID], len(le.Steps))
	a.setSeed(lessonSeed)
	l.running = false // until the new cluster is set up
	a.resetThen(lessonSeed, func() { a.setUpLesson(le, done) })
}

// setUpLesson runs the lesson's setup and the steps already done on the
// new cluster, and opens the next step.
func (a *app) setUpLesson(le *lessons.Lesson, done int) {
	l := &a.lessons
	script := le.SetupScript
	for i := 0; i < done; i++ {
		script += le.Steps[i].Script
	}
	open := func() {
		l.running = true
		l.prog = lessons.NewProgress(le, done)
		l.results = l.results[:0]
		l.predict.reset()
		l.progress.Current = le.ID
		l.lastRev = -1
		l.scrollOpen = true
		a.saveProgress()
		a.setPlaying(true)
		a.markStep()
		a.render(true)
		a.drawLesson(true)
	}
	if len(le.Setup) == 0 && done == 0 {
		open()
		return
	}
	a.termNote(a.tr("lesson.setup", le.Title.In(a.lang)))
	a.runRecorded(script, func(out string, err error) {
		a.printLessonTranscript(out)
		if err != nil {
			a.termText(err.Error(), "term-err")
		}
		// Show the desired state the setup declared.
		for _, c := range le.Setup {
			if c.IsApplyYAML() {
				a.lessonEditorText(c.Stdin)
			}
		}
		open()
	})
}

// printLessonTranscript shows a transcript's output in the terminal as if
// typed: commands as commands, output as output. The lesson's structured
// comments are left out (the panel shows them), and a heredoc's YAML is
// shortened to a line (it is in the editor).
func (a *app) printLessonTranscript(out string) {
	var block strings.Builder
	flush := func() {
		if block.Len() > 0 {
			a.termText(block.String(), "term-stdout")
			block.Reset()
		}
	}
	lines := strings.Split(out, "\n")
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		switch {
		case strings.HasPrefix(line, "# ") || strings.TrimSpace(line) == "" || line == "#":
		case strings.HasPrefix(line, "$ "):
			flush()
			cmd := strings.TrimPrefix(line, "$ ")
			if j := strings.Index(cmd, "<<"); j >= 0 {
				delim := strings.Trim(strings.TrimSpace(strings.TrimPrefix(cmd[j+2:], "-")), `'"`)
				n := 0
				for i+1 < len(lines) && lines[i+1] != delim {
					i++
					n++
				}
				i++ // the delimiter
				cmd += " " + a.tr("lesson.heredoc", n) + " " + delim
			}
			a.termCommand(cmd)
		default:
			block.WriteString(line + "\n")
		}
	}
	flush()
}

// lessonEditorText puts a lesson's YAML in the editor. The learner's own
// text is kept first — in memory for "Bring back my YAML", and set aside in
// storage (kubeloop.aside.yaml.N) — unless it is the course's or a
// lesson's.
func (a *app) lessonEditorText(text string) {
	old := a.ui.editor.Text()
	if old == text {
		return
	}
	if !a.isLessonText(old) {
		a.lessons.kept = old
		a.setAside(keyYAML, old)
		a.notify("lesson.keptaside")
	}
	a.setEditorText(text)
	a.drawLesson(true)
}

// bringBackYAML puts the learner's kept YAML back in the editor. The
// lesson's text it replaces is the lesson's own: nothing is lost.
func (a *app) bringBackYAML() {
	l := &a.lessons
	if l.kept == "" {
		return
	}
	a.setEditorText(l.kept)
	l.kept = ""
	a.notify("lesson.broughtback")
	a.drawLesson(true)
}

func (a *app) isLessonText(s string) bool {
	if strings.TrimSpace(s) == "" || s == courseManifest {
		return true
	}
	for _, le := range a.lessons.all {
		for _, c := range le.Setup {
			if c.Stdin == s {
				return true
			}
		}
		for _, st := range le.Steps {
			for _, c := range st.Commands {
				if c.Stdin == s {
					return true
				}
			}
		}
	}
	return false
}

// checkLesson evaluates the open step's checks when the cluster changed,
// and marks the step done when they all hold. The step stays open: the
// learner moves on (moveOn). The worker evaluates them: one evaluation is
// asked at a time, and its answer is dropped if the step moved meanwhile.
func (a *app) checkLesson() {
	l := &a.lessons
	if !l.running || l.prog == nil || a.replay.on || l.prog.Passed() || l.checking || l.marking {
		return
	}
	le := a.lesson()
	rev := a.m.rev
	now := a.now()
	if rev == l.lastRev || now-l.lastMS < lessonCheckMS && l.lastRev >= 0 {
		return
	}
	l.lastRev, l.lastMS = rev, now
	step := l.prog.Open()
	l.checking = true
	a.ask(engine.Request{Op: "checks", Lesson: le.ID, Step: step, Mark: l.mark}, func(rep engine.Reply) {
		l.checking = false
		if !l.running || l.prog == nil || a.lesson() != le || l.prog.Open() != step || l.prog.Passed() {
			return
		}
		a.checked(le, step, rep)
	})
}

// checked takes the answer to the open step's checks.
func (a *app) checked(le *lessons.Lesson, step int, rep engine.Reply) {
	l := &a.lessons
	if rep.Error != "" {
		a.consoleWarn("kubeloop: lesson checks: " + rep.Error)
		return
	}
	s := &le.Steps[step]
	l.results = l.results[:0]
	all := true
	for _, c := range rep.Checks {
		l.results = append(l.results, checkResult{ok: c.OK, saw: c.Saw})
		all = all && c.OK
	}
	passed := all && l.prog.ChecksHeld()
	if passed {
		a.settlePrediction(s)
		l.scrollOpen = true
		l.progress.Done[le.ID] = l.prog.Done()
		a.saveProgress()
		a.termNote(a.tr("lesson.stepdone", l.prog.Open()+1, s.Goal.In(a.lang)))
	}
	a.drawLesson(passed)
}

// markStep begins the open step's window now (in the worker's order: after
// everything asked before it); its checks wait for the mark.
func (a *app) markStep() {
	l := &a.lessons
	l.marking = true
	a.ask(engine.Request{Op: "mark"}, func(rep engine.Reply) {
		l.marking = false
		l.mark = rep.Mark
		l.lastRev = -1
		a.checkLesson()
	})
}

// moveOn opens the next step, if the open one is done: its window (the
// mark its checks look after) begins now.
func (a *app) moveOn() {
	l := &a.lessons
	if !l.running || l.prog == nil || !l.prog.Next() {
		return
	}
	a.stepBegins()
}

// stepBegins starts the window of the step just opened and draws it.
func (a *app) stepBegins() {
	l := &a.lessons
	l.results = l.results[:0]
	l.predict.reset()
	l.lastRev = -1
	l.scrollOpen = true
	a.markStep()
	a.drawLesson(true)
}

// retryStep starts the current step's window again (for checks about
// what happens during the step, after a false start).
func (a *app) retryStep() {
	l := &a.lessons
	l.predict.answer = -1 // the pick stands; the cluster answers again
	l.lastRev = -1
	a.markStep()
	a.drawLesson(true)
}

// watchLearnersActions tells the lesson what the learner is about to run —
// a terminal line, the editor's YAML — before it runs: a command of the
// open step is marked as run, and the next step's first action moves on to
// that step first, so its window begins before the action. Capture-phase
// listeners on the document run before the terminal's and the editor's.
func (a *app) watchLearnersActions() {
	doc, err := a.global.Get("document")
	if err != nil {
		return
	}
	capture := func(typ string, fn func(ev event)) {
		f := a.funcOf("lesson "+typ, func(string) any { return nil }, func(_ safejs.Value, args []safejs.Value) any {
			if len(args) > 0 {
				fn(event{args[0]})
			}
			return nil
		})
		doc.Call("addEventListener", typ, f.Value(), true)
	}
	capture("submit", func(ev event) {
		if a.ui.shell == "" && ev.within("#term-form") {
			a.learnerRuns(a.ui.termInput.Value(), "")
		}
	})
	capture("click", func(ev event) {
		if ev.within("#apply") {
			a.learnerRuns("", a.ui.editor.Text())
		}
	})
	capture("keydown", func(ev event) {
		if ev.Key() == "Enter" && (ev.CtrlKey() || ev.MetaKey()) && ev.within("#editor") {
			a.learnerRuns("", a.ui.editor.Text())
		}
	})
}

// learnerRuns records a terminal line or applied YAML with the lesson.
func (a *app) learnerRuns(line, yaml string) {
	l := &a.lessons
	if !l.running || l.prog == nil || a.replay.on {
		return
	}
	var moved bool
	if yaml != "" {
		moved = l.prog.YAMLApplied(yaml)
	} else if strings.TrimSpace(line) != "" {
		moved = l.prog.CommandRan(line)
	}
	if moved {
		a.stepBegins()
		return
	}
	a.drawLesson(true)
}

// drawLesson redraws the panel when what it shows changed.
func (a *app) drawLesson(force bool) {
	u := a.ui
	l := &a.lessons
	le := a.lesson()
	var sig strings.Builder
	sig.WriteString(le.ID + "|" + a.lang + "|" + strconv.FormatBool(l.running) + "|" + strconv.FormatBool(l.real) + "|" + strconv.FormatBool(l.kept != ""))
	if l.running && l.prog != nil {
		sig.WriteString("|" + strconv.Itoa(l.prog.Open()) + "|" + strconv.FormatBool(l.prog.Passed()))
		for i := range l.prog.Offered() {
			sig.WriteString("|" + strconv.FormatBool(l.prog.Ran(i)))
		}
	}
	sig.WriteString("|" + l.predict.sig())
	for _, x := range l.all {
		sig.WriteString("," + strconv.Itoa(l.progress.Done[x.ID]))
	}
	marked := slices.Equal(l.marked, l.results)
	l.marked = append(l.marked[:0], l.results...)
	if !force && sig.String() == l.sig {
		if !marked {
			a.markChecks()
		}
		return
	}
	l.sig = sig.String()
	l.checkItems = nil
	a.drawLessonSelect()
	clearNode(u.lessonBody)
	body := u.lessonBody
	running := l.running && l.prog != nil
	setClass(body, "running", running)
	if le.Intro.EN != "" {
		body.AppendChild(a.lessonIntro(le, running))
	}
	if l.kept != "" {
		body.AppendChild(a.bringBackBox())
	}
	if !running {
		body.AppendChild(a.realToggle())
	}
	done := l.progress.Done[le.ID]
	if !running {
		label := a.tr("lesson.start")
		if done > 0 && done < len(le.Steps) {
			label = a.tr("lesson.resume", done+1)
		}
		start := a.el("button", "btn btn-primary", label)
		start.SetAttribute("type", "button")
		start.SetAttribute("id", "lesson-start")
		a.listen(start, "click", func(event) { a.startLesson(done >= len(le.Steps)) })
		body.AppendChild(a.el("div", "lesson-actions", start, a.el("span", "hint wrap", a.tr("lesson.start.keeps"))))
	}
	list := a.el("ol", "lesson-steps")
	for i := range le.Steps {
		list.AppendChild(a.stepItem(le, i, done))
	}
	body.AppendChild(list)
	if running {
		restart := a.el("button", "btn btn-small btn-ghost", a.tr("lesson.restart"))
		restart.SetAttribute("type", "button")
		a.listen(restart, "click", func(event) { a.startLesson(true) })
		body.AppendChild(a.el("div", "lesson-foot", a.realToggle(), restart))
	}
	// The pane fits the step just drawn before it is scrolled to.
	a.layOut()
	if l.scrollOpen {
		l.scrollOpen = false
		a.scrollOpenStepIntoView()
	}
}

// lessonIntro is the lesson's introduction: open before the lesson
// starts, folded to one line while it runs (the open step needs the room).
func (a *app) lessonIntro(le *lessons.Lesson, running bool) dom.HTMLElement {
	p := a.el("p", "lesson-intro", le.Intro.In(a.lang))
	if !running {
		return p
	}
	d := a.el("details", "lesson-about", a.el("summary", "", a.tr("lesson.about")), p)
	if a.lessons.introOpen {
		d.SetAttribute("open", "")
	}
	a.listen(d, "toggle", func(event) { a.lessons.introOpen = d.HasAttribute("open") })
	return d
}

// scrollOpenStepIntoView scrolls the lesson pane (only it) so that the
// open step begins at its top.
func (a *app) scrollOpenStepIntoView() {
	body := a.ui.lessonBody
	found := a.queryAll(body, ".lesson-step.current")
	if len(found) == 0 {
		return
	}
	top := rect(found[0]).y - rect(body).y
	setProp(body, "scrollTop", jsFloat(prop(body, "scrollTop"), 0)+top-4)
}

// bringBackBox offers the learner's own YAML back, after a lesson put its
// own in the editor.
func (a *app) bringBackBox() dom.HTMLElement {
	b := a.el("button", "btn btn-small", a.tr("lesson.bringback"))
	b.SetAttribute("type", "button")
	b.SetAttribute("id", "lesson-bring-back")
	a.listen(b, "click", func(event) { a.bringBackYAML() })
	return a.el("div", "lesson-kept", a.el("span", "hint wrap", a.tr("lesson.kept")), b)
}

func (a *app) drawLessonSelect() {
	u := a.ui
	l := &a.lessons
	clearNode(u.lessonSelect)
	for i, le := range l.all {
		n := l.progress.Done[le.ID]
		mark := ""
		switch {
		case n >= len(le.Steps):
			mark = " ✓"
		case n > 0:
			mark = " (" + strconv.Itoa(n) + "/" + strconv.Itoa(len(le.Steps)) + ")"
		}
		num := strings.TrimLeft(strings.SplitN(le.ID, "-", 2)[0], "0")
		if num == "" {
			num = "0"
		}
		opt := a.el("option", "", num+" · "+le.Title.In(a.lang)+mark)
		opt.SetAttribute("value", strconv.Itoa(i))
		if i == l.cur {
			opt.SetAttribute("selected", "")
		}
		u.lessonSelect.AppendChild(opt)
	}
	u.lessonSelect.SetValue(strconv.Itoa(l.cur))
}

// stepItem draws step i: done, open (with its offers and checks, and once
// done the way on) or to come.
func (a *app) stepItem(le *lessons.Lesson, i, done int) dom.HTMLElement {
	l := &a.lessons
	s := &le.Steps[i]
	running := l.running && l.prog != nil
	open := running && i == l.prog.Open()
	passed := open && l.prog.Passed()
	cls := "lesson-step"
	switch {
	case passed:
		cls += " current done"
	case open:
		cls += " current"
	case i < done || (running && i < l.prog.Open()):
		cls += " done"
	default:
		cls += " todo"
	}
	goal := a.el("div", "step-goal", s.Goal.In(a.lang))
	if strings.Contains(cls, "done") {
		goal.AppendChild(a.el("span", "step-badge", a.tr("lesson.step.done")))
	}
	li := a.el("li", cls, goal)
	li.SetAttribute("data-step", strconv.Itoa(i+1))
	if open {
		li.SetAttribute("aria-current", "step")
	}
	if !open {
		if l.real && !s.Challenge {
			li.AppendChild(a.realOutput(le, i))
		}
		return li
	}
	// A done step's way on comes first, under its goal: in view whatever
	// the pane's height.
	if passed {
		li.AppendChild(a.wayOn(le))
	}
	// The question comes before the commands that will answer it.
	if s.Predict != nil {
		li.AppendChild(a.predictBox(s, passed))
	}
	offers := a.el("div", "step-offers")
	for j, c := range s.Commands {
		offers.AppendChild(a.offer(c, l.prog.Ran(j)))
	}
	if l.real {
		offers.AppendChild(a.realOutput(le, i))
	}
	if s.Challenge && !passed {
		// A challenge's commands are one solution, shown only when asked.
		offers = a.el("details", "step-solution", a.el("summary", "", a.tr("lesson.solution")), offers)
	}
	li.AppendChild(offers)
	// The explanation follows the commands it explains: on a short screen
	// the commands are what must stay in view.
	for _, say := range s.Say {
		li.AppendChild(a.el("p", "step-say", say.In(a.lang)))
	}
	li.AppendChild(a.checkList(s, passed))
	if passed {
		if l.prog.HasNext() {
			li.AppendChild(a.el("p", "hint wrap lesson-next-hint", a.tr("lesson.next.hint")))
		}
		return li
	}
	retry := a.el("button", "btn btn-small btn-ghost", a.tr("lesson.retry"))
	retry.SetAttribute("type", "button")
	retry.SetAttribute("title", a.tr("lesson.retry.title"))
	a.listen(retry, "click", func(event) { a.retryStep() })
	li.AppendChild(retry)
	return li
}

// checkList shows the open step's checks in plain words; the pattern a
// check runs is in its tooltip, for the curious.
func (a *app) checkList(s *lessons.Step, passed bool) dom.HTMLElement {
	l := &a.lessons
	checks := a.el("ul", "step-checks")
	checks.SetAttribute("aria-live", "polite")
	head := a.tr("lesson.waiting")
	if passed {
		head = a.tr("lesson.held")
	}
	checks.AppendChild(a.el("li", "checks-head", head))
	l.checkItems = l.checkItems[:0]
	for j, c := range s.Checks {
		item := a.el("li", "", a.el("span", "check-dot"), a.el("span", "check-text", c.Describe(a.lang)))
		markCheck(item, s, j, passed, l.results)
		checks.AppendChild(item)
		l.checkItems = append(l.checkItems, item)
	}
	return checks
}

// markChecks marks the open step's check items with the checks' results,
// in place: the results come a moment after each change, and drawing the
// lesson anew for them replaced the buttons under a learner's pointer (a
// click whose press and release straddle the redraw is lost).
func (a *app) markChecks() {
	l := &a.lessons
	if !l.running || l.prog == nil {
		return
	}
	s := &a.lesson().Steps[l.prog.Open()]
	if len(l.checkItems) != len(s.Checks) {
		a.drawLesson(true)
		return
	}
	for j, item := range l.checkItems {
		markCheck(item, s, j, l.prog.Passed(), l.results)
	}
}

// markCheck marks item, the step's check j, done or not, its tooltip the
// pattern the check runs and, when it fails, what it saw.
func markCheck(item dom.HTMLElement, s *lessons.Step, j int, passed bool, results []checkResult) {
	c := s.Checks[j]
	ok := passed || j < len(results) && results[j].ok
	cls := "check-item"
	if ok {
		cls += " ok"
	}
	title := c.Raw
	if j < len(results) && !ok && results[j].saw != "" && c.Pred != "" {
		title += "\n" + results[j].saw
	}
	item.SetAttribute("class", cls)
	item.SetAttribute("title", title)
}

// wayOn is what follows a done step: Next (or the next step's first
// action), or at the end of the lesson the next lesson.
func (a *app) wayOn(le *lessons.Lesson) dom.HTMLElement {
	l := &a.lessons
	if l.prog.HasNext() {
		next := &le.Steps[l.prog.Open()+1]
		b := a.el("button", "btn btn-primary", a.tr("lesson.nextstep", next.Goal.In(a.lang)))
		b.SetAttribute("type", "button")
		b.SetAttribute("id", "lesson-next")
		a.listen(b, "click", func(event) { a.moveOn() })
		b.SetAttribute("title", a.tr("lesson.next.hint"))
		// The goal's ✓ says the step is done: the way on is the button alone.
		b.SetAttribute("aria-description", a.tr("lesson.step.passed"))
		return a.el("div", "lesson-done lesson-way", b)
	}
	fin := a.el("div", "lesson-done", a.el("strong", "", a.tr("lesson.complete")))
	if l.cur+1 < len(l.all) {
		next := a.el("button", "btn btn-primary", a.tr("lesson.next", l.all[l.cur+1].Title.In(a.lang)))
		next.SetAttribute("type", "button")
		a.listen(next, "click", func(event) {
			l.cur++
			l.running = false
			l.progress.Current = a.lesson().ID
			a.saveProgress()
			a.drawLesson(true)
		})
		fin.AppendChild(next)
	}
	return fin
}

// realToggle is the "What would a real cluster print?" switch.
func (a *app) realToggle() dom.HTMLElement {
	l := &a.lessons
	box := a.el("input", "")
	box.SetAttribute("type", "checkbox")
	box.SetAttribute("id", "lesson-real")
	if l.real {
		box.SetAttribute("checked", "")
	}
	a.listen(box, "change", func(event) {
		l.real = !l.real
		a.drawLesson(true)
	})
	label := a.el("label", "lesson-real-toggle", box, a.tr("lesson.real"))
	label.SetAttribute("title", a.tr("lesson.real.title"))
	return label
}

// realOutput lists step i's kubectl commands with what kubectl printed for
// them when the lesson ran headless on a scratch cluster at the lesson's
// seed (lessons.Lesson.Printed says why not the learner's own run). Text
// only: nothing from a lesson or the cluster goes to innerHTML.
func (a *app) realOutput(le *lessons.Lesson, i int) dom.HTMLElement {
	l := &a.lessons
	box := a.el("div", "real-out")
	box.SetAttribute("data-real-step", strconv.Itoa(i+1))
	steps, ok := l.printed[le.ID]
	if !ok {
		// Asked of the worker once per lesson; the panel is drawn again
		// when the answer comes.
		if !l.printing[le.ID] {
			if l.printing == nil {
				l.printing = map[string]bool{}
			}
			l.printing[le.ID] = true
			a.ask(engine.Request{Op: "printed", Lesson: le.ID, Seed: lessonSeed}, func(rep engine.Reply) {
				delete(l.printing, le.ID)
				if l.printed == nil {
					l.printed = map[string][][]lessons.Printed{}
				}
				l.printed[le.ID] = rep.Printed
				l.printErr = rep.Error
				a.drawLesson(true)
			})
		}
		box.AppendChild(a.el("div", "real-head", a.tr("lesson.real.loading")))
		return box
	}
	if l.printErr != "" {
		box.AppendChild(a.el("pre", "real-output term-err", l.printErr))
		return box
	}
	if i >= len(steps) || len(steps[i]) == 0 {
		box.AppendChild(a.el("div", "real-head", a.tr("lesson.real.none")))
		return box
	}
	box.AppendChild(a.el("div", "real-head", a.tr("lesson.real.head")))
	for _, p := range steps[i] {
		cmd := "$ " + p.Command
		if p.Stdin != "" {
			cmd += " <<EOF " + a.tr("lesson.heredoc", strings.Count(p.Stdin, "\n")) + " EOF"
		}
		pre := a.el("pre", "real-cmd", cmd)
		if p.Beside {
			pre.Class().Add("real-beside")
			pre.SetAttribute("data-label", a.tr("term.beside"))
		}
		box.AppendChild(pre)
		if p.Output != "" {
			box.AppendChild(a.el("pre", "real-output", strings.TrimRight(p.Output, "\n")))
		}
	}
	return box
}

// offer is one command of a step, as a button: YAML goes to the editor,
// a command to the terminal's input line. One the learner ran is marked.
func (a *app) offer(c lessons.Command, ran bool) dom.HTMLElement {
	b := a.offerButton(c)
	if ran {
		b.Class().Add("ran")
		b.SetAttribute("title", a.tr("lesson.ran"))
	}
	return b
}

func (a *app) offerButton(c lessons.Command) dom.HTMLElement {
	switch {
	case c.IsApplyYAML():
		b := a.el("button", "offer offer-yaml", a.el("span", "offer-label", a.tr("lesson.yaml")), a.el("code", "offer-cmd", yamlSummary(c.Stdin)))
		b.SetAttribute("type", "button")
		text := c.Stdin
		a.listen(b, "click", func(event) {
			a.lessonEditorText(text)
			a.ui.editor.GotoLine(1, 1)
			a.notify("lesson.yaml.placed")
		})
		return b
	case c.Line == "sim settle" || strings.HasPrefix(c.Line, "sim advance"):
		b := a.el("button", "offer offer-time", a.el("span", "offer-label", a.tr("lesson.time")), a.el("code", "offer-cmd", c.Line))
		b.SetAttribute("type", "button")
		line := c.Line
		a.listen(b, "click", func(event) { a.typeCommand(line) })
		return b
	}
	if c.Beside {
		return a.offerBeside(c.Line) // beside.go
	}
	b := a.el("button", "offer", a.el("span", "offer-label", a.tr("lesson.cmd")), a.el("code", "offer-cmd", c.Line))
	b.SetAttribute("type", "button")
	line := c.Line
	a.listen(b, "click", func(event) { a.typeCommand(line) })
	return b
}

// yamlSummary names the objects of a YAML text: "Deployment nginx-deployment".
func yamlSummary(text string) string {
	var parts []string
	for _, d := range splitDocs(text) {
		v := pathValues(d.lines)
		if v["kind"] != "" {
			parts = append(parts, v["kind"]+" "+v["metadata.name"])
		}
	}
	return strings.Join(parts, " + ")
}
