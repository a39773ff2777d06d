package apiserver

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
)

// runningWebPod starts a pod "web" (one nginx container) and waits until it
// runs.
func runningWebPod(t *testing.T, s *Server) {
	t.Helper()
	_, err := s.c.Apply("apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\n  namespace: default\nspec:\n  containers:\n  - name: nginx\n    image: nginx:1.27\n")
	require.NoError(t, err)
	s.c.Settle(time.Minute)
	o, err := s.c.Store().Get(api.Pods, "default", "web")
	require.NoError(t, err)
	require.Equal(t, api.PodRunning, o.(*api.Pod).Status.Phase)
}

// serveExec routes an exec request as the subresource dispatch does and
// answers it, offering the subprotocols kubectl 1.32 offers.
func serveExec(t *testing.T, s *Server, pod string, query map[string][]string) *Response {
	t.Helper()
	path := "/api/v1/namespaces/default/pods/" + pod + "/exec"
	rt, ok := parseRoute(path)
	require.True(t, ok)
	return s.exec(&Request{Method: "GET", Path: path, Query: query, Header: map[string][]string{
		"Connection": {"Upgrade"}, "Upgrade": {"websocket"}, "Sec-Websocket-Version": {"13"},
		"Sec-Websocket-Protocol": {"v5.channel.k8s.io, v4.channel.k8s.io, v3.channel.k8s.io, v2.channel.k8s.io, channel.k8s.io"},
	}}, rt)
}

// execMessages reads a session's messages as "channel:data" strings.
func execMessages(st Stream) ([]string, bool) {
	frames, done := st.Poll()
	var out []string
	for _, f := range frames {
		out = append(out, string('0'+rune(f[0]))+":"+string(f[1:]))
	}
	return out, done
}

func TestExecRunsACommandAndEndsWithSuccess(t *testing.T) {
	s := newServer(t)
	runningWebPod(t, s)
	resp := serveExec(t, s, "web", map[string][]string{"command": {"echo", "hello"}, "stdout": {"true"}, "stderr": {"true"}})
	require.Equal(t, 101, resp.Code, string(resp.Body))
	assert.Equal(t, "v5.channel.k8s.io", resp.Header["Sec-WebSocket-Protocol"])
	require.Implements(t, (*InputStream)(nil), resp.Stream)
	msgs, done := execMessages(resp.Stream)
	assert.True(t, done)
	assert.Equal(t, []string{"1:hello\n", `3:{"metadata":{},"status":"Success"}`}, msgs)
}

func TestExecOfAFailingCommandEndsWithItsExitCode(t *testing.T) {
	s := newServer(t)
	runningWebPod(t, s)
	resp := serveExec(t, s, "web", map[string][]string{"command": {"ls", "/nowhere"}, "stdout": {"true"}, "stderr": {"true"}})
	require.Equal(t, 101, resp.Code)
	msgs, done := execMessages(resp.Stream)
	assert.True(t, done)
	require.Len(t, msgs, 2)
	assert.True(t, strings.HasPrefix(msgs[0], "2:ls: cannot access '/nowhere': No such file or directory"), msgs[0])
	assert.Contains(t, msgs[1], `"status":"Failure"`)
	assert.Contains(t, msgs[1], `"reason":"NonZeroExitCode","details":{"causes":[{"reason":"ExitCode","message":"`)
}

func TestExecOfAnUnknownProgramIsTheRuntimesInternalError(t *testing.T) {
	s := newServer(t)
	runningWebPod(t, s)
	resp := serveExec(t, s, "web", map[string][]string{"command": {"nosuch"}, "stdout": {"true"}, "stderr": {"true"}})
	msgs, _ := execMessages(resp.Stream)
	require.Len(t, msgs, 1)
	assert.Contains(t, msgs[0], `"status":"Failure","message":"Internal error occurred: `)
	assert.Contains(t, msgs[0], `executable file not found in $PATH`)
}

func TestExecWithStdinRunsAtTheEndOfInput(t *testing.T) {
	s := newServer(t)
	runningWebPod(t, s)
	resp := serveExec(t, s, "web", map[string][]string{"command": {"cat"}, "stdin": {"true"}, "stdout": {"true"}})
	in := resp.Stream.(InputStream)
	msgs, done := execMessages(in)
	assert.Empty(t, msgs)
	assert.False(t, done, "cat waits for its input")
	in.Input([]byte("\x00one\n"))
	in.Input([]byte("\x00two\n"))
	in.Input([]byte{chanClose, chanStdin})
	msgs, done = execMessages(in)
	assert.True(t, done)
	assert.Equal(t, []string{"1:one\ntwo\n", `3:{"metadata":{},"status":"Success"}`}, msgs)
}

