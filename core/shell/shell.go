// Package shell is kubeloop's one shell. In a pod it is the small
// POSIX-like shell behind `kubectl exec` and `kubectl run -it`: enough of
// busybox's sh (and of the commands learners type into a pod) to look at a
// pod from inside — `hostname`, `nslookup web-0.nginx`, `cat`, `echo … >
// FILE`, `ls`, `env`, `curl`, `grep`, `wc` — with the output and exit
// codes those programs print. In the page's own terminal (Terminal) it
// runs `kubectl get pods | grep web | wc -l`: the same tokenizer and text
// filters, with kubectl a command the host adds.
//
// It understands `;`, `&&`, `||`, newlines, pipes, `>`, `>>`, `2>`, `<`,
// single and double quotes, `$VAR`, `${VAR}`, `$?`, `$(command)` and
// `NAME=value`. It does not understand loops, conditionals or functions:
// those print an error saying so. Files live in the container's FS (with
// volumes mounted over it); names resolve through the cluster DNS; nothing
// here touches the host.
//
// Not for: the main process of a container — what that does over time is
// the kubelet's business (controllers/kubelet/process.go).
package shell

import (
	"fmt"
	"io"
	"path"
	"strings"
	"time"
)

// Resolver is the cluster DNS as a pod's resolver sees it (core/dns).
type Resolver interface {
	// Resolve applies the pod's search path; fqdn is the name that answered.
	Resolve(name, namespace string) (fqdn string, ips []string, ok bool)
	// Reverse is a PTR lookup.
	Reverse(ip string) (string, bool)
}

// Flavor is the userland an image ships: which commands exist and how the
// shell words its errors.
type Flavor int

const (
	// Busybox: busybox and alpine images — every applet, "sh: foo: not found".
	Busybox Flavor = iota
	// Debian: nginx, httpd and most official images — dash as sh
	// ("sh: 1: foo: not found"), coreutils and grep, curl but no
	// nslookup or wget.
	Debian
	// terminal: the page's own terminal (Terminal) — the text filters
	// and the host's commands, no variables.
	terminal
)

// Env is the container a command runs in.
type Env struct {
	FS        *FS
	Hostname  string
	Namespace string
	// Vars are the container's environment, in order (NAME=value).
	Vars       []string
	Now        time.Time
	DNS        Resolver
	Nameserver string // the cluster DNS Service's IP
	Flavor     Flavor
	// OldNslookup prints busybox 1.28's nslookup format (busybox:1.28.x);
	// otherwise busybox 1.30+'s.
	OldNslookup bool
	// HTTP answers a GET for curl and wget: the status code and body, and
	// whether anything listened at ip:port ("127.0.0.1" is the pod itself).
	HTTP func(ip string, port int, path string) (status int, body string, ok bool)
	// Dir is the working directory ("/" when empty).
	Dir string
	// Commands are programs the host adds to the image's, by name: the
	// page's terminal adds kubectl (Terminal).
	Commands map[string]CommandFunc
}

// CommandFunc is a program a host adds to the shell (Env.Commands): it
// reads stdin, writes to stdout and stderr, and returns its exit status.
type CommandFunc func(args []string, stdin string, stdout, stderr io.Writer) int

// Result is what a command printed and its exit status.
type Result struct {
	Stdout, Stderr string
	Code           int
	// NotFound: argv[0] of an Exec is no program of the image (the
	// runtime, not a shell, reports that).
	NotFound bool
}

// session is one running shell: its variables, directory and status.
type session struct {
	env    *Env
	vars   map[string]string
	order  []string
	dir    string
	status int
	exited bool
}

func newSession(env *Env) *session {
	s := &session{env: env, vars: map[string]string{}, dir: env.Dir}
	if s.dir == "" {
		s.dir = "/"
	}
	for _, kv := range env.Vars {
		k, v, _ := strings.Cut(kv, "=")
		s.setVar(k, v)
	}
	if _, ok := s.vars["HOSTNAME"]; !ok {
		s.setVar("HOSTNAME", env.Hostname)
	}
	return s
}

func (s *session) setVar(k, v string) {
	if _, ok := s.vars[k]; !ok {
		s.order = append(s.order, k)
	}
	s.vars[k] = v
}

// Exec runs argv as a container runtime's exec does: a program, not a
// shell line. `sh -c SCRIPT` and `sh` (reading stdin) run scripts.
func Exec(env *Env, argv []string, stdin string) Result {
	s := newSession(env)
	if len(argv) == 0 {
		return Result{}
	}
	if !s.known(path.Base(argv[0])) {
		return Result{Code: 127, NotFound: true}
	}
	var out, errOut strings.Builder
	code := s.run(argv, stdin, &out, &errOut)
	return Result{Stdout: out.String(), Stderr: errOut.String(), Code: code}
}

// Script runs a shell script (what `sh -c` is given, or a line typed at
// an interactive prompt) in a fresh session.
func Script(env *Env, script, stdin string) Result {
	s := newSession(env)
	var out, errOut strings.Builder
	code := s.script(script, stdin, &out, &errOut)
	return Result{Stdout: out.String(), Stderr: errOut.String(), Code: code}
}

// Session is an interactive shell: lines typed one at a time, sharing
// variables and the working directory, until `exit`.
type Session struct{ s *session }

// NewSession starts an interactive shell.
func NewSession(env *Env) *Session { return &Session{s: newSession(env)} }

