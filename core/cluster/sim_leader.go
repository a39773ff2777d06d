package cluster

import (
	"fmt"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"
)

// `sim controller-manager …`: run kube-controller-manager as N replicas and
// break them, to watch the Lease change hands.
//
//	sim controller-manager list            NAME IDENTITY ROLE
//	sim controller-manager replicas N      add replicas, or remove the last ones
//	sim controller-manager kill NAME       the process dies; it stays dead
//	sim controller-manager start NAME      a dead replica starts again, with a new identity
//	sim controller-manager pause NAME      SIGSTOP: frozen, its Lease left to expire
//	sim controller-manager resume NAME     SIGCONT
//
// NAME is the replica's host (control-plane-1) or its identity.
func init() { RegisterSim("controller-manager", simControllerManager) }

const controllerManagerUsage = "usage: sim controller-manager list | replicas N | kill NAME | start NAME | pause NAME | resume NAME"

func simControllerManager(c *Cluster, args []string) (string, error) {
	k := c.controllerManagers
	if len(args) == 0 {
		return "", fmt.Errorf("%s", controllerManagerUsage)
	}
	switch verb := args[0]; verb {
	case "list":
		if len(args) != 1 {
			return "", fmt.Errorf("%s", controllerManagerUsage)
		}
		return listReplicas(k), nil
	case "replicas":
		if len(args) != 2 {
			return "", fmt.Errorf("%s", controllerManagerUsage)
		}
		n, err := strconv.Atoi(args[1])
		if err != nil || n < 1 || n > 9 {
			return "", fmt.Errorf("replicas must be a number from 1 to 9, not %q", args[1])
		}
		return k.scale(n), nil
	case "kill", "start", "pause", "resume":
		if len(args) != 2 {
			return "", fmt.Errorf("usage: sim controller-manager %s NAME", verb)
		}
		r, err := k.find(args[1])
		if err != nil {
			return "", err
		}
		return k.signal(r, verb)
	}
	return "", fmt.Errorf("unknown command %q; %s", args[0], controllerManagerUsage)
}

func listReplicas(k *component) string {
	var b strings.Builder
	w := tabwriter.NewWriter(&b, 0, 8, 3, ' ', 0)
	fmt.Fprintln(w, "NAME\tIDENTITY\tROLE")
	for _, r := range k.list() {
		id := r.Identity
		if id == "" {
			id = "<none>"
		}
		fmt.Fprintf(w, "%s\t%s\t%s\n", r.Name, id, r.Role)
	}
	w.Flush()
	return b.String()
}

// scale adds replicas on new hosts, or kills and removes the last ones.
func (k *component) scale(n int) string {
	var b strings.Builder
	for len(k.replicas) < n {
		r := k.addReplica()
		fmt.Fprintf(&b, "%s started on %s\n", k.name, r.host)
	}
	for len(k.replicas) > n {
		r := k.replicas[len(k.replicas)-1]
		if !r.dead {
			r.kill()
		}
		k.replicas = k.replicas[:len(k.replicas)-1]
		fmt.Fprintf(&b, "%s on %s removed\n", k.name, r.host)
	}
	if b.Len() == 0 {
		fmt.Fprintf(&b, "%s already runs %d replicas\n", k.name, n)
	}
	return b.String()
}

func (k *component) signal(r *replica, verb string) (string, error) {
	switch {
	case verb == "start" && !r.dead:
		return "", fmt.Errorf("%s on %s is already running", k.name, r.host)
	case verb != "start" && r.dead:
		return "", fmt.Errorf("%s on %s is not running", k.name, r.host)
	case verb == "pause" && r.elector.Paused():
		return "", fmt.Errorf("%s on %s is already paused", k.name, r.host)
	case verb == "resume" && !r.elector.Paused():
		return "", fmt.Errorf("%s on %s is not paused", k.name, r.host)
	}
	was := r.role()
	id := r.elector.Identity()
	switch verb {
	case "kill":
		r.kill()
		return fmt.Sprintf("%s on %s (%s, %s) killed\n", k.name, r.host, id, was), nil
	case "start":
		k.start(r)
		return fmt.Sprintf("%s started on %s as %s\n", k.name, r.host, r.elector.Identity()), nil
	case "pause":
		r.pause()
		return fmt.Sprintf("%s on %s (%s) paused\n", k.name, r.host, was), nil
	}
	r.resume()
	out := fmt.Sprintf("%s on %s resumed\n", k.name, r.host)
	if d := r.elector.Deadline(); !d.IsZero() && !k.c.clk.Now().Before(d) {
		out += fmt.Sprintf("its renew deadline passed %s ago: it must not act, and stops leading\n",
			k.c.clk.Now().Sub(d).Round(time.Millisecond))
	}
	return out, nil
}
