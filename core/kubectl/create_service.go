package kubectl

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kubeloop/kubeloop/core/api"
)

func registerCreateService() {
	createCommands["service"] = runCreateService
	createCommands["svc"] = runCreateService
}

// serviceTypes are create service's subcommands and the Service type each
// creates.
var serviceTypes = map[string]string{
	"clusterip":    api.ServiceTypeClusterIP,
	"nodeport":     api.ServiceTypeNodePort,
	"loadbalancer": api.ServiceTypeLoadBalancer,
	"externalname": api.ServiceTypeExternalName,
}

// runCreateService is `kubectl create service TYPE NAME [--tcp=PORT[:TARGET]]…`:
// a Service of that type selecting app=NAME, one TCP port per --tcp
// (named "PORT-TARGET").
func runCreateService(c *invocation, args []string) {
	if len(args) == 0 || serviceTypes[args[0]] == "" {
		c.unknownSubcommand(args)
		return
	}
	typ, sub := serviceTypes[args[0]], args[0]
	c.path = "create service " + sub
	defs := []flagDef{{long: "tcp"}}
	switch sub {
	case "clusterip":
		defs = append(defs, flagDef{long: "clusterip"})
	case "nodeport":
		defs = append(defs, flagDef{long: "node-port", def: "0"})
	case "externalname":
		defs = append(defs, flagDef{long: "external-name"})
	}
	name, f, mode, ok := c.parseGenerator(args[1:], c.path, defs...)
	if !ok {
		return
	}
	clusterIP, tcp := f.str("clusterip"), f.all("tcp")
	switch {
	case clusterIP == api.ClusterIPNone && typ != api.ServiceTypeClusterIP:
		c.fail("ClusterIP=None can only be used with ClusterIP service type")
		return
	case clusterIP != api.ClusterIPNone && len(tcp) == 0 && typ != api.ServiceTypeExternalName:
		c.fail("at least one tcp port specifier must be provided")
		return
	case typ == api.ServiceTypeExternalName && !api.IsDNS1123Subdomain(f.str("external-name")):
		c.fail("invalid service external name %s", f.str("external-name"))
		return
	}
	nodePort := 0
	if sub == "nodeport" {
		n, err := strconv.Atoi(f.str("node-port"))
		if err != nil {
			c.flagError(fmt.Errorf("invalid argument %q for \"--node-port\" flag: %v", f.str("node-port"), err))
			return
		}
		nodePort = n
	}
	svc := &api.Service{
		ObjectMeta: api.ObjectMeta{Name: name, Namespace: namespaceOf(f), Labels: map[string]string{"app": name}},
		Spec: api.ServiceSpec{Type: typ, Selector: map[string]string{"app": name},
			ClusterIP: clusterIP, ExternalName: f.str("external-name")},
	}
	for _, spec := range tcp {
		port, target, err := parseServicePort(spec)
		if err != nil {
			c.fail("%v", err)
			return
		}
		svc.Spec.Ports = append(svc.Spec.Ports, api.ServicePort{Name: strings.ReplaceAll(spec, ":", "-"),
			Protocol: "TCP", Port: port, TargetPort: target, NodePort: int32(nodePort)})
	}
	c.createGenerated(svc, f, mode)
}

// parseServicePort reads --tcp's PORT or PORT:TARGET, TARGET a number or a
// port name.
func parseServicePort(spec string) (int32, api.IntOrString, error) {
	portText, targetText, hasTarget := strings.Cut(spec, ":")
	port, err := strconv.ParseUint(portText, 10, 16) // 0 passes here; the API server refuses it
	if err != nil {
		return 0, api.IntOrString{}, err
	}
	if !hasTarget {
		return int32(port), api.FromInt(int32(port)), nil
	}
	if n, err := strconv.Atoi(targetText); err == nil {
		if n < 1 || n > 65535 {
			return 0, api.IntOrString{}, fmt.Errorf("must be between 1 and 65535, inclusive")
		}
		return int32(port), api.FromInt(int32(n)), nil
	}
	return int32(port), api.FromString(targetText), nil
}
