package kubectl

import (
	"errors"
	"path"
	"reflect"
	"strings"

	"github.com/kubeloop/kubeloop/core/api"
)

// setCommands are kubectl set's subcommands.
var setCommands = map[string]func(*invocation, []string){
	"env":       runSetEnv,
	"image":     runSetImage,
	"resources": runSetResources,
}

func runSet(c *invocation, args []string) {
	if len(args) == 0 {
		c.unknownSubcommand(args)
		return
	}
	run, ok := setCommands[args[0]]
	if !ok {
		c.unknownSubcommand(args)
		return
	}
	c.path = "set " + args[0]
	run(c, args[1:])
}

// setFlags are the flags every set subcommand takes for choosing objects.
var setFlags = []flagDef{
	{long: "all", boolean: true},
	{long: "selector", short: "l"},
	recordFlag,
}

// setTargets are the objects a set subcommand changes: TYPE NAME... or
// TYPE/NAME..., or a TYPE with --all or -l.
func (c *invocation) setTargets(resources []string, f *flags) ([]target, bool) {
	ts, kindOnly, ok := c.targets(resources)
	if !ok {
		return nil, false
	}
	if kindOnly != nil && (f.boolean("all") || f.has("selector")) {
		objs, ok := c.selected(kindOnly, f, namespaceFor(kindOnly, f))
		if !ok {
			return nil, false
		}
		for _, o := range objs {
			ts = append(ts, target{kindOnly, o.GetObjectMeta().Name})
		}
		return ts, true
	}
	if kindOnly != nil || len(ts) == 0 {
		c.fail("one or more resources must be specified as <resource> <name> or <resource>/<name>")
		return nil, false
	}
	return ts, true
}

// updatePodSpecs applies change to the pod spec (a pod's, or a workload's
// template) of each target and writes each object it changed, printing
// "deployment.apps/NAME DONE" as kubectl set does. An object change leaves
// as it was is not written and not printed; a change's error is printed
// and that object skipped.
//
// A refused write is worded as kubectl words it: "failed to patch " and
// what the command patches (upstream's set_*.go), then the server's error.
func (c *invocation) updatePodSpecs(ts []target, f *flags, cause, done, patching string, change func(t target, spec *api.PodSpec) error) {
	st := c.env.Store()
	for _, t := range ts {
		live, ok := c.live(t, f)
		if !ok {
			continue
		}
		o := api.DeepCopyObject(live)
		spec := c.podSpecOrFail(t, o)
		if spec == nil {
			continue
		}
		if err := change(t, spec); err != nil {
			c.fail("%v", err)
			continue
		}
		recordChange(o.GetObjectMeta(), f, cause)
		if reflect.DeepEqual(o, live) {
			continue // nothing to patch: kubectl prints nothing
		}
		if _, err := st.Update(o); err != nil {
			c.fail("failed to patch %s%s", patching, serverErrorText(err, t.kind))
			continue
		}
		c.printf("%s %s\n", qualifiedName(t.kind, t.name), done)
	}
}

// podSpecOrFail is o's pod spec (a pod's, or a workload's template), or
// nil after kubectl's error for an object that has none.
func (c *invocation) podSpecOrFail(t target, o api.Object) *api.PodSpec {
	spec := podSpecOf(o)
	if spec == nil {
		c.fail("%s is not a pod or a workload with a pod template", qualifiedName(t.kind, t.name))
	}
	return spec
}

// selectContainers are the containers whose names match -c/--containers,
// a shell pattern ("*", the default, is all of them).
func selectContainers(list []api.Container, pattern string) []*api.Container {
	var out []*api.Container
	for i := range list {
		if ok, _ := path.Match(pattern, list[i].Name); ok {
			out = append(out, &list[i])
		}
	}
	return out
}

// noContainersMatch is kubectl set's warning for an object none of whose
// containers -c picks.
func (c *invocation) noContainersMatch(t target, pattern string) {
	c.err.WriteString("warning: " + t.kind.Resource + "/" + t.name + " does not have any containers matching \"" + pattern + "\"\n")
}

// serverErrorText is an API error as client-go's error writes it (what
// kubectl prints after its own words): the message, an Invalid one naming
// the kind qualified by its group ("Deployment.apps \"web\" is invalid: …").
func serverErrorText(err error, k *api.Kind) string {
	var se *api.StatusError
	if !errors.As(err, &se) || se.Reason != api.ReasonInvalid || se.Kind == "" {
		return err.Error()
	}
	qualified := se.Kind
	if k.Group != "" {
		qualified += "." + k.Group
	}
	return qualified + strings.TrimPrefix(se.Message, se.Kind)
}
