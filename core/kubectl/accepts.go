package kubectl

import (
	"slices"
	"sort"
	"strings"
)

// What this kubectl accepts — its commands, their subcommands, each
// command's flags and -o formats — read from the parser's own tables, for
// the terminal's Tab completion: a flag added to a command completes as
// soon as the command parses it, and one it does not parse never does.

// Flag is one flag a command accepts.
type Flag struct {
	Long  string // "output"
	Short string // "o", or "" when it has none
	// Value: the flag takes a value (--output=yaml); a boolean does not.
	Value bool
}

// Commands are the verbs kubectl runs here ("get", "rollout", …), sorted.
func Commands() []string {
	register()
	verbs := make([]string, 0, len(commands))
	for v := range commands {
		verbs = append(verbs, v)
	}
	sort.Strings(verbs)
	return verbs
}

// Subcommands are the subcommands of path ("rollout", "create service"),
// sorted; nil for a command that has none.
func Subcommands(path string) []string {
	register()
	subs := slices.Clone(subcommands[path])
	if path == "create secret" {
		subs = append(subs, secretTypes...) // its types: no help page of their own
	}
	sort.Strings(subs)
	return subs
}

// GlobalFlags are the flags every command accepts, and kubectl before its
// command (-n, --help).
func GlobalFlags() []Flag { return toFlags(globalFlags) }

func toFlags(defs []flagDef) []Flag {
	out := make([]Flag, 0, len(defs))
	for _, d := range defs {
		out = append(out, Flag{Long: d.long, Short: d.short, Value: !d.boolean})
	}
	return out
}

// flagProbe, set on an invocation, stops the command at its parse and
// keeps the flag definitions it was about to parse with.
type flagProbe struct {
	defs    []flagDef
	reached bool
}

// Flags are the flags the command at path ("get", "rollout status",
// "create deployment") accepts, kubectl's global ones included, in the
// order the command declares them; nil for a path that is not a command.
// The command itself says: it runs up to its flag parsing, and stops there.
func Flags(path string) []Flag {
	register()
	words := strings.Fields(path)
	if len(words) == 0 {
		return nil
	}
	run, ok := commands[words[0]]
	if !ok {
		return nil
	}
	probe := &flagProbe{}
	c := &invocation{path: path, probe: probe}
	func() {
		defer func() { _ = recover() }() // a command that touched the cluster first: no flags known
		run(c, words[1:])
	}()
	if !probe.reached {
		return nil
	}
	return toFlags(probe.defs)
}

// OutputFormats are the -o values the command at path accepts, as the
// terminal offers them: a format that needs a template after it ends in
// "=" (jsonpath=, custom-columns=). nil when the command takes no -o, or
// takes it without choosing a printer by it (version).
func OutputFormats(path string) []string {
	var formats []string
	switch {
	case path == "get":
		formats = getOutputFormats
	case path == "api-resources":
		formats = apiResourcesOutputFormats
	case acceptsFlags(path, "output", "dry-run"):
		// Every generator (withGeneratorFlags) checks -o in generated.
		formats = generatorOutputFormats
	}
	out := make([]string, 0, len(formats))
	for _, f := range formats {
		if templateFormats[f] {
			f += "="
		}
		out = append(out, f)
	}
	return out
}

// templateFormats are the -o formats written FORMAT=TEMPLATE
// (parseTemplateOutput).
var templateFormats = map[string]bool{"jsonpath": true, "custom-columns": true}

// acceptsFlags reports whether the command at path has every flag named.
func acceptsFlags(path string, long ...string) bool {
	flags := Flags(path)
	for _, l := range long {
		if !slices.ContainsFunc(flags, func(f Flag) bool { return f.Long == l }) {
			return false
		}
	}
	return true
}
