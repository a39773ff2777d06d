package kubectl

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/imageref"
	"github.com/kubeloop/kubeloop/core/shell"
	"github.com/kubeloop/kubeloop/core/store"
)

// This file is `kubectl exec` and `kubectl run`: commands inside pods.
// Running a command needs the cluster's node side, which an Env offers by
// also being an Execer (core/cluster is one).

// Execer runs commands in containers, as the kubelet's exec endpoint.
type Execer interface {
	// Exec runs argv in a running container ("" is the first); failures
	// come back worded as kubectl prints them, with exit code 1.
	Exec(namespace, pod, container string, argv []string, stdin string) (stdout, stderr string, exitCode int)
}

// Attacher shows what a container's own command prints (kubectl run -i).
type Attacher interface {
	Attach(namespace, pod, container, stdin string) (stdout, stderr string, exitCode int)
}

// runWaitMax is kubectl run's --pod-running-timeout default.
const runWaitMax = time.Minute

func registerExec() {
	commands["exec"] = runExec
	commands["run"] = runRun
	insertVerb("Basic Commands (Beginner)", "run", "set")
	insertVerb("Troubleshooting and Debugging Commands", "exec", "")
}

// insertVerb adds a verb to `kubectl`'s command list before another
// (at the end when before is "" or absent), keeping kubectl's order.
func insertVerb(group, verb, before string) {
	for i := range helpGroups {
		g := &helpGroups[i]
		if g.title != group {
			continue
		}
		for _, v := range g.verbs {
			if v == verb {
				return
			}
		}
		at := len(g.verbs)
		for j, v := range g.verbs {
			if v == before {
				at = j
			}
		}
		g.verbs = append(g.verbs[:at], append([]string{verb}, g.verbs[at:]...)...)
	}
}

// splitDashDash cuts a command line at its first "--".
func splitDashDash(args []string) (before, after []string, found bool) {
	for i, a := range args {
		if a == "--" {
			return args[:i], args[i+1:], true
		}
	}
	return args, nil, false
}

func runExec(c *invocation, args []string) {
	before, command, dashed := splitDashDash(args)
	pos, f, ok := c.parse(before,
		flagDef{long: "container", short: "c"},
		flagDef{long: "stdin", short: "i", boolean: true},
		flagDef{long: "tty", short: "t", boolean: true},
		flagDef{long: "quiet", short: "q", boolean: true},
	)
	if !ok {
		return
	}
	if len(pos) == 0 {
		c.fail("pod, type/name or --filename must be specified")
		return
	}
	if !dashed && len(pos) > 1 {
		c.err.WriteString("kubectl exec [POD] [COMMAND] is DEPRECATED and will be removed in a future version. Use kubectl exec [POD] -- [COMMAND] instead.\n")
		command = pos[1:]
	} else if len(pos) > 1 {
		c.fail("exec [POD] [COMMAND] is not supported anymore. Use exec [POD] -- [COMMAND] instead\nSee 'kubectl exec -h' for help and examples")
		return
	}
	if len(command) == 0 {
		c.fail("you must specify at least one command for the container")
		return
	}
	ns := namespaceOf(f)
	pod, err := c.podFor(pos[0], ns)
	if err != nil {
		c.apiError(err, "", "")
		return
	}
	name := pod.Name
	container := f.str("container")
	if container == "" && !f.boolean("quiet") {
		container = c.defaultContainer(pod)
	}
	ex, ok := c.env.(Execer)
	if !ok {
		c.fail("this sandbox cannot run commands in containers")
		return
	}
	stdin := ""
	if f.boolean("stdin") {
		stdin = c.stdin
	}
	if sh, ok := c.env.(Sheller); ok && f.boolean("stdin") && stdin == "" && shell.Interactive(command) {
		s, errText := sh.Shell(ns, name, container)
		if errText != "" {
			c.err.WriteString(errText)
			c.code = 1
			return
		}
		c.session = &Session{sh: s}
		return
	}
	stdout, stderr, code := ex.Exec(ns, name, container, command, stdin)
	c.out.WriteString(stdout)
	if f.boolean("tty") && !isKubectlError(stderr) {
		// A terminal merges the command's stderr into what it shows.
		c.out.WriteString(stderr)
	} else {
		c.err.WriteString(stderr)
	}
	c.commandExit(stderr, code)
}

// commandExit reports a command's non-zero exit as kubectl exec does.
func (c *invocation) commandExit(stderr string, code int) {
	if code == 0 {
		return
	}
	c.code = code
	if !isKubectlError(stderr) {
		fmt.Fprintf(&c.err, "command terminated with exit code %d\n", code)
	} else {
		c.code = 1
	}
}

