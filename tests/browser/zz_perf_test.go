package browser_test

import (
	"testing"
	"time"
)

func TestZZPerf(t *testing.T) {
	p := openPage(t)
	t0 := time.Now()
	t.Log(eval[string](p, `(() => { const t0 = performance.now(); kubeloop.apply(document.getElementById("yaml").value); const t1 = performance.now(); kubeloop.settle(); const t2 = performance.now(); kubeloop.state(); const t3 = performance.now(); return "apply " + (t1-t0) + " settle " + (t2-t1) + " state " + (t3-t2); })()`))
	t.Log("eval", time.Since(t0))
	t0 = time.Now()
	p.click("#step")
	t.Log("click", time.Since(t0))
	t0 = time.Now()
	p.count("#nodes .pod")
	t.Log("count", time.Since(t0))
	t0 = time.Now()
	p.screenshot("zz")
	t.Log("shot", time.Since(t0))
	t.Log(eval[string](p, `(() => { const t0 = performance.now(); kubeloop.apply(document.getElementById("yaml").value.replace("replicas: 3", "replicas: 100")); const t1 = performance.now(); kubeloop.settle(); const t2 = performance.now(); kubeloop.state(); const t3 = performance.now(); return "apply " + (t1-t0) + " settle100 " + (t2-t1) + " state " + (t3-t2); })()`))
	t.Log(eval[string](p, `(() => { const t0 = performance.now(); kubeloop.apply(document.getElementById("yaml").value.replace("replicas: 3", "replicas: 1000")); const t1 = performance.now(); kubeloop.settle(); const t2 = performance.now(); kubeloop.state(); const t3 = performance.now(); return "apply " + (t1-t0) + " settle1000 " + (t2-t1) + " state " + (t3-t2); })()`))
	p.screenshot("zz-1000")
}
