//go:build js && wasm

package main

import (
	"strconv"

	"honnef.co/go/js/dom/v2"

	"github.com/kubeloop/kubeloop/site/lessons"
	"github.com/kubeloop/kubeloop/wasm/internal/engine"
)

// A step's question (lessons.Prediction): the learner picks an answer
// before running the step; once the step is done, the page shows the
// choice the cluster made true, the learner's own, and what the cluster
// showed. The commands stay usable without a pick: the question invites,
// it does not block.

// prediction is the open step's question state.
type prediction struct {
	picked int    // the learner's choice, -1 before one
	answer int    // the cluster's, once the step is done; -1 before
	saw    string // what the answer's check saw
}

// reset forgets the question of the step that closed.
func (p *prediction) reset() { *p = prediction{picked: -1, answer: -1} }

// sig is the state, for the panel's redraw signature.
func (p *prediction) sig() string {
	return strconv.Itoa(p.picked) + "/" + strconv.Itoa(p.answer)
}

// settlePrediction asks the cluster for the answer, once the step is done,
// and draws the lesson when it comes.
func (a *app) settlePrediction(s *lessons.Step) {
	l := &a.lessons
	if s.Predict == nil || l.predict.answer >= 0 {
		return
	}
	id, step := a.lesson().ID, l.prog.Open()
	a.ask(engine.Request{Op: "predict", Lesson: id, Step: step, Mark: l.mark}, func(rep engine.Reply) {
		if rep.Error != "" || !l.running || a.lesson().ID != id || l.prog.Open() != step {
			return
		}
		l.predict.answer, l.predict.saw = rep.Ran, rep.Text
		a.drawLesson(true)
	})
}

// predictBox draws the open step's question: choices to pick before the
// step is done, the pick on one line while it runs, the answer after.
func (a *app) predictBox(s *lessons.Step, passed bool) dom.HTMLElement {
	p := &a.lessons.predict
	if p.picked >= 0 && !passed {
		// Picked: one line, so that the commands to run come into view.
		return a.el("p", "step-predict picked-only", a.el("span", "predict-label", a.tr("predict.yours")),
			a.el("span", "predict-pick", s.Predict.Choices[p.picked].Text.In(a.lang)),
			a.el("span", "predict-verdict hint", a.tr("predict.wait")))
	}
	box := a.el("div", "step-predict")
	box.SetAttribute("role", "group")
	box.AppendChild(a.el("p", "predict-q", a.el("span", "predict-label", a.tr("predict.label")), s.Predict.Question.In(a.lang)))
	choices := a.el("div", "predict-choices")
	for i, c := range s.Predict.Choices {
		if passed && p.answer >= 0 && i != p.answer && i != p.picked {
			continue // answered: the answer and the learner's pick are what count
		}
		b := a.el("button", "btn predict-choice", c.Text.In(a.lang))
		b.SetAttribute("type", "button")
		b.SetAttribute("data-choice", strconv.Itoa(i))
		switch {
		case passed && i == p.answer:
			setClass(b, "answer", true)
		case passed:
			setClass(b, "other", true)
		}
		if i == p.picked {
			setClass(b, "picked", true)
			b.SetAttribute("aria-pressed", "true")
		}
		if passed || p.picked >= 0 {
			b.SetAttribute("disabled", "")
		} else {
			i := i
			a.listen(b, "click", func(event) {
				p.picked = i
				a.drawLesson(true)
			})
		}
		choices.AppendChild(b)
	}
	box.AppendChild(choices)
	box.AppendChild(a.predictVerdict(passed))
	return box
}

// predictVerdict is the line under the choices: an invitation, or the
// cluster's answer and what it showed.
func (a *app) predictVerdict(passed bool) dom.HTMLElement {
	p := &a.lessons.predict
	switch {
	case !passed:
		return a.el("p", "predict-verdict hint wrap", a.tr("predict.invite"))
	case p.answer < 0:
		return a.el("p", "predict-verdict hint wrap", a.tr("predict.unknown"))
	}
	var verdict string
	switch {
	case p.picked < 0:
		verdict = a.tr("predict.answer")
	case p.picked == p.answer:
		verdict = a.tr("predict.right")
	default:
		verdict = a.tr("predict.wrong")
	}
	v := a.el("p", "predict-verdict", a.el("strong", "", verdict))
	if p.saw != "" {
		v.AppendChild(a.el("span", "predict-saw", a.tr("predict.saw", p.saw)))
	}
	return v
}