// runRun makes a pod of one container from the flags, and either creates
// it (or prints it, for --dry-run) or runs it attached.
func runRun(c *invocation, args []string) {
	before, command, _ := splitDashDash(args)
	pos, f, ok := c.parse(before, withGeneratorFlags(
		flagDef{long: "image"},
		flagDef{long: "restart", def: "Always"},
		flagDef{long: "rm", boolean: true},
		flagDef{long: "stdin", short: "i", boolean: true},
		flagDef{long: "tty", short: "t", boolean: true},
		flagDef{long: "attach", boolean: true},
		flagDef{long: "command", boolean: true},
		flagDef{long: "labels", short: "l"},
		flagDef{long: "env"},
		flagDef{long: "port"},
		flagDef{long: "image-pull-policy"},
		flagDef{long: "quiet", short: "q", boolean: true},
	)...)
	if !ok {
		return
	}
	mode, ok := c.generated(f)
	if !ok {
		return
	}
	if len(pos) == 0 {
		c.fail("NAME is required for run")
		fmt.Fprintf(&c.err, "See 'kubectl run -h' for help and examples\n")
		return
	}
	command = append(append([]string(nil), pos[1:]...), command...)
	attach := f.boolean("stdin") || f.boolean("attach")
	if !c.checkRunFlags(f, mode, attach) {
		return
	}
	pod, ok := c.runPod(f, pos[0], command)
	if !ok {
		return
	}
	if !attach {
		c.createGenerated(pod, f, mode)
		return
	}
	c.runAttached(f, pod)
}

// checkRunFlags reports whether the flags go together: an image written as
// the reference grammar has it (kubectl checks it, so a pod with a bad
// image comes only from a manifest), no attaching to a dry run, --rm only
// when attached, a known restart policy.
func (c *invocation) checkRunFlags(f *flags, mode dryRun, attach bool) bool {
	if f.str("image") == "" {
		c.fail("--image is required")
		return false
	}
	if image := f.str("image"); !imageref.Matches(image) {
		c.fail("Invalid image name %q: %v", image, imageref.ErrInvalidFormat)
		return false
	}
	if attach && mode != dryRunNone {
		c.fail("--dry-run=[server|client] can't be used with attached containers options (--attach, --stdin, or --tty)")
		return false
	}
	if f.boolean("rm") && !attach {
		c.fail("--rm should only be used for attached containers")
		return false
	}
	switch restart := f.str("restart"); restart {
	case "Always", "OnFailure", "Never":
	default:
		c.fail("invalid restart policy: %s", restart)
		return false
	}
	return true
}

// runPod is the pod `run` makes: one container named as the pod, running
// command (as its command with --command, else as its args); false if
// --port is not a number (the error printed).
func (c *invocation) runPod(f *flags, name string, command []string) (*api.Pod, bool) {
	ct := api.Container{Name: name, Image: f.str("image"), ImagePullPolicy: f.str("image-pull-policy"),
		Stdin: f.boolean("stdin"), TTY: f.boolean("tty")}
	if f.boolean("command") {
		ct.Command = command
	} else {
		ct.Args = command
	}
	for _, kv := range f.all("env") {
		k, v, _ := strings.Cut(kv, "=")
		ct.Env = append(ct.Env, api.EnvVar{Name: k, Value: v})
	}
	if p := f.str("port"); p != "" {
		n, err := strconv.ParseInt(p, 10, 32)
		if err != nil {
			c.fail("invalid port %q", p)
			return nil, false
		}
		ct.Ports = []api.ContainerPort{{ContainerPort: int32(n)}}
	}
	return &api.Pod{ObjectMeta: api.ObjectMeta{Name: name, Namespace: namespaceOf(f), Labels: runLabels(f, name)},
		Spec: api.PodSpec{Containers: []api.Container{ct}, RestartPolicy: f.str("restart"), DNSPolicy: "ClusterFirst"}}, true
}

// runLabels are the pod's labels: run=NAME, or those --labels lists.
func runLabels(f *flags, name string) map[string]string {
	l := f.str("labels")
	if l == "" {
		return map[string]string{"run": name}
	}
	return keyValues(l)
}

// keyValues is a flag's "k1=v1,k2=v2" as a map (a pair without "=" maps
// its key to "").
func keyValues(s string) map[string]string {
	m := map[string]string{}
	for _, kv := range strings.Split(s, ",") {
		k, v, _ := strings.Cut(kv, "=")
		m[k] = v
	}
	return m
}

