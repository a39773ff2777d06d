package shell

import (
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSplitQuotesLikeAShell(t *testing.T) {
	tests := []struct {
		line string
		want []string
		err  string
	}{
		{"kubectl get  pods", []string{"kubectl", "get", "pods"}, ""},
		{`kubectl get pods -l 'app in (a, b)'`, []string{"kubectl", "get", "pods", "-l", "app in (a, b)"}, ""},
		{`a "b \"c\" \\ \x" d\ e ''`, []string{"a", `b "c" \ \x`, "d e", ""}, ""},
		{"a \\\n b", []string{"a", "b"}, ""},
		{`a "$HOME" $(x)`, []string{"a", "$HOME", "$(x)"}, ""},
		{`a 'b`, nil, "unterminated quoted string"},
		{`a "b`, nil, "unterminated quoted string"},
		{`a b\`, nil, "unexpected end of line after backslash"},
		{`a | b`, nil, `"|": one command's words, without pipes, lists or redirections, are expected`},
		{`a '|' "&"`, []string{"a", "|", "&"}, ""},
	}
	for _, tt := range tests {
		got, err := Split(tt.line)
		if tt.err != "" {
			assert.EqualError(t, err, tt.err, tt.line)
			continue
		}
		assert.NoError(t, err, tt.line)
		assert.Equal(t, tt.want, got, tt.line)
	}
}

// The terminal reads one pipeline: a | inside quotes or escaped is a
// word's, and everything but | is refused.
func TestTerminalParsesOnePipeline(t *testing.T) {
	const refused = "redirects and command lists (>, <, ;, &, ||) are not supported in this terminal; a | may pass a command's output to grep, head, tail, wc or sort"
	for _, tc := range []struct {
		line string
		want [][]string
		err  string
	}{
		{"kubectl get pods", [][]string{{"kubectl", "get", "pods"}}, ""},
		{"  ", nil, ""},
		{"kubectl get pods | grep web | wc -l", [][]string{{"kubectl", "get", "pods"}, {"grep", "web"}, {"wc", "-l"}}, ""},
		{`kubectl get pods -l 'a in (b|c)' | grep x`, [][]string{{"kubectl", "get", "pods", "-l", "a in (b|c)"}, {"grep", "x"}}, ""},
		{`kubectl get pods | grep "a\"|b"`, [][]string{{"kubectl", "get", "pods"}, {"grep", `a"|b`}}, ""},
		{`kubectl get pods | grep a\|b`, [][]string{{"kubectl", "get", "pods"}, {"grep", "a|b"}}, ""},
		{`kubectl get pods -o jsonpath='{$.items}' | grep $x`, [][]string{{"kubectl", "get", "pods", "-o", "jsonpath={$.items}"}, {"grep", "$x"}}, ""},
		{"kubectl get pods || true", nil, refused},
		{"kubectl get pods && true", nil, refused},
		{"kubectl get pods; true", nil, refused},
		{"kubectl get pods &", nil, refused},
		{"kubectl get pods > pods.txt", nil, refused},
		{"kubectl logs web 2>&1", nil, refused},
		{"kubectl apply -f - < x.yaml", nil, refused},
		{"kubectl get pods | ", nil, "syntax error near unexpected token `|'"},
		{"| grep x", nil, "syntax error near unexpected token `|'"},
		{"kubectl get pods | | wc", nil, "syntax error near unexpected token `|'"},
		{"kubectl get 'pods", nil, "unterminated ' quote"},
		{`kubectl get "pods`, nil, `unterminated " quote`},
	} {
		got, err := Terminal{}.Parse(tc.line)
		if tc.err != "" {
			assert.EqualError(t, err, tc.err, tc.line)
			continue
		}
		require.NoError(t, err, tc.line)
		assert.Equal(t, tc.want, got, tc.line)
	}
}

// The filters behave as GNU grep, head, tail, wc and sort do on what is
// piped to them, exit codes included.
func TestTextFiltersInTheTerminal(t *testing.T) {
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
		{"grep -q web", "", 0},
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
		{"grep web | wc -l", "2\n", 0},
		{"sort -r | head -1", "web-2 0/1\n", 0},
	} {
		r := runTerminal(t, Terminal{}, tc.filter, text)
		assert.Equal(t, tc.want, r.Stdout, tc.filter)
		assert.Equal(t, "", r.Stderr, tc.filter)
		assert.Equal(t, tc.code, r.Code, tc.filter)
	}
	// Separated groups of context, as grep marks them.
	assert.Equal(t, "a\nx\n--\na\nz\n", runTerminal(t, Terminal{}, "grep -A1 a", "a\nx\ny\na\nz\n").Stdout)
	assert.Equal(t, "1\n2\n10\n", runTerminal(t, Terminal{}, "sort -n", "10\n2\n1\n").Stdout)
	assert.Equal(t, "a\nb\n", runTerminal(t, Terminal{}, "sort -u", "b\na\nb\n").Stdout)
}

func runTerminal(t *testing.T, term Terminal, line, stdin string) Result {
	p, err := term.Parse(line)
	require.NoError(t, err, line)
	return term.Run(p, stdin)
}

// A host's command is one of the terminal's: its stdout goes down the
// pipe, its stderr to the terminal ahead of what the pipe printed, and the
// code is the last command's.
func TestTerminalRunsTheHostsCommands(t *testing.T) {
	term := Terminal{Commands: map[string]CommandFunc{
		"kubectl": func(args []string, stdin string, stdout, stderr io.Writer) int {
			if len(args) > 0 && args[0] == "fail" {
				_, _ = io.WriteString(stderr, "error: no\n")
				return 1
			}
			_, _ = io.WriteString(stdout, "NAME\nweb-1\nweb-2\ndb-0\n"+stdin)
			return 0
		},
	}}
	for _, tc := range []struct {
		line, stdout, stderr string
		code                 int
	}{
		{"kubectl get pods", "NAME\nweb-1\nweb-2\ndb-0\n", "", 0},
		{"kubectl get pods | grep web | wc -l", "2\n", "", 0},
		{"kubectl fail | wc -l", "0\n", "error: no\n", 0},
		{"kubectl get pods | grep db | kubectl get -f -", "NAME\nweb-1\nweb-2\ndb-0\ndb-0\n", "", 0},
		{"kubectl get pods | awk '{print $1}'", "", "awk is not available in this terminal: a | may pass a command's output to grep, head, tail, wc, sort or kubectl\n", 127},
		{"kubectl get pods | cat", "", "cat is not available in this terminal: a | may pass a command's output to grep, head, tail, wc, sort or kubectl\n", 127},
		{"kubectl get pods | grep web file", "", "grep: this terminal's grep reads only what is piped to it, not files\n", 2},
		{"kubectl get pods | head -3 x", "", "head: this terminal's head reads only what is piped to it, not files\n", 1},
		{"kubectl get pods | wc x", "", "wc: this terminal's wc reads only what is piped to it, not files\n", 1},
		{"kubectl get pods | sort x", "", "sort: this terminal's sort reads only what is piped to it, not files\n", 2},
	} {
		r := runTerminal(t, term, tc.line, "")
		assert.Equal(t, tc.stdout, r.Stdout, tc.line)
		assert.Equal(t, tc.stderr, r.Stderr, tc.line)
		assert.Equal(t, tc.code, r.Code, tc.line)
	}
}

// FuzzTextFilters: no filter line and text make a filter panic; what a
// filter prints ends in a newline; head, tail, sort and grep (without -c,
// -n or context) print only lines they were given.
func FuzzTextFilters(f *testing.F) {
	f.Add(`grep -c 'a\|b'`, "a\nb\nc\n")
	f.Add("grep -A2 -B1 -n x", "x\ny\nx\n")
	f.Add("grep -E -w -i 'x+|[a-c]{2}'", "XX\nab\n")
	f.Add("head -n 2", "x\ny\nz\n")
	f.Add("tail -n +2", "x\ny\nz")
	f.Add("sort -rnu", "10\n9\n9\n")
	f.Add("wc -lw", "a b\n")
	f.Fuzz(func(t *testing.T, filter, text string) {
		p, err := Terminal{}.Parse(filter)
		if err != nil || len(p) != 1 {
			return
		}
		out := Terminal{}.Run(p, text).Stdout
		if out == "" {
			return
		}
		require.True(t, strings.HasSuffix(out, "\n"), "%q on %q: %q", filter, text, out)
		words := p[0]
		plain := words[0] == "head" || words[0] == "tail" || words[0] == "sort" ||
			words[0] == "grep" && !strings.ContainsAny(strings.Join(words[1:], " "), "cnABC")
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
