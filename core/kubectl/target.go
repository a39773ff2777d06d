package kubectl

import (
	"strings"

	"github.com/kubeloop/kubeloop/core/api"
)

// errNoResources is kubectl's resource builder's answer to a command that
// names nothing.
const errNoResources = "You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'"

// target is one object named on the command line.
type target struct {
	kind *api.Kind
	name string
}

// selected are the objects of a kind that -l/--selector and
// --field-selector (or --all, which takes every one) pick in namespace (""
// for every namespace). None of these flags is kubectl's resource
// builder's error.
func (c *invocation) selected(k *api.Kind, f *flags, namespace string) ([]api.Object, bool) {
	if !f.has("selector") && !f.has("field-selector") && !f.boolean("all") {
		c.fail("resource(s) were provided, but no name was specified")
		return nil, false
	}
	sel := readListSelect(f)
	if err := sel.check(k); err != nil {
		c.err.WriteString(formatError(err, "", ""))
		c.code = 1
		return nil, false
	}
	var out []api.Object
	for _, o := range c.env.Store().List(k, namespace) {
		if sel.matches(o) {
			out = append(out, o)
		}
	}
	return out, true
}

// namedTargets is targets for a command that must be given something to act
// on (delete, patch, wait): nothing at all is the resource builder's error.
func (c *invocation) namedTargets(pos []string) (ts []target, kindOnly *api.Kind, ok bool) {
	if len(pos) == 0 {
		c.fail("%s", errNoResources)
		return nil, nil, false
	}
	return c.targets(pos)
}

// targets reads "TYPE NAME..." or "TYPE/NAME..." as kubectl's resource
// builder does. It prints the error and returns ok=false on bad input;
// kindOnly reports "TYPE" alone (for -l or --all).
func (c *invocation) targets(pos []string) (ts []target, kindOnly *api.Kind, ok bool) {
	if len(pos) == 0 {
		return nil, nil, true
	}
	if strings.Contains(pos[0], "/") {
		for _, p := range pos {
			typ, name, found := strings.Cut(p, "/")
			if !found {
				c.fail("there is no need to specify a resource type as a separate argument when passing arguments in resource/name form (e.g. 'kubectl get resource/<resource_name>' instead of 'kubectl get resource resource/<resource_name>'")
				return nil, nil, false
			}
			k := c.resolveKind(typ)
			if k == nil {
				return nil, nil, false
			}
			if name == "" {
				c.fail("arguments in resource/name form must have a single resource and name")
				return nil, nil, false
			}
			ts = append(ts, target{k, name})
		}
		return ts, nil, true
	}
	k := c.resolveKind(pos[0])
	if k == nil {
		return nil, nil, false
	}
	if len(pos) == 1 {
		return nil, k, true
	}
	for _, name := range pos[1:] {
		if strings.Contains(name, "/") {
			c.fail("there is no need to specify a resource type as a separate argument when passing arguments in resource/name form (e.g. 'kubectl get resource/<resource_name>' instead of 'kubectl get resource resource/<resource_name>'")
			return nil, nil, false
		}
		ts = append(ts, target{k, name})
	}
	return ts, nil, true
}

// namespaceFor is where a kind's object named on the command line lives.
func namespaceFor(k *api.Kind, f *flags) string {
	if !k.Namespaced {
		return ""
	}
	return namespaceOf(f)
}

// podSpecOf returns the pod spec a workload stamps out (or a pod's own).
func podSpecOf(o api.Object) *api.PodSpec {
	switch x := o.(type) {
	case *api.Pod:
		return &x.Spec
	case *api.Deployment:
		return &x.Spec.Template.Spec
	case *api.ReplicaSet:
		return &x.Spec.Template.Spec
	case *api.StatefulSet:
		return &x.Spec.Template.Spec
	case *api.DaemonSet:
		return &x.Spec.Template.Spec
	case *api.CronJob:
		return &x.Spec.JobTemplate.Spec.Template.Spec
	}
	return nil
}

// live is t as the store has it now, in f's namespace; when the store
// cannot say, the API error is printed as kubectl prints it.
func (c *invocation) live(t target, f *flags) (api.Object, bool) {
	o, err := c.env.Store().Get(t.kind, namespaceFor(t.kind, f), t.name)
	if err != nil {
		c.apiError(err, "", "")
		return nil, false
	}
	return o, true
}
