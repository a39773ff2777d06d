package browser_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// hostileJS defines, in the page, the inputs a careless or malicious
// caller could give: huge strings, control characters, broken and exotic
// Unicode, markup, deep and exploding YAML, odd kubectl and sim lines, and
// values of every JavaScript type where a string or a number is expected.
const hostileJS = `(() => {
  const big = "x".repeat(256 * 1024);
  const ctrl = Array.from({length: 32}, (_, i) => String.fromCharCode(i)).join("") + "\x7f\x85";
  const uni = "\u202e\ud800 \udfff\uffff\ufeff 名字 🚀 e\u0301 \u2028\u2029 \u{10FFFF}";
  const html = "<script>window.__pwned=1</script><img src=x onerror=window.__pwned=2><b>b</b>";
  let deepMap = ""; for (let i = 0; i < 400; i++) deepMap += " ".repeat(i) + "a:\n";
  const deepFlow = "a: " + "[".repeat(20000) + "]".repeat(20000);
  const deepBraces = "a: " + "{b: ".repeat(5000) + "1" + "}".repeat(5000);
  const laughs = 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n' +
    "b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\n" +
    "e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\nf: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]\ng: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]\n" +
    "h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]\ni: [*h,*h,*h,*h,*h,*h,*h,*h,*h]\n";
  const podNamed = (n) => "apiVersion: v1\nkind: Pod\nmetadata:\n  name: " + JSON.stringify(n) + "\nspec:\n  containers:\n  - name: c\n    image: " + JSON.stringify(n) + "\n";
  const yamls = [big, ctrl, uni, html, deepMap, deepFlow, deepBraces, laughs, podNamed(html), podNamed(uni), podNamed(ctrl),
    "---\n".repeat(20000), "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: d}\nspec: {replicas: 99999999999}\n",
    "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  labels: {" + "k: v, ".repeat(5000) + "}\n", "\ufeffapiVersion: v1\nkind: Pod",
    "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  annotations:\n    a: !!binary " + "AAAA".repeat(1000) + "\n", ": : :\n\t- - -\n"];
  const lines = [big, ctrl, uni, html, "kubectl " + big, "kubectl get pods -o jsonpath={", "kubectl get pods -o go-template={{.}}",
    "kubectl get " + "a,".repeat(5000), "kubectl -n '' get pods", "kubectl get pods --selector='a in ('", "kubectl get pods -l " + html,
    "kubectl exec -it nothing -- sh", "kubectl run x --image=" + html, "kubectl scale deployment nginx-deployment --replicas=-5",
    "kubectl scale deployment nginx-deployment --replicas=99999999999", "kubectl apply -f /etc/passwd", "kubectl apply -f http://example.com/x.yaml",
    "kubectl delete pods --all --grace-period=-1", "kubectl logs -f x", "kubectl get pods -w", "kubectl get events -w",
    "kubectl describe " + uni, "kubectl get pods -o yaml " + ctrl, "kubectl \"unterminated", "kubectl 'a' \"b\" \\",
    "sim advance 99999999h", "sim settle 2000000h", "sim advance -1s", "sim advance NaN", "sim node add " + html,
    "sim node add " + "n".repeat(300), "sim node fail " + uni, "sim controller-manager replicas 1000", "sim controller-manager kill " + uni,
    "sim", "sim \u0000", "kubectl config view", "kubectl proxy", "kubectl port-forward x 80", "kubectl cp /etc/passwd x:/",
    "clear", "help", "exit"];
  const weird = [undefined, null, 0, -1, -0, NaN, Infinity, -Infinity, 1e308, 2**53 + 1, 1e9, true, {}, [], [1, 2],
    {toString() { throw new Error("toString throws") }}, {valueOf() { throw new Error("valueOf throws") }}, Symbol("s"),
    () => 1, 10n, new Date(), /re/, new Proxy({}, {get() { throw new Error("proxy") }}), big, ctrl, uni, html];
  return {yamls, lines, weird};
})()`

