package kubectl

import (
	"errors"
	"fmt"
	"strings"
)

// A learner's shell habit is `kubectl get pods | grep web`: the terminal
// runs one kubectl command, but its output may go through a few text
// filters, as it would in a shell. Only stdout is piped; kubectl's errors
// still show.

// pipeFilters are the commands that may follow a |, by name.
var pipeFilters = map[string]func(args []string, in string) (out string, code int, err error){
	"grep": runGrep,
	"head": func(args []string, in string) (string, int, error) { return headTail("head", args, in) },
	"tail": func(args []string, in string) (string, int, error) { return headTail("tail", args, in) },
	"wc":   runWc,
	"sort": runSort,
}

// pipeHelp says what may follow a |.
const pipeHelp = "a | may pass kubectl's output to grep, head, tail, wc or sort"

// splitPipeline cuts line at each | outside quotes: the kubectl command,
// then the filters. "||" is a command list, which the terminal does not run.
func splitPipeline(line string) (string, []string, error) {
	var parts []string
	start, quote, escaped := 0, rune(0), false
	for i, c := range line {
		switch {
		case escaped:
			escaped = false
		case quote != 0:
			if c == quote {
				quote = 0
			} else if c == '\\' && quote == '"' {
				escaped = true
			}
		case c == '\\':
			escaped = true
		case c == '\'' || c == '"':
			quote = c
		case c == '|':
			if strings.HasPrefix(line[i+1:], "|") || strings.HasSuffix(line[:i], "|") {
				return "", nil, errShellOperator
			}
			parts = append(parts, line[start:i])
			start = i + 1
		}
	}
	parts = append(parts, line[start:])
	return parts[0], parts[1:], nil
}

// runFilters passes text through each filter in turn; the code is the
// last one's, as a shell reports a pipeline's.
func runFilters(filters []string, text string) (string, int, error) {
	code := 0
	for _, f := range filters {
		words, err := Split(f)
		if err != nil {
			return "", 1, err
		}
		if len(words) == 0 {
			return "", 1, errors.New("syntax error near unexpected token `|'")
		}
		run, ok := pipeFilters[words[0]]
		if !ok {
			return "", 127, fmt.Errorf("%s is not available in this terminal: %s", words[0], pipeHelp)
		}
		if text, code, err = run(words[1:], text); err != nil {
			return "", code, err
		}
	}
	return text, code, nil
}

func splitLines(text string) []string {
	if text == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(text, "\n"), "\n")
}

func joinLines(lines []string) string {
	if len(lines) == 0 {
		return ""
	}
	return strings.Join(lines, "\n") + "\n"
}

// pipe passes the command's stdout through filters. What kubectl wrote to
// stderr stays, ahead of the filtered output, as a terminal shows a
// pipeline's; the exit code becomes the last filter's.
func (c *invocation) pipe(filters []string) {
	if len(filters) == 0 {
		return
	}
	if c.watch != nil || c.session != nil {
		c.watch, c.session = nil, nil
		c.resetStdout("")
		c.fail("a watch (-w) or an interactive shell cannot be piped in this terminal")
		return
	}
	text, code, err := runFilters(filters, c.out.String())
	c.resetStdout(text)
	if err != nil {
		c.err.WriteString(err.Error() + "\n")
	}
	c.code = code
}

// resetStdout replaces what the command wrote to stdout with text, after
// its stderr.
func (c *invocation) resetStdout(text string) {
	var log []logChunk
	for _, ch := range c.log {
		if ch.stderr {
			log = append(log, ch)
		}
	}
	c.log = log
	cut := c.out.cut // the command's own output was cut, not the filters'
	c.out = output{log: &c.log, limit: c.out.limit}
	c.out.WriteString(text)
	c.out.cut = c.out.cut || cut
}