// Prompt is busybox's root prompt with the working directory: "/ # ".
func (x *Session) Prompt() string {
	if x.s.env.Flavor == Debian {
		return "# "
	}
	return x.s.dir + " # "
}

// Line runs one typed line. exited reports that it ran `exit`.
func (x *Session) Line(line string) (r Result, exited bool) {
	var out, errOut strings.Builder
	code := x.s.script(line, "", &out, &errOut)
	return Result{Stdout: out.String(), Stderr: errOut.String(), Code: code}, x.s.exited
}

// Status is the last command's exit status (what `exit` with no argument returns).
func (x *Session) Status() int { return x.s.status }

// script runs statements separated by ;, &&, || and newlines.
func (s *session) script(src, stdin string, out, errOut *strings.Builder) int {
	stmts, err := parse(src)
	if err != nil {
		fmt.Fprintf(errOut, "%s: syntax error: %v\n", s.shName(), err)
		s.status = 2
		return 2
	}
	for _, st := range stmts {
		switch first := st.pipe[0].words; {
		case len(first) == 0:
		case first[0] == "for", first[0] == "while", first[0] == "until", first[0] == "if", first[0] == "case", first[0] == "function":
			fmt.Fprintf(errOut, "%s: %s: loops, conditionals and functions are not supported in this sandbox's shell\n", s.shName(), first[0])
			s.status = 2
			return 2
		}
	}
	for _, st := range stmts {
		if s.exited {
			break
		}
		if (st.op == "&&" && s.status != 0) || (st.op == "||" && s.status == 0) {
			continue
		}
		s.status = s.pipeline(st.pipe, stdin, out, errOut)
		stdin = "" // the script's stdin goes to the first command that reads it
	}
	return s.status
}

// pipeline runs `a | b | c`, each command's stdout the next one's stdin.
func (s *session) pipeline(cmds []command, stdin string, out, errOut *strings.Builder) int {
	in := stdin
	code := 0
	for i, c := range cmds {
		var o strings.Builder
		code = s.simple(c, in, &o, errOut)
		if i == len(cmds)-1 {
			out.WriteString(o.String())
		}
		in = o.String()
		if s.exited {
			break
		}
	}
	return code
}

// simple runs one command with its redirections and assignments.
func (s *session) simple(c command, stdin string, out, errOut *strings.Builder) int {
	words, redirs, err := s.expandCommand(c)
	if err != nil {
		fmt.Fprintf(errOut, "%s: syntax error: %v\n", s.shName(), err)
		return 2
	}
	// Leading NAME=value words set variables.
	for len(words) > 0 && isAssignment(words[0]) {
		k, v, _ := strings.Cut(words[0], "=")
		s.setVar(k, v)
		words = words[1:]
	}
	var o, e strings.Builder
	for _, r := range redirs {
		if r.op == "<" {
			b, err := s.env.FS.ReadFile(s.abs(r.file))
			if err != nil {
				fmt.Fprintf(errOut, "%s: can't open '%s': No such file or directory\n", s.shName(), r.file)
				return 1
			}
			stdin = string(b)
		}
	}
	code := 0
	if len(words) > 0 {
		code = s.run(words, stdin, &o, &e)
	}
	stdout, stderr := o.String(), e.String()
	for _, r := range redirs {
		var data string
		switch r.op {
		case ">", ">>":
			data, stdout = stdout, ""
		case "2>", "2>>":
			data, stderr = stderr, ""
		case "2>&1":
			stdout += stderr
			stderr = ""
			continue
		default:
			continue
		}
		p := s.abs(r.file)
		if r.file == "/dev/null" {
			continue
		}
		var werr error
		if strings.HasSuffix(r.op, ">>") {
			werr = s.env.FS.AppendFile(p, []byte(data))
		} else {
			werr = s.env.FS.WriteFile(p, []byte(data))
		}
		if werr != nil {
			fmt.Fprintf(errOut, "%s: can't create %s: %s\n", s.shName(), r.file, errText(werr))
			return 1
		}
	}
	out.WriteString(stdout)
	errOut.WriteString(stderr)
	return code
}

func isAssignment(w string) bool {
	k, _, ok := strings.Cut(w, "=")
	if !ok || k == "" {
		return false
	}
	for i, c := range k {
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// shName is how the shell names itself in errors.
func (s *session) shName() string { return "sh" }

// notFound words a missing command as the image's shell does.
func (s *session) notFound(name string) string {
	if s.env.Flavor == terminal {
		return fmt.Sprintf("%s is not available in this terminal: %s\n", name, s.pipeHelp())
	}
	if s.env.Flavor == Debian {
		return fmt.Sprintf("sh: 1: %s: not found\n", name)
	}
	return fmt.Sprintf("sh: %s: not found\n", name)
}

// abs makes p absolute against the working directory.
func (s *session) abs(p string) string {
	if strings.HasPrefix(p, "/") {
		return path.Clean(p)
	}
	return path.Join(s.dir, p)
}

// vars in environment order, for env.
func (s *session) environ() []string {
	out := make([]string, 0, len(s.order))
	for _, k := range s.order {
		out = append(out, k+"="+s.vars[k])
	}
	return out
}

func errText(err error) string {
	msg := err.Error()
	if i := strings.LastIndex(msg, ": "); i >= 0 {
		return msg[i+2:]
	}
	return msg
}
