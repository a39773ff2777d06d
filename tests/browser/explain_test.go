package browser_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
)

// explainYAML is a Deployment whose keys the hover test points at.
const explainYAML = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 2
  strategy:
    type: RollingUpdate
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: web
        image: nginx:1.27
`

// TestExplainInTheTerminal: kubectl explain prints kubectl's layout with
// the descriptions in the page's language, which follow a language switch.
func TestExplainInTheTerminal(t *testing.T) {
	t.Parallel()
	p := openPage(t)
	p.viewport(1366, 768)
	p.setLang("en")
	for _, tc := range []struct{ lang, description string }{
		{"en", "Recreate deletes every old pod before creating new ones;"},
		{"zh-CN", "Recreate 先删除所有旧 Pod 再创建新 Pod"},
	} {
		p.setLang(tc.lang)
		p.setEditor(explainYAML)
		p.waitFor("the descriptions in "+tc.lang, `(kubeloop.editor.helpAt(`+pos(explainYAML, "  strategy:")+`) || {}).text?.startsWith(`+jsString(map[string]string{"en": "How old pods", "zh-CN": "模板变更时"}[tc.lang])+`)`)
		p.typeInTerminal("kubectl explain deployment.spec.strategy\n")
		p.waitFor("explain's output in "+tc.lang, `document.getElementById("term-out").textContent.includes(`+jsString(tc.description)+`)`)
		out := p.termOut()
		start := strings.LastIndex(out, "GROUP:")
		if assert.GreaterOrEqual(t, start, 0, out) {
			got := out[start:]
			assert.Contains(t, got, "GROUP:      apps\nKIND:       Deployment\nVERSION:    v1\n\nFIELD: strategy <DeploymentStrategy>\n\n\nDESCRIPTION:\n")
			assert.Contains(t, got, "FIELDS:\n  rollingUpdate\t<RollingUpdateDeployment>\n")
			assert.Contains(t, got, "  type\t<string>\n  enum: Recreate, RollingUpdate\n")
		}
		assert.NotContains(t, out, "not simulated")
	}
	p.typeInTerminal("kubectl explain deployment.spec.foo\n")
	p.waitFor("the unknown field's error", `document.getElementById("term-out").textContent.includes('error: field "foo" does not exist')`)
	p.noConsoleErrors()
}

// TestEditorFieldHelp: hovering a key shows its path, type and description
// in the page's language; typing a key offers the keys valid there.
func TestEditorFieldHelp(t *testing.T) {
	t.Parallel()
	p := openPage(t)
	p.viewport(1366, 768)
	for _, tc := range []struct{ lang, want string }{
		{"en", "Recreate deletes every old pod"},
		{"zh-CN", "Recreate 先删除所有旧 Pod"},
	} {
		p.setLang(tc.lang)
		p.setEditor(explainYAML)
		at := pos(explainYAML, "    type:")
		p.waitFor("field help in "+tc.lang, `(kubeloop.editor.helpAt(`+at+`) || {}).text?.startsWith(`+jsString(tc.want[:9])+`)`)
		xy := eval[[]float64](p, `(() => { const c = kubeloop.editor.view.coordsAtPos(`+at+` + 2); return [c.left + 2, (c.top + c.bottom) / 2]; })()`)
		p.do(chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, xy[0]-20, xy[1]), chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, xy[0], xy[1]))
		p.waitFor("the hover tooltip in "+tc.lang, `kubeloop.editor.view.dom.querySelector(".cm-field-help")`)
		tip := eval[string](p, `kubeloop.editor.view.dom.querySelector(".cm-field-help").textContent`)
		assert.Contains(t, tip, "spec.strategy.type <string>")
		assert.Contains(t, tip, "Recreate | RollingUpdate")
		assert.Contains(t, tip, tc.want)
		p.screenshot("explain-hover-" + tc.lang + "-1366x768")
		p.do(chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, 5, 5))
	}

	// Completion: a new key under the container offers the Container's fields.
	text := explainYAML + "        imagePu"
	p.setEditor(text)
	eval[any](p, `(() => { const v = kubeloop.editor.view; v.focus(); v.dispatch({selection: {anchor: v.state.doc.length}}); })()`)
	p.do(chromedp.KeyEvent("l"))
	p.waitFor("the completion list", `kubeloop.editor.view.dom.querySelector(".cm-tooltip-autocomplete")`)
	options := eval[string](p, `kubeloop.editor.view.dom.querySelector(".cm-tooltip-autocomplete").textContent`)
	assert.Contains(t, options, "imagePullPolicy")
	p.screenshot("explain-complete-zh-CN-1366x768")
	p.noConsoleErrors()
}

// pos is the offset in text of the first character of line (as JS).
func pos(text, line string) string {
	i := strings.Index(text, "\n"+line)
	if i < 0 {
		panic("no line " + line)
	}
	return strconv.Itoa(len([]rune(text[:i+1])) + len(line) - len(strings.TrimLeft(line, " ")))
}
