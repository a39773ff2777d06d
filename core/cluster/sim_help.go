package cluster

import (
	"fmt"
	"strings"
)

// `sim help`: every sim command with what it does, one line each, so a
// learner who typed `sim` can find the faults without reading the source.
// A test holds that each registered command is listed here.

func init() { RegisterSim("help", simHelpCommand) }

// simHelp is one line per command form: how to type it, what it does.
var simHelp = [][2]string{
	{"sim advance DURATION", "move the simulated clock on by DURATION (30s, 1m30s), running everything due"},
	{"sim settle [MAX]", "run until the cluster is at rest, or MAX of simulated time (default 10m)"},
	{"sim step [N]", "run the next N tasks (default 1): one reconcile, one watch event, one kubelet step each"},
	{"sim node add NAME [--label k=v] [--taint k=v:Effect] [--cpu N] [--memory Q] [--control-plane]", "join a new node"},
	{"sim node fail NAME", "stop the node's kubelet: no Lease, no status, no work on its pods"},
	{"sim node recover NAME", "start a failed node's kubelet again"},
	{"sim node partition NAME", "cut the node off from the control plane; its containers keep running"},
	{"sim node heal NAME", "reconnect a partitioned node"},
	{"sim node delete NAME", "remove the node and its Lease (the machine is gone)"},
	{"sim controller-manager list|replicas N|kill NAME|start NAME|pause NAME|resume NAME", "the controller manager's replicas and their leader election"},
	{"sim watch list [RESOURCE]|break RESOURCE [--for D]", "the controller manager's informers; drop one's watch for D (1s), then watch again or relist"},
	{"sim apiserver start|stop ID", "an API server identity Lease (apiserver-ID) that comes and goes"},
	{"sim load KIND/NAME PERCENT% [-n NAMESPACE]", "the CPU load a workload's pods report, for autoscaling"},
	{"sim help", "this list"},
}

func simHelpCommand(_ *Cluster, args []string) (string, error) {
	if len(args) > 0 {
		return "", fmt.Errorf("usage: sim help")
	}
	width := 0
	for _, h := range simHelp {
		if len(h[0]) <= 44 {
			width = max(width, len(h[0]))
		}
	}
	var b strings.Builder
	b.WriteString("sim commands change what kubectl cannot: time, machines, the control plane.\n")
	for _, h := range simHelp {
		if len(h[0]) > width {
			fmt.Fprintf(&b, "  %s\n  %-*s  %s\n", h[0], width, "", h[1])
			continue
		}
		fmt.Fprintf(&b, "  %-*s  %s\n", width, h[0], h[1])
	}
	return b.String(), nil
}
