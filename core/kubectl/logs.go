package kubectl

import (
	"fmt"
	"strings"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
)

// This file is `kubectl logs`: what a container's own command printed,
// read as the API server's pods/NAME/log reads it (core/cluster's Logs).

// Logger reads containers' logs (core/cluster is one).
type Logger interface {
	Logs(namespace, pod string, opts api.PodLogOptions) (string, error)
}

func registerLogs() {
	commands["logs"] = runLogs
	delete(unsimulated, "logs")
	insertVerb("Troubleshooting and Debugging Commands", "logs", "exec")
}

func runLogs(c *invocation, args []string) {
	pos, f, ok := c.parse(args,
		flagDef{long: "container", short: "c"},
		flagDef{long: "follow", short: "f", boolean: true},
		flagDef{long: "previous", short: "p", boolean: true},
		flagDef{long: "timestamps", boolean: true},
		flagDef{long: "tail", integer: true, def: "-1"},
		flagDef{long: "limit-bytes", integer: true, def: "0"},
		flagDef{long: "since", def: "0s"},
	)
	if !ok {
		return
	}
	if len(pos) == 0 || len(pos) > 2 {
		c.fail("expected POD or TYPE/NAME is a required argument for the logs command\nSee 'kubectl logs -h' for help and examples")
		return
	}
	opts := api.PodLogOptions{Container: f.str("container"), Previous: f.boolean("previous"), Timestamps: f.boolean("timestamps")}
	if len(pos) == 2 {
		opts.Container = pos[1] // kubectl logs POD CONTAINER
	}
	if n := f.integer("tail"); n >= 0 {
		opts.TailLines = &n
	}
	if n := f.integer("limit-bytes"); n > 0 {
		opts.LimitBytes = &n
	}
	since, err := time.ParseDuration(f.str("since"))
	if err != nil {
		c.fail("invalid argument %q for \"--since\" flag: %v\nSee 'kubectl logs --help' for usage.", f.str("since"), err)
		return
	}
	ns := namespaceOf(f)
	pod, err := c.logsPod(pos[0], ns)
	if err != nil {
		c.apiError(err, "", "")
		return
	}
	switch {
	case opts.Container == "":
		opts.Container = c.defaultContainer(pod)
	case !pod.Spec.HasContainer(opts.Container):
		c.fail("container %s is not valid for pod %s", opts.Container, pod.Name)
		return
	}
	if since > 0 {
		t := c.env.Store().Clock().Now().Add(-since)
		opts.Since = &t
	}
	lg, ok := c.env.(Logger)
	if !ok {
		c.fail("this sandbox keeps no logs")
		return
	}
	text, err := lg.Logs(ns, pod.Name, opts)
	if err != nil {
		c.apiError(err, "", "")
		return
	}
	c.out.WriteString(text)
}

// logsPod is the pod whose log kubectl reads for its argument; for a
// workload with more than one pod, kubectl says which one it took.
func (c *invocation) logsPod(arg, namespace string) (*api.Pod, error) {
	pod, matching, err := c.podAndMatches(arg, namespace)
	if err == nil && matching > 1 {
		fmt.Fprintf(&c.err, "Found %d pods, using pod/%s\n", matching, pod.Name)
	}
	return pod, err
}

// defaultContainer is the container kubectl picks when none is named:
// the pod's kubectl.kubernetes.io/default-container, else its first; with
// more than one it says so, as kubectl exec and logs do.
func (c *invocation) defaultContainer(pod *api.Pod) string {
	if len(pod.Spec.Containers) == 0 {
		return ""
	}
	name := pod.Spec.Containers[0].Name
	if d := pod.Annotations["kubectl.kubernetes.io/default-container"]; d != "" {
		return d
	}
	if len(pod.Spec.Containers)+len(pod.Spec.InitContainers) > 1 {
		fmt.Fprintf(&c.err, "Defaulted container %q out of: %s\n", name, allContainerNames(pod))
	}
	return name
}

// allContainerNames lists a pod's containers as kubectl names them in
// its "Defaulted container" note: the app containers, then the init
// containers marked "(init)".
func allContainerNames(pod *api.Pod) string {
	var names []string
	for _, ct := range pod.Spec.Containers {
		names = append(names, ct.Name)
	}
	for _, ct := range pod.Spec.InitContainers {
		names = append(names, ct.Name+" (init)")
	}
	return strings.Join(names, ", ")
}
