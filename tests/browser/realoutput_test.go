package browser_test

import (
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
)

const robotDeployment = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  labels:
    app: web
spec:
  replicas: 2
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      serviceAccountName: robot
      containers:
      - name: nginx
        image: nginx:1.7.9
`

// TestRealClusterOutputToggle: "What would a real cluster print?" lists
// each step's kubectl commands with kubectl's output (lesson 3: the scale
// lines, then the FailedCreate of a missing ServiceAccount), as text; and
// the failing reconcile's key shows in the work queues with its retries
// until the cause is removed.
func TestRealClusterOutputToggle(t *testing.T) {
	t.Parallel()
	p := openPage(t)
	p.click(`[data-speed="100"]`)
	p.selectLesson("03-controller-manager")
	assert.Zero(t, p.count(".real-out"), "off by default")
	p.click("#lesson-real")
	p.waitFor("the real output under the steps", `document.querySelectorAll('.real-out').length >= 3`)
	p.waitFor("kubectl's output, from the worker's run of the lesson", `document.querySelector('.lesson-step[data-step="5"] .real-out').textContent.includes("$ kubectl")`)
	assert.Contains(t, p.text(`.lesson-step[data-step="5"] .real-out`),
		`$ kubectl describe rs -l app=web`)
	assert.Contains(t, p.text(`.lesson-step[data-step="5"] .real-out`),
		`pods "web-756f8f6d84-" is forbidden: error looking up service account default/robot: serviceaccount "robot" not found`)
	assert.Contains(t, p.text(`.lesson-step[data-step="5"] .real-out`), "lines of YAML", "a heredoc is shortened")

	p.click("#lesson-start")
	p.waitFor("step 1 current", `document.querySelector('.lesson-step.current[data-step="1"] .real-out')`)
	assert.Equal(t, "$ kubectl scale deployment nginx-deployment --replicas=5", p.text(".lesson-step.current .real-cmd"))
	assert.Equal(t, "deployment.apps/nginx-deployment scaled", p.text(".lesson-step.current .real-output"))
	assert.Zero(t, p.count(`.real-out b, .real-out script, .real-out img`), "text only")

	// The failing reconcile in the work queues: the key, its NumRequeues, the delay.
	eval[chromedp.Void](p, `kubeloop.apply(`+jsString(robotDeployment)+`)`)
	p.waitFor("the key in back-off", `[...document.querySelectorAll("#machinery .mach-ctrl")].some(row =>
		row.querySelector(".mach-name").textContent === "replicaset" &&
		[...row.querySelectorAll(".qkey.retry")].some(k => /^default\/web-\w+ ↻\d+, retry in /.test(k.textContent)))`)
	eval[chromedp.Void](p, `document.querySelector('.lesson-step.current .real-out').scrollIntoView({block: "center"})`)
	assert.Contains(t, eval[string](p, `document.querySelector('#machinery .qkey.retry').title`), "NumRequeues ")
	p.screenshot("30-real-output-and-retries")

	p.setLang("zh-CN")
	assert.Contains(t, p.text("#lesson-body"), "真实集群会输出什么？")
	assert.Contains(t, p.text(".lesson-step.current .real-out"), "kubectl 的输出：")
	p.screenshot("30-real-output-zh")
	p.setLang("en")

	eval[chromedp.Void](p, `kubeloop.kubectl("kubectl create serviceaccount robot")`)
	p.waitFor("the key converged", `![...document.querySelectorAll("#machinery .qkey")].some(k => /default\/web-/.test(k.textContent))`)
	p.click("#lesson-real")
	p.waitFor("the toggle off", `document.querySelectorAll('.real-out').length === 0`)
	p.noConsoleErrors()
}
