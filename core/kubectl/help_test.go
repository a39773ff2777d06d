package kubectl

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestHelpListsTheSupportedCommands(t *testing.T) {
	e := newEnv(t)
	want := lines(
		"kubectl controls the Kubernetes cluster manager.",
		"",
		" Find more information at: https://kubernetes.io/docs/reference/kubectl/",
		"",
		"Basic Commands (Beginner):",
		"  create          Create a resource from a file or from stdin",
		"  expose          Take a replication controller, service, deployment or pod and expose it as a new Kubernetes service",
		"  run             Run a particular image on the cluster",
		"  set             Set specific features on objects",
		"",
		"Basic Commands (Intermediate):",
		"  get             Display one or many resources",
		"  delete          Delete resources by file names, stdin, resources and names, or by resources and label selector",
		"",
		"Deploy Commands:",
		"  rollout         Manage the rollout of a resource",
		"  scale           Set a new size for a deployment, replica set, or replication controller",
		"  autoscale       Auto-scale a deployment, replica set, stateful set, or replication controller",
		"",
		"Cluster Management Commands:",
		"  certificate     Modify certificate resources",
		"  cordon          Mark node as unschedulable",
		"  uncordon        Mark node as schedulable",
		"  drain           Drain node in preparation for maintenance",
		"  taint           Update the taints on one or more nodes",
		"",
		"Troubleshooting and Debugging Commands:",
		"  describe        Show details of a specific resource or group of resources",
		"  logs            Print the logs for a container in a pod",
		"  exec            Execute a command in a container",
		"",
		"Advanced Commands:",
		"  apply           Apply a configuration to a resource by file name or stdin",
		"  patch           Update fields of a resource",
		"  wait            Experimental: Wait for a specific condition on one or many resources",
		"",
		"Settings Commands:",
		"  label           Update the labels on a resource",
		"  annotate        Update the annotations on a resource",
		"",
		"Other Commands:",
		"  api-resources   Print the supported API resources on the server",
		"  api-versions    Print the supported API versions on the server, in the form of \"group/version\"",
		"  version         Print the client and server version information",
		"",
		"Usage:",
		"  kubectl [flags] [options]",
		"",
		"Use \"kubectl <command> --help\" for more information about a given command.",
	)
	for _, cmd := range []string{"kubectl", "kubectl help", "kubectl --help", "kubectl -h"} {
		r := e.run(cmd)
		assert.Equal(t, want, r.Stdout, cmd)
		assert.Equal(t, 0, r.ExitCode, cmd)
	}
}

func TestCommandHelp(t *testing.T) {
	e := newEnv(t)
	r := e.run("kubectl rollout undo --help")
	assert.Equal(t, lines(
		"Roll back to a previous rollout.",
		"",
		"Examples:",
		"  # Roll back to the previous deployment",
		"  kubectl rollout undo deployment/abc",
		"",
		"Options:",
		"    --to-revision=0:",
		"\tThe revision to rollback to. Default to 0 (last revision).",
		"",
		"Usage:",
		"  kubectl rollout undo (TYPE NAME | TYPE/NAME) [flags] [options]",
		"",
		"Use \"kubectl --help\" for a list of the commands this terminal supports.",
	), r.Stdout)
	r = e.run("kubectl rollout")
	assert.Contains(t, r.Stdout, "Available Commands:\n  history       View rollout history\n  pause         Mark the provided resource as paused\n")
	assert.Equal(t, 0, r.ExitCode)
	for _, cmd := range []string{"kubectl get pods -h", "kubectl help get", "kubectl get --help"} {
		r = e.run(cmd)
		assert.True(t, strings.HasPrefix(r.Stdout, "Display one or many resources.\n"), cmd)
		assert.Contains(t, r.Stdout, "    -w, --watch=false:\n", cmd)
	}
	r = e.run("kubectl help frob")
	assert.True(t, strings.HasPrefix(r.Stdout, "Unknown help topic [`frob`]\n\nkubectl controls"), r.Stdout)
	for _, verb := range []string{"annotate", "apply", "create", "delete", "describe", "get", "label", "patch", "rollout", "scale", "set", "version"} {
		assert.Contains(t, helpTexts, verb)
	}
	for verb := range commands {
		assert.Contains(t, helpTexts, verb, "every command has help")
	}
	for verb, subs := range subcommands {
		for _, s := range subs {
			assert.Contains(t, helpTexts, verb+" "+s)
		}
	}
}

func TestUnknownFlagsAndCommandsAnswerAsKubectl(t *testing.T) {
	e := newEnv(t)
	for cmd, stderr := range map[string]string{
		"kubectl get pods --foo":                 "Error: unknown flag: --foo\nSee 'kubectl get --help' for usage.\n",
		"kubectl rollout history deploy/x --foo": "Error: unknown flag: --foo\nSee 'kubectl rollout history --help' for usage.\n",
		"kubectl get pods -o":                    "Error: flag needs an argument: 'o' in -o\nSee 'kubectl get --help' for usage.\n",
		"kubectl get pods --watch=maybe":         "Error: invalid argument \"maybe\" for \"-w, --watch\" flag: strconv.ParseBool: parsing \"maybe\": invalid syntax\nSee 'kubectl get --help' for usage.\n",
		"kubectl --foo":                          "Error: unknown flag: --foo\nSee 'kubectl --help' for usage.\n",
		"kubectl frob web":                       "Error: unknown command \"frob\" for \"kubectl\"\n",
		"kubectl rollout frob":                   "error: unknown command \"frob\"\nSee 'kubectl rollout -h' for help and examples\n",
	} {
		r := e.run(cmd)
		assert.Equal(t, stderr, r.Stderr, cmd)
		assert.Equal(t, 1, r.ExitCode, cmd)
	}
}
