package browser_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestStatefulSetLessonOnThePage: lesson 10 is in the list, starts, and
// its second step (the StatefulSet) ticks itself off from the cluster;
// lesson 17's challenge keeps its solution folded.
func TestStatefulSetLessonOnThePage(t *testing.T) {
	t.Parallel()
	p := openPage(t)
	p.click(`[data-speed="100"]`)
	assert.Contains(t, p.text("#lesson-select"), "StatefulSet: who is who")
	assert.Contains(t, p.text("#lesson-select"), "Your turn")
	p.selectLesson("10-statefulset-identity")
	p.click("#lesson-start")
	p.waitFor("step 1 current", `document.querySelector('.lesson-step.current[data-step="1"]')`)
	p.click(`.lesson-step.current .offer-yaml`)
	p.click("#apply")
	p.waitFor("step 1 done", `kubeloop.lesson().step === 1`)
	p.click("#lesson-next")
	p.waitFor("step 2 current", `document.querySelector('.lesson-step.current[data-step="2"]')`)
	p.click(`.lesson-step.current .offer-yaml`)
	p.click("#apply")
	p.waitFor("step 2 done: web-0 then web-1", `kubeloop.lesson().step === 2`)
	p.click("#lesson-next")
	p.waitFor("step 3 current", `document.querySelector('.lesson-step.current[data-step="3"]')`)
	p.screenshot("22-lesson-10-statefulset")
	p.setLang("zh-CN")
	assert.Contains(t, p.text("#lesson-body"), "删掉两个 Pod")
	p.screenshot("22-lesson-10-statefulset-zh")
	p.setLang("en")

	p.selectLesson("17-your-turn")
	p.click("#lesson-start")
	p.waitFor("the challenge step", `document.querySelector('.lesson-step.current[data-step="1"] details.step-solution:not([open])')`)
	assert.Contains(t, p.text(".lesson-step.current summary"), "Show a solution")
	p.screenshot("22-lesson-17-challenge")
	p.noConsoleErrors()
}
