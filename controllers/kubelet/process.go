package kubelet

import (
	"fmt"
	"path"
	"strconv"
	"strings"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
)

// process is what a container's main process does, as far as the kubelet
// can tell from outside: how long it runs, how it exits, and what its
// probes find while it runs. The simulation knows it in advance; the
// kubelet still only learns it when the time comes.
type process struct {
	// forever is a process that runs until it is stopped (a server, a
	// `sleep infinity`, a `while true` loop).
	forever bool
	// runs is how long a finite process runs before it exits.
	runs     time.Duration
	exitCode int32
	// sigterm is the exit code when the kubelet stops the container: 0 for
	// servers that handle SIGTERM, 137 (SIGKILL after the grace period) for
	// a shell, which ignores SIGTERM as PID 1.
	sigterm int32
	// warmup: every probe fails until the process has run this long.
	warmup time.Duration
	// neverReady: readiness probes always fail (the process is alive).
	neverReady bool
	// files the process creates and removes, for exec probes that look at
	// them (`cat /tmp/healthy`).
	files []fileChange
	// what describes the process in the kubelet's trace.
	what string
}

type fileChange struct {
	at     time.Duration // since the process started
	path   string
	exists bool
}

// behaviour is one row of the image table: what the image's main process
// does.
type behaviour struct {
	// serves: without a command the image runs a server until stopped.
	serves bool
	// cmd is the image's default command when it does not serve (its
	// ENTRYPOINT/CMD), interpreted like a pod's command.
	cmd string
	// entrypoint is the image's ENTRYPOINT when the pod's args are its
	// arguments (CoreDNS's `-conf /etc/coredns/Corefile`): a pod with
	// args and no command runs it with them.
	entrypoint string
	// fixed images ignore the pod's command and args (the teaching images).
	fixed bool
	// A fixed image's process, when it does not simply serve.
	proc process
}

// behaviours is the table of images whose main process the kubelet knows.
// An image not listed serves until stopped. A pod's command and args
// replace the default (except for fixed images) and are read by run: see
// there for the commands it understands.
var behaviours = map[string]behaviour{
	"nginx":                                 {serves: true},
	"httpd":                                 {serves: true},
	"redis":                                 {serves: true},
	"mysql":                                 {serves: true},
	"postgres":                              {serves: true},
	"registry.k8s.io/pause":                 {serves: true},
	"k8s.gcr.io/fluentd-elasticsearch":      {serves: true},
	"quay.io/fluentd_elasticsearch/fluentd": {serves: true},
	// A kind cluster's system images: their servers run until stopped,
	// given as commands in the pods (run knows them).
	"registry.k8s.io/coredns/coredns": {serves: true, entrypoint: "/coredns"},
	"kindest/kindnetd":                {serves: true, entrypoint: "/bin/kindnetd"},
	// Shell images: CMD is a shell, which exits 0 at once without a
	// terminal — a busybox pod with no command "completes" immediately.
	"busybox": {cmd: "sh"},
	"alpine":  {cmd: "/bin/sh"},
	"ubuntu":  {cmd: "bash"},
	// perl's CMD is its debugger, which exits 0 at once without a terminal.
	"perl": {cmd: "perl5.34.0 -de0"},

	// kubeloop/crash prints an error and exits 1 a second after it starts:
	// with restartPolicy Always, a CrashLoopBackOff.
	"kubeloop/crash": {fixed: true, proc: process{runs: time.Second, exitCode: 1, sigterm: 137, what: "crash: exits 1 after 1s"}},
	// kubeloop/slow-start serves, but only 20s after it starts: its probes
	// fail until then. Without a readiness probe the kubelet cannot tell,
	// and the pod is Ready at once — which is the lesson.
	"kubeloop/slow-start": {fixed: true, proc: process{forever: true, warmup: 20 * time.Second, what: "slow-start: serves after 20s"}},
	// kubeloop/unready serves, but its readiness endpoint always answers
	// 503: Running, never Ready. Its liveness probes pass.
	"kubeloop/unready": {fixed: true, proc: process{forever: true, neverReady: true, what: "unready: readiness always fails"}},
}

// processFor resolves what container c of an image runs.
func processFor(c *api.Container) process {
	repo, _ := splitImage(c.Image)
	b, known := behaviours[repo]
	if !known {
		b = behaviour{serves: true}
	}
	if b.fixed {
		return b.proc
	}
	words := append(append([]string(nil), c.Command...), c.Args...)
	if len(c.Command) == 0 && len(c.Args) > 0 && b.entrypoint != "" {
		words = append(shellWords(b.entrypoint), c.Args...)
	}
	if len(words) == 0 {
		if b.serves {
			return process{forever: true, what: "the image's server"}
		}
		words = shellWords(b.cmd)
	}
	if c.Stdin && interactiveShell(words) {
		// kubectl run -i … sh: the shell reads its attached stdin and
		// runs until the user exits it.
		return process{forever: true, sigterm: 137, what: "an interactive shell, attached"}
	}
	return run(words)
}

