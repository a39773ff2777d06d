package cluster

import (
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/kubectl"
	"github.com/kubeloop/kubeloop/core/store"
	"github.com/kubeloop/kubeloop/core/yaml"
)

// Apply applies YAML as `kubectl apply -f -` does, all or nothing: every
// document is decoded, defaulted and validated before any is written, so a
// mistake anywhere changes nothing. The error is yaml.Errors (with line and
// column) for bad YAML, or an *api.StatusError for a rejected object —
// among them one the cluster's budget has no room for, counting the
// documents before it.
func (c *Cluster) Apply(text string) (lines []string, err error) {
	objs, err := yaml.Decode(text)
	if err != nil {
		return nil, err
	}
	var tally budgetTally
	for _, o := range objs {
		if err := c.dryRun(o, &tally); err != nil {
			return nil, err
		}
	}
	return kubectl.Apply(c.store, objs)
}

// dryRun runs admission's defaulting and validation on a copy, and the
// budget's check of a new object, which it adds to tally.
func (c *Cluster) dryRun(o api.Object, tally *budgetTally) error {
	cp := api.DeepCopyObject(o)
	kind := api.KindOf(cp)
	m := cp.GetObjectMeta()
	if kind.Namespaced && m.Namespace == "" {
		m.Namespace = "default"
	}
	var old api.Object
	if cur, err := c.store.Get(kind, m.Namespace, m.Name); err == nil {
		old = cur
	}
	api.Default(cp)
	dryRunAdmitJob(cp, old)
	if err := admitLimits(store.OpCreate, cp, old); err != nil {
		return err
	}
	if old == nil {
		if err := c.budget.check(cp, *tally); err != nil {
			return err
		}
		tally.add(cp)
	}
	return api.Validate(cp, old)
}

// Kubectl runs one kubectl command line against the cluster.
func (c *Cluster) Kubectl(line, stdin string) kubectl.Result {
	return kubectl.Run(c, line, stdin)
}
