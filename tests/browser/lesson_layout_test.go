package browser_test

import (
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
)

// lessonInView is what a learner sees of the running lesson at once.
type lessonInView struct {
	Pane        float64 `json:"pane"`        // the lesson pane's height
	Goal        bool    `json:"goal"`        // the open step's goal is wholly in view
	Offers      int     `json:"offers"`      // the open step's offered commands
	OffersShown int     `json:"offersShown"` // of them, wholly in view
	Next        bool    `json:"next"`        // the way on (Next, or the next lesson) is in view
	HasNext     bool    `json:"hasNext"`     // there is a way on to see (the step is done)
	EditorLines int     `json:"editorLines"`
}

// lessonVisibleJS measures lessonInView with visibleJS's notion of "in view".
const lessonVisibleJS = `(() => {
  const clip = (el) => {
    if (!el) return false;
    let r = el.getBoundingClientRect();
    let top = r.top, bottom = r.bottom;
    for (let p = el.parentElement || (el.getRootNode().host); p; p = p.parentElement || (p.getRootNode && p.getRootNode().host)) {
      const s = getComputedStyle(p);
      if (/(auto|scroll|hidden)/.test(s.overflow + s.overflowX + s.overflowY)) {
        const q = p.getBoundingClientRect();
        top = Math.max(top, q.top); bottom = Math.min(bottom, q.bottom);
      }
      if (s.display === "none" || s.visibility === "hidden") return false;
    }
    return r.height > 0 && top >= r.top - 1 && bottom >= r.bottom - 1 && r.bottom <= innerHeight + 1 && r.top >= -1;
  };
  // The lines of YAML the editor has room for: a lesson's YAML may be
  // shorter than the pane, and the pane is what is measured.
  const editorRoom = (root) => {
    const sc = root.querySelector(".cm-scroller"), line = root.querySelector(".cm-line");
    const r = sc.getBoundingClientRect();
    const bottom = Math.min(r.bottom, innerHeight);
    return Math.floor((bottom - r.top - 8) / line.getBoundingClientRect().height);
  };
  const step = document.querySelector(".lesson-step.current");
  const offers = step ? [...step.querySelectorAll(".offer")] : [];
  const next = step && step.querySelector(".lesson-done");
  const root = document.getElementById("editor").shadowRoot;
  return {
    pane: document.getElementById("lesson-pane").getBoundingClientRect().height,
    goal: clip(step && step.querySelector(".step-goal")),
    offers: offers.length, offersShown: offers.filter(clip).length,
    next: clip(next), hasNext: !!next,
    editorLines: editorRoom(root),
  };
})()`

func (p *page) lessonInView() lessonInView {
	p.t.Helper()
	return eval[lessonInView](p, lessonVisibleJS)
}

// lessonRooms are the screens a lesson must read on without scrolling.
var lessonRooms = []roomSize{roomSizes[1], roomSizes[2], roomSizes[3]}

// assertLessonReadable checks, at every lesson room and in both languages,
// that the open step's goal, all its commands and (once done) its way on
// are in the lesson pane's view, beside at least ten lines of YAML.
// A step longer than the pane (big) keeps its goal and its way on in view
// and all its commands at 1920×1080 only. The page's notices are closed
// first, as a learner does once read: each takes a line from every column.
func (p *page) assertLessonReadable(what string, big bool) {
	p.t.Helper()
	p.inLessonRooms(what, func(r roomSize, lang string) {
		v := p.lessonInView()
		p.t.Logf("%s %s %s: %+v", what, r.name, lang, v)
		assert.True(p.t, v.Goal, "%s %s %s: the step's goal in view", what, r.name, lang)
		if !big || r.h >= 1080 {
			assert.Equal(p.t, v.Offers, v.OffersShown, "%s %s %s: every command of the step in view", what, r.name, lang)
		}
		if v.HasNext {
			assert.True(p.t, v.Next, "%s %s %s: the way on in view", what, r.name, lang)
		}
		assert.GreaterOrEqual(p.t, v.EditorLines, 10, "%s %s %s: lines of YAML beside the lesson", what, r.name, lang)
	})
}

// inLessonRooms runs check in both languages at each lesson room, with
// the page's notices closed, and saves a screenshot of each.
func (p *page) inLessonRooms(what string, check func(r roomSize, lang string)) {
	p.t.Helper()
	eval[chromedp.Void](p, `document.getElementById("notice-close") && document.getElementById("notice-close").click()`)
	for _, lang := range []string{"en", "zh-CN"} {
		p.setLang(lang)
		for _, r := range lessonRooms {
			p.setRoom(r)
			check(r, lang)
			p.screenshot("lesson-" + what + "-" + r.name + "-" + lang)
		}
	}
}

