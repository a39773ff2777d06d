package cluster

import (
	"fmt"
	"sort"
	"strings"
)

// SimCommand is a sandbox command beyond kubectl — `sim node add node-4`,
// `sim controller-manager kill …` — the faults and fixtures a lesson needs
// that a real cluster gets from its operators. args excludes the name.
type SimCommand func(c *Cluster, args []string) (string, error)

// simCommands holds every sim subcommand but advance and settle (which the
// transcript runner and the page drive themselves, to poll watches).
// Each feature registers its own in an init function, in its own file.
var simCommands = map[string]SimCommand{}

// RegisterSim adds `sim NAME …`.
func RegisterSim(name string, fn SimCommand) { simCommands[name] = fn }

// Sim runs `sim ARGS…`.
func (c *Cluster) Sim(args []string) (string, error) {
	if len(args) == 0 {
		return "", fmt.Errorf("sim needs a subcommand: %s", strings.Join(SimCommands(), ", "))
	}
	fn, ok := simCommands[args[0]]
	if !ok {
		return "", fmt.Errorf("unknown command \"sim %s\"; sim commands are: %s", args[0], strings.Join(SimCommands(), ", "))
	}
	return fn(c, args[1:])
}

// SimCommands lists the sim subcommands, sorted, with advance and settle.
func SimCommands() []string {
	names := []string{"advance", "settle"}
	for n := range simCommands {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
