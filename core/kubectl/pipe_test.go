package kubectl

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSplitPipeline(t *testing.T) {
	for line, want := range map[string][]string{
		"kubectl get pods":                          {"kubectl get pods"},
		"kubectl get pods | grep web | wc -l":       {"kubectl get pods ", " grep web ", " wc -l"},
		`kubectl get pods -l 'a in (b|c)' | grep x`: {`kubectl get pods -l 'a in (b|c)' `, " grep x"},
		`kubectl get pods | grep "a\"|b"`:           {"kubectl get pods ", ` grep "a\"|b"`},
		`kubectl get pods | grep a\|b`:              {"kubectl get pods ", ` grep a\|b`},
	} {
		cmd, filters, err := splitPipeline(line)
		require.NoError(t, err, line)
		assert.Equal(t, want, append([]string{cmd}, filters...), line)
	}
	_, _, err := splitPipeline("kubectl get pods || true")
	assert.ErrorIs(t, err, errShellOperator)
}

// The filters behave as GNU grep, head, tail, wc and sort do on what is
// piped to them, exit codes included.
func TestPipeFilters(t *testing.T) {
	const text = "NAME READY\nweb-1 1/1\nweb-2 0/1\ndb-0 1/1\napi (v2) 1/1\n"
	for _, tc := range []struct {
		filter, want string
		code         int
	}{
		{"grep web", "web-1 1/1\nweb-2 0/1\n", 0},
		{"grep -v web", "NAME READY\ndb-0 1/1\napi (v2) 1/1\n", 0},
		{"grep -c 1/1", "3\n", 0},
		{"grep -ic name", "1\n", 0},
		{"grep nope", "", 1},
		{"grep -c nope", "0\n", 1},
		{"grep -n db", "4:db-0 1/1\n", 0},

		{"grep -w web", "web-1 1/1\nweb-2 0/1\n", 0},
		{"grep -w we", "", 1},
		{"grep '(v2)'", "api (v2) 1/1\n", 0},              // basic: ( ) are literal
		{`grep 'db\|api'`, "db-0 1/1\napi (v2) 1/1\n", 0}, // basic: \| is alternation
		{"grep -E 'db|api'", "db-0 1/1\napi (v2) 1/1\n", 0},
		{"grep -E 'web-[12]+'", "web-1 1/1\nweb-2 0/1\n", 0},
		{"grep -F '(v2)'", "api (v2) 1/1\n", 0},
		{"grep -F 1/1 -c", "3\n", 0},
		{"grep -F '.'", "", 1},
		{"grep '.'", text, 0},
		{"grep -A1 web-2", "web-2 0/1\ndb-0 1/1\n", 0},
		{"grep -B 1 db", "web-2 0/1\ndb-0 1/1\n", 0},
		{"grep -C0 -e web-1 -n", "2:web-1 1/1\n", 0},
		{"grep -A1 -e NAME", "NAME READY\nweb-1 1/1\n", 0},
		{"head -2", "NAME READY\nweb-1 1/1\n", 0},
		{"head -n 1", "NAME READY\n", 0},
		{"tail -1", "api (v2) 1/1\n", 0},
		{"tail -n +4", "db-0 1/1\napi (v2) 1/1\n", 0},
		{"wc -l", "5\n", 0},
		{"wc -w", "11\n", 0},
		{"wc", "      5      11      53\n", 0},
		{"wc -lc", "      5      53\n", 0},
		{"sort", "NAME READY\napi (v2) 1/1\ndb-0 1/1\nweb-1 1/1\nweb-2 0/1\n", 0},
		{"sort -r", "web-2 0/1\nweb-1 1/1\ndb-0 1/1\napi (v2) 1/1\nNAME READY\n", 0},
	} {
		words, err := Split(tc.filter)
		require.NoError(t, err)
		out, code, err := pipeFilters[words[0]](words[1:], text)
		require.NoError(t, err, tc.filter)
		assert.Equal(t, tc.want, out, tc.filter)
		assert.Equal(t, tc.code, code, tc.filter)
	}
	// Separated groups of context, as grep marks them.
	out, _, err := runGrep([]string{"-A1", "a"}, "a\nx\ny\na\nz\n")
	require.NoError(t, err)
	assert.Equal(t, "a\nx\n--\na\nz\n", out)
	assert.Equal(t, "1\n2\n10\n", must(runSort([]string{"-n"}, "10\n2\n1\n")))
	assert.Equal(t, "a\nb\n", must(runSort([]string{"-u"}, "b\na\nb\n")))
}

