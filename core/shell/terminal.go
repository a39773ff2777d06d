package shell

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Terminal is the shell of the page's own terminal, on the learner's side
// of kubectl: a line is one pipeline — `kubectl get pods | grep web | wc
// -l` — of the host's commands (kubectl, which core/kubectl adds, as this
// package cannot know it) and the text filters grep, head, tail, wc and
// sort, the same programs a container's shell runs. Only stdout is piped;
// each command's stderr goes to the terminal.
//
// It refuses what the terminal does not run: command lists (; & && ||)
// and redirections, which need a shell session and files the page does
// not have. There are no variables: a $ is itself, as kubectl's
// -o jsonpath='{$.x}' and sh -c "echo $HOSTNAME" (expanded in the pod)
// want it.
type Terminal struct {
	// Commands are the host's programs, by name.
	Commands map[string]CommandFunc
}

// SyntaxError is a line bash would not read, worded as bash words it.
type SyntaxError struct{ Token string }

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("syntax error near unexpected token `%s'", e.Token)
}

// Parse reads a line: the words of each command of its pipeline, quotes
// removed. A line of blanks is no command. Errors are the terminal's
// refusals: a list or redirection, a quote left open, a trailing
// backslash, and (*SyntaxError) a pipe with no command on one side.
func (t Terminal) Parse(line string) ([][]string, error) {
	toks, err := lex(line)
	var open quoteError
	switch {
	case errors.As(err, &open):
		return nil, fmt.Errorf("unterminated %c quote", open.quote)
	case err != nil:
		return nil, err
	}
	for _, tok := range toks {
		if tok.op != "" && tok.op != "|" {
			return nil, errors.New("redirects and command lists (>, <, ;, &, ||) are not supported in this terminal; " + t.pipeHelp())
		}
	}
	var pipeline [][]string
	var cur []string
	for i, tok := range toks {
		if tok.op == "" {
			w, _ := expandWord(tok.word, nil) // without $, nothing fails
			cur = append(cur, w)
			continue
		}
		if cur == nil || i == len(toks)-1 {
			return nil, &SyntaxError{Token: "|"}
		}
		pipeline, cur = append(pipeline, cur), nil
	}
	if cur != nil {
		pipeline = append(pipeline, cur)
	}
	return pipeline, nil
}

// Run runs a pipeline Parse returned, stdin the first command's input:
// each command's stdout is the next one's stdin, and the Result's Stdout
// the last one's; Stderr is every command's, in order; Code the last
// command's, as a shell without pipefail reports it. A command the
// terminal does not have exits 127 and says what a | may pass to.
func (t Terminal) Run(pipeline [][]string, stdin string) Result {
	s := newSession(&Env{Flavor: terminal, Commands: t.Commands})
	var errOut strings.Builder
	text, code := stdin, 0
	for _, words := range pipeline {
		var out strings.Builder
		code = s.run(words, text, &out, &errOut)
		text = out.String()
	}
	return Result{Stdout: text, Stderr: errOut.String(), Code: code}
}

// pipeHelp says which commands a | may join.
func (s *session) pipeHelp() string {
	return Terminal{Commands: s.env.Commands}.pipeHelp()
}

func (t Terminal) pipeHelp() string {
	names := slices.Clone(textFilterNames)
	for name := range t.Commands {
		names = append(names, name)
	}
	slices.Sort(names[len(textFilterNames):])
	return "a | may pass a command's output to " + strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// Split breaks a line into words as sh would, without expanding anything:
// 'single quotes' are literal, "double quotes" honour \" \\ \$ and \`,
// and a backslash outside quotes escapes the next character. An operator
// (| & ; < >) outside quotes is an error: the words are one command's.
func Split(line string) ([]string, error) {
	toks, err := lex(line)
	if err != nil {
		return nil, err
	}
	words := make([]string, 0, len(toks))
	for _, tok := range toks {
		if tok.op != "" {
			return nil, fmt.Errorf("%q: one command's words, without pipes, lists or redirections, are expected", tok.op)
		}
		w, _ := expandWord(tok.word, nil)
		words = append(words, w)
	}
	return words, nil
}
