//go:build js && wasm

package main

import (
	"strconv"
	"strings"

	"github.com/kubeloop/kubeloop/controllers"
	"github.com/kubeloop/kubeloop/core/cluster"
	"github.com/kubeloop/kubeloop/core/controller"
)

// The controller catalog: every controller of kube-controller-manager and
// whether the sandbox runs it (the Catalog of controllers.All, the list
// that also registers them). A simulated one shows its card — title and
// summary in the page's language — and its example: a manifest goes into
// the editor (the learner applies it), commands go one by one into the
// terminal's input line (the learner presses Enter). The others show why
// they are not simulated. The panel opens from the history bar's Controllers button.
//
// It is drawn with markup (escaped text, no data in tags) and one click
// listener on the panel that reads data-card/data-line from the button.

// catalog is what the panel was drawn from: the cards data-card indexes
// and the language.
var catalog struct {
	cards []controller.Card
	lang  string
}

func init() {
	for k, v := range catalogMessages {
		messages[k] = v
	}
}

var catalogMessages = map[string][2]string{
	"catalog.button":      {"Controllers", "控制器"},
	"catalog.title":       {"Every controller of kube-controller-manager and what it does", "kube-controller-manager 的全部控制器及其作用"},
	"catalog.heading":     {"Controllers", "控制器"},
	"catalog.intro":       {"%d of the %d controllers of kube-controller-manager v1.32 run here. Each card says what its loop observes and does; its example makes the loop work.", "kube-controller-manager v1.32 的控制器中，这里运行了 %d 个（共 %d 个）。每张卡片说明它的循环观察什么、做什么；示例能让这个循环动起来。"},
	"catalog.simulated":   {"simulated", "已模拟"},
	"catalog.not":         {"not simulated", "未模拟"},
	"catalog.notTitle":    {"Not simulated, and why", "未模拟的控制器及原因"},
	"catalog.other":       {"Other components (not in kube-controller-manager)", "其他组件（不属于 kube-controller-manager）"},
	"catalog.yaml":        {"Put the example in the editor", "把示例放进编辑器"},
	"catalog.cmd":         {"Type in the terminal", "输入到终端"},
	"catalog.close":       {"Close", "关闭"},
	"catalog.yaml.placed": {"The example is in the editor. Read it, then press Apply.", "示例已放进编辑器。读一读，然后点击“应用”。"},
}

// buildCatalog wires the Controllers button and the panel.
func (a *app) buildCatalog() {
	open, panel, body, closeBtn := a.byID("catalog-open"), a.byID("catalog"), a.byID("catalog-body"), a.byID("catalog-close")
	a.listen(open, "click", func(event) {
		if panel.HasAttribute("hidden") {
			a.drawCatalog(true)
			panel.RemoveAttribute("hidden")
			open.SetAttribute("aria-expanded", "true")
			closeBtn.Focus()
		} else {
			a.closeCatalog()
		}
	})
	a.listen(closeBtn, "click", func(event) { a.closeCatalog() })
	a.listen(panel, "keydown", func(ev event) {
		if ev.Key() == "Escape" {
			a.closeCatalog()
		}
	})
	a.listen(body, "click", func(ev event) {
		b, ok := ev.closest("button[data-card]")
		if !ok {
			return
		}
		idx, err := b.Call("getAttribute", "data-card")
		if err != nil {
			return
		}
		i, err := strconv.Atoi(jsString(idx))
		if err != nil || i < 0 || i >= len(catalog.cards) {
			return
		}
		ex := catalog.cards[i].Example
		if !cluster.ExampleIsCommands(ex) {
			a.lessonEditorText(ex)
			a.ui.editor.GotoLine(1, 1)
			a.closeCatalog()
			a.notify("catalog.yaml.placed")
			return
		}
		line, err := b.Call("getAttribute", "data-line")
		if err != nil {
			return
		}
		n, err := strconv.Atoi(jsString(line))
		lines := strings.Split(ex, "\n")
		if err != nil || n < 0 || n >= len(lines) {
			return
		}
		a.closeCatalog()
		a.typeCommand(lines[n])
	})
}