// TestRunningLessonFitsTheRooms: the StatefulSet lesson's first two steps,
// open and done, read without scrolling at 1280×720, 1366×768 and 1920×1080.
func TestRunningLessonFitsTheRooms(t *testing.T) {
	t.Parallel()
	longerTabs(t, manyRoomsTab)
	p := openPage(t)
	p.setEditor(longYAML)
	p.click(`[data-speed="100"]`)
	p.selectLesson("10-statefulset-identity")
	p.click("#lesson-start")
	p.waitFor("step 1 open", `document.querySelector('.lesson-step.current[data-step="1"]')`)
	p.assertLessonReadable("sts-1-open", false)

	p.click(`.lesson-step.current .offer-yaml`)
	p.click("#apply")
	p.waitFor("step 1 done", `kubeloop.lesson().step === 1`)
	p.assertLessonReadable("sts-1-done", false)

	p.click("#lesson-next")
	p.waitFor("step 2 open", `kubeloop.lesson().open === 1`)
	p.assertLessonReadable("sts-2-open", true)
	p.click(`.lesson-step.current .offer-yaml`)
	p.click("#apply")
	p.waitFor("step 2 done", `kubeloop.lesson().step === 2`)
	p.assertLessonReadable("sts-2-done", true)
	p.noConsoleErrors()
}

// TestRunningLessonStepsOfRollingUpdate: a lesson whose steps offer three
// commands each (a watch, the YAML or a change, the clock) reads without
// scrolling in the rooms, its question answered.
func TestRunningLessonStepsOfRollingUpdate(t *testing.T) {
	t.Parallel()
	longerTabs(t, manyRoomsTab)
	p := openPage(t)
	p.click(`[data-speed="100"]`)
	p.selectLesson("07-rolling-update")
	p.click("#lesson-start")
	p.waitFor("step 1 open", `document.querySelector('.lesson-step.current[data-step="1"]')`)
	// The step first asks a question (TestALessonAsksThenTheClusterAnswers);
	// once answered, its commands are what must be in view.
	p.click(`.lesson-step.current .predict-choice[data-choice="1"]`)
	p.assertLessonReadable("rollout-1-open", false)
	p.noConsoleErrors()
}

// menuBox is where the open popover menu is, against the header above the
// panes.
type menuBox struct {
	Top, Bottom, Left, Right float64
	HeaderBottom             float64 `json:"headerBottom"` // the bottom of the header and the history bar
	W, H                     float64
	Scrolls                  bool `json:"scrolls"` // its items scroll inside it
	Items, ItemsShown        int
}

const menuBoxJS = `(() => {
  const m = document.getElementById("pod-menu"), r = m.getBoundingClientRect();
  const head = Math.max(...[...document.querySelectorAll(".top, #history-bar")].map(e => e.getBoundingClientRect().bottom));
  const items = [...m.querySelectorAll(".menu-item")];
  const shown = items.filter(i => { const q = i.getBoundingClientRect(); return q.top >= r.top - 1 && q.bottom <= r.bottom + 1; });
  return {Top: r.top, Bottom: r.bottom, Left: r.left, Right: r.right, headerBottom: head, W: innerWidth, H: innerHeight,
    scrolls: m.scrollHeight > m.clientHeight + 1, Items: items.length, ItemsShown: shown.length};
})()`

// TestNodeMenuFitsTheWindow: a node's ⋯ menu opens inside the window and
// below the header — the clock's buttons stay in reach — at the lecture
// sizes, in both languages, with a Deployment's pods above the lanes.
func TestNodeMenuFitsTheWindow(t *testing.T) {
	t.Parallel()
	longerTabs(t, manyRoomsTab)
	p := openPage(t)
	p.applyLong()
	for _, lang := range []string{"en", "zh-CN"} {
		p.setLang(lang)
		for _, r := range []roomSize{roomSizes[1], roomSizes[2], roomSizes[3], roomSizes[4]} {
			p.setRoom(r)
			for _, node := range []string{"node-1", "node-3"} {
				p.nodeMenu(node)
				m := eval[menuBox](p, menuBoxJS)
				t.Logf("%s %s %s: %+v", node, r.name, lang, m)
				assert.GreaterOrEqual(t, m.Top, m.HeaderBottom, "%s %s %s: the menu leaves the header and the clock uncovered", node, r.name, lang)
				assert.LessOrEqual(t, m.Bottom, m.H, "%s %s %s: the menu ends inside the window", node, r.name, lang)
				assert.GreaterOrEqual(t, m.Left, 0.0)
				assert.LessOrEqual(t, m.Right, m.W)
				assert.Equal(t, m.Items, m.ItemsShown, "%s %s %s: every action readable at once", node, r.name, lang)
				if node == "node-1" {
					p.screenshot("node-menu-" + r.name + "-" + lang)
				}
				p.closeMenu()
			}
		}
	}
	p.noConsoleErrors()
}
