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
	name, f, mode, ok := c.parseGenerator(args, "create serviceaccount")
	if ok {
		c.createGenerated(&api.ServiceAccount{ObjectMeta: api.ObjectMeta{Name: name, Namespace: namespaceOf(f)}}, f, mode)
	}
}

// runCreateNamespace is `kubectl create namespace NAME`.
func runCreateNamespace(c *invocation, args []string) {
	name, f, mode, ok := c.parseGenerator(args, "create namespace")
	if ok {
		c.createGenerated(&api.Namespace{ObjectMeta: api.ObjectMeta{Name: name}}, f, mode)
	}
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
