package terminal

import (
	"slices"
	"sort"
	"strings"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/kubectl"
	"github.com/kubeloop/kubeloop/core/store"
)

// Completer completes the last word of a terminal line: the terminal's
// commands; kubectl's verbs and subcommands, each command's flags, the
// values of -n (the cluster's namespaces) and -o (the command's formats),
// resource types, object names and TYPE/NAME; sim's subcommands and node
// names. What kubectl accepts comes from kubectl itself (kubectl.Flags and
// its neighbours), so completion offers exactly what the parser takes.
type Completer struct {
	Store *store.Store
	// Sim are sim's subcommands on this cluster.
	Sim []string
}

// verbsWithKinds take a resource type, then names, or TYPE/NAME.
var verbsWithKinds = map[string]bool{
	"get": true, "describe": true, "delete": true, "scale": true, "label": true, "annotate": true,
	"patch": true, "taint": true, "autoscale": true, "expose": true, "wait": true,
	"rollout history": true, "rollout status": true, "rollout undo": true, "rollout pause": true,
	"rollout resume": true, "rollout restart": true, "set image": true, "set env": true, "set resources": true,
}

// verbsWithNames take names of one kind directly, with no type word.
var verbsWithNames = map[string]string{
	"exec": "pods", "cordon": "nodes", "uncordon": "nodes", "drain": "nodes",
	"certificate approve": "certificatesigningrequests", "certificate deny": "certificatesigningrequests",
}

// Complete returns the candidates for the last word of line — the whole
// word each would replace it with — and that word.
func (c Completer) Complete(line string) (cands []string, word string) {
	words := strings.Fields(line)
	if len(words) == 0 || strings.HasSuffix(line, " ") || strings.HasSuffix(line, "\t") {
		words = append(words, "")
	}
	word = words[len(words)-1]
	prev := words[:len(words)-1]
	if len(prev) == 0 {
		return prefixed(Commands, word), word
	}
	switch Parse(strings.Join(prev, " ")).Kind {
	case Kubectl:
		return c.completeKubectl(prev[1:], word), word
	case Sim:
		return c.completeSim(prev[1:], word), word
	}
	return nil, word
}

// kubectlLine is what the words before the one being completed say: the
// command path, its positional arguments, the namespace, and the flag
// whose value comes next, if one does.
type kubectlLine struct {
	path      string
	args      []string
	namespace string
	pending   *kubectl.Flag // the previous word was this flag, and wants a value
	dashdash  bool          // after "--": the container's command
}

// readKubectl reads the words after "kubectl" as kubectl's parser does.
func readKubectl(words []string) kubectlLine {
	l := kubectlLine{namespace: "default"}
	flags := kubectl.GlobalFlags()
	for i := 0; i < len(words); i++ {
		// take gives flag f its value: written onto it (inline), else the
		// next word — or, at the line's end, the word being completed.
		take := func(f *kubectl.Flag, inline string, written bool) {
			if !written {
				if i+1 == len(words) {
					l.pending = f
					return
				}
				i++
				inline = words[i]
			}
			l.setFlag(f, inline)
		}
		w := words[i]
		l.pending = nil
		switch {
		case w == "--":
			l.dashdash = true
			return l
		case strings.HasPrefix(w, "--"):
			name, value, written := strings.Cut(w[2:], "=")
			if f := findFlag(flags, name, ""); f != nil && f.Value {
				take(f, value, written)
			}
		case strings.HasPrefix(w, "-") && len(w) > 1:
			// Short flags run together (-it); the first that takes a value
			// takes the rest of the word, or the next word.
			for j := 1; j < len(w); j++ {
				if f := findFlag(flags, "", w[j:j+1]); f != nil && f.Value {
					take(f, strings.TrimPrefix(w[j+1:], "="), j+1 < len(w))
					break
				}
			}
		case l.path == "":
			l.path = w
			flags = flagsOf(l.path)
		case len(l.args) == 0 && slices.Contains(kubectl.Subcommands(l.path), w):
			l.path += " " + w
			flags = flagsOf(l.path)
		default:
			l.args = append(l.args, w)
		}
	}
	return l
}

