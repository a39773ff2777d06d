package kubectl

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// flagNames are a command's flags as "-o/--output", "--show-labels".
func flagNames(flags []Flag) []string {
	var out []string
	for _, f := range flags {
		name := "--" + f.Long
		if f.Short != "" {
			name = "-" + f.Short + "/" + name
		}
		out = append(out, name)
	}
	return out
}

// Every command and subcommand reaches its flag parsing when asked for its
// flags, so none is left without completion.
func TestEveryCommandTellsItsFlags(t *testing.T) {
	for _, verb := range Commands() {
		if verb == "help" {
			assert.Nil(t, Flags(verb), "help reads topics, and no flags")
			continue
		}
		paths := []string{verb}
		for _, sub := range Subcommands(verb) {
			paths = append(paths, verb+" "+sub)
			for _, subsub := range Subcommands(verb + " " + sub) {
				paths = append(paths, verb+" "+sub+" "+subsub)
			}
		}
		for _, path := range paths {
			if len(Subcommands(path)) > 0 && path != "create" {
				continue // a group: rollout and set run only their subcommands
			}
			flags := Flags(path)
			require.NotEmpty(t, flags, path)
			assert.Contains(t, flagNames(flags), "-n/--namespace", path)
		}
	}
}

func TestFlagsAreWhatTheCommandParses(t *testing.T) {
	for _, tc := range []struct {
		path string
		want []string
	}{
		{"get", []string{"-o/--output", "-l/--selector", "--field-selector", "-A/--all-namespaces", "--show-labels",
			"--show-kind", "-L/--label-columns", "--sort-by", "-w/--watch", "--watch-only", "--no-headers",
			"--allow-missing-template-keys", "--template", "--show-managed-fields", "-n/--namespace", "-h/--help"}},
		{"rollout undo", []string{"--to-revision", "-n/--namespace", "-h/--help"}},
		{"scale", []string{"--replicas", "--record", "--current-replicas", "-n/--namespace", "-h/--help"}},
	} {
		assert.Equal(t, tc.want, flagNames(Flags(tc.path)), tc.path)
	}
	get := Flags("get")
	assert.Contains(t, get, Flag{Long: "output", Short: "o", Value: true})
	assert.Contains(t, get, Flag{Long: "watch", Short: "w", Value: false})
	assert.Nil(t, Flags("frobnicate"))
	assert.Nil(t, Flags(""))
}

// Each -o value offered for a command is one its printer check accepts.
func TestOutputFormatsAreAccepted(t *testing.T) {
	e := newEnv(t)
	for _, tc := range []struct {
		path, line string
		want       []string
	}{
		{"get", "kubectl get namespaces -o %s", []string{"custom-columns=", "json", "jsonpath=", "name", "wide", "yaml"}},
		{"api-resources", "kubectl api-resources -o %s", []string{"name", "wide"}},
		{"create deployment", "kubectl create deployment web --image=nginx --dry-run=client -o %s", []string{"json", "name", "yaml"}},
		{"run", "kubectl run web --image=nginx --dry-run=client -o %s", []string{"json", "name", "yaml"}},
	} {
		formats := OutputFormats(tc.path)
		assert.Equal(t, tc.want, formats, tc.path)
		for _, f := range formats {
			arg := f
			switch f {
			case "jsonpath=":
				arg += "{.items[0].metadata.name}"
			case "custom-columns=":
				arg += "NAME:.metadata.name"
			}
			res := e.run(fmt.Sprintf(tc.line, arg))
			assert.Zero(t, res.ExitCode, "%s -o %s: %s", tc.path, arg, res.Stderr)
		}
		bad := e.run(fmt.Sprintf(tc.line, "nosuchformat"))
		assert.NotZero(t, bad.ExitCode, "%s refuses a format it was not offered", tc.path)
	}
	assert.Empty(t, OutputFormats("version"), "version takes -o but does not print by it")
	assert.Empty(t, OutputFormats("describe"))
}

func TestCommandLineAcceptsTheAlias(t *testing.T) {
	for _, tc := range []struct {
		line, want string
		ok         bool
	}{
		{"kubectl get pods", "kubectl get pods", true},
		{"k get po", "kubectl get po", true},
		{"  k\tget po", "kubectl\tget po", true},
		{"k", "kubectl", true},
		{"kubectl", "kubectl", true},
		{"kx get po", "kx get po", false},
		{"get pods", "get pods", false},
		{"ls", "ls", false},
		{"", "", false},
	} {
		got, ok := CommandLine(tc.line)
		assert.Equal(t, tc.want, got, tc.line)
		assert.Equal(t, tc.ok, ok, tc.line)
	}
	e := newEnv(t)
	alias, full := e.run("k get ns -o name"), e.run("kubectl get ns -o name")
	assert.Equal(t, full.Stdout, alias.Stdout)
	assert.True(t, strings.Contains(alias.Stdout, "namespace/kube-system"), alias.Stdout)
}

// kubectl certificate without a subcommand it knows prints its help, as
// kubectl does (exit code 0), listing approve and deny.
func TestCertificateListsItsSubcommands(t *testing.T) {
	e := newEnv(t)
	for _, line := range []string{"kubectl certificate", "kubectl certificate frob", "kubectl certificate --help"} {
		res := e.run(line)
		assert.Zero(t, res.ExitCode, line)
		assert.Contains(t, res.Stdout, "Available Commands:\n  approve       Approve a certificate signing request\n  deny          Deny a certificate signing request\n", line)
	}
	assert.Contains(t, e.run("kubectl certificate deny --help").Stdout, "--force=false:")
}
