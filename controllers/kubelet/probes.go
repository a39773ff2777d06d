package kubelet

import (
	"fmt"
	"path"
	"sort"
	"strconv"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
)

// A prober runs one container's readiness or liveness probe on the
// simulated clock. Probes tick every periodSeconds from the container's
// start; ticks before initialDelaySeconds have passed give no result, as
// upstream's worker skips them. Ready takes successThreshold consecutive
// passes; failureThreshold consecutive failures undo Ready (readiness) or
// kill the container (liveness).
//
// Most ticks change nothing — a healthy server's probe passes forever —
// so the kubelet does not run them: next is the next tick whose result
// matters (a failure, or a pass that counts toward Ready or resets a
// failure streak). Whether such a tick keeps the cluster busy for `sim
// settle` is busy's business.
type prober struct {
	kind      string // "Readiness" or "Liveness", as the events say
	spec      api.Probe
	period    time.Duration
	next      time.Time // zero: no tick matters any more
	successes int32
	failures  int32
}

// newProber returns the prober of a container started at start, with
// upstream's defaults (period 10s, thresholds 1 and 3), or nil.
func newProber(kind string, p *api.Probe, start time.Time) *prober {
	if p == nil {
		return nil
	}
	spec := *p
	if spec.PeriodSeconds <= 0 {
		spec.PeriodSeconds = 10
	}
	if spec.SuccessThreshold <= 0 || kind == "Liveness" {
		spec.SuccessThreshold = 1
	}
	if spec.FailureThreshold <= 0 {
		spec.FailureThreshold = 3
	}
	pr := &prober{kind: kind, spec: spec, period: time.Duration(spec.PeriodSeconds) * time.Second}
	delay := time.Duration(spec.InitialDelaySeconds) * time.Second
	ticks := (delay + pr.period - 1) / pr.period
	pr.next = start.Add(ticks * pr.period)
	return pr
}

// probe runs the probe of container c against its process at instant t:
// whether it passes and, when it fails, what upstream's prober prints.
func (c *container) probe(pr *prober, t time.Time) (bool, string) {
	ran := t.Sub(c.started)
	p := c.proc
	switch {
	case ran < p.warmup:
		return false, c.refused(pr)
	case pr.kind == "Readiness" && p.neverReady:
		if pr.spec.HTTPGet != nil {
			return false, "HTTP probe failed with statuscode: 503"
		}
		return false, c.refused(pr)
	}
	if e := pr.spec.Exec; e != nil {
		if file, cmd := probedFile(e.Command); file != "" && !p.fileExists(file, ran) {
			switch cmd {
			case "cat":
				return false, fmt.Sprintf("cat: can't open '%s': No such file or directory", file)
			case "ls", "stat":
				return false, fmt.Sprintf("%s: %s: No such file or directory", cmd, file)
			}
			return false, ""
		}
	}
	return true, ""
}

// refused is the output of a probe of a process that is not listening yet.
func (c *container) refused(pr *prober) string {
	switch {
	case pr.spec.HTTPGet != nil:
		g := pr.spec.HTTPGet
		scheme := "http"
		if g.Scheme == "HTTPS" {
			scheme = "https"
		}
		hostPort := hostPort(c.ip, c.port(g.Port))
		return fmt.Sprintf("Get %q: dial tcp %s: connect: connection refused", scheme+"://"+hostPort+g.Path, hostPort)
	case pr.spec.TCPSocket != nil:
		return fmt.Sprintf("dial tcp %s: connect: connection refused", hostPort(c.ip, c.port(pr.spec.TCPSocket.Port)))
	}
	return ""
}

// port resolves a probe's port, by number or by the container port's name.
func (c *container) port(p api.IntOrString) int {
	if !p.IsString {
		return int(p.IntVal)
	}
	for _, cp := range c.spec.Ports {
		if cp.Name == p.StrVal {
			return int(cp.ContainerPort)
		}
	}
	n, _ := strconv.Atoi(p.StrVal)
	return n
}

// probedFile recognises exec probes that test a file (`cat /tmp/healthy`,
// `test -e F`, `ls F`, `sh -c "cat F"`): the file and the command.
func probedFile(cmd []string) (file, name string) {
	if len(cmd) >= 3 && (path.Base(cmd[0]) == "sh" || path.Base(cmd[0]) == "bash") && cmd[1] == "-c" {
		cmd = shellWords(cmd[2])
	}
	if len(cmd) < 2 {
		return "", ""
	}
	switch name = path.Base(cmd[0]); name {
	case "cat", "ls", "stat", "test", "[":
		for _, a := range cmd[1:] {
			if len(a) > 0 && a[0] == '/' {
				return a, name
			}
		}
	}
	return "", ""
}

