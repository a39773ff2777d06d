package kubectl

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/shell"
	"github.com/kubeloop/kubeloop/core/store"
)

// Env is the cluster as kubectl sees it (core/cluster implements it).
type Env interface {
	Store() *store.Store
	// RunUntil advances the simulation until done() returns true or max
	// simulated time passes; it reports whether done became true.
	RunUntil(done func() bool, max time.Duration) bool
	// ReadFile reads a file named by -f (relative to the transcript or the
	// page's files).
	ReadFile(name string) ([]byte, error)
}

// Result is what a terminal shows for one command, and its exit code.
type Result struct {
	Stdout, Stderr string
	// Output is both streams in the order they were written (output.go).
	Output   []Chunk
	ExitCode int
	// Watch is set by `get -w`: the command keeps running, and the caller
	// polls it for the rows that follow (and stops it, as Ctrl+C would).
	Watch *Watch
	// Session is set by `exec -it … sh` and `run -it … sh`: an interactive
	// shell the caller feeds typed lines to until it ends (session.go).
	Session *Session
	// Cut reports output past MaxOutputBytes that was not kept; the last
	// chunk of Output, and the end of Stderr, is then CutNote.
	Cut bool
	// StoppedWaiting is set when kubeloop ended a wait real kubectl would
	// carry on (rollout status without --timeout): the last chunk of
	// Output, and the end of Stderr, is then its StoppedWaitingNote.
	StoppedWaiting *StoppedWait
}

// Version is what `kubectl version` reports as the client: the kubectl
// release whose output this one follows (the course's, v1.32, one minor
// ahead of the server, within kubectl's supported skew). The server is the
// sandbox's api.KubernetesVersion.
const (
	Version          = "v1.32.4"
	kustomizeVersion = "v5.5.0"
)

// invocation is one command being run: its input, the cluster and the
// output so far.
type invocation struct {
	env   Env
	words []string // the command line after "kubectl", global flags moved last
	stdin string
	// path is the command being run, "get" or "rollout undo": where
	// cobra's "See 'kubectl PATH --help' for usage." points.
	path  string
	out   output
	err   output
	log   []logChunk // out and err, interleaved
	code  int
	watch *Watch
	// session is the interactive shell the command leaves open, if any.
	session *Session
	// stopped is set when kubeloop ended a wait early (stopWaiting).
	stopped *StoppedWait
	// observe, when set, runs between the tasks of every wait (RunObserved).
	observe func()
	// probe, when set, asks only for the command's flags (accepts.go).
	probe *flagProbe
}

// commands maps each verb to what runs it; help.go describes them. A verb
// added in its own file registers itself there, in a register function
// that register.go calls.
var commands = map[string]func(c *invocation, args []string){}

func registerRun() {
	for verb, run := range map[string]func(c *invocation, args []string){
		"annotate": runAnnotate,
		"apply":    runApply,
		"create":   runCreate,
		"delete":   runDelete,
		"describe": runDescribe,
		"get":      runGet,
		"help":     runHelp,
		"label":    runLabel,
		"patch":    runPatch,
		"rollout":  runRollout,
		"scale":    runScale,
		"set":      runSet,
		"version":  runVersion,
	} {
		commands[verb] = run
	}
}

// Run runs one kubectl command line ("kubectl get pods -o wide", or with
// the alias: "k get po -o wide") with stdin as its standard input ("-f -").
// It never panics: a bug becomes an error message and exit code 1, so the
// page's terminal survives it.
func Run(env Env, line string, stdin string) (res Result) {
	return RunObserved(env, line, stdin, nil)
}

// RunObserved is Run, with observe called between the simulation's tasks
// whenever the command waits on simulated time (delete --wait, rollout
// status, wait, drain, exec's start): a terminal beside it — an open
// `get -w` — goes on printing what changes meanwhile, at the instant it
// changes (core/transcript's Beside).
func RunObserved(env Env, line string, stdin string, observe func()) (res Result) {
	register()
	c := newInvocation(env, stdin, observe)
	defer func() {
		if r := recover(); r != nil {
			c.err.WriteString(fmt.Sprintf("error: internal error in kubeloop's kubectl (please report it): %v\n", r))
			c.code = 1
		}
		cut := c.out.cut || c.err.cut
		if cut {
			c.err.keep(CutNote())
		}
		res = Result{Stdout: c.out.String(), Stderr: c.err.String(), Output: chunks(c.log), ExitCode: c.code, Watch: c.watch, Session: c.session, Cut: cut, StoppedWaiting: c.stopped}
	}()
	if err := checkCommandLine(line); err != nil {
		c.fail("%v", err)
		return
	}
	line, _ = CommandLine(line) // "k get po" is "kubectl get po"
	var pipedCut bool
	sh := c.terminal(&pipedCut)
	pipeline, err := sh.Parse(line)
	var syntax *shell.SyntaxError
	switch {
	case errors.As(err, &syntax):
		c.err.WriteString(err.Error() + "\n") // bash's words, as bash prints them
		c.code = 1
		return
	case err != nil:
		c.fail("%v", err)
		return
	case len(pipeline) == 0 || pipeline[0][0] != "kubectl":
		name := ""
		if len(pipeline) > 0 {
			name = pipeline[0][0]
		}
		c.fail("unknown command %q: this terminal runs kubectl commands", name)
		return
	case len(pipeline) > 1:
		c.pipe(sh, pipeline, &pipedCut)
		return
	}
	c.run(pipeline[0][1:])
	return
}

