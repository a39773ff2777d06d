//go:build js && wasm

package main

import (
	"sort"
	"strings"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/cluster"
)

// Tab completion in the terminal: kubectl's verbs and subcommands (read
// from kubectl's own help, so new verbs complete as soon as they exist),
// resource types, object names, and sim's subcommands and node names.

// helpCommands lists the commands in the rows of kubectl's help text that
// name one: "  get           Display one or many resources" — two spaces,
// a lower-case name, two or more blanks, then its description.
func helpCommands(text string) []string {
	var names []string
	for _, line := range strings.Split(text, "\n") {
		rest, ok := strings.CutPrefix(line, "  ")
		if !ok || rest == "" || rest[0] < 'a' || rest[0] > 'z' {
			continue
		}
		n := 1
		for n < len(rest) && (rest[n] >= 'a' && rest[n] <= 'z' || rest[n] == '-') {
			n++
		}
		desc := strings.TrimLeft(rest[n:], " \t\r\f\v")
		if len(rest)-n-len(desc) >= 2 && desc != "" {
			names = append(names, rest[:n])
		}
	}
	return names
}

// subcommands lists the commands kubectl's help prints for path ("" for
// kubectl itself, "rollout", "set", "create"), cached per cluster.
func (a *app) subcommands(path string) []string {
	if a.helpCache == nil {
		a.helpCache = map[string][]string{}
	}
	if list, ok := a.helpCache[path]; ok {
		return list
	}
	line := "kubectl help"
	if path != "" {
		line = "kubectl " + path + " --help"
	}
	res := a.cluster.Kubectl(line, "")
	var list []string
	if path == "" || strings.Contains(res.Stdout, "Available Commands:") {
		text := res.Stdout
		if i := strings.Index(text, "Available Commands:"); path != "" && i >= 0 {
			text = text[i:]
		}
		if i := strings.Index(text, "\nExamples:"); i >= 0 {
			text = text[:i]
		}
		if i := strings.Index(text, "\nUsage:"); i >= 0 {
			text = text[:i]
		}
		list = append(list, helpCommands(text)...)
	}
	sort.Strings(list)
	a.helpCache[path] = list
	return list
}

// simCommands lists what `sim …` understands on this page's cluster.
func (a *app) simCommands() []string { return cluster.SimCommands() }

// verbsWithKinds take a resource type (and then names) after them.
var verbsWithKinds = map[string]bool{
	"get": true, "describe": true, "delete": true, "scale": true, "label": true, "annotate": true,
	"patch": true, "edit": true, "logs": true, "exec": true, "cordon": true, "uncordon": true,
	"drain": true, "taint": true, "autoscale": true, "expose": true,
	"rollout history": true, "rollout status": true, "rollout undo": true, "rollout pause": true,
	"rollout resume": true, "rollout restart": true, "set image": true, "set env": true, "set resources": true,
}

// verbsOnPods take a pod name directly (no type word).
var verbsOnPods = map[string]bool{"logs": true, "exec": true}