// runAttached creates the pod, waits for its container to start, and
// attaches to it: an interactive shell becomes the session, anything else
// runs to its end, after which --rm deletes the pod.
func (c *invocation) runAttached(f *flags, pod *api.Pod) {
	ns, name, ct := pod.Namespace, pod.Name, pod.Spec.Containers[0]
	created, err := c.env.Store().Create(pod)
	if err != nil {
		c.apiError(err, "", "")
		return
	}
	uid := created.GetObjectMeta().UID
	if !c.runUntil(c.runPodStarted(ns, name, uid), runWaitMax) {
		c.fail("timed out waiting for the condition")
		c.removeRunPod(f, ns, name, uid)
		return
	}
	argv := append(append([]string(nil), ct.Command...), ct.Args...)
	if len(argv) == 0 {
		argv = imageShells[imageRepo(ct.Image)]
	}
	if sh, ok := c.env.(Sheller); ok && f.boolean("stdin") && c.stdin == "" && shell.Interactive(argv) {
		c.startRunSession(sh, f, ns, name, uid)
		return
	}
	c.attachRun(f, ns, name, uid)
}

// runPodStarted is the condition runAttached waits for: the pod's
// container has started, or the pod has ended or is gone.
func (c *invocation) runPodStarted(ns, name, uid string) func() bool {
	st := c.env.Store()
	return func() bool {
		o, err := st.Get(api.Pods, ns, name)
		if err != nil || o.GetObjectMeta().UID != uid {
			return true
		}
		p := o.(*api.Pod)
		if p.Status.Phase == api.PodSucceeded || p.Status.Phase == api.PodFailed {
			return true
		}
		for _, cs := range p.Status.ContainerStatuses {
			if cs.State.Running != nil || cs.State.Terminated != nil {
				return true
			}
		}
		return false
	}
}

// startRunSession opens an interactive shell in the pod as the session;
// when it ends, the pod is deleted (--rm) or the way back in is told.
func (c *invocation) startRunSession(sh Sheller, f *flags, ns, name, uid string) {
	s, errText := sh.Shell(ns, name, "")
	if errText != "" {
		c.err.WriteString(errText)
		c.code = 1
		return
	}
	if f.boolean("tty") {
		c.err.WriteString("If you don't see a command prompt, try pressing enter.\n")
	}
	c.session = &Session{sh: s, after: func() string {
		end := &invocation{env: c.env}
		if !f.boolean("rm") {
			end.printf("Session ended, resume using 'kubectl attach %s -c %s -i -t' command when the pod is running\n", name, name)
		}
		end.removeRunPod(f, ns, name, uid)
		return end.out.String() + end.err.String()
	}}
}

// attachRun prints what the pod's process writes until it ends, then
// deletes the pod (--rm) and fails if the process did.
func (c *invocation) attachRun(f *flags, ns, name, uid string) {
	code := 0
	if at, ok := c.env.(Attacher); ok {
		stdout, stderr, n := at.Attach(ns, name, "", c.stdin)
		c.out.WriteString(stdout)
		if f.boolean("tty") {
			c.out.WriteString(stderr) // one terminal for both streams
		} else {
			c.err.WriteString(stderr)
		}
		code = n
	}
	// The attached process ends; let the kubelet see it before deleting.
	st := c.env.Store()
	c.runUntil(func() bool {
		o, err := st.Get(api.Pods, ns, name)
		return err != nil || o.(*api.Pod).Status.Phase != api.PodPending
	}, runWaitMax)
	c.removeRunPod(f, ns, name, uid)
	if code != 0 {
		fmt.Fprintf(&c.err, "pod %s/%s terminated (Error)\n", ns, name)
		c.code = 1
	}
}

// removeRunPod is --rm: delete the pod, say so, and wait for it to go.
func (c *invocation) removeRunPod(f *flags, ns, name, uid string) {
	if !f.boolean("rm") {
		return
	}
	st := c.env.Store()
	if _, err := st.Delete(api.Pods, ns, name, store.DeleteOptions{}); err != nil {
		c.apiError(err, "", "")
		return
	}
	c.printf("pod %q deleted\n", name)
	c.runUntil(func() bool {
		o, err := st.Get(api.Pods, ns, name)
		return err != nil || o.GetObjectMeta().UID != uid
	}, deleteWaitMax)
}

// isKubectlError tells kubectl's own failures (no such pod, completed
// pod) from a command's output.
func isKubectlError(stderr string) bool {
	return strings.HasPrefix(stderr, "error: ") || strings.HasPrefix(stderr, "Error from server")
}

// imageShells are the default commands of the shell images: what `kubectl
// run -it` attaches to when given no command.
var imageShells map[string][]string

func fillImageShells() {
	imageShells = map[string][]string{"busybox": {"sh"}, "alpine": {"/bin/sh"}, "ubuntu": {"bash"}, "debian": {"bash"}}
}

// imageRepo is an image's repository without registry prefix or tag.
func imageRepo(image string) string {
	ref := image
	if i := strings.LastIndex(ref, "@"); i >= 0 {
		ref = ref[:i]
	}
	if i := strings.LastIndex(ref, ":"); i > strings.LastIndex(ref, "/") {
		ref = ref[:i]
	}
	return strings.TrimPrefix(strings.TrimPrefix(ref, "docker.io/"), "library/")
}