// newInvocation is an invocation whose streams keep up to outputLimit
// bytes each.
func newInvocation(env Env, stdin string, observe func()) *invocation {
	c := &invocation{env: env, stdin: stdin, observe: observe}
	c.out.log, c.err.log, c.err.stderr = &c.log, &c.log, true
	c.out.limit, c.err.limit = outputLimit, outputLimit
	return c
}

// run runs kubectl with args, the words after "kubectl".
func (c *invocation) run(args []string) {
	c.words = hoistGlobalFlags(args)
	if len(c.words) == 0 || c.words[0] == "--help" || c.words[0] == "-h" {
		runHelp(c, nil)
		return
	}
	run, ok := commands[c.words[0]]
	if why, known := unsimulated[c.words[0]]; !ok && known {
		c.runUnsimulated(c.words[0], why)
		return
	}
	if !ok {
		if strings.HasPrefix(c.words[0], "-") {
			_, _, err := parseFlags(c.words[:1], nil)
			if err != nil {
				c.flagError(err)
				return
			}
		}
		c.code = 1
		fmt.Fprintf(&c.err, "Error: unknown command %q for \"kubectl\"\n", c.words[0])
		return
	}
	c.path = c.words[0]
	if path, ok := wantsHelp(c.words); ok {
		printHelp(c, path)
		return
	}
	run(c, c.words[1:])
}

// flagError prints a flag the command does not know, or a bad flag value,
// as cobra does: "Error: ..." and where to read the usage.
func (c *invocation) flagError(err error) {
	c.code = 1
	path := c.path
	if path == "" {
		fmt.Fprintf(&c.err, "Error: %v\nSee 'kubectl --help' for usage.\n", err)
		return
	}
	fmt.Fprintf(&c.err, "Error: %v\nSee 'kubectl %s --help' for usage.\n", err, path)
}

// unknownSubcommand is kubectl's answer to "kubectl rollout frob".
func (c *invocation) unknownSubcommand(args []string) {
	if len(args) == 0 {
		printHelp(c, c.path)
		return
	}
	c.code = 1
	fmt.Fprintf(&c.err, "error: unknown command %q\nSee 'kubectl %s -h' for help and examples\n", args[0], c.path)
}

// hoistGlobalFlags moves -n/--namespace given before the command name
// ("kubectl -n kube-system get pods") after it, where parseFlags sees them:
// before a "--", after which every word belongs to the container's command
// ("kubectl -n dev create deployment api --image=busybox -- sleep 3600").
func hoistGlobalFlags(words []string) []string {
	var global []string
	for len(words) > 0 {
		w := words[0]
		switch {
		case w == "-n" || w == "--namespace":
			if len(words) < 2 {
				return append(global, words...)
			}
			global = append(global, words[0], words[1])
			words = words[2:]
		case strings.HasPrefix(w, "--namespace=") || (strings.HasPrefix(w, "-n") && len(w) > 2):
			global = append(global, w)
			words = words[1:]
		default:
			end := slices.Index(words, "--")
			if end < 0 {
				end = len(words)
			}
			return slices.Concat(words[:end], global, words[end:])
		}
	}
	return global
}

// fail prints "error: ..." on stderr and sets exit code 1.
func (c *invocation) fail(format string, args ...any) {
	fmt.Fprintf(&c.err, "error: "+format+"\n", args...)
	c.code = 1
}

// printf writes to stdout.
func (c *invocation) printf(format string, args ...any) { fmt.Fprintf(&c.out, format, args...) }

// apiError prints an error the store returned, as kubectl's CheckErr does.
// source, when set, names the file it came from ("error when creating").
func (c *invocation) apiError(err error, verb, source string) {
	c.code = 1
	c.err.WriteString(formatError(err, verb, source))
}

// formatError words an error as kubectl prints it, with a final newline.
func formatError(err error, verb, source string) string {
	var se *api.StatusError
	if !errors.As(err, &se) {
		return "error: " + err.Error() + "\n"
	}
	if se.Reason == api.ReasonInvalid && se.Kind != "" {
		prefix := fmt.Sprintf("The %s %q is invalid: ", se.Kind, se.Name)
		switch len(se.Causes) {
		case 0:
			return se.Message + "\n"
		case 1:
			return prefix + se.Causes[0].Error() + "\n"
		}
		var b strings.Builder
		b.WriteString(prefix + "\n")
		for _, e := range se.Causes {
			b.WriteString("* " + e.Error() + "\n")
		}
		return b.String()
	}
	msg := se.Message
	if verb != "" && source != "" {
		msg = fmt.Sprintf("error when %s %q: %s", verb, source, msg)
	}
	return fmt.Sprintf("Error from server (%s): %s\n", se.Reason, msg)
}

