package browser_test

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// termLines is the terminal's output, one entry per line, each marked
// "&" when it is the second terminal's (an element of .term-beside).
func (p *page) termLines() []string {
	return eval[[]string](p, `[...document.querySelectorAll("#term-out > div")].flatMap(d =>
	  d.textContent.split("\n").map(l => (d.classList.contains("term-beside") ? "& " : "") + (d.classList.contains("term-cmd") ? "$ " : "") + l))`)
}

// TestAWatchGoesOnBesideAPodCardsDelete: with `kubectl get pods -w`
// running, a pod card's Delete runs beside the watch, as in a second
// terminal window: its echo and output are marked and indented, and the
// watch — still open — prints the pod going Terminating and, as time
// passes, its replacement Pending, ContainerCreating, Running, in order.
// A typed command still ends the watch.
func TestAWatchGoesOnBesideAPodCardsDelete(t *testing.T) {
	t.Parallel()
	p := openPage(t)
	p.viewport(1366, 768)
	eval[any](p, "kubeloop.apply(`"+nginxDeployment+"`)")
	eval[any](p, `kubeloop.settle()`)
	p.waitFor("three Running pods", `document.querySelectorAll("#nodes .pod.st-running").length === 3`)
	before := strings.Fields(eval[string](p, `(await kubeloop.kubectl("kubectl get pods -o name")).stdout`))
	require.Len(t, before, 3)

	p.runInTerminal("kubectl get pods -w")
	p.waitFor("the watch holds the terminal", `document.getElementById("term-form").classList.contains("watching")`)

	pod := eval[string](p, `document.querySelector("#nodes .pod.st-running").dataset.pod.split("/")[1]`)
	p.click(`#nodes .pod[data-pod="default/` + pod + `"]`)
	del := "kubectl delete pod " + pod + " --wait=false"
	require.Contains(t, p.menuCommands(), del)
	eval[bool](p, `(() => { [...document.querySelectorAll("#pod-menu button.menu-item")].find(b => b.textContent.includes(`+strconv.Quote(del)+`)).click(); return true; })()`)
	p.waitFor("the delete's output", `document.getElementById("term-out").textContent.includes(`+strconv.Quote(`pod "`+pod+`" deleted`)+`)`)
	assert.True(t, eval[bool](p, `document.getElementById("term-form").classList.contains("watching")`), "the watch is still open")
	assert.Equal(t, "another terminal", eval[string](p, `document.querySelector("#term-out .term-cmd.term-beside").dataset.label`))

	p.runInTerminal("sim settle")
	p.waitFor("the replacement Running", `document.getElementById("term-out").textContent.split("\n").filter(l => / Running /.test(l)).length >= 4`)
	assert.True(t, eval[bool](p, `document.getElementById("term-form").classList.contains("watching")`), "a typed sim line lets the watch go on")

	lines := p.termLines()
	at := func(re string, from int) int {
		r := regexp.MustCompile(re)
		for i := from; i < len(lines); i++ {
			if r.MatchString(lines[i]) {
				return i
			}
		}
		t.Fatalf("no line after %d matches %s in:\n%s", from, re, strings.Join(lines, "\n"))
		return -1
	}
	watch := at(`^\$ kubectl get pods -w$`, 0)
	echo := at(`^& \$ `+regexp.QuoteMeta(del)+`$`, watch)
	out := at(`^& pod "`+pod+`" deleted$`, echo)
	term := at(`^`+pod+` .* Terminating `, out)
	assert.Equal(t, echo+1, out, "the output right under its echo")
	// The replacement: a pod that was not there before, coming up in order.
	var repl string
	for _, l := range lines[term:] {
		if f := strings.Fields(l); len(f) > 2 && f[2] == "Pending" && !strings.HasPrefix(l, "&") {
			repl = f[0]
			break
		}
	}
	require.NotEmpty(t, repl, strings.Join(lines, "\n"))
	assert.NotContains(t, before, "pod/"+repl)
	pending := at(`^`+repl+` .* Pending `, term)
	creating := at(`^`+repl+` .* ContainerCreating `, pending)
	at(`^`+repl+` .* Running `, creating)
	assert.Equal(t, 1, strings.Count(strings.Join(lines, "\n"), "$ kubectl get pods -w"), "one watch, never restarted")
	eval[any](p, `document.querySelector("#term-out .term-cmd.term-beside").scrollIntoView({block: "start"})`)
	p.screenshot("watch-beside-en-1366x768")

	// In Chinese, the label too; a second delete beside the same watch.
	p.setLang("zh-CN")
	p.waitFor("zh", `document.documentElement.lang === "zh-CN"`)
	p.waitFor("three Running pods", `document.querySelectorAll("#nodes .pod.st-running").length === 3`)
	pod2 := eval[string](p, `document.querySelector("#nodes .pod.st-running").dataset.pod.split("/")[1]`)
	p.click(`#nodes .pod[data-pod="default/` + pod2 + `"]`)
	del2 := "kubectl delete pod " + pod2 + " --wait=false"
	eval[bool](p, `(() => { [...document.querySelectorAll("#pod-menu button.menu-item")].find(b => b.textContent.includes(`+strconv.Quote(del2)+`)).click(); return true; })()`)
	p.waitFor("the second delete's output", `document.getElementById("term-out").textContent.includes(`+strconv.Quote(`pod "`+pod2+`" deleted`)+`)`)
	assert.Equal(t, "另一个终端", eval[string](p, `[...document.querySelectorAll("#term-out .term-cmd.term-beside")].pop().dataset.label`))
	p.runInTerminal("sim settle")
	p.waitFor("its replacement Running", `document.getElementById("term-out").textContent.split("\n").filter(l => / Running /.test(l)).length >= 5`)
	assert.True(t, eval[bool](p, `document.getElementById("term-form").classList.contains("watching")`))
	eval[any](p, `[...document.querySelectorAll("#term-out .term-cmd.term-beside")].pop().scrollIntoView({block: "start"})`)
	p.screenshot("watch-beside-zh-1366x768")
	p.setLang("en")

	// A typed command ends the watch, as a shell needs Ctrl+C first.
	p.runInTerminal("kubectl get deploy")
	p.waitFor("the watch ended", `!document.getElementById("term-form").classList.contains("watching")`)
	p.noConsoleErrors()
}

