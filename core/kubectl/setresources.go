package kubectl

import (
	"fmt"
	"strings"

	"github.com/kubeloop/kubeloop/core/api"
)

// runSetResources is `kubectl set resources TYPE/NAME --limits=... --requests=...`:
// it merges the given quantities into the resources of the containers -c
// picks. The API server then checks them (a request above its limit is
// invalid) and defaults a missing request to its limit.
func runSetResources(c *invocation, args []string) {
	pos, f, ok := c.parse(args, append(setFlags,
		flagDef{long: "containers", short: "c", def: "*"},
		flagDef{long: "limits"},
		flagDef{long: "requests"},
	)...)
	if !ok {
		return
	}
	if f.str("limits") == "" && f.str("requests") == "" {
		c.fail("you must specify an update to requests or limits (in the form of --requests/--limits)")
		return
	}
	limits, err := parseResourceList(f.str("limits"))
	if err != nil {
		c.fail("%v", err)
		return
	}
	requests, err := parseResourceList(f.str("requests"))
	if err != nil {
		c.fail("%v", err)
		return
	}
	ts, ok := c.setTargets(pos, f)
	if !ok {
		return
	}
	pattern := f.str("containers")
	c.updatePodSpecs(ts, f, changeCause([]string{"set", "resources"}, pos, f), "resource requirements updated", "resources update to pod template ", func(t target, spec *api.PodSpec) error {
		containers := selectContainers(spec.Containers, pattern)
		if len(containers) == 0 {
			c.noContainersMatch(t, pattern)
		}
		for _, ct := range containers {
			ct.Resources.Limits = mergeResources(ct.Resources.Limits, limits)
			ct.Resources.Requests = mergeResources(ct.Resources.Requests, requests)
		}
		return nil
	})
}

// parseResourceList reads "cpu=200m,memory=512Mi".
func parseResourceList(text string) (api.ResourceList, error) {
	if text == "" {
		return nil, nil
	}
	out := api.ResourceList{}
	for _, kv := range strings.Split(text, ",") {
		name, value, ok := strings.Cut(kv, "=")
		if !ok || name == "" {
			return nil, fmt.Errorf("invalid argument syntax %s", kv)
		}
		q, err := api.ParseQuantity(value)
		if err != nil {
			return nil, err
		}
		out[name] = q
	}
	return out, nil
}

func mergeResources(into, from api.ResourceList) api.ResourceList {
	if len(from) == 0 {
		return into
	}
	if into == nil {
		into = api.ResourceList{}
	}
	for k, v := range from {
		into[k] = v
	}
	return into
}
