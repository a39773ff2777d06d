// Package terminal is what the page's terminal does with a line, apart from
// drawing it: which command the line is — kubectl (or its alias k), sim,
// clear, help, or a command this terminal does not have, answered as bash
// answers it — and what Tab completes (complete.go, tab.go).
//
// It is pure: the page calls it with what the learner typed and the
// cluster's store, and the tests call it the same way.
//
// Not for: running anything. kubectl lines go to core/kubectl, sim lines
// to the cluster; this package only says which is which.
package terminal

import (
	"slices"
	"strings"

	"github.com/kubeloop/kubeloop/core/kubectl"
)

// Kind is what a line asks for.
type Kind int

const (
	Empty    Kind = iota // nothing but blanks
	Comment              // "# …": bash reads it and does nothing
	Kubectl              // kubectl …, or k …
	Sim                  // sim …: time and faults
	Clear                // clear
	Help                 // help: the commands this terminal has
	NotFound             // anything else: bash's "command not found"
)

// Commands are the commands this terminal has, as help and the note after
// "command not found" name them, and as Tab completes the first word.
var Commands = []string{"kubectl", "sim", "clear", "help"}

// Line is one parsed line.
type Line struct {
	Kind Kind
	// Name is the first word, as typed.
	Name string
	// Kubectl is the line with kubectl spelled out ("k get po" → "kubectl
	// get po"), for Kind Kubectl.
	Kubectl string
	// Args are the words after the first.
	Args []string
}

// Parse says what line is.
func Parse(line string) Line {
	words := strings.Fields(line)
	if len(words) == 0 {
		return Line{Kind: Empty}
	}
	l := Line{Name: words[0], Args: words[1:]}
	if full, ok := kubectl.CommandLine(line); ok {
		l.Kind, l.Kubectl = Kubectl, full
		return l
	}
	switch {
	case strings.HasPrefix(words[0], "#"):
		l.Kind = Comment
	case words[0] == "sim":
		l.Kind = Sim
	case words[0] == "clear":
		l.Kind = Clear
	case words[0] == "help":
		l.Kind = Help
	default:
		l.Kind = NotFound
	}
	return l
}

// AsKubectl is the kubectl line meant by a line given to what runs only
// kubectl (the page's kubectl(line)): "get pods", "k get pods" and
// "kubectl get pods" all are "kubectl get pods".
func AsKubectl(line string) string {
	if full, ok := kubectl.CommandLine(line); ok {
		return full
	}
	return "kubectl " + strings.TrimLeft(line, " \t")
}

// NotFoundMessage is what an interactive bash prints for a command it does
// not have: "bash: ls: command not found".
func NotFoundMessage(name string) string {
	return "bash: " + name + ": command not found"
}

// Suggestion is the kubectl line a learner probably meant by a line bash
// did not know, or "": "get pods" (a kubectl verb) and "kubeclt get pods"
// (a slip of the fingers) both mean "kubectl get pods".
func Suggestion(line string) string {
	words := strings.Fields(line)
	if len(words) == 0 {
		return ""
	}
	if slices.Contains(kubectl.Commands(), words[0]) {
		return "kubectl " + strings.Join(words, " ")
	}
	if len(words[0]) >= 5 && editDistance(words[0], "kubectl") <= 2 {
		return strings.Join(append([]string{"kubectl"}, words[1:]...), " ")
	}
	return ""
}

// editDistance is the Levenshtein distance between a and b (bytes).
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