// interactiveShell is a shell given no script: it reads commands from stdin.
func interactiveShell(words []string) bool {
	switch path.Base(words[0]) {
	case "sh", "bash", "ash", "dash":
	default:
		return false
	}
	for _, w := range words[1:] {
		if w == "-c" {
			return false
		}
	}
	return true
}

// run interprets a command the way its process would behave. It
// understands enough shell for the lessons' pods:
//
//   - `sh -c SCRIPT` (and bash, ash, /bin/sh): statements separated by `;`,
//     `&&`, `||` or newlines; exit status of the last one, as sh;
//   - `sleep N` (s, m, h suffixes) runs N; `sleep infinity`, `tail -f`,
//     `while`/`until` loops and server binaries (nginx, httpd, redis-server)
//     run forever; `for X in A B C; do …; done` runs its body per word;
//   - `exit N`, `false` (1), `true`; `touch F`, `rm F` and `> F` change the
//     files exec probes look at;
//   - `perl … bpi(N)` computes N digits of π for N/400 seconds (the Job
//     lesson's bpi(2000) takes 5s);
//   - a shell with no script exits 0 at once (no terminal);
//   - any other command takes no time and exits 0.
func run(words []string) process {
	m := &machine{}
	m.exec(words)
	p := process{forever: m.forever, runs: m.t, exitCode: m.status, sigterm: 137, files: m.files}
	if m.server {
		p.sigterm = 0
	}
	switch {
	case m.forever:
		p.what = "runs until stopped"
	default:
		p.what = fmt.Sprintf("runs %s, then exits %d", m.t, m.status)
	}
	return p
}

// machine is the state of an interpreted process.
type machine struct {
	t       time.Duration
	status  int32
	forever bool // runs forever from t on
	exited  bool // `exit` ran
	server  bool
	files   []fileChange
}

func (m *machine) done() bool { return m.forever || m.exited }

// exec runs one simple command.
func (m *machine) exec(words []string) {
	words = m.redirect(words)
	if len(words) == 0 || m.done() {
		return
	}
	args := words[1:]
	last := m.status
	m.status = 0
	switch cmd := path.Base(words[0]); cmd {
	case "sh", "bash", "ash", "dash":
		for i, a := range args {
			if a == "-c" && i+1 < len(args) {
				m.script(args[i+1])
				return
			}
		}
		// An interactive shell with no terminal reads EOF and exits 0.
	case "exec", "nohup", "env", "time":
		if cmd == "env" {
			for len(args) > 0 && strings.Contains(args[0], "=") {
				args = args[1:]
			}
		}
		m.exec(args)
	case "sleep":
		if len(args) == 0 {
			m.status = 1
			return
		}
		if args[0] == "infinity" || args[0] == "inf" {
			m.forever = true
			return
		}
		d, ok := parseSleep(args[0])
		if !ok {
			m.status = 1
			return
		}
		m.t += d
	case "exit":
		if len(args) > 0 {
			if n, err := strconv.Atoi(args[0]); err == nil {
				m.status = int32(n & 0xff)
			}
		} else {
			m.status = last
		}
		m.exited = true
	case "false":
		m.status = 1
	case "touch":
		for _, f := range operands(args) {
			m.files = append(m.files, fileChange{m.t, f, true})
		}
	case "rm":
		for _, f := range operands(args) {
			m.files = append(m.files, fileChange{m.t, f, false})
		}
	case "tail":
		for _, a := range args {
			if a == "-f" || a == "-F" || strings.HasPrefix(a, "--follow") {
				m.forever = true
			}
		}
	case "nginx", "httpd", "httpd-foreground", "apache2-foreground", "redis-server", "fluentd", "pause",
		"etcd", "kube-apiserver", "kube-controller-manager", "kube-scheduler", "kube-proxy", "kindnetd", "coredns":
		m.forever, m.server = true, true
	case "perl":
		for _, a := range args {
			if i := strings.Index(a, "bpi("); i >= 0 {
				n, _ := strconv.Atoi(strings.TrimRight(strings.SplitN(a[i+4:], ")", 2)[0], " "))
				m.t += time.Duration(n) * time.Second / 400
			}
		}
	}
}

