package browser_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// traceLinesJS is every explanation the trace shows — observed, diff,
// action details, why, results — without the API's own errors (✗ …),
// which stay in English as kubectl prints them.
const traceLinesJS = `[...document.querySelectorAll("#trace .tr-text, #trace .tr-result")].map(e => {
	const c = e.cloneNode(true); c.querySelectorAll(".err").forEach(x => x.remove()); return c.textContent })`

// TestTraceInChinese: in Chinese, after applying the editor's Deployment,
// the trace explains each reconcile in Chinese; the terminal's welcome
// line follows the language; and with system off, the rows are those
// the Deployment caused, not the cluster's housekeeping.
func TestTraceInChinese(t *testing.T) {
	t.Parallel()
	p := openPage(t)
	p.viewport(1366, 768)
	p.setLang("en")
	assert.Contains(t, p.text("#term-out .term-note"), "Type kubectl commands")
	p.applyAndSettle()
	p.waitFor("trace rows", `document.querySelectorAll("#trace .tr").length > 5`)

	controllers := eval[[]string](p, `[...document.querySelectorAll("#trace .tr")].map(e => e.dataset.controller)`)
	for _, c := range controllers {
		assert.NotContains(t, []string{"attachdetach", "ttl", "csrcleaner", "serviceaccount", "root-ca-cert-publisher"}, c,
			"housekeeping folds under system")
	}
	assert.Contains(t, controllers, "deployment")
	assert.Contains(t, controllers, "replicaset")
	// The first reconcile shown is about the Deployment or what it made
	// (its own controller's, or the garbage collector's noting their
	// owners), not the cluster's.
	keys := eval[[]string](p, `[...document.querySelectorAll("#trace .tr .tr-key")].map(e => e.textContent)`)
	oldest := controllers[len(controllers)-1] + " " + keys[len(keys)-1]
	assert.Contains(t, oldest, "nginx-deployment", "the first reconcile shown is about the learner's Deployment")
	p.screenshot("tracezh-1366-en")

	p.setLang("zh-CN")
	assert.Contains(t, p.text("#term-out .term-note"), "在这里输入 kubectl 命令", "the welcome line follows the language")
	p.waitFor("the trace in Chinese", `[...document.querySelectorAll("#trace .tr-text")].some(e => /\p{Script=Han}/u.test(e.textContent))`)
	lines := eval[[]string](p, traceLinesJS)
	assert.Greater(t, len(lines), 20)
	han := regexp.MustCompile(`\p{Han}`)
	english := regexp.MustCompile(`\b[a-z]{2,} [a-z]{2,} [a-z]{2,}\b`)
	chinese := 0
	for _, l := range lines {
		if han.MatchString(l) {
			chinese++
		}
		assert.NotRegexp(t, english, l, "an English sentence left in the Chinese trace")
	}
	assert.Greater(t, chinese, len(lines)*2/3, "most lines are Chinese (the rest: verbs and names)")
	p.screenshot("tracezh-1366-zh-CN")

	p.setLang("en")
	assert.Contains(t, p.text("#term-out .term-note"), "Type kubectl commands")
	p.waitFor("the trace in English", `![...document.querySelectorAll("#trace .tr-text")].some(e => /\p{Script=Han}/u.test(e.textContent))`)
	assert.False(t, strings.Contains(strings.Join(eval[[]string](p, traceLinesJS), "\n"), "观察"))
	p.noConsoleErrors()
}