// parse parses a command's flags, printing cobra's error on failure.
func (c *invocation) parse(args []string, defs ...flagDef) ([]string, *flags, bool) {
	if c.probe != nil {
		c.probe.defs = append(slices.Clone(defs), globalFlags...)
		c.probe.reached = true
		return nil, nil, false
	}
	pos, f, err := parseFlags(args, defs)
	if err != nil {
		c.flagError(err)
		return nil, nil, false
	}
	for _, d := range defs {
		if d.deprecated != "" && f.has(d.long) {
			fmt.Fprintf(&c.err, "Flag --%s has been deprecated, %s\n", d.long, d.deprecated)
		}
	}
	return pos, f, true
}

// namespace is -n, or "default".
func namespaceOf(f *flags) string {
	if ns := f.str("namespace"); ns != "" {
		return ns
	}
	return "default"
}

// changeCause is the command line as kubectl's recorder writes it into
// kubernetes.io/change-cause: "kubectl", the positional words (command
// path included), then every flag given, as --name=value, in order.
func changeCause(path []string, pos []string, f *flags) string {
	parts := append([]string{"kubectl"}, path...)
	parts = append(parts, pos...)
	for _, u := range f.uses {
		parts = append(parts, "--"+u.name+"="+u.value)
	}
	return strings.Join(parts, " ")
}

// ChangeCauseAnnotation records the command that made a revision.
const ChangeCauseAnnotation = "kubernetes.io/change-cause"

// recordChange sets kubernetes.io/change-cause on m when --record is true,
// and only then: kubectl's RecordFlags give a no-op recorder otherwise. An
// existing annotation is left as it is — older kubectl also rewrote it on
// every later command, which a v1.32 cluster shows it no longer does
// (the parity run's walkthrough: every revision keeps the create's cause).
func recordChange(m *api.ObjectMeta, f *flags, cause string) {
	if f.boolean("record") {
		m.Annotations = setKey(m.Annotations, ChangeCauseAnnotation, cause)
	}
}

// qualifiedName is how kubectl names an object in its messages:
// "deployment.apps/x", "pod/x".
func qualifiedName(k *api.Kind, name string) string {
	return kindGroup(k) + "/" + name
}

// kindGroup is "deployment.apps" or "pod".
func kindGroup(k *api.Kind) string {
	s := strings.ToLower(k.Kind)
	if k.Group != "" {
		s += "." + k.Group
	}
	return s
}

// resolveKind looks up a resource type as typed, printing kubectl's error
// when the cluster has no such type.
func (c *invocation) resolveKind(name string) *api.Kind {
	k := api.ResourceFor(name)
	if k == nil {
		c.fail("the server doesn't have a resource type %q", name)
	}
	return k
}

func runVersion(c *invocation, args []string) {
	_, f, ok := c.parse(args, flagDef{long: "client", boolean: true}, flagDef{long: "output", short: "o"})
	if !ok {
		return
	}
	server := ""
	if !f.boolean("client") {
		server = api.KubernetesVersion
	}
	switch f.str("output") {
	case "":
		c.printf("Client Version: %s\nKustomize Version: %s\n", Version, kustomizeVersion)
		if server != "" {
			c.printf("Server Version: %s\n", server)
		}
	case "json":
		c.printf("{\n  \"clientVersion\": %s,\n  \"kustomizeVersion\": %q", versionInfoJSON(Version, clientBuild), kustomizeVersion)
		if server != "" {
			c.printf(",\n  \"serverVersion\": %s", versionInfoJSON(server, serverBuild))
		}
		c.printf("\n}\n")
	case "yaml":
		c.printf("clientVersion:\n%skustomizeVersion: %s\n", versionInfoYAML(Version, clientBuild), kustomizeVersion)
		if server != "" {
			c.printf("serverVersion:\n%s", versionInfoYAML(server, serverBuild))
		}
		c.printf("\n") // kubectl Println's the YAML, which ends in a newline already
	default:
		c.fail("--output must be 'yaml' or 'json'")
	}
}

// runUntil is env.RunUntil, observed (RunObserved): the cluster calls done
// before each task it runs, so observe sees every instant of the wait.
func (c *invocation) runUntil(done func() bool, max time.Duration) bool {
	if c.observe == nil {
		return c.env.RunUntil(done, max)
	}
	return c.env.RunUntil(func() bool {
		c.observe()
		return done()
	}, max)
}