func (a *app) closeCatalog() {
	a.byID("catalog").SetAttribute("hidden", "")
	a.byID("catalog-open").SetAttribute("aria-expanded", "false")
}

// drawCatalog fills the panel in the page's language (again only when the
// language changed, unless force).
func (a *app) drawCatalog(force bool) {
	if !force && catalog.lang == a.lang {
		return
	}
	if a.byID("catalog").HasAttribute("hidden") && !force {
		catalog.lang = "" // drawn when opened
		return
	}
	catalog.lang = a.lang
	all := controllers.All()
	entries := all.Catalog()
	simulated := 0
	for _, e := range entries {
		if e.Simulated {
			simulated++
		}
	}
	catalog.cards = catalog.cards[:0]
	var m markup
	m.elem("p", "catalog-intro", a.tr("catalog.intro", simulated, len(entries)))
	for _, e := range entries {
		if e.Simulated {
			a.catalogCard(&m, e.Card, a.tr("catalog.simulated"))
		}
	}
	m.elem("h3", "catalog-sub", a.tr("catalog.notTitle"))
	m.open("ul", "catalog-not")
	for _, e := range entries {
		if !e.Simulated {
			m.open("li", "catalog-row", "data-name", e.Name).
				elem("code", "catalog-name", e.Name).
				elem("span", "catalog-status", a.tr("catalog.not")).
				elem("span", "catalog-reason", a.catalogText(e.Reason)).
				close("li")
		}
	}
	m.close("ul")
	m.elem("h3", "catalog-sub", a.tr("catalog.other"))
	for _, c := range all.OtherComponents {
		a.catalogCard(&m, c, "")
	}
	setHTML(a.byID("catalog-body"), &m)
}

// catalogCard writes a component's card (status: its mark, if any), and
// keeps it in catalog.cards, whose index its try buttons carry.
func (a *app) catalogCard(m *markup, c controller.Card, status string) {
	i := len(catalog.cards)
	catalog.cards = append(catalog.cards, c)
	m.open("article", "catalog-card", "data-name", c.Name).
		open("header", "catalog-card-head").
		elem("h3", "catalog-card-title", a.catalogText(c.Title)).
		elem("code", "catalog-name", c.Name)
	if status != "" {
		m.elem("span", "catalog-status ok", status)
	}
	m.close("header").
		elem("p", "catalog-summary", a.catalogText(c.Summary)).
		elem("p", "catalog-pkg", c.Package)
	a.catalogExample(m, i, c.Example)
	m.close("article")
}

// catalogExample writes card i's example as buttons that try it: one per
// command, or one that puts its YAML in the editor.
func (a *app) catalogExample(m *markup, i int, example string) {
	card := strconv.Itoa(i)
	if !cluster.ExampleIsCommands(example) {
		m.open("div", "catalog-example").
			open("button", "offer offer-yaml catalog-try", "type", "button", "data-card", card).
			elem("span", "offer-label", a.tr("catalog.yaml")).
			elem("code", "offer-cmd", yamlSummary(example)).
			close("button").close("div")
		return
	}
	m.open("div", "catalog-example catalog-cmds")
	for n, line := range strings.Split(example, "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		m.open("button", "offer catalog-try", "type", "button", "data-card", card, "data-line", strconv.Itoa(n), "title", a.tr("catalog.cmd")).
			elem("span", "offer-label", a.tr("lesson.cmd")).
			elem("code", "offer-cmd", line).
			close("button")
	}
	m.close("div")
}

// catalogText is a catalog text in the page's language: its English where
// it has no Chinese.
func (a *app) catalogText(t controller.Text) string {
	if a.lang == langZH && t.Zh != "" {
		return t.Zh
	}
	return t.En
}