// completions returns the candidates for the last word of line, and that
// word (what they replace).
func (a *app) completions(line string) (cands []string, word string) {
	words := strings.Fields(line)
	if strings.HasSuffix(line, " ") || len(words) == 0 {
		words = append(words, "")
	}
	word = words[len(words)-1]
	prev := words[:len(words)-1]

	if len(prev) == 0 {
		return prefixed(append([]string{"kubectl", "sim", "clear"}, a.subcommands("")...), word), word
	}
	if prev[0] == "sim" {
		return a.completeSim(prev[1:], word), word
	}
	if prev[0] == "kubectl" {
		prev = prev[1:]
	}
	// Drop flags and their values: "-n kube-system get" → "get".
	var args []string
	namespace := "default"
	for i := 0; i < len(prev); i++ {
		w := prev[i]
		switch {
		case w == "-n" || w == "--namespace":
			if i+1 < len(prev) {
				namespace = prev[i+1]
				i++
			}
		case strings.HasPrefix(w, "--namespace="):
			namespace = strings.TrimPrefix(w, "--namespace=")
		case strings.HasPrefix(w, "-"):
		default:
			args = append(args, w)
		}
	}
	if strings.HasPrefix(word, "-") {
		return nil, word
	}
	if len(args) == 0 {
		return prefixed(a.subcommands(""), word), word
	}
	verb := args[0]
	rest := args[1:]
	if subs := a.subcommands(verb); len(subs) > 0 {
		if len(rest) == 0 {
			return prefixed(subs, word), word
		}
		verb += " " + rest[0]
		rest = rest[1:]
	}
	if verbsOnPods[verb] {
		if len(rest) == 0 {
			return prefixed(a.objectNames(api.ResourceFor("pods"), namespace), word), word
		}
		return nil, word
	}
	if !verbsWithKinds[verb] {
		return nil, word
	}
	// TYPE/NAME in one word.
	if kind, name, ok := strings.Cut(word, "/"); ok {
		k := api.ResourceFor(kind)
		if k == nil {
			return nil, word
		}
		var out []string
		for _, n := range prefixed(a.objectNames(k, namespace), name) {
			out = append(out, kind+"/"+n)
		}
		return out, word
	}
	if len(rest) == 0 {
		words := resourceWords()
		if verb == "get" {
			words = append(words, "all") // the category
		}
		return prefixed(words, word), word
	}
	if k := api.ResourceFor(strings.Split(rest[0], ",")[0]); k != nil && !strings.Contains(rest[0], "/") {
		return prefixed(a.objectNames(k, namespace), word), word
	}
	return nil, word
}

// completeSim completes sim's subcommands, then node names after `sim node
// VERB` (and pod names after `sim pod VERB`, if a sim command has them).
func (a *app) completeSim(args []string, word string) []string {
	if len(args) == 0 {
		return prefixed(a.simCommands(), word)
	}
	switch args[0] {
	case "node":
		if len(args) == 1 {
			return prefixed([]string{"add", "delete", "fail", "heal", "partition", "recover"}, word)
		}
		if len(args) == 2 && args[1] != "add" {
			return prefixed(a.objectNames(api.ResourceFor("nodes"), ""), word)
		}
	case "controller-manager":
		if len(args) == 1 {
			return prefixed([]string{"kill", "pause", "resume", "replicas"}, word)
		}
	case "advance":
		if len(args) == 1 {
			return prefixed([]string{"1s", "10s", "30s", "1m", "5m"}, word)
		}
	}
	return nil
}

// resourceWords are the names kubectl accepts for each kind: plural,
// singular and short names.
func resourceWords() []string {
	var out []string
	for _, k := range api.Kinds {
		out = append(out, k.Resource, k.Singular)
		out = append(out, k.ShortNames...)
	}
	sort.Strings(out)
	return out
}

func (a *app) objectNames(kind *api.Kind, namespace string) []string {
	if kind == nil {
		return nil
	}
	if !kind.Namespaced {
		namespace = ""
	}
	var out []string
	for _, o := range a.cluster.Store().List(kind, namespace) {
		out = append(out, o.GetObjectMeta().Name)
	}
	return out
}

func prefixed(list []string, prefix string) []string {
	var out []string
	seen := map[string]bool{}
	for _, s := range list {
		if strings.HasPrefix(s, prefix) && !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// complete is Tab in the terminal: one candidate completes the word (and a
// space); several complete their common prefix, and a second Tab lists them.
func (a *app) complete() {
	u := a.ui
	line := u.termInput.Value()
	cands, word := a.completions(line)
	switch len(cands) {
	case 0:
		return
	case 1:
		u.termInput.SetValue(line[:len(line)-len(word)] + cands[0] + " ")
		u.lastTab = ""
		return
	}
	common := cands[0]
	for _, c := range cands[1:] {
		for !strings.HasPrefix(c, common) {
			common = common[:len(common)-1]
		}
	}
	if len(common) > len(word) {
		completed := line[:len(line)-len(word)] + common
		u.termInput.SetValue(completed)
		u.lastTab = completed // the next Tab lists the candidates
		return
	}
	if u.lastTab == line { // second Tab: list them
		a.termCommand(line)
		a.termText(strings.Join(cands, "  "), "term-note term-cands")
		u.lastTab = ""
		return
	}
	u.lastTab = line
}
