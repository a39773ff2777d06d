package kubectl

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Through kubectl: stdout is filtered, stderr is not, and the code is the
// last command's. The filters themselves are core/shell's (its tests).
func TestPipeThroughKubectl(t *testing.T) {
	e := clusterEnv(t)
	for _, tc := range []struct {
		cmd, stdout string
		code        int
	}{
		{"kubectl get pods --no-headers | grep -c Running", "3\n", 0},
		{"kubectl get pods | grep web | wc -l", "1\n", 0},
		{"k get pods --no-headers | grep nginx | head -2 | wc -l", "2\n", 0},
		{`kubectl get pods --no-headers | grep 'web\|nginx' | wc -l`, "4\n", 0},
		{"kubectl get pods | grep nope", "", 1},
	} {
		r := e.run(tc.cmd)
		assert.Equal(t, tc.stdout, r.Stdout, tc.cmd)
		assert.Equal(t, tc.code, r.ExitCode, tc.cmd)
	}
	r := e.run("kubectl get nope | wc -l")
	assert.Equal(t, "0\n", r.Stdout)
	assert.Equal(t, "error: the server doesn't have a resource type \"nope\"\n", r.Stderr)
	assert.Equal(t, 0, r.ExitCode, "the last command's code, as a shell without pipefail")
	assert.Equal(t, "error: the server doesn't have a resource type \"nope\"\n0\n", r.Interleaved())

	// kubectl is one of the shell's commands: after a | it reads the pipe.
	r = e.run("kubectl get pod web -o yaml | kubectl create -f -")
	assert.Equal(t, "Error from server (BadRequest): error when creating \"STDIN\": resourceVersion should not be set on objects to be created\n", r.Stderr)
	assert.Equal(t, 1, r.ExitCode)
}

// What the terminal refuses keeps its words: lists and redirections, a
// command it does not have, a watch or shell in a pipe, an empty side of
// a |.
func TestPipeRefusals(t *testing.T) {
	e := clusterEnv(t)
	const pipeHelp = "a | may pass a command's output to grep, head, tail, wc, sort or kubectl"
	for cmd, stderr := range map[string]string{
		"kubectl get pods | awk '{print $1}'":  "awk is not available in this terminal: " + pipeHelp + "\n",
		"kubectl get pods -w | grep web":       "error: a watch (-w) or an interactive shell cannot be piped in this terminal\n",
		"kubectl get pods | grep":              "Usage: grep [OPTION]... PATTERNS\n",
		"kubectl get pods | grep web file":     "grep: this terminal's grep reads only what is piped to it, not files\n",
		"kubectl get pods | grep -o web":       "grep: -o is not supported in this terminal\n",
		"kubectl get pods | grep '\\p{Greek}'": "grep: invalid pattern \"\\\\p{Greek}\"\n",
		"kubectl get pods | ":                  "syntax error near unexpected token `|'\n",
		"| grep web":                           "syntax error near unexpected token `|'\n",
		"kubectl get pods || true":             "error: redirects and command lists (>, <, ;, &, ||) are not supported in this terminal; " + pipeHelp + "\n",
		"kubectl get pods; kubectl get svc":    "error: redirects and command lists (>, <, ;, &, ||) are not supported in this terminal; " + pipeHelp + "\n",
		"kubectl get pods 2>/dev/null":         "error: redirects and command lists (>, <, ;, &, ||) are not supported in this terminal; " + pipeHelp + "\n",
		"kubectl get pods 'web":                "error: unterminated ' quote\n",
		`kubectl get pods \`:                   "error: unexpected end of line after backslash\n",
		"grep web":                             "error: unknown command \"grep\": this terminal runs kubectl commands\n",
	} {
		r := e.run(cmd)
		assert.Equal(t, stderr, r.Stderr, cmd)
		assert.Equal(t, "", r.Stdout, cmd)
		assert.NotEqual(t, 0, r.ExitCode, cmd)
	}
}
