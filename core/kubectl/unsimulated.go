package kubectl

// unsimulated are kubectl commands a learner will know from a real cluster
// that this terminal does not run, each with why and what shows the same
// thing here: a plain "unknown command" would suggest kubectl has no such
// command.
var unsimulated = map[string]string{
	"logs":         "kubeloop simulates what containers do, not what they print, so there are no logs; kubectl describe pod NAME and kubectl get events --field-selector involvedObject.name=NAME show what happened to a pod",
	"attach":       "attaching to a running container's own streams is not simulated; kubectl logs POD shows what its command printed, and kubectl exec -it POD -- sh opens a shell in it",
	"edit":         "this terminal has no text editor: change the YAML in the editor and Apply, or use kubectl patch, set image, scale or label",
	"top":          "no metrics-server runs in this cluster, so there is no CPU or memory usage to show",
	"port-forward": "the simulated cluster has no network to forward from; kubectl get endpoints and the Network view show where a Service sends traffic",
	"proxy":        "the API server here lives in this page, with no HTTP endpoint to proxy",
	"cp":           "simulated containers have no files to copy",
	"debug":        "kubeloop does not simulate ephemeral containers; kubectl exec -it POD -- sh opens a shell",
	"diff":         "kubeloop does not simulate server-side dry runs, which kubectl diff needs",
	"replace":      "use kubectl apply -f, or delete and create",
	"config":       "there is one cluster and one user here: no kubeconfig",
	"cluster-info": "the control plane runs in this page; kubectl get nodes and the Controllers panel show it",
	"auth":         "this terminal is the cluster's admin, allowed everything: Roles and RoleBindings are stored, but kubeloop does not simulate authorization",
}

// runUnsimulated answers a command of unsimulated.
func (c *invocation) runUnsimulated(verb, why string) {
	c.fail("\"kubectl %s\" is not simulated here: %s", verb, why)
}