// changes lists the instants after start at which a probe's result may
// change: the end of the warm-up and the probed file's changes.
func (c *container) changes(pr *prober) []time.Time {
	var out []time.Time
	if c.proc.warmup > 0 {
		out = append(out, c.started.Add(c.proc.warmup))
	}
	if e := pr.spec.Exec; e != nil {
		if file, _ := probedFile(e.Command); file != "" {
			for _, f := range c.proc.files {
				if f.path == file {
					out = append(out, c.started.Add(f.at))
				}
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Before(out[j]) })
	return out
}

// matters reports whether a tick with this result changes anything.
func (c *container) matters(pr *prober, ok bool) bool {
	switch {
	case !ok:
		return true // an Unhealthy event at least
	case pr.kind == "Readiness" && !c.ready:
		return true // counts toward Ready
	}
	return pr.failures > 0 // resets a failure streak
}

// schedule moves pr.next to the first tick at or after from whose result
// matters, skipping the ones that would change nothing.
func (c *container) schedule(pr *prober, from time.Time) {
	t := from
	changes := c.changes(pr)
	for {
		if c.exits() && !t.Before(c.exitAt()) {
			pr.next = time.Time{} // the process is gone before then
			return
		}
		ok, _ := c.probe(pr, t)
		if c.matters(pr, ok) {
			pr.next = t
			return
		}
		// The result stays the same until the next change.
		i := sort.Search(len(changes), func(i int) bool { return changes[i].After(t) })
		if i == len(changes) {
			pr.next = time.Time{}
			return
		}
		ticks := (changes[i].Sub(c.started) + pr.period - 1) / pr.period
		t = c.started.Add(ticks * pr.period)
	}
}

// busy reports whether pr's next tick is work the cluster is waiting for
// (it keeps `sim settle` going) rather than routine probing: a pass that
// brings Ready, a failure that takes Ready away or leads to a kill, the
// first failureThreshold failures of a container that is not Ready (so
// that `describe` shows them), and every tick of a container that will
// pass later (a slow start).
func (c *container) busy(pr *prober) bool {
	ok, _ := c.probe(pr, pr.next)
	switch {
	case pr.kind == "Liveness", ok, c.ready:
		return true
	case pr.failures < pr.spec.FailureThreshold:
		return true
	}
	for _, t := range c.changes(pr) {
		if t.After(pr.next) {
			if ok, _ := c.probe(pr, t); ok {
				return true
			}
		}
	}
	return false
}

// tick runs the probe due at pr.next and reports what it found, for the
// trace; for a liveness probe, kill says the container must be restarted.
func (c *container) tick(pr *prober) (why string, unhealthy string, kill bool) {
	t := pr.next
	ok, out := c.probe(pr, t)
	if ok {
		pr.successes++
		pr.failures = 0
		if pr.kind == "Readiness" && !c.ready {
			if pr.successes >= pr.spec.SuccessThreshold {
				c.ready = true
				why = fmt.Sprintf("readiness probe of %s passed %d of %d: Ready", c.name, pr.successes, pr.spec.SuccessThreshold)
			} else {
				why = fmt.Sprintf("readiness probe of %s passed %d of %d: not Ready yet", c.name, pr.successes, pr.spec.SuccessThreshold)
			}
		}
	} else {
		pr.failures++
		pr.successes = 0
		unhealthy = pr.kind + " probe failed: " + out
		n, of := pr.failures, pr.spec.FailureThreshold
		switch {
		case pr.kind == "Liveness" && n >= of:
			kill = true
			why = fmt.Sprintf("liveness probe of %s failed %d of %d: kill and restart it", c.name, n, of)
		case pr.kind == "Liveness":
			why = fmt.Sprintf("liveness probe of %s failed %d of %d: still alive", c.name, n, of)
		case c.ready && n >= of:
			c.ready = false
			why = fmt.Sprintf("readiness probe of %s failed %d of %d: not Ready", c.name, n, of)
		case c.ready:
			why = fmt.Sprintf("readiness probe of %s failed %d of %d: still Ready", c.name, n, of)
		default:
			why = fmt.Sprintf("readiness probe of %s failed %d of %d: not Ready", c.name, min(n, of), of)
		}
	}
	c.schedule(pr, t.Add(pr.period))
	return why, unhealthy, kill
}

// hostPort joins an IPv4 address and a port as net.JoinHostPort would; the
// net package itself would add ~100 KB to the page's download.
func hostPort(ip string, port int) string { return ip + ":" + strconv.Itoa(port) }
