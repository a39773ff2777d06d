package kubectl

import (
	"fmt"
	"strings"

	"github.com/kubeloop/kubeloop/core/api"
)

// runSetImage is `kubectl set image TYPE/NAME CONTAINER=IMAGE...`.
func runSetImage(c *invocation, args []string) {
	pos, f, ok := c.parse(args, setFlags...)
	if !ok {
		return
	}
	var resources []string
	images := map[string]string{}
	var order []string
	for _, p := range pos {
		// CONTAINER=IMAGE, as kubectl splits its arguments: one starting
		// with "=" is a resource; an empty image is the API server's to
		// refuse.
		name, image, isImage := strings.Cut(p, "=")
		if !isImage || name == "" {
			resources = append(resources, p)
			continue
		}
		images[name] = image
		order = append(order, name)
	}
	if len(images) == 0 {
		c.fail("at least one image update is required")
		return
	}
	ts, ok := c.setTargets(resources, f)
	if !ok {
		return
	}
	c.updatePodSpecs(ts, f, changeCause([]string{"set", "image"}, pos, f), "image updated", "image update to pod template: ", func(_ target, spec *api.PodSpec) error {
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
			if !found {
				return fmt.Errorf("unable to find container named %q", name)
			}
		}
		return nil
	})
}
