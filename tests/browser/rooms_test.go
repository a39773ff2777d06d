package browser_test

import (
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"
)

// insideJS reports whether an element lies wholly inside the window, and
// does not cover the header's clock (the row a lecturer reaches for).
const insideJS = `((el) => {
  if (!el) return {found: false};
  const r = el.getBoundingClientRect(), clock = document.querySelector(".clock").getBoundingClientRect();
  const overClock = !(r.bottom <= clock.top || r.top >= clock.bottom || r.right <= clock.left || r.left >= clock.right);
  return {found: true, inside: r.top >= -1 && r.left >= -1 && r.bottom <= innerHeight + 1 && r.right <= innerWidth + 1, overClock};
})`

type placed struct {
	Found, Inside, OverClock bool
}

func (p *page) placed(selector string) placed {
	p.t.Helper()
	return eval[placed](p, insideJS+`(`+selector+`)`)
}

// TestWhatOpensFitsEveryRoom: the pieces that open over the page — the
// share dialog with its QR code, the editor's field help, a node's menu —
// fit the window at every room size, in English and Chinese, and in
// presenter mode, so that nothing a learner opens is cut off on a
// projector.
func TestWhatOpensFitsEveryRoom(t *testing.T) {
	t.Parallel()
	longerTabs(t, manyRoomsTab)
	for _, present := range []bool{false, true} {
		// Presenting, the history bar and its Share are hidden: the header
		// has a Share of its own.
		fragment, mode, share := "", "page", "#share"
		if present {
			fragment, mode, share = "?present", "present", "#present-share"
		}
		p := openURL(t, fragment, "")
		p.setEditor(explainYAML)
		p.click("#apply")
		p.click("#settle")
		p.waitFor("the pods", `document.querySelectorAll("`+runningCards+`").length === 2`)
		for _, lang := range []string{"en", "zh-CN"} {
			p.setLang(lang)
			for _, r := range []roomSize{roomSizes[1], roomSizes[2], roomSizes[3]} {
				p.setRoom(r)
				name := mode + "-" + r.name + "-" + lang

				p.click(share)
				p.waitFor("the share dialog", `document.querySelector("#share-dialog[open] .share-qr svg") !== null`)
				d := p.placed(`document.querySelector("#share-dialog")`)
				assert.True(t, d.Inside, "%s: the share dialog fits the window", name)
				q := p.placed(`document.querySelector("#share-dialog .share-close")`)
				assert.True(t, q.Inside, "%s: the dialog's Close is in view", name)
				p.picture("rooms-share-" + name)
				p.click("#share-dialog .share-close")
				p.waitFor("the dialog closed", `document.getElementById("share-dialog") === null`)

				at := pos(explainYAML, "    type:")
				xy := eval[[]float64](p, `(() => { const c = kubeloop.editor.view.coordsAtPos(`+at+` + 2); return c ? [c.left + 2, (c.top + c.bottom) / 2] : [0, 0]; })()`)
				if xy[1] > 0 {
					p.do(chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, xy[0]-20, xy[1]), chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, xy[0], xy[1]))
					p.waitFor("the field help", `kubeloop.editor.view.dom.querySelector(".cm-field-help")`)
					// CodeMirror places a tooltip in its next measure: after a frame.
					eval[bool](p, `new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))`)
					h := p.placed(`kubeloop.editor.view.dom.querySelector(".cm-field-help").closest(".cm-tooltip")`)
					assert.True(t, h.Inside, "%s: the field help fits the window", name)
					p.picture("rooms-hover-" + name)
					p.do(chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, 5, 5))
				}

				p.click(`#nodes .lane[data-node="node-2"] .lane-menu`)
				p.waitFor("the node menu", `!document.getElementById("pod-menu").hidden`)
				m := p.placed(`document.getElementById("pod-menu")`)
				assert.True(t, m.Inside, "%s: the node menu fits the window", name)
				assert.False(t, m.OverClock, "%s: the node menu leaves the clock's buttons free", name)
				p.picture("rooms-node-menu-" + name)
				p.do(chromedp.KeyEvent(kb.Escape))
				p.waitFor("the menu closed", `document.getElementById("pod-menu").hidden`)
			}
		}
		p.noConsoleErrors()
	}
}