// redirect records `> F` and `>> F` as files created, and drops them.
func (m *machine) redirect(words []string) []string {
	out := words[:0:0]
	for i := 0; i < len(words); i++ {
		w := words[i]
		switch {
		case w == ">" || w == ">>":
			if i+1 < len(words) {
				m.files = append(m.files, fileChange{m.t, words[i+1], true})
				i++
			}
		case strings.HasPrefix(w, ">") || strings.HasPrefix(w, "1>"):
			if f := strings.TrimLeft(w, "1>"); f != "" && !strings.HasPrefix(f, "&") {
				m.files = append(m.files, fileChange{m.t, f, true})
			}
		case strings.HasPrefix(w, "2>"):
		default:
			out = append(out, w)
		}
	}
	return out
}

// script runs a shell script: statements with their connectors.
func (m *machine) script(src string) {
	stmts := splitStatements(src)
	for i := 0; i < len(stmts) && !m.done(); i++ {
		s := stmts[i]
		if (s.op == "&&" && m.status != 0) || (s.op == "||" && m.status == 0) {
			continue
		}
		words := shellWords(s.text)
		if len(words) == 0 {
			continue
		}
		switch words[0] {
		case "while", "until":
			m.forever = true
		case "for":
			body, end := loopBody(stmts, i)
			n := 0
			if len(words) > 2 && words[2] == "in" {
				n = len(words) - 3
			}
			for k := 0; k < n && !m.done(); k++ {
				for _, b := range body {
					m.exec(shellWords(b))
				}
			}
			i = end
		default:
			m.exec(words)
		}
	}
}

// loopBody returns the statements between `do` and the matching `done` of
// the loop starting at stmts[i], and the index of `done`.
func loopBody(stmts []statement, i int) ([]string, int) {
	var body []string
	depth := 0
	for j := i + 1; j < len(stmts); j++ {
		text := strings.TrimSpace(stmts[j].text)
		first, rest, _ := strings.Cut(text, " ")
		switch first {
		case "for", "while", "until":
			depth++
		case "done":
			if depth == 0 {
				return body, j
			}
			depth--
		case "do":
			if depth == 0 {
				text = rest
			}
		}
		body = append(body, text)
	}
	return body, len(stmts)
}

type statement struct {
	op   string // the connector before it: "", ";", "&&" or "||"
	text string
}

// splitStatements splits a script at ;, &&, || and newlines outside quotes.
func splitStatements(src string) []statement {
	var out []statement
	var cur strings.Builder
	op := ""
	var quote byte
	flush := func(next string) {
		if t := strings.TrimSpace(cur.String()); t != "" {
			out = append(out, statement{op, t})
		}
		cur.Reset()
		op = next
	}
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
			cur.WriteByte(c)
		case c == '\'' || c == '"':
			quote = c
			cur.WriteByte(c)
		case c == ';' || c == '\n':
			flush(";")
		case (c == '&' || c == '|') && i+1 < len(src) && src[i+1] == c:
			flush(string([]byte{c, c}))
			i++
		case c == '&':
			flush(";") // a background job: the script goes on at once
		default:
			cur.WriteByte(c)
		}
	}
	flush("")
	return out
}

// shellWords splits a command line into words, honouring quotes.
func shellWords(s string) []string {
	var out []string
	var cur strings.Builder
	in, quote := false, byte(0)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			} else {
				cur.WriteByte(c)
			}
		case c == '\'' || c == '"':
			quote, in = c, true
		case c == ' ' || c == '\t' || c == '\n':
			if in {
				out = append(out, cur.String())
				cur.Reset()
				in = false
			}
		default:
			cur.WriteByte(c)
			in = true
		}
	}
	if in {
		out = append(out, cur.String())
	}
	return out
}

// operands drops flags (-f, -rf, --force).
func operands(args []string) []string {
	var out []string
	for _, a := range args {
		if !strings.HasPrefix(a, "-") {
			out = append(out, a)
		}
	}
	return out
}

// parseSleep reads busybox sleep's argument: seconds, or a number with an
// s, m, h or d suffix.
func parseSleep(s string) (time.Duration, bool) {
	unit := time.Second
	switch {
	case strings.HasSuffix(s, "s"):
		s = s[:len(s)-1]
	case strings.HasSuffix(s, "m"):
		s, unit = s[:len(s)-1], time.Minute
	case strings.HasSuffix(s, "h"):
		s, unit = s[:len(s)-1], time.Hour
	case strings.HasSuffix(s, "d"):
		s, unit = s[:len(s)-1], 24*time.Hour
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f < 0 {
		return 0, false
	}
	return time.Duration(f * float64(unit)), true
}

// fileExists reports whether the process has path at offset d of its run.
func (p process) fileExists(file string, d time.Duration) bool {
	exists := false
	for _, f := range p.files {
		if f.path == file && f.at <= d {
			exists = f.exists
		}
	}
	return exists
}