// flagsOf are the flags of the command at path; before a command is
// known (or for a group such as rollout), kubectl's global ones.
func flagsOf(path string) []kubectl.Flag {
	if flags := kubectl.Flags(path); flags != nil {
		return flags
	}
	return kubectl.GlobalFlags()
}

func (l *kubectlLine) setFlag(f *kubectl.Flag, value string) {
	if f.Long == "namespace" {
		l.namespace = value
	}
}

func findFlag(flags []kubectl.Flag, long, short string) *kubectl.Flag {
	for i := range flags {
		if (long != "" && flags[i].Long == long) || (short != "" && flags[i].Short == short) {
			return &flags[i]
		}
	}
	return nil
}

func (c Completer) completeKubectl(words []string, word string) []string {
	l := readKubectl(words)
	switch {
	case l.dashdash:
		return nil
	case l.pending != nil:
		return prefixed(c.flagValues(l, l.pending.Long), word)
	case strings.HasPrefix(word, "--") && strings.Contains(word, "="):
		name, _, _ := strings.Cut(word[2:], "=")
		var out []string
		for _, v := range c.flagValues(l, name) {
			out = append(out, "--"+name+"="+v)
		}
		return prefixed(out, word)
	case strings.HasPrefix(word, "-"):
		return prefixed(flagWords(l.path), word)
	case l.path == "":
		return prefixed(kubectl.Commands(), word)
	}
	if subs := kubectl.Subcommands(l.path); len(subs) > 0 && len(l.args) == 0 {
		return prefixed(subs, word)
	}
	if resource, ok := verbsWithNames[l.path]; ok {
		return prefixed(c.names(api.ResourceFor(resource), l.namespace), word)
	}
	if !verbsWithKinds[l.path] {
		return nil
	}
	if typ, name, ok := strings.Cut(word, "/"); ok {
		var out []string
		for _, n := range prefixed(c.names(api.ResourceFor(typ), l.namespace), name) {
			out = append(out, typ+"/"+n)
		}
		return out
	}
	if len(l.args) == 0 {
		// TYPE, or TYPE,TYPE: complete the last of the list.
		done, last := "", word
		if i := strings.LastIndex(word, ","); i >= 0 {
			done, last = word[:i+1], word[i+1:]
		}
		types := resourceWords()
		if l.path == "get" {
			types = append(types, "all") // the category
		}
		var out []string
		for _, t := range prefixed(types, last) {
			out = append(out, done+t)
		}
		return out
	}
	if typ := l.args[0]; !strings.Contains(typ, "/") && !strings.Contains(typ, ",") {
		return prefixed(c.names(api.ResourceFor(typ), l.namespace), word)
	}
	return nil
}

// flagValues are the values Tab offers for a flag of the command.
func (c Completer) flagValues(l kubectlLine, long string) []string {
	switch long {
	case "namespace":
		return c.names(api.Namespaces, "")
	case "output":
		return kubectl.OutputFormats(l.path)
	}
	return nil
}

// flagWords are a command's flags as Tab offers them, sorted: "-o" and
// "--output=" (a flag that takes a value ends in "=", as bash's kubectl
// completion offers it), "--watch".
func flagWords(path string) []string {
	flags := flagsOf(path)
	var out []string
	for _, f := range flags {
		if f.Short != "" {
			out = append(out, "-"+f.Short)
		}
		long := "--" + f.Long
		if f.Value {
			long += "="
		}
		out = append(out, long)
	}
	sort.Strings(out)
	return out
}

func (c Completer) completeSim(args []string, word string) []string {
	if len(args) == 0 {
		return prefixed(c.Sim, word)
	}
	switch args[0] {
	case "node":
		if len(args) == 1 {
			return prefixed([]string{"add", "delete", "fail", "recover"}, word)
		}
		if len(args) == 2 && args[1] != "add" {
			return prefixed(c.names(api.Nodes, ""), word)
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

// names are the names of kind's objects in namespace (all of them for a
// kind that has none).
func (c Completer) names(kind *api.Kind, namespace string) []string {
	if kind == nil || c.Store == nil {
		return nil
	}
	if !kind.Namespaced {
		namespace = ""
	}
	var out []string
	for _, o := range c.Store.List(kind, namespace) {
		out = append(out, o.GetObjectMeta().Name)
	}
	return out
}

// prefixed are the words of list that begin with prefix, each once, in
// the list's order.
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
