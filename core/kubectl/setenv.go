package kubectl

import (
	"fmt"
	"strings"

	"github.com/kubeloop/kubeloop/core/api"
)

// runSetEnv is `kubectl set env TYPE/NAME KEY=VALUE... KEY-...`: it sets
// and removes environment variables of the containers -c picks, or with
// --list prints them.
func runSetEnv(c *invocation, args []string) {
	pos, f, ok := c.parse(args, append(setFlags,
		flagDef{long: "containers", short: "c", def: "*"},
		flagDef{long: "env", short: "e"},
		flagDef{long: "list", boolean: true},
		flagDef{long: "overwrite", boolean: true, def: "true"},
	)...)
	if !ok {
		return
	}
	resources, envArgs, ok := splitEnvFromResources(pos)
	if !ok {
		c.fail("all resources must be specified before environment changes: %s", strings.Join(pos, " "))
		return
	}
	set, remove, err := parseEnv(append(f.all("env"), envArgs...))
	if err != nil {
		c.fail("%v", err)
		return
	}
	list := f.boolean("list")
	if !list && len(set) == 0 && len(remove) == 0 {
		c.fail("at least one environment variable must be provided")
		return
	}
	ts, ok := c.setTargets(resources, f)
	if !ok {
		return
	}
	pattern := f.str("containers")
	if list {
		c.listEnv(ts, f, pattern)
		return
	}
	overwrite := f.boolean("overwrite")
	c.updatePodSpecs(ts, f, changeCause([]string{"set", "env"}, pos, f), "env updated", "env update to pod template: ", func(t target, spec *api.PodSpec) error {
		containers := append(selectContainers(spec.Containers, pattern), selectContainers(spec.InitContainers, pattern)...)
		if len(containers) == 0 {
			c.noContainersMatch(t, pattern)
			return nil
		}
		for _, ct := range containers {
			if !overwrite {
				for _, e := range set {
					if old, ok := findEnv(ct.Env, e.Name); ok && old.Value != e.Value {
						return fmt.Errorf("'%s' already has a value (%s), and --overwrite is false", e.Name, old.Value)
					}
				}
			}
			ct.Env = updateEnv(ct.Env, set, remove)
		}
		return nil
	})
}

// splitEnvFromResources cuts the arguments at the first KEY=VALUE or KEY-:
// resources before, environment changes after, none of them mixed.
func splitEnvFromResources(args []string) (resources, env []string, ok bool) {
	first := len(args)
	for i, a := range args {
		if isEnvArg(a) {
			first = i
			break
		}
	}
	for _, a := range args[first:] {
		if !isEnvArg(a) {
			return nil, nil, false
		}
	}
	return args[:first], args[first:], true
}

func isEnvArg(a string) bool { return strings.Contains(a, "=") || strings.HasSuffix(a, "-") }

// parseEnv reads KEY=VALUE (set) and KEY- (remove), with the API server's
// rule for a name.
func parseEnv(args []string) (set []api.EnvVar, remove []string, err error) {
	for _, a := range args {
		switch name, value, isSet := strings.Cut(a, "="); {
		case isSet:
			if !api.IsEnvVarName(name) {
				return nil, nil, fmt.Errorf("%q is not a valid key name: %s", name, api.EnvVarNameMsg)
			}
			set = append(set, api.EnvVar{Name: name, Value: value})
		case strings.HasSuffix(a, "-"):
			remove = append(remove, strings.TrimSuffix(a, "-"))
		default:
			return nil, nil, fmt.Errorf("unknown environment variable: %s", a)
		}
	}
	return set, remove, nil
}

func findEnv(env []api.EnvVar, name string) (api.EnvVar, bool) {
	for _, e := range env {
		if e.Name == name {
			return e, true
		}
	}
	return api.EnvVar{}, false
}

// updateEnv is existing with set's values in place (new names at the end)
// and remove's names gone: a name both set and removed is removed.
func updateEnv(existing, set []api.EnvVar, remove []string) []api.EnvVar {
	covered := map[string]bool{}
	for _, r := range remove {
		covered[r] = true
	}
	var out []api.EnvVar
	for _, e := range existing {
		if covered[e.Name] {
			continue
		}
		if newer, ok := findEnv(set, e.Name); ok {
			covered[e.Name] = true
			out = append(out, newer)
			continue
		}
		out = append(out, e)
	}
	for _, e := range set {
		if !covered[e.Name] {
			covered[e.Name] = true
			out = append(out, e)
		}
	}
	return out
}

// listEnv is set env --list: each picked container's variables, under a
// line naming the object and container.
func (c *invocation) listEnv(ts []target, f *flags, pattern string) {
	for _, t := range ts {
		o, ok := c.live(t, f)
		if !ok {
			continue
		}
		spec := c.podSpecOrFail(t, o)
		if spec == nil {
			continue
		}
		for _, ct := range append(selectContainers(spec.InitContainers, pattern), selectContainers(spec.Containers, pattern)...) {
			c.printf("# %s %s, container %s\n", t.kind.Kind, t.name, ct.Name)
			for _, e := range ct.Env {
				if e.ValueFrom == nil {
					c.printf("%s=%s\n", e.Name, e.Value)
				} else if e.ValueFrom.FieldRef != nil {
					fmt.Fprintf(&c.err, "# %s from field path %s\n", e.Name, e.ValueFrom.FieldRef.FieldPath)
				}
			}
		}
	}
}
