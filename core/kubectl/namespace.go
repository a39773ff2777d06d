package kubectl

import (
	"strconv"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
)

func registerNamespace() {
	createCommands["namespace"] = runCreateNamespace
	createCommands["ns"] = runCreateNamespace
	createCommands["serviceaccount"] = runCreateServiceAccount
	createCommands["sa"] = runCreateServiceAccount
}

// runCreateServiceAccount is `kubectl create serviceaccount NAME`.
func runCreateServiceAccount(c *invocation, args []string) {
	pos, f, ok := c.parse(args, generatorFlags...)
	if !ok {
		return
	}
	mode, ok := c.generated(f)
	if !ok {
		return
	}
	if len(pos) != 1 {
		c.fail("exactly one NAME is required, got %d\nSee 'kubectl create serviceaccount -h' for help and examples", len(pos))
		return
	}
	c.createGenerated(&api.ServiceAccount{ObjectMeta: api.ObjectMeta{Name: pos[0], Namespace: namespaceOf(f)}}, f, mode)
}

// runCreateNamespace is `kubectl create namespace NAME`.
func runCreateNamespace(c *invocation, args []string) {
	pos, f, ok := c.parse(args, generatorFlags...)
	if !ok {
		return
	}
	mode, ok := c.generated(f)
	if !ok {
		return
	}
	if len(pos) != 1 {
		c.fail("exactly one NAME is required, got %d\nSee 'kubectl create namespace -h' for help and examples", len(pos))
		return
	}
	c.createGenerated(&api.Namespace{ObjectMeta: api.ObjectMeta{Name: pos[0]}}, f, mode)
}

func registerNamespace2() {
	printers["ServiceAccount"] = columns{
		headers: []string{"NAME", "SECRETS", "AGE"},
		row: func(o api.Object, now time.Time, wide bool) []string {
			sa := o.(*api.ServiceAccount)
			return []string{sa.Name, strconv.Itoa(len(sa.Secrets)), age(sa.CreationTimestamp, now)}
		},
	}
}
