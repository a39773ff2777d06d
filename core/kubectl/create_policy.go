package kubectl

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kubeloop/kubeloop/core/api"
)

func registerCreatePolicy() {
	createCommands["poddisruptionbudget"] = runCreatePodDisruptionBudget
	createCommands["pdb"] = runCreatePodDisruptionBudget
	createCommands["quota"] = runCreateQuota
	createCommands["resourcequota"] = runCreateQuota
}

// runCreatePodDisruptionBudget is `kubectl create poddisruptionbudget NAME
// --selector=SELECTOR (--min-available=N|--max-unavailable=N)`, N a count
// or a percentage.
func runCreatePodDisruptionBudget(c *invocation, args []string) {
	name, f, mode, ok := c.parseGenerator(args, "create poddisruptionbudget",
		flagDef{long: "selector"}, flagDef{long: "min-available"}, flagDef{long: "max-unavailable"})
	if !ok {
		return
	}
	minAvailable, maxUnavailable := f.str("min-available"), f.str("max-unavailable")
	switch {
	case f.str("selector") == "":
		c.fail("a selector must be specified")
		return
	case minAvailable == "" && maxUnavailable == "":
		c.fail("one of min-available or max-unavailable must be specified")
		return
	case minAvailable != "" && maxUnavailable != "":
		c.fail("min-available and max-unavailable cannot be both specified")
		return
	}
	pdb := &api.PodDisruptionBudget{ObjectMeta: api.ObjectMeta{Name: name, Namespace: namespaceOf(f)}}
	var err error
	if minAvailable != "" {
		pdb.Spec.MinAvailable, err = countOrPercent(minAvailable, "min-available")
	} else {
		pdb.Spec.MaxUnavailable, err = countOrPercent(maxUnavailable, "max-unavailable")
	}
	if err != nil {
		c.fail("%v", err)
		return
	}
	sel, err := api.ParseSelector(f.str("selector"))
	if err == nil {
		pdb.Spec.Selector, err = sel.LabelSelector()
	}
	if err != nil {
		c.fail("%v", err)
		return
	}
	c.createGenerated(pdb, f, mode)
}

// countOrPercent reads "2" or "50%" as kubectl's PDB generator does.
func countOrPercent(v, flag string) (*api.IntOrString, error) {
	if n, err := strconv.ParseInt(v, 10, 32); err == nil {
		return api.Ptr(api.FromInt(int32(n))), nil
	}
	if n, ok := strings.CutSuffix(v, "%"); ok {
		if _, err := strconv.Atoi(n); err == nil {
			return api.Ptr(api.FromString(v)), nil
		}
	}
	return nil, fmt.Errorf("invalid format specified for %s", flag)
}

// runCreateQuota is `kubectl create quota NAME
// [--hard=RESOURCE=QUANTITY,…]`. Quota scopes are not simulated.
func runCreateQuota(c *invocation, args []string) {
	name, f, mode, ok := c.parseGenerator(args, "create quota", flagDef{long: "hard"}, flagDef{long: "scopes"})
	if !ok {
		return
	}
	if f.str("scopes") != "" {
		c.fail("--scopes is not simulated: kubeloop's ResourceQuotas apply to every pod in their namespace")
		return
	}
	q := &api.ResourceQuota{ObjectMeta: api.ObjectMeta{Name: name, Namespace: namespaceOf(f)}}
	for _, pair := range strings.Split(f.str("hard"), ",") {
		if pair == "" {
			continue
		}
		resource, value, found := strings.Cut(pair, "=")
		if !found || resource == "" || value == "" {
			c.fail("Invalid argument syntax %s, expected <resource>=<value>", pair)
			return
		}
		amount, err := api.ParseQuantity(value)
		if err != nil {
			c.fail("%v", err)
			return
		}
		if q.Spec.Hard == nil {
			q.Spec.Hard = api.ResourceList{}
		}
		q.Spec.Hard[resource] = amount
	}
	c.createGenerated(q, f, mode)
}
