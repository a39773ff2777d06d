package kubectl

import (
	"fmt"
	"slices"
	"strings"

	"github.com/kubeloop/kubeloop/core/kubectl/helptext"
)

// This file is `kubectl help`, `kubectl`, and `kubectl VERB --help`:
// kubectl's own layout, listing only what this terminal runs. The words of
// each page are data (site/data/kubectl-help.json, package helptext), which
// the Env holds; which commands there are, their groups and subcommands,
// is here and in the files that register the commands.

// HelpSource is an Env that holds kubectl's help pages (core/cluster, with
// the pages its host gave it). Without them, or before the page has loaded
// them, a command that asks for help says so and fails.
type HelpSource interface {
	// KubectlHelp returns the pages, or nil when there are none yet.
	KubectlHelp() helptext.Pages
}

// helpGroups is `kubectl`'s command list: its groups, in its order, with
// only the verbs implemented here.
var helpGroups = []struct {
	title string
	verbs []string
}{
	{"Basic Commands (Beginner)", []string{"create", "set"}},
	{"Basic Commands (Intermediate)", []string{"get", "delete"}},
	{"Deploy Commands", []string{"rollout", "scale"}},
	{"Troubleshooting and Debugging Commands", []string{"describe"}},
	{"Advanced Commands", []string{"apply", "patch", "wait"}},
	{"Settings Commands", []string{"label", "annotate"}},
	{"Other Commands", []string{"version"}},
}

// subcommands lists the subcommands of rollout and set, in kubectl's order.
var subcommands map[string][]string

func fillSubcommands() {
	subcommands = map[string][]string{
		"create":  {"configmap", "cronjob", "deployment", "job", "namespace", "poddisruptionbudget", "quota", "secret", "service", "serviceaccount"},
		"rollout": {"history", "pause", "restart", "resume", "status", "undo"},
		"set":     {"env", "image", "resources"},
		// kubectl create service's types.
		"create service": {"clusterip", "externalname", "loadbalancer", "nodeport"},
	}
}

// opt formats one flag as kubectl's help lists it.
func opt(flag, text string) string {
	return "    " + flag + ":\n\t" + text + "\n\n"
}

// subcommandAliases are the other names cobra knows a subcommand by (its
// Aliases), under the name its help is kept.
var subcommandAliases = map[string]string{
	"create cm": "configmap", "create cj": "cronjob", "create deploy": "deployment", "create ns": "namespace",
	"create pdb": "poddisruptionbudget", "create resourcequota": "quota", "create svc": "service",
	"create sa": "serviceaccount",
}

// wantsHelp reports whether a command line asks for help (-h or --help
// before any "--"), and for which command path.
func wantsHelp(words []string) (string, bool) {
	path := words[0]
	rest := words[1:]
	// Down the subcommands as far as the words go: "create service clusterip".
	for len(rest) > 0 {
		next := path + " " + rest[0]
		if name, ok := subcommandAliases[next]; ok {
			next = path + " " + name
		} else if !slices.Contains(subcommands[path], rest[0]) {
			break
		}
		path, rest = next, rest[1:]
	}
	for _, w := range rest {
		switch w {
		case "--":
			return "", false
		case "-h", "--help", "--help=true", "-h=true":
			return path, true
		}
	}
	return "", false
}

// helpPages are the Env's help pages; when it has none, it says so on
// stderr, fails the command, and returns nil.
func (c *invocation) helpPages() helptext.Pages {
	if s, ok := c.env.(HelpSource); ok {
		if pages := s.KubectlHelp(); pages != nil {
			return pages
		}
	}
	c.code = 1
	c.err.WriteString("error: kubectl's help pages are not loaded yet; run the command again in a moment\n")
	return nil
}

// runHelp is `kubectl help [COMMAND [SUBCOMMAND]]`.
func runHelp(c *invocation, args []string) {
	pages := c.helpPages()
	if pages == nil {
		return
	}
	if len(args) == 0 {
		printRootHelp(c, pages)
		return
	}
	path := strings.Join(args, " ")
	if _, ok := pages[path]; !ok {
		fmt.Fprintf(&c.out, "Unknown help topic [`%s`]\n\n", strings.Join(args, "` `"))
		printRootHelp(c, pages)
		return
	}
	printPage(c, pages, path)
}

// printRootHelp is what `kubectl` alone prints.
func printRootHelp(c *invocation, pages helptext.Pages) {
	var b strings.Builder
	b.WriteString("kubectl controls the Kubernetes cluster manager.\n\n")
	b.WriteString(" Find more information at: https://kubernetes.io/docs/reference/kubectl/\n\n")
	for _, g := range helpGroups {
		b.WriteString(g.title + ":\n")
		for _, v := range g.verbs {
			fmt.Fprintf(&b, "  %-15s %s\n", v, pages[v].Short)
		}
		b.WriteString("\n")
	}
	b.WriteString("Usage:\n  kubectl [flags] [options]\n\n")
	b.WriteString("Use \"kubectl <command> --help\" for more information about a given command.\n")
	c.out.WriteString(b.String())
}

// printHelp is `kubectl PATH --help`.
func printHelp(c *invocation, path string) {
	if pages := c.helpPages(); pages != nil {
		printPage(c, pages, path)
	}
}

// printPage prints the page of path, or the command list when there is
// none ("" is the root).
func printPage(c *invocation, pages helptext.Pages, path string) {
	h, ok := pages[path]
	if !ok {
		printRootHelp(c, pages)
		return
	}
	var b strings.Builder
	b.WriteString(h.Long + "\n\n")
	parent, name := path[:max(strings.LastIndexByte(path, ' '), 0)], path[strings.LastIndexByte(path, ' ')+1:]
	for alias, target := range subcommandAliases {
		if target == name && strings.HasPrefix(alias, parent+" ") {
			fmt.Fprintf(&b, "Aliases:\n%s, %s\n\n", name, alias[len(parent)+1:])
		}
	}
	if h.Example != "" {
		b.WriteString("Examples:\n" + h.Example + "\n\n")
	}
	if subs, ok := subcommands[path]; ok {
		b.WriteString("Available Commands:\n")
		longest := 11 // cobra's minNamePadding; kubectl's template adds two
		for _, s := range subs {
			longest = max(longest, len(s))
		}
		width := longest + 2
		for _, s := range subs {
			fmt.Fprintf(&b, "  %-*s %s\n", width, s, pages[path+" "+s].Short)
		}
		b.WriteString("\n")
	}
	if len(h.Options) > 0 {
		b.WriteString("Options:\n")
		for _, o := range h.Options {
			b.WriteString(opt(o.Flag, o.Text))
		}
	}
	b.WriteString("Usage:\n  " + h.Usage + "\n\n")
	if _, ok := subcommands[path]; ok {
		fmt.Fprintf(&b, "Use \"kubectl %s <command> --help\" for more information about a given command.\n", path)
	} else {
		b.WriteString("Use \"kubectl --help\" for a list of the commands this terminal supports.\n")
	}
	c.out.WriteString(b.String())
}