// TestHostileInputsLeaveThePageAnswering throws hostile and random input
// at window.kubeloop, the editor and the terminal, then checks the page
// still answers: a kubectl command works from the API and from the
// terminal, nothing ran, no uncaught exception, no Go panic.
func TestHostileInputsLeaveThePageAnswering(t *testing.T) {
	p := openPage(t)
	eval[bool](p, `(window.__hostile = `+hostileJS+`, true)`)

	// Every API function, with every hostile value in every position. A
	// call may answer with an error; it must not throw.
	threw := eval[[]string](p, `(() => {
	  const {weird, yamls, lines} = window.__hostile;
	  const threw = [];
	  const call = (name, ...args) => {
	    try { kubeloop[name](...args) } catch (e) { threw.push(name + ": " + e) }
	  };
	  for (const name of ["apply", "kubectl", "advance", "settle", "state", "revision", "replay", "export", "lesson", "shareLink"]) {
	    for (const w of weird) { call(name, w); call(name, w, w); }
	  }
	  for (const y of yamls) { call("apply", y); call("kubectl", "kubectl apply -f -", y); }
	  for (const l of lines) { call("kubectl", l); call("kubectl", l, l); }
	  for (const w of weird) { call("reset", w); }
	  call("reset", 1);
	  return threw;
	})()`)
	assert.Empty(t, threw, "API functions threw")
	// A century asked for is refused at once, not simulated task by task.
	adv := eval[struct{ Error string }](p, `kubeloop.advance(3.2e9)`)
	assert.Contains(t, adv.Error, "at most 24h0m0s")

	// Random lines made of the same pieces: kubectl and sim words, flags,
	// hostile fragments; each typed into the terminal and run with Enter.
	rng := rand.New(rand.NewPCG(9, 9))
	words := []string{"kubectl", "sim", "get", "describe", "delete", "apply", "scale", "set", "image", "rollout", "status",
		"exec", "-it", "--", "sh", "pods", "deployment", "nginx-deployment", "-o", "yaml", "json", "wide", "-l", "app=nginx",
		"--replicas=3", "-f", "-", "-w", "node", "add", "fail", "recover", "advance", "settle", "1s", "controller-manager",
		"kill", "control-plane-1", "<b>", "'", "\"", "\\", "{{", "${x}", "名字", "🚀", "\u202e", "%s%n", "$(rm -rf /)", "`id`", "&&", "|", ";"}
	var typed []string
	for i := 0; i < 40; i++ {
		n := 1 + rng.IntN(7)
		var parts []string
		if rng.IntN(3) > 0 {
			parts = append(parts, []string{"kubectl", "sim"}[rng.IntN(2)])
		}
		for j := 0; j < n; j++ {
			parts = append(parts, words[rng.IntN(len(words))])
		}
		typed = append(typed, strings.Join(parts, " "))
	}
	for i, line := range append(typed, "kubectl get pods -w") {
		p.setInput(line)
		p.do(chromedp.SendKeys(chromedp.CSS("#term-input"), kb.Enter))
		if i%10 == 0 {
			// Ctrl+C, as a learner stuck in a watch or a shell would.
			p.do(chromedp.Focus(chromedp.CSS("#term-input")), chromedp.KeyEvent("c", chromedp.KeyModifiers(chromedp.ModifierCtrl)))
		}
	}
	// The hostile lines, typed too (the huge one pasted into the input).
	n := eval[int](p, `window.__hostile.lines.length`)
	for i := 0; i < n; i++ {
		eval[chromedp.Void](p, fmt.Sprintf(`document.getElementById("term-input").value = window.__hostile.lines[%d]`, i))
		p.do(chromedp.SendKeys(chromedp.CSS("#term-input"), kb.Enter))
	}
	p.do(chromedp.Focus(chromedp.CSS("#term-input")), chromedp.KeyEvent("c", chromedp.KeyModifiers(chromedp.ModifierCtrl)))
	p.do(chromedp.SendKeys(chromedp.CSS("#term-input"), "exit\n"))

	// The editor: hostile YAML typed and applied.
	for _, i := range []int{3, 4, 5, 6, 7, 8, 11, 16} {
		eval[chromedp.Void](p, fmt.Sprintf(`kubeloop.editor.typeText(window.__hostile.yamls[%d])`, i))
		p.click("#apply")
	}

	// The page still answers: the API, the editor, the terminal.
	eval[chromedp.Void](p, `kubeloop.reset(1)`)
	res := eval[struct {
		Stdout   string
		ExitCode int
	}](p, `kubeloop.kubectl("kubectl get nodes")`)
	assert.Equal(t, 0, res.ExitCode)
	assert.Contains(t, res.Stdout, "node-1")
	p.setEditor(nginxDeployment)
	p.applyAndSettle()
	p.waitFor("three Running pods after it all", `document.querySelectorAll("`+runningCards+`").length === 3`)
	p.typeInTerminal("kubectl get deployments\n")
	p.waitFor("the terminal answers", `document.getElementById("term-out").textContent.includes("nginx-deployment   3/3")`)
	p.screenshot("20-hostile")

	assert.True(t, eval[bool](p, `window.__pwned === undefined`), "nothing from the input ran")
	assert.Equal(t, 0, p.count("img, #term-out b, #term-out script"), "no element was made from input")
	assert.Equal(t, 0, eval[int](p, `kubeloop.debug.panics()`), "no Go panic (each would be recovered, but is a bug)")
	var exceptions []string
	for _, e := range p.consoleErrors() {
		if strings.HasPrefix(e, "exception:") || strings.Contains(e, "panic") {
			exceptions = append(exceptions, e)
		}
	}
	require.Empty(t, exceptions, "uncaught exceptions or panics")
}
