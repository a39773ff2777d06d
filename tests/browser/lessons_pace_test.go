package browser_test

import (
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"
)

const (
	hostnameCmd = "kubectl exec web-0 -- sh -c 'hostname'"
	nslookupCmd = "kubectl run -i --tty --image busybox:1.28.4 dns-test --restart=Never --rm -- nslookup web-0.nginx"
)

// TestLessonWaitsForTheLearner: the StatefulSet lesson in Chinese. A step
// whose checks hold is marked done (✓ 完成) but stays open with all its
// commands — step 2's hostname and nslookup, the point of the lesson, are
// offered after its pods are up; the learner moves on by starting the next
// step's first command, or by Next. Checks read in plain words, never as
// their pattern.
func TestLessonWaitsForTheLearner(t *testing.T) {
	t.Parallel()
	p := openPage(t)
	p.viewport(1366, 768)
	p.click(`[data-speed="100"]`)
	p.setLang("zh-CN")
	p.selectLesson("10-statefulset-identity")
	p.click("#lesson-start")
	p.waitFor("step 1 open", `document.querySelector('.lesson-step.current[data-step="1"]')`)
	assert.Contains(t, p.text(`.lesson-step.current .step-checks`), "Service nginx 已创建，没有集群 IP（None）")
	assert.NotContains(t, p.text(`.lesson-step.current .step-checks`), "=>", "the words, not the pattern")
	assert.Equal(t, "kubectl get svc nginx => None", eval[string](p, `document.querySelector('.lesson-step.current .check-item').title`), "the pattern is in the tooltip")

	// Step 1: done on Apply, and still open with kubectl get svc nginx.
	p.click(`.lesson-step.current .offer-yaml`)
	p.click("#apply")
	p.waitFor("step 1 done", `kubeloop.lesson().step === 1`)
	assert.Equal(t, 0, eval[int](p, `kubeloop.lesson().open`))
	assert.Contains(t, p.text(`.lesson-step.current.done .step-goal`), "✓ 完成")
	assert.Contains(t, p.text(`.lesson-step.current .step-offers`), "kubectl get svc nginx")

	// Starting step 2's first command — the watch, offered before the
	// YAML it watches — moves on.
	p.setInput("kubectl get pods -w -l app=nginx")
	p.do(chromedp.SendKeys(chromedp.CSS("#term-input"), kb.Enter))
	p.waitFor("step 2 open by its first command", `kubeloop.lesson().open === 1`)
	assert.Contains(t, p.text(`.lesson-step.current[data-step="2"] .offer.ran`), "kubectl get pods -w -l app=nginx")
	eval[chromedp.Void](p, `document.querySelector('.lesson-step.current .offer-yaml').click()`)
	p.click("#apply")
	p.waitFor("step 2 done: web-0 then web-1", `kubeloop.lesson().step === 2`)
	p.waitFor("the watch printed web-1", `document.getElementById("term-out").textContent.includes("web-1")`)

	// Done, and the hostname and DNS lookups are still offered.
	assert.Equal(t, 1, eval[int](p, `kubeloop.lesson().open`), "the done step stays open")
	offers := p.text(`.lesson-step.current[data-step="2"] .step-offers`)
	assert.Contains(t, offers, hostnameCmd)
	assert.Contains(t, offers, "nslookup web-0.nginx")
	assert.Equal(t, "这一步完成了。", eval[string](p, `document.getElementById("lesson-next").getAttribute("aria-description")`), "the way on says the step is done")
	assert.Contains(t, p.text(`#lesson-next`), "下一步：删掉两个 Pod")
	p.screenshot("40-lesson-pace-done-zh-1366x768")
	eval[chromedp.Void](p, `document.getElementById("lesson-next").scrollIntoView({block: "end"})`)
	p.screenshot("40-lesson-pace-next-zh-1366x768")

	// Run the hostname from its offer: the step stays, the offer is ticked.
	eval[chromedp.Void](p, `[...document.querySelectorAll(".lesson-step.current .offer")].find(b => b.textContent.includes("hostname")).click()`)
	assert.Equal(t, hostnameCmd, p.inputValue())
	p.do(chromedp.SendKeys(chromedp.CSS("#term-input"), kb.Enter))
	p.waitFor("web-0 answers", `(t => t.slice(t.lastIndexOf("hostname")).includes("web-0"))(document.getElementById("term-out").textContent)`)
	p.waitFor("the offer ticked", `[...document.querySelectorAll(".lesson-step.current .offer.ran")].some(b => b.textContent.includes("hostname"))`)
	eval[chromedp.Void](p, `[...document.querySelectorAll(".lesson-step.current .offer")].find(b => b.textContent.includes("nslookup")).click()`)
	assert.Equal(t, nslookupCmd, p.inputValue())
	p.do(chromedp.SendKeys(chromedp.CSS("#term-input"), kb.Enter))
	p.waitFor("DNS answers web-0.nginx", `document.getElementById("term-out").textContent.includes("web-0.nginx.default.svc.cluster.local")`)
	assert.Equal(t, 1, eval[int](p, `kubeloop.lesson().open`))

	p.setLang("en")
	assert.Contains(t, p.text(`.lesson-step.current.done .step-goal`), "✓ done")
	p.screenshot("40-lesson-pace-done-en-1366x768")

	// Next moves on.
	p.click("#lesson-next")
	p.waitFor("step 3 open", `document.querySelector('.lesson-step.current[data-step="3"]') && kubeloop.lesson().open === 2`)
	assert.Equal(t, 2, eval[int](p, `kubeloop.lesson().step`))
	assert.Zero(t, p.count(`.lesson-step.current.done`), "step 3 is not done yet")
	assert.Equal(t, 2, p.count(`.lesson-step.done`))
	p.noConsoleErrors()
}

// TestBringBackMyYAML: a lesson's YAML replaces the learner's in the
// editor; the learner's is kept, and one click brings it back.
func TestBringBackMyYAML(t *testing.T) {
	t.Parallel()
	const mine = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: my-own\ndata:\n  note: written by me\n"
	p := openPage(t)
	p.viewport(1366, 768)
	p.setEditor(mine)
	p.selectLesson("10-statefulset-identity")
	assert.Contains(t, p.text("#lesson-body"), "yours is kept aside", "the start button says what happens")
	p.click("#lesson-start")
	p.waitFor("step 1 open", `document.querySelector('.lesson-step.current[data-step="1"]')`)
	assert.Zero(t, p.count("#lesson-bring-back"), "nothing replaced yet")
	p.click(`.lesson-step.current .offer-yaml`)
	assert.Contains(t, p.editorText(), "clusterIP: None")
	p.waitFor("the bring-back button", `document.getElementById("lesson-bring-back")`)
	assert.Equal(t, mine, eval[string](p, `localStorage.getItem("kubeloop.aside.yaml.1")`), "kept aside in storage too")
	p.screenshot("41-lesson-kept-en-1366x768")
	p.setLang("zh-CN")
	assert.Contains(t, p.text("#lesson-bring-back"), "找回我的 YAML")
	p.screenshot("41-lesson-kept-zh-1366x768")

	p.click("#lesson-bring-back")
	p.waitFor("my text back", `kubeloop.editor.getText().includes("written by me")`)
	assert.Equal(t, mine, p.editorText())
	assert.Equal(t, mine, eval[string](p, `localStorage.getItem("kubeloop.yaml")`), "and saved as the editor's text")
	assert.Zero(t, p.count("#lesson-bring-back"))
	p.noConsoleErrors()
}
