package browser_test

import (
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
)

const stuckStatefulSet = `apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: db
spec:
  serviceName: db
  replicas: 1
  selector:
    matchLabels:
      app: db
  template:
    metadata:
      labels:
        app: db
    spec:
      nodeSelector:
        disk: ssd
      containers:
      - name: db
        image: redis:7.2
`

// rollout status on a rollout that cannot finish: a real kubectl would
// wait until Ctrl+C; the page stops, keeps the learner's terminal usable,
// and says why in the learner's language.
func TestRolloutStatusThatCannotFinishStopsWithANote(t *testing.T) {
	t.Parallel()
	p := openPage(t)
	p.viewport(1366, 768)
	p.setLang("en")
	p.setEditor(stuckStatefulSet)
	p.click("#apply")

	p.typeInTerminal("kubectl rollout status statefulset/db\n")
	p.waitFor("the stopped-waiting note", `[...document.querySelectorAll("#term-out .term-note")].some(e => e.textContent.includes("kubeloop stopped waiting"))`)
	out := p.text("#term-out")
	assert.Contains(t, out, "Waiting for 1 pods to be ready...")
	assert.Contains(t, out, "A real kubectl would keep waiting")
	assert.NotContains(t, out, "kubeloop: stopped waiting", "the page prints its own note, not kubectl's English line")
	assert.NotContains(t, out, "timed out waiting for the condition")
	for _, size := range [][2]int64{{1280, 720}, {1366, 768}, {1920, 1080}} {
		p.viewport(size[0], size[1])
		p.screenshot("rolloutwait-en-" + strconv.FormatInt(size[0], 10))
	}

	p.viewport(1366, 768)
	p.setLang("zh-CN")
	p.typeInTerminal("kubectl rollout status statefulset/db\n")
	p.waitFor("the note in Chinese", `[...document.querySelectorAll("#term-out .term-note")].some(e => e.textContent.includes("kubeloop 停止了等待") || e.textContent.includes("模拟时间过去"))`)
	assert.Contains(t, p.text("#term-out"), "真实的 kubectl 会一直等下去")
	p.screenshot("rolloutwait-zh-CN-1366")
	p.noConsoleErrors()
}
