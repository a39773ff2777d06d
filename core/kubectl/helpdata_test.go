package kubectl

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/kubectl/helptext"
)

// TestHelpPagesAndCommandsAgree: site/data/kubectl-help.json has a page
// for every command, subcommand, alias and verb of the command list, and
// no page for a command this kubectl does not have (a key misspelt or left
// behind).
func TestHelpPagesAndCommandsAgree(t *testing.T) {
	register()
	paths := map[string]bool{}
	for verb := range commands {
		paths[verb] = true
	}
	for parent, subs := range subcommands {
		for _, s := range subs {
			paths[parent+" "+s] = true
		}
	}
	has := func(path string) bool { _, ok := helpTexts[path]; return ok }
	for path := range paths {
		assert.True(t, has(path), "the command %q has no help page", path)
	}
	for path := range helpTexts {
		assert.True(t, paths[path], "the help page %q is no command", path)
	}
	for _, g := range helpGroups {
		for _, v := range g.verbs {
			assert.True(t, has(v), "%q in the command list (%s) has no help page", v, g.title)
		}
	}
	for alias, name := range subcommandAliases {
		parent := alias[:strings.LastIndexByte(alias, ' ')]
		assert.True(t, has(parent+" "+name), "the alias %q has no help page", alias)
	}
	for name := range createCommands {
		if alias, ok := subcommandAliases["create "+name]; ok {
			name = alias
		}
		assert.True(t, has("create "+name), "kubectl create %s has no help page", name)
	}
}

// noHelpEnv is an Env that holds no help pages (it hides fakeEnv's).
type noHelpEnv struct{ Env }

// loadingEnv is the page's cluster before the pages have come.
type loadingEnv struct{ *fakeEnv }

func (loadingEnv) KubectlHelp() helptext.Pages { return nil }

// TestHelpWithoutPages: whatever asks for help where the host gave none
// (or has not yet: the page loads them after it starts) is told so and
// fails; the other commands are not affected.
func TestHelpWithoutPages(t *testing.T) {
	for name, env := range map[string]Env{"no HelpSource": noHelpEnv{newEnv(t)}, "not loaded": loadingEnv{newEnv(t)}} {
		for _, line := range []string{"kubectl", "kubectl -h", "kubectl help", "kubectl help get", "kubectl help frob",
			"kubectl get --help", "kubectl create svc clusterip -h", "kubectl rollout", "kubectl certificate", "kubectl set"} {
			r := Run(env, line, "")
			assert.Equal(t, "", r.Stdout, "%s: %s", name, line)
			assert.Equal(t, "error: kubectl's help pages are not loaded yet; run the command again in a moment\n", r.Stderr, "%s: %s", name, line)
			assert.Equal(t, 1, r.ExitCode, "%s: %s", name, line)
		}
		r := Run(env, "kubectl get namespaces", "")
		require.Equal(t, 0, r.ExitCode, r.Stderr)
		assert.Contains(t, r.Stdout, "kube-system")
	}
}
