package kubectl

import (
	"reflect"
	"strings"

	"github.com/kubeloop/kubeloop/core/api"
)

func runSet(c *invocation, args []string) {
	if len(args) == 0 || args[0] != "image" {
		c.unknownSubcommand(args)
		return
	}
	c.path = "set image"
	runSetImage(c, args[1:])
}

// runSetImage is `kubectl set image TYPE/NAME CONTAINER=IMAGE...`.
func runSetImage(c *invocation, args []string) {
	pos, f, ok := c.parse(args, flagDef{long: "record", boolean: true}, flagDef{long: "all", boolean: true})
	if !ok {
		return
	}
	var resources []string
	images := map[string]string{}
	var order []string
	for _, p := range pos {
		name, image, isImage := strings.Cut(p, "=")
		if !isImage {
			resources = append(resources, p)
			continue
		}
		if name == "" || image == "" {
			c.fail("invalid image %s", p)
			return
		}
		images[name] = image
		order = append(order, name)
	}
	if len(images) == 0 {
		c.fail("at least one image update is required")
		return
	}
	ts, kindOnly, ok := c.targets(resources)
	if !ok {
		return
	}
	if kindOnly != nil || len(ts) == 0 {
		c.fail("one or more resources must be specified as <resource> <name> or <resource>/<name>")
		return
	}
	cause := changeCause([]string{"set", "image"}, pos, f)
	st := c.env.Store()
	for _, t := range ts {
		live, err := st.Get(t.kind, namespaceFor(t.kind, f), t.name)
		if err != nil {
			c.apiError(err, "", "")
			continue
		}
		o := api.DeepCopyObject(live)
		spec := podSpecOf(o)
		if spec == nil {
			c.fail("%s is not a pod or a workload with a pod template", qualifiedName(t.kind, t.name))
			continue
		}
		missing := ""
		for _, name := range order {
			found := false
			for _, list := range [][]api.Container{spec.InitContainers, spec.Containers} {
				for i := range list {
					if name == "*" || list[i].Name == name {
						list[i].Image = images[name]
						found = true
					}
				}
			}
			if !found && missing == "" {
				missing = name
			}
		}
		if missing != "" {
			c.fail("unable to find container named %q", missing)
			continue
		}
		recordChange(o.GetObjectMeta(), f, cause)
		if reflect.DeepEqual(o, live) {
			continue // nothing to patch: kubectl prints nothing
		}
		if _, err := st.Update(o); err != nil {
			c.apiError(err, "", "")
			continue
		}
		c.printf("%s image updated\n", qualifiedName(t.kind, t.name))
	}
}
