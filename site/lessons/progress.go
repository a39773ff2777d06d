package lessons

import "strings"

// Progress is where a learner is in one lesson: the step the panel shows
// open, whether its checks have held, and which of its commands the
// learner has run. A step whose checks hold is done but stays open, with
// all its commands still offered, until the learner moves on — by Next, or
// by starting the next step's first command or YAML. Checks often hold
// before a step's last commands (a `kubectl get` to look, an exec, an
// nslookup), and those commands are what the step is there to show.
//
// Progress is plain data driven by the page (wasm/lessons.go); it knows
// nothing of the cluster: the page evaluates the open step's checks and
// reports them with ChecksHeld.
type Progress struct {
	lesson *Lesson
	open   int    // index of the open step
	passed bool   // the open step's checks have held
	ran    []bool // per command of the open step: the learner ran it
}

// NewProgress resumes lesson l with its first done steps done (from the
// saved progress): the step after them is open, or, when all are done,
// the last one, passed.
func NewProgress(l *Lesson, done int) *Progress {
	p := &Progress{lesson: l}
	done = max(0, min(done, len(l.Steps)))
	if done == len(l.Steps) {
		p.open, p.passed = len(l.Steps)-1, true
	} else {
		p.open = done
	}
	p.ran = make([]bool, len(l.Steps[p.open].Commands))
	return p
}

// Open is the index of the step shown open.
func (p *Progress) Open() int { return p.open }

// Passed reports whether the open step's checks have held.
func (p *Progress) Passed() bool { return p.passed }

// Done is how many steps are done: the ones before the open step, and the
// open one once passed. This is what the saved progress keeps.
func (p *Progress) Done() int {
	if p.passed {
		return p.open + 1
	}
	return p.open
}

// Complete reports whether every step is done.
func (p *Progress) Complete() bool { return p.Done() == len(p.lesson.Steps) }

// HasNext reports whether a step follows the open one.
func (p *Progress) HasNext() bool { return p.open+1 < len(p.lesson.Steps) }

// Offered is the open step's commands: all of them, also once its checks
// hold, for the learner to finish the step.
func (p *Progress) Offered() []Command { return p.lesson.Steps[p.open].Commands }

// Ran reports whether the learner ran the open step's command i.
func (p *Progress) Ran(i int) bool { return i >= 0 && i < len(p.ran) && p.ran[i] }

// ChecksHeld records that the open step's checks all hold, and reports
// whether that is news (the step has just become done). The step stays
// open.
func (p *Progress) ChecksHeld() bool {
	if p.passed {
		return false
	}
	p.passed = true
	return true
}

// Next moves on to the following step if the open one is done, and
// reports whether it moved. The new step's checks start unheld: the page
// starts the step's window (its Mark) when this returns true.
func (p *Progress) Next() bool {
	if !p.passed || !p.HasNext() {
		return false
	}
	p.open++
	p.passed = false
	p.ran = make([]bool, len(p.lesson.Steps[p.open].Commands))
	return true
}

// CommandRan records a command line the learner is about to run (typed in
// the terminal or run from a button). When the open step is done and the
// line is the next step's first command, the learner has moved on: Next,
// and the line counts for the new step. It reports whether it moved, so
// the page starts the new step's window before the command runs.
func (p *Progress) CommandRan(line string) (movedOn bool) {
	line = normalizeLine(line)
	if p.passed && p.HasNext() {
		if next := p.lesson.Steps[p.open+1].Commands; len(next) > 0 && !next[0].IsApplyYAML() && normalizeLine(next[0].Line) == line {
			p.Next()
			movedOn = true
		}
	}
	for i, c := range p.Offered() {
		if !c.IsApplyYAML() && normalizeLine(c.Line) == line {
			p.ran[i] = true
			break
		}
	}
	return movedOn
}

// YAMLApplied records YAML the learner is about to apply. When the open
// step is done and the text is the next step's first command's YAML, the
// learner has moved on (as CommandRan).
func (p *Progress) YAMLApplied(text string) (movedOn bool) {
	text = strings.TrimSpace(text)
	if p.passed && p.HasNext() {
		if next := p.lesson.Steps[p.open+1].Commands; len(next) > 0 && next[0].IsApplyYAML() && strings.TrimSpace(next[0].Stdin) == text {
			p.Next()
			movedOn = true
		}
	}
	for i, c := range p.Offered() {
		if c.IsApplyYAML() && strings.TrimSpace(c.Stdin) == text {
			p.ran[i] = true
			break
		}
	}
	return movedOn
}

// normalizeLine is a command line as compared: single spaces, and "k"
// read as kubectl, its alias in every course.
func normalizeLine(line string) string {
	f := strings.Fields(line)
	if len(f) > 0 && f[0] == "k" {
		f[0] = "kubectl"
	}
	return strings.Join(f, " ")
}
