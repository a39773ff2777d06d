package browser_test

import (
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"
)

// TestALessonAsksThenTheClusterAnswers: the rolling-update lesson asks how
// many Pods run at most before the learner updates the image. The learner
// picks 4; the step runs; the page marks the cluster's answer (5) and
// says what it saw. Read at 1280×720, 1366×768 and 1920×1080, in English
// and Chinese, open and answered, and in presenter mode.
func TestALessonAsksThenTheClusterAnswers(t *testing.T) {
	t.Parallel()
	longerTabs(t, manyRoomsTab)
	p := openPage(t)
	p.click(`[data-speed="100"]`)
	p.selectLesson("07-rolling-update")
	p.click("#lesson-start")
	p.waitFor("step 1 open", `document.querySelector('.lesson-step.current[data-step="1"] .step-predict')`)
	assert.Equal(t, 3, p.count(`.lesson-step.current .predict-choice:not([disabled])`), "three choices to pick from")
	assert.Contains(t, p.text(`.lesson-step.current .predict-verdict`), "Pick what you expect")
	// Before a pick, the question is what to act on: it and every choice
	// are in view in every room (the commands may wait below).
	p.assertInLessonView("predict-open", `.lesson-step.current .predict-q, .lesson-step.current .predict-choice`)

	p.setLang("en")
	p.click(`.lesson-step.current .predict-choice[data-choice="0"]`)
	p.waitFor("the pick kept", `document.querySelector('.lesson-step.current .step-predict.picked-only')`)
	assert.Contains(t, p.text(`.lesson-step.current .step-predict`), "Your prediction: 4: one old Pod stops")
	assert.Equal(t, 0, p.count(`.lesson-step.current .predict-choice`), "one pick per step: the choices fold away")
	p.assertLessonReadable("predict-picked", false)

	for _, cmd := range []string{"set image", "sim settle"} {
		p.clickOffer(cmd)
	}
	p.waitFor("step 1 done", `kubeloop.lesson().step === 1`)
	p.waitFor("the answer", `document.querySelector('.lesson-step.current .predict-choice.answer')`)
	p.setLang("en")
	assert.Contains(t, p.text(`.lesson-step.current .predict-choice.answer`), "5: one extra Pod")
	assert.Contains(t, p.text(`.lesson-step.current .predict-choice.picked`), "4:")
	assert.Contains(t, p.text(`.lesson-step.current .predict-verdict`), "Not this time.")
	assert.Contains(t, p.text(`.lesson-step.current .predict-saw`), "at most 5 running at once")
	assert.Equal(t, 2, p.count(`.lesson-step.current .predict-choice[disabled]`), "the answer and the pick, none to pick from")
	// Answered, the commands have run: the answer and the way on are what
	// must be in view (the commands, at 1080p).
	p.assertInLessonView("predict-answered", `.lesson-step.current .predict-choice, .lesson-step.current .predict-verdict`)
	p.assertLessonReadable("predict-answered", true)
	p.setLang("zh-CN")
	assert.Contains(t, p.text(`.lesson-step.current .predict-verdict`), "这次没猜中")

	p.click("#present")
	p.click("#present-menu > summary")
	p.click(`#present-panes input[data-pane="lesson"]`)
	p.click("#present-menu > summary")
	assert.Equal(t, 1, p.count(`#lesson-pane:not(.pane-off) .step-predict`), "the question shows in presenter mode")
	for _, r := range []roomSize{roomSizes[1], roomSizes[3]} {
		for _, lang := range []string{"en", "zh-CN"} {
			p.setLang(lang)
			p.setRoom(r)
			assert.Empty(t, eval[[]string](p, cutButtons), "%s %s: buttons whose text does not fit", r.name, lang)
			p.screenshot("lesson-predict-presenting-" + r.name + "-" + lang)
		}
	}
	p.noConsoleErrors()
}

// clickOffer puts the open step's offered command that contains text in
// the terminal, as a click does, and runs it with Enter.
func (p *page) clickOffer(text string) {
	p.t.Helper()
	p.waitFor("the offer "+text, `[...document.querySelectorAll(".lesson-step.current .offer")].some(b => b.textContent.includes(`+jsString(text)+`))`)
	eval[chromedp.Void](p, `[...document.querySelectorAll(".lesson-step.current .offer")].find(b => b.textContent.includes(`+jsString(text)+`)).click()`)
	p.do(chromedp.SendKeys(chromedp.CSS("#term-input"), kb.Enter))
}

// assertInLessonView checks, in every lesson room and both languages, that
// each element matching selector is wholly in the lesson pane's view.
func (p *page) assertInLessonView(what, selector string) {
	p.t.Helper()
	p.inLessonRooms(what, func(r roomSize, lang string) {
		hidden := eval[[]string](p, `(() => {
  const pane = document.getElementById("lesson-body").getBoundingClientRect();
  return [...document.querySelectorAll(`+jsString(selector)+`)].filter(el => {
    const r = el.getBoundingClientRect();
    return !(r.height > 0 && r.top >= pane.top - 1 && r.bottom <= pane.bottom + 1 && r.bottom <= innerHeight + 1);
  }).map(el => el.textContent);
})()`)
		assert.Empty(p.t, hidden, "%s %s %s: out of view", what, r.name, lang)
	})
}
