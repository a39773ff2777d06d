package browser_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

const barePod = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: nginx-bare\nspec:\n  containers:\n  - name: nginx\n    image: nginx:1.7.9\n"

// TestOnePodReadsAsOne: the cluster's count line says "1 pod", not "1
// pods", as the first lesson's one Pod shows it; Chinese has one form.
func TestOnePodReadsAsOne(t *testing.T) {
	t.Parallel()
	p := openPage(t)
	eval[any](p, "kubeloop.apply(`"+barePod+"`)")
	p.click("#settle")
	p.settled()
	p.waitFor("the pod running", `document.querySelectorAll("`+runningCards+`").length === 1`)
	assert.Equal(t, "1 pod · 1 running · 4 nodes", p.text("#summary"))
	p.shots("one-pod")
	p.setLang("zh-CN")
	assert.Equal(t, "1 个 Pod · 1 个运行中 · 4 个节点", p.text("#summary"))
	p.noConsoleErrors()
}