// TestALessonsChangeRunsBesideItsWatch: lesson 1's step 2 offers the watch,
// then the delete marked to run beside it. Clicking the delete while the
// watch runs runs it at once in the "second terminal"; the watch shows the
// pods terminate and their replacements come up, and the step is done.
func TestALessonsChangeRunsBesideItsWatch(t *testing.T) {
	t.Parallel()
	p := openPage(t)
	p.viewport(1366, 768)
	p.setLang("zh-CN")
	p.selectLesson("01-control-loop")
	p.click("#lesson-start")
	p.waitFor("step 1 open", `document.querySelector('.lesson-step.current[data-step="1"]')`)
	p.click(`.lesson-step.current .offer-yaml`)
	p.click("#apply")
	p.waitFor("step 1 done", `kubeloop.lesson().step === 1`)
	p.click("#lesson-next")
	p.waitFor("step 2 open", `kubeloop.lesson().open === 1`)

	eval[bool](p, `(() => { [...document.querySelectorAll(".lesson-step.current .offer")].find(b => b.textContent.includes("get pods -w")).click(); return true; })()`)
	p.do(chromedp.SendKeys(chromedp.CSS("#term-input"), kb.Enter))
	p.waitFor("the watch holds the terminal", `document.getElementById("term-form").classList.contains("watching")`)
	assert.Contains(t, p.text(`.lesson-step.current .offer-beside`), "在 watch 旁边")
	p.click(`.lesson-step.current .offer-beside`)
	p.waitFor("the delete ran beside the watch", `[...document.querySelectorAll("#term-out .term-cmd.term-beside")].some(e => e.textContent === "kubectl delete pods -l app=nginx")`)
	assert.Equal(t, "", p.inputValue(), "run at once, not typed into the input")
	assert.True(t, eval[bool](p, `document.getElementById("term-form").classList.contains("watching")`), "the watch is still open")
	p.waitFor("step 2 done", `kubeloop.lesson().step === 2`)
	p.waitFor("three replacements Running", `document.getElementById("term-out").textContent.split("\n").filter(l => / Running /.test(l)).length >= 6`)

	lines := p.termLines()
	text := strings.Join(lines, "\n")
	del := strings.Index(text, "& $ kubectl delete pods -l app=nginx")
	require.GreaterOrEqual(t, del, 0, text)
	after := text[del:]
	assert.Regexp(t, `(?m)^& pod "nginx-deployment-\S+" deleted$`, after)
	assert.Regexp(t, `(?s)Terminating.*Pending.*ContainerCreating.*Running`, after)
	assert.True(t, eval[bool](p, `[...document.querySelectorAll(".lesson-step.current .offer.ran")].some(b => b.textContent.includes("delete pods"))`), "the offer is ticked")
	eval[any](p, `[...document.querySelectorAll("#term-out .term-cmd.term-beside")].pop().scrollIntoView({block: "start"})`)
	p.screenshot("watch-beside-lesson-zh-1366x768")
	p.noConsoleErrors()
}
