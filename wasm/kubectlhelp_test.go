//go:build js && wasm

package main

import (
	"github.com/kubeloop/kubeloop/core/apijson"
	"os"
	"testing"
	"time"

	"github.com/hack-pad/safejs"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/wasm/internal/engine"
)

// helpPage is a page whose kubeloop._loadData answers each request for a
// data file with the next of answers (a text, or an Error's message when
// it starts with "!"), whose console.warn lines are kept, and whose
// worker is the engine it returns.
func helpPage(t *testing.T, answers ...string) (*app, *engine.Engine, func() []string) {
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
	a := &app{global: g, seed: 1, m: newMirror()}
	// The worker is an engine answering at once, as the worker does in
	// its order.
	e := engine.New(1)
	e.Start()
	a.remote.post = func(msg string) {
		var m engine.Message
		require.NoError(t, apijson.Unmarshal([]byte(msg), &m))
		rep := e.Do(m.Request)
		text, err := (&engine.Post{ID: m.ID, Reply: &rep}).Encode()
		require.NoError(t, err)
		a.received(text)
	}
	return a, e, func() []string {
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
	a, e, warnings := helpPage(t, "!data/kubectl-help.json: HTTP 404", string(text))

	a.loadKubectlHelp()
	loaded(t, a)
	assert.Equal(t, []string{"kubectl help: pages not loaded: data/kubectl-help.json: HTTP 404"}, warnings())
	assert.Equal(t, 1, e.Cluster().Kubectl("kubectl --help", "").ExitCode)

	a.loadKubectlHelp() // as the next kubectl command does
	loaded(t, a)
	r := e.Cluster().Kubectl("kubectl create --help", "")
	assert.Equal(t, 0, r.ExitCode, r.Stderr)
	assert.Contains(t, r.Stdout, "Create a resource from a file or from stdin.\n")
	assert.True(t, a.kubectlHelp.loaded)
	a.loadKubectlHelp() // loaded: nothing more is asked for
	assert.False(t, a.kubectlHelp.loading)
	assert.Zero(t, a.panics)
}

// TestKubectlHelpUnreadable: a file that is not the pages is reported on
// the console and leaves kubectl saying the pages are not there.
func TestKubectlHelpUnreadable(t *testing.T) {
	a, e, warnings := helpPage(t, `{"get": {"short": "Display one or many resources"}}`)
	a.loadKubectlHelp()
	loaded(t, a)
	assert.Equal(t, []string{`kubectl help: kubectl-help.json: "get": "long" is missing`}, warnings())
	assert.False(t, a.kubectlHelp.loaded)
	r := e.Cluster().Kubectl("kubectl get -h", "")
	assert.Equal(t, 1, r.ExitCode)
	assert.Contains(t, r.Stderr, "not loaded yet")
	assert.Zero(t, a.panics)
}