func TestAnInteractiveShellOnATerminalEchoesAndPrompts(t *testing.T) {
	s := newServer(t)
	runningWebPod(t, s)
	resp := serveExec(t, s, "web", map[string][]string{"command": {"sh"}, "stdin": {"true"}, "stdout": {"true"}, "stderr": {"true"}, "tty": {"true"}})
	in := resp.Stream.(InputStream)
	msgs, _ := execMessages(in)
	assert.Equal(t, []string{"1:# "}, msgs, "nginx's image is Debian: its prompt is root's")
	in.Input([]byte("\x00cd /etc\r"))
	in.Input([]byte("\x00pwdx\x7f\r"))
	in.Input([]byte{chanResize, '{', '}'})
	msgs, done := execMessages(in)
	assert.False(t, done)
	assert.Equal(t, "cd /etc\r\n# pwdx\b \b\r\n/etc\r\n# ", stdoutData(msgs))
	in.Input([]byte("\x00exit 3\r"))
	msgs, done = execMessages(in)
	assert.True(t, done)
	assert.Contains(t, msgs[len(msgs)-1], `"reason":"ExitCode","message":"3"`)
}

func TestAShellWithoutATerminalRunsLinesWithoutPrompts(t *testing.T) {
	s := newServer(t)
	runningWebPod(t, s)
	resp := serveExec(t, s, "web", map[string][]string{"command": {"sh"}, "stdin": {"true"}, "stdout": {"true"}, "stderr": {"true"}})
	in := resp.Stream.(InputStream)
	in.Input([]byte("\x00echo a\necho "))
	msgs, _ := execMessages(in)
	assert.Equal(t, []string{"1:a\n"}, msgs)
	in.Input([]byte("\x00b"))
	in.Input([]byte{chanClose, chanStdin})
	msgs, done := execMessages(in)
	assert.True(t, done)
	assert.Equal(t, []string{"1:b\n", `3:{"metadata":{},"status":"Success"}`}, msgs)
}

// stdoutData is the stdout messages' data, in order.
func stdoutData(msgs []string) string {
	var b strings.Builder
	for _, m := range msgs {
		if strings.HasPrefix(m, "1:") {
			b.WriteString(m[2:])
		}
	}
	return b.String()
}

func TestExecRefusalsAreTheRealServersAnswers(t *testing.T) {
	s := newServer(t)
	runningWebPod(t, s)
	resp := serveExec(t, s, "nosuch", map[string][]string{"command": {"ls"}, "stdout": {"true"}})
	assert.Equal(t, 404, resp.Code)
	assert.Contains(t, string(resp.Body), `"message":"pods \"nosuch\" not found","reason":"NotFound","details":{"name":"nosuch","kind":"pods"},"code":404}`)

	resp = serveExec(t, s, "web", map[string][]string{"command": {"ls"}, "stdout": {"true"}, "container": {"db"}})
	assert.Equal(t, 400, resp.Code)
	assert.Contains(t, string(resp.Body), `"message":"container db is not valid for pod web"`)

	resp = serveExec(t, s, "web", map[string][]string{"stdout": {"true"}})
	assert.Equal(t, 400, resp.Code)

	rt, _ := parseRoute("/api/v1/namespaces/default/pods/web/exec")
	resp = s.exec(&Request{Method: "POST", Query: map[string][]string{"command": {"ls"}, "stdout": {"true"}},
		Header: map[string][]string{"Upgrade": {"SPDY/3.1"}}}, rt)
	assert.Equal(t, 400, resp.Code, "SPDY is not spoken")
	assert.Contains(t, string(resp.Body), "WebSocket")
}

func TestAV4SessionIsOfferedWhenTheClientHasNoV5(t *testing.T) {
	s := newServer(t)
	runningWebPod(t, s)
	rt, _ := parseRoute("/api/v1/namespaces/default/pods/web/exec")
	resp := s.exec(&Request{Method: "GET", Query: map[string][]string{"command": {"true"}, "stdout": {"true"}},
		Header: map[string][]string{"Upgrade": {"websocket"}, "Sec-Websocket-Protocol": {"v4.channel.k8s.io"}}}, rt)
	require.Equal(t, 101, resp.Code)
	assert.Equal(t, "v4.channel.k8s.io", resp.Header["Sec-WebSocket-Protocol"])
}
