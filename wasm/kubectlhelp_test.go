//go:build js && wasm

package main

import (
	"os"
	"testing"
	"time"

	"github.com/hack-pad/safejs"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/controllers"
	"github.com/kubeloop/kubeloop/core/cluster"
)

// helpPage is a page whose kubeloop._loadData answers each request for a
// data file with the next of answers (a text, or an Error's message when
// it starts with "!"), and whose console.warn lines are kept.
func helpPage(t *testing.T, answers ...string) (*app, func() []string) {
	t.Helper()
	newFn := func(args ...any) safejs.Value {
		fn, err := safejs.Global().Get("Function")
		require.NoError(t, err)
		f, err := fn.New(args...)
		require.NoError(t, err)
		return f
	}
	list := func(items ...string) safejs.Value {
		arr, err := safejs.Global().Get("Array")
		require.NoError(t, err)
		vals := make([]any, len(items))
		for i, s := range items {
			vals[i] = s
		}
		v, err := arr.Call("of", vals...)
		require.NoError(t, err)
		return v
	}
	warned := list()
	global, err := safejs.Global().Get("Object")
	require.NoError(t, err)
	g, err := global.New()
	require.NoError(t, err)
	kl, err := global.New()
	require.NoError(t, err)
	console, err := global.New()
	require.NoError(t, err)
	load, err := newFn("answers", "name", `
		const a = answers.shift();
		if (a === undefined) return Promise.reject(new Error("no answer left for " + name));
		return a.startsWith("!") ? Promise.reject(new Error(a.slice(1))) : Promise.resolve(a);
	`).Call("bind", nil, list(answers...))
	require.NoError(t, err)
	warn, err := newFn("warned", "msg", "warned.push(msg)").Call("bind", nil, warned)
	require.NoError(t, err)
	require.NoError(t, kl.Set("_loadData", load))
	require.NoError(t, console.Set("warn", warn))
	require.NoError(t, g.Set("kubeloop", kl))
	require.NoError(t, g.Set("console", console))
	a := &app{global: g, seed: 1}
	a.loop = newPauser(a.now)
	a.cluster = cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()})
	return a, func() []string {
		n, _ := warned.Length()
		out := make([]string, n)
		for i := range n {
			v, _ := warned.Index(i)
			out[i] = jsString(v)
		}
		return out
	}
}

// loaded waits for the load under way to end (the promise's callbacks run
// while the test sleeps).
func loaded(t *testing.T, a *app) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); a.kubectlHelp.loading; time.Sleep(time.Millisecond) {
		require.True(t, time.Now().Before(deadline), "the help pages' load never ended")
	}
}

// TestKubectlHelpBeforeAndAfterItLoads: a request for help before the
// pages have come, or after they failed to, gets a line saying so; the
// next kubectl command asks for them again, and once they are there every
// cluster the page builds has them.
func TestKubectlHelpBeforeAndAfterItLoads(t *testing.T) {
	text, err := os.ReadFile("../site/data/kubectl-help.json")
	require.NoError(t, err)
	a, warnings := helpPage(t, "!data/kubectl-help.json: HTTP 404", string(text))

	r := a.cluster.Kubectl("kubectl create --help", "")
	assert.Equal(t, "", r.Stdout)
	assert.Equal(t, "error: kubectl's help pages are not loaded yet; run the command again in a moment\n", r.Stderr)
	assert.Equal(t, 1, r.ExitCode)

	a.loadKubectlHelp()
	loaded(t, a)
	assert.Equal(t, []string{"kubectl help: pages not loaded: data/kubectl-help.json: HTTP 404"}, warnings())
	assert.Equal(t, 1, a.cluster.Kubectl("kubectl --help", "").ExitCode)

	a.loadKubectlHelp() // as the next kubectl command does
	loaded(t, a)
	r = a.cluster.Kubectl("kubectl create --help", "")
	assert.Equal(t, 0, r.ExitCode, r.Stderr)
	assert.Contains(t, r.Stdout, "Create a resource from a file or from stdin.\n")
	a.loadKubectlHelp() // loaded: nothing more is asked for
	assert.False(t, a.kubectlHelp.loading)

	a.newCluster(2)
	assert.Contains(t, a.cluster.Kubectl("kubectl", "").Stdout, "kubectl controls the Kubernetes cluster manager.")
	assert.Zero(t, a.panics)
}

// TestKubectlHelpUnreadable: a file that is not the pages is reported on
// the console and leaves kubectl saying the pages are not there.
func TestKubectlHelpUnreadable(t *testing.T) {
	a, warnings := helpPage(t, `{"get": {"short": "Display one or many resources"}}`)
	a.loadKubectlHelp()
	loaded(t, a)
	assert.Equal(t, []string{`kubectl help: kubectl-help.json: "get": "long" is missing`}, warnings())
	r := a.cluster.Kubectl("kubectl get -h", "")
	assert.Equal(t, 1, r.ExitCode)
	assert.Contains(t, r.Stderr, "not loaded yet")
	assert.Zero(t, a.panics)
}