func must(out string, _ int, err error) string {
	if err != nil {
		panic(err)
	}
	return out
}

// Through kubectl: stdout is filtered, stderr is not, and the code is the
// last filter's.
func TestPipeThroughKubectl(t *testing.T) {
	e := clusterEnv(t)
	r := e.run("kubectl get pods --no-headers | grep -c Running")
	assert.Equal(t, "3\n", r.Stdout)
	assert.Equal(t, 0, r.ExitCode)
	r = e.run("kubectl get pods | grep nope")
	assert.Equal(t, "", r.Stdout+r.Stderr)
	assert.Equal(t, 1, r.ExitCode)
	r = e.run("kubectl get nope | wc -l")
	assert.Equal(t, "0\n", r.Stdout)
	assert.Equal(t, "error: the server doesn't have a resource type \"nope\"\n", r.Stderr)
	assert.Equal(t, 0, r.ExitCode, "the last command's code, as a shell without pipefail")
	assert.Equal(t, "error: the server doesn't have a resource type \"nope\"\n0\n", r.Interleaved())
	for cmd, stderr := range map[string]string{
		"kubectl get pods | awk '{print $1}'":  "awk is not available in this terminal: a | may pass kubectl's output to grep, head, tail, wc or sort\n",
		"kubectl get pods -w | grep web":       "error: a watch (-w) or an interactive shell cannot be piped in this terminal\n",
		"kubectl get pods | grep":              "Usage: grep [OPTION]... PATTERNS\n",
		"kubectl get pods | grep web file":     "grep: this terminal's grep reads only what is piped to it, not files\n",
		"kubectl get pods | grep -o web":       "grep: -o is not supported in this terminal\n",
		"kubectl get pods | grep '\\p{Greek}'": "grep: invalid pattern \"\\\\p{Greek}\"\n",
		"kubectl get pods | ":                  "syntax error near unexpected token `|'\n",
	} {
		r := e.run(cmd)
		assert.Equal(t, stderr, r.Stderr, cmd)
		assert.Equal(t, "", r.Stdout, cmd)
		assert.NotEqual(t, 0, r.ExitCode, cmd)
	}
}

// FuzzPipeFilters: no filter line and text make a filter panic; what a
// filter prints ends in a newline; head, tail, sort and grep (without -c,
// -n or context) print only lines they were given.
func FuzzPipeFilters(f *testing.F) {
	f.Add(`grep -c 'a\|b'`, "a\nb\nc\n")
	f.Add("grep -A2 -B1 -n x", "x\ny\nx\n")
	f.Add("grep -E -w -i 'x+|[a-c]{2}'", "XX\nab\n")
	f.Add("head -n 2", "x\ny\nz\n")
	f.Add("tail -n +2", "x\ny\nz")
	f.Add("sort -rnu", "10\n9\n9\n")
	f.Add("wc -lw", "a b\n")
	f.Fuzz(func(t *testing.T, filter, text string) {
		out, _, err := runFilters([]string{filter}, text)
		if err != nil || out == "" {
			return
		}
		require.True(t, strings.HasSuffix(out, "\n"), "%q on %q: %q", filter, text, out)
		words, _ := Split(filter)
		plain := len(words) > 0 && (words[0] == "head" || words[0] == "tail" || words[0] == "sort" ||
			words[0] == "grep" && !strings.ContainsAny(strings.Join(words[1:], " "), "cnABC"))
		if !plain {
			return
		}
		given := map[string]int{}
		for _, l := range splitLines(text) {
			given[l]++
		}
		for _, l := range splitLines(out) {
			require.Positive(t, given[l], "%q on %q printed %q, not an input line", filter, text, l)
			given[l]--
		}
	})
}
