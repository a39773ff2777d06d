package browser_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestControllers: the Controllers button opens the catalog of every
// controller of kube-controller-manager; a card's example goes into the
// editor (a manifest) or the terminal (a command), and the language
// switch redraws the cards.
func TestControllers(t *testing.T) {
	t.Parallel()
	p := openPage(t)
	p.click("#play") // pause: the test moves time
	p.click("#catalog-open")
	p.waitFor("the catalog", `!document.getElementById("catalog").hidden && document.querySelectorAll("#catalog .catalog-card").length > 10`)
	assert.Equal(t, 48, p.count("#catalog .catalog-card[data-name$='-controller'], #catalog .catalog-row"),
		"every controller of kube-controller-manager v1.32, simulated or not")
	assert.Contains(t, p.text(`#catalog .catalog-card[data-name="statefulset-controller"] .catalog-card-title`), "StatefulSet")
	assert.Contains(t, p.text(`#catalog .catalog-row[data-name="service-lb-controller"] .catalog-reason`), "cloud provider")
	p.screenshot("controllers-1-catalog")

	// A manifest example: into the editor; the learner applies it.
	p.click(`#catalog .catalog-card[data-name="statefulset-controller"] button.catalog-try`)
	p.waitFor("the catalog closes", `document.getElementById("catalog").hidden`)
	assert.Contains(t, p.editorText(), "kind: StatefulSet")
	p.click("#apply")
	eval[any](p, `kubeloop.settle()`)
	p.waitFor("web-0 and web-1 running", `document.querySelectorAll('#nodes .pod.st-running[data-pod^="default/web-"]').length === 2`)
	p.screenshot("controllers-2-example-applied")

	// A command example: into the terminal's input line.
	p.click("#catalog-open")
	p.waitFor("the catalog again", `!document.getElementById("catalog").hidden`)
	p.click(`#catalog .catalog-card[data-name="node-lifecycle-controller"] button.catalog-try`)
	assert.Equal(t, "sim node fail node-2", p.inputValue())

	// 中文: the cards follow the page's language.
	p.setLang("zh-CN")
	p.click("#catalog-open")
	p.waitFor("Chinese cards", `document.querySelector('#catalog .catalog-card[data-name="statefulset-controller"] .catalog-card-title').textContent.includes("稳定")`)
	p.screenshot("controllers-3-catalog-zh")
	p.setLang("en")
	p.noConsoleErrors()
}
