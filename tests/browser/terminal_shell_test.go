package browser_test

import (
	"encoding/json"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"
)

// TestTerminalIsAShell: the terminal answers as a learner's shell would, in
// English and Chinese — k is kubectl's alias and is echoed as typed; ls and
// a bare verb get bash's "command not found", a note of the commands there
// are, and for the verb the kubectl line meant; Tab completes -o formats,
// -n namespaces and TYPE/NAME, and a second Tab lists the candidates. The
// page API's kubectl(line) takes a line with or without kubectl or k.
func TestTerminalIsAShell(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		lang, commands, didYouMean string
	}{
		{"en", "This terminal has kubectl (or its alias k), sim, clear and help.", "Did you mean: kubectl get pods"},
		{"zh-CN", "这个终端只有 kubectl（别名 k）、sim、clear 和 help 这几个命令。", "你是不是想输入：kubectl get pods"},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			p := openPage(t)
			p.viewport(1366, 768)
			p.setLang(tc.lang)
			p.click("#play") // pause: the test moves time
			p.applyAndSettle()
			p.waitFor("three Running pods", `document.querySelectorAll("`+runningCards+`").length === 3`)

			p.typeInTerminal("k get po\n")
			p.waitFor("the pods table", `document.getElementById("term-out").textContent.includes("READY")`)
			assert.Contains(t, p.commandEchoes(), "k get po", "the echo is what was typed")
			assert.Contains(t, p.termOut(), "nginx-deployment-")
			assert.NotContains(t, p.termOut(), "kubectl k ")

			p.typeInTerminal("ls\n")
			p.waitFor("bash's answer", `document.getElementById("term-out").textContent.includes("bash: ls: command not found")`)
			assert.Contains(t, p.termOut(), tc.commands)
			assert.NotContains(t, p.termOut(), "kubectl ls")
			p.typeInTerminal("get pods\n")
			p.waitFor("bash's answer", `document.getElementById("term-out").textContent.includes("bash: get: command not found")`)
			assert.Contains(t, p.termOut(), tc.didYouMean)
			p.screenshot("terminal-shell-notfound-" + tc.lang)

			// -o formats: no common prefix, so the first Tab adds nothing and
			// the second lists them.
			p.setInput("")
			p.typeInTerminal("kubectl get -o ")
			p.do(chromedp.SendKeys(chromedp.CSS("#term-input"), kb.Tab))
			p.waitInput("kubectl get -o ")
			p.do(chromedp.SendKeys(chromedp.CSS("#term-input"), kb.Tab))
			p.waitFor("the formats listed", `document.getElementById("term-out").textContent.includes("custom-columns=  json  jsonpath=  name  wide  yaml")`)
			p.do(chromedp.SendKeys(chromedp.CSS("#term-input"), "ya"+kb.Tab))
			p.waitInput("kubectl get -o yaml ")

			// -n namespaces: kube-node-lease, kube-public, kube-system.
			p.setInput("")
			p.typeInTerminal("kubectl get pods -n kube-")
			p.do(chromedp.SendKeys(chromedp.CSS("#term-input"), kb.Tab))
			p.do(chromedp.SendKeys(chromedp.CSS("#term-input"), kb.Tab))
			p.waitFor("the namespaces listed", `document.getElementById("term-out").textContent.includes("kube-public  kube-system")`)
			p.do(chromedp.SendKeys(chromedp.CSS("#term-input"), "s"+kb.Tab))
			p.waitInput("kubectl get pods -n kube-system ")

			// TYPE/NAME.
			p.setInput("")
			p.typeInTerminal("k describe deploy/")
			p.do(chromedp.SendKeys(chromedp.CSS("#term-input"), kb.Tab))
			p.waitInput("k describe deploy/nginx-deployment ")
			p.setInput("")
			p.screenshot("terminal-shell-tab-" + tc.lang)

			for _, line := range []string{"get ns default -o name", "k get ns default -o name", "kubectl get ns default -o name"} {
				js, _ := json.Marshal(line)
				assert.Equal(t, "namespace/default\n", eval[string](p, `(await kubeloop.kubectl(`+string(js)+`)).stdout`), line)
			}
			p.noConsoleErrors()
		})
	}
}

// commandEchoes are the command lines the terminal echoed, in order.
func (p *page) commandEchoes() []string {
	p.t.Helper()
	return eval[[]string](p, `[...document.querySelectorAll("#term-out .term-cmd")].map(e => e.textContent)`)
}
