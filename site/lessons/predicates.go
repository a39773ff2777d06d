package lessons

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/cluster"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/kubectl"
)

// Env is the cluster as checks read it (core/cluster implements it).
type Env interface {
	kubectl.Env
	Trace() *controller.Trace
	TraceSince(seq int64) []controller.Entry
}

// Mark is where a step began: the newest trace entry and store revision
// then. Checks about what happened "during the step" look after it.
type Mark struct{ Seq, Rev int64 }

// MarkOf is the mark of env now.
func MarkOf(env Env) Mark {
	return Mark{Seq: env.Trace().Last(), Rev: env.Store().Revision()}
}

// Eval reports whether the check holds on env, and in a few words what
// it saw (for the page and for test failures).
func (c Check) Eval(env Env, since Mark) (ok bool, saw string) {
	if c.Pred != "" {
		return predicates[c.Pred].eval(env, since, c.Args)
	}
	res := kubectl.Run(env, c.Kubectl, "")
	out := res.Stdout
	switch c.Op {
	case "=>":
		ok = strings.Contains(out, c.Want)
	case "!>":
		ok = res.ExitCode == 0 && !strings.Contains(out, c.Want)
	case "~>":
		ok = c.re.MatchString(out)
	}
	return ok, strings.TrimSpace(out + res.Stderr)
}

// Describe says what the check waits for, for a learner, in plain words:
// its "# check.say:", or the predicate's own words. A kubectl check
// without them (only in a lesson that is being written: Parse refuses the
// file) reads as its pattern.
func (c Check) Describe(lang string) string {
	if c.Say.EN != "" || c.Say.ZH != "" {
		return c.Say.In(lang)
	}
	if c.Pred != "" {
		return predicates[c.Pred].describe(c.Args).In(lang)
	}
	var t Text
	switch c.Op {
	case "=>":
		t = Text{EN: fmt.Sprintf("%s shows %q", c.Kubectl, c.Want), ZH: fmt.Sprintf("%s 的输出包含 %q", c.Kubectl, c.Want)}
	case "!>":
		t = Text{EN: fmt.Sprintf("%s no longer shows %q", c.Kubectl, c.Want), ZH: fmt.Sprintf("%s 的输出不再包含 %q", c.Kubectl, c.Want)}
	default:
		t = Text{EN: fmt.Sprintf("%s matches %s", c.Kubectl, c.Want), ZH: fmt.Sprintf("%s 的输出匹配 %s", c.Kubectl, c.Want)}
	}
	return t.In(lang)
}

// predicate is a check written in Go, for what kubectl's output cannot
// say plainly (counts, history, the trace).
type predicate struct {
	args     []string // argument names, for messages
	describe func(args []string) Text
	eval     func(env Env, since Mark, args []string) (bool, string)
	// parse checks the arguments' form (counts are numbers, selectors parse).
	parse func(args []string) error
}

func (p predicate) validate(args []string) error {
	if len(args) != len(p.args) {
		return fmt.Errorf("want %d arguments (%s), got %d", len(p.args), strings.Join(p.args, " "), len(args))
	}
	if p.parse != nil {
		return p.parse(args)
	}
	return nil
}

// PredicateNames lists the predicates, sorted.
func PredicateNames() []string {
	names := make([]string, 0, len(predicates))
	for n := range predicates {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

var predicates = map[string]predicate{
	// pods-ready SELECTOR N: exactly N pods match (terminating ones not
	// counted) and all of them are Ready — the ReplicaSet's goal.
	"pods-ready": {
		args:  []string{"SELECTOR", "N"},
		parse: parseSelectorCount,
		describe: func(a []string) Text {
			return Text{EN: fmt.Sprintf("exactly %s with %s, all Ready", countedArg(a[1], "pod", "pods"), a[0]),
				ZH: fmt.Sprintf("恰好 %s 个带 %s 标签的 Pod，全部 Ready", a[1], a[0])}
		},
		eval: func(env Env, _ Mark, a []string) (bool, string) {
			sel, _ := api.ParseSelector(a[0])
			want, _ := strconv.Atoi(a[1])
			n, ready := 0, 0
			for _, o := range env.Store().List(api.Pods, "") {
				p := o.(*api.Pod)
				if p.DeletionTimestamp != nil || !sel.Matches(p.Labels) {
					continue
				}
				n++
				if api.IsPodReady(p) {
					ready++
				}
			}
			return n == want && ready == want, fmt.Sprintf("%s, %d Ready", counted(n, "pod", "pods"), ready)
		},
	},

	// rs-count SELECTOR N: exactly N ReplicaSets match.
	"rs-count": {
		args:  []string{"SELECTOR", "N"},
		parse: parseSelectorCount,
		describe: func(a []string) Text {
			return Text{EN: fmt.Sprintf("exactly %s with %s", countedArg(a[1], "ReplicaSet", "ReplicaSets"), a[0]),
				ZH: fmt.Sprintf("恰好 %s 个带 %s 标签的 ReplicaSet", a[1], a[0])}
		},
		eval: func(env Env, _ Mark, a []string) (bool, string) {
			sel, _ := api.ParseSelector(a[0])
			want, _ := strconv.Atoi(a[1])
			n := 0
			for _, o := range env.Store().List(api.ReplicaSets, "") {
				if sel.Matches(o.GetObjectMeta().Labels) {
					n++
				}
			}
			return n == want, counted(n, "ReplicaSet", "ReplicaSets")
		},
	},

	// first-writer CONTROLLER: since the step began, the first reconcile
	// that wrote to the API server was the controller's — who reacts first.
	"first-writer": {
		args: []string{"CONTROLLER"},
		describe: func(a []string) Text {
			return Text{EN: fmt.Sprintf("the %s controller writes first", a[0]),
				ZH: fmt.Sprintf("%s 控制器最先写入", a[0])}
		},
		eval: func(env Env, since Mark, a []string) (bool, string) {
			for _, e := range env.TraceSince(since.Seq) {
				for _, act := range e.Actions {
					if act.Error == "" {
						return e.Controller == a[0], fmt.Sprintf("first write: %s %s, %s %s %s",
							e.Controller, e.Key, act.Verb, act.Kind, act.Name)
					}
				}
			}
			return false, "no write yet"
		},
	},

	// traced CONTROLLER VERB KIND: since the step began, a reconcile of the
	// controller made that API write ("replicaset create Pod").
	"traced": {
		args: []string{"CONTROLLER", "VERB", "KIND"},
		describe: func(a []string) Text {
			return Text{EN: fmt.Sprintf("the trace shows the %s controller doing %s %s", a[0], a[1], a[2]),
				ZH: fmt.Sprintf("调谐记录里出现 %s 控制器执行 %s %s", a[0], a[1], a[2])}
		},
		eval: func(env Env, since Mark, a []string) (bool, string) {
			n := 0
			for _, e := range env.TraceSince(since.Seq) {
				if e.Controller != a[0] {
					continue
				}
				for _, act := range e.Actions {
					if act.Verb == a[1] && act.Kind == a[2] && act.Error == "" {
						n++
					}
				}
			}
			return n > 0, counted(n, "such write", "such writes")
		},
	},

	// requeues CONTROLLER KEY N: since the step began, a reconcile of the
	// controller's key KEY (namespace/name; a trailing "-" matches any name
	// it begins, as a ReplicaSet's hash) failed and was put back for its
	// Nth retry or later — the work queue's NumRequeues reached N.
	"requeues": {
		args: []string{"CONTROLLER", "KEY", "N"},
		parse: func(a []string) error {
			if n, err := strconv.Atoi(a[2]); err != nil || n < 1 {
				return fmt.Errorf("N %q is not a positive count", a[2])
			}
			return nil
		},
		describe: func(a []string) Text {
			return Text{EN: fmt.Sprintf("the %s controller retries %s after errors, at least %s times (NumRequeues ≥ %s)", a[0], a[1], a[2], a[2]),
				ZH: fmt.Sprintf("%s 控制器因出错重试 %s 至少 %s 次（NumRequeues ≥ %s）", a[0], a[1], a[2], a[2])}
		},
		eval: func(env Env, since Mark, a []string) (bool, string) {
			want, _ := strconv.Atoi(a[2])
			most := 0
			for _, e := range env.TraceSince(since.Seq) {
				if e.Controller != a[0] || !keyMatches(e.Key, a[1]) {
					continue
				}
				if n, ok := retryCount(e.Result); ok {
					most = max(most, n)
				}
			}
			return most >= want, fmt.Sprintf("NumRequeues %d", most)
		},
	},

	// never-scaled SELECTOR N: since the step began, no ReplicaSet matching
	// the selector was ever written with spec.replicas N — a stale desired
	// state that the work queue collapsed was never acted on.
	"never-scaled": {
		args:  []string{"SELECTOR", "N"},
		parse: parseSelectorCount,
		describe: func(a []string) Text {
			return Text{EN: fmt.Sprintf("no ReplicaSet with %s was ever asked for %s", a[0], countedArg(a[1], "replica", "replicas")),
				ZH: fmt.Sprintf("没有任何带 %s 标签的 ReplicaSet 被设为 %s 个副本", a[0], a[1])}
		},
		eval: func(env Env, since Mark, a []string) (bool, string) {
			sel, _ := api.ParseSelector(a[0])
			n, _ := strconv.Atoi(a[1])
			events, err := env.Store().Events(since.Rev)
			if err != nil {
				return false, err.Error()
			}
			for _, ev := range events {
				rs, ok := ev.Object.(*api.ReplicaSet)
				if ok && sel.Matches(rs.Labels) && api.Deref(rs.Spec.Replicas, 1) == int32(n) {
					return false, fmt.Sprintf("%s was set to %d", rs.Name, n)
				}
			}
			return true, ""
		},
	},

	// watch-back RESOURCE HOW: the controller manager's watch on RESOURCE,
	// broken by `sim watch break`, came back — last time — by HOW:
	// "resumed" from the revision it had seen, or "relisted" after the API
	// server answered 410 Gone.
	"watch-back": {
		args: []string{"RESOURCE", "HOW"},
		parse: func(a []string) error {
			if a[1] != "resumed" && a[1] != "relisted" {
				return fmt.Errorf("HOW %q is resumed or relisted", a[1])
			}
			return nil
		},
		describe: func(a []string) Text {
			if a[1] == "relisted" {
				return Text{EN: fmt.Sprintf("the watch on %s is back, and the informer listed everything again", a[0]),
					ZH: fmt.Sprintf("对 %s 的监视恢复了，Informer 重新列出了全部对象", a[0])}
			}
			return Text{EN: fmt.Sprintf("the watch on %s is back, resumed where it stopped", a[0]),
				ZH: fmt.Sprintf("对 %s 的监视恢复了，从中断处接着看", a[0])}
		},
		eval: func(env Env, _ Mark, a []string) (bool, string) {
			c, ok := env.(interface{ WatchBreaks() []cluster.WatchBreak })
			if !ok {
				return false, "this cluster has no broken watches"
			}
			var last *cluster.WatchBreak
			for _, b := range c.WatchBreaks() {
				if b.Resource == a[0] {
					last = &b
				}
			}
			switch {
			case last == nil:
				return false, "its watch was never broken"
			case last.Broken:
				return false, "still broken"
			case last.Relisted:
				return a[1] == "relisted", fmt.Sprintf("relisted (410 Gone, %d events missed)", last.Missed)
			}
			return a[1] == "resumed", fmt.Sprintf("resumed (%d events missed)", last.Missed)
		},
	},

	// unobserved DEPLOYMENT: the Deployment's spec changed and no
	// deployment controller has seen it yet (metadata.generation is ahead of
	// status.observedGeneration) — nobody is reconciling it.
	"unobserved": {
		args: []string{"DEPLOYMENT"},
		describe: func(a []string) Text {
			return Text{EN: fmt.Sprintf("deployment %s changed, and no controller has observed it (generation > observedGeneration)", a[0]),
				ZH: fmt.Sprintf("Deployment %s 已修改，但还没有控制器观察到（generation > observedGeneration）", a[0])}
		},
		eval: func(env Env, _ Mark, a []string) (bool, string) {
			o, err := env.Store().Get(api.Deployments, "default", a[0])
			if err != nil {
				return false, "no deployment " + a[0]
			}
			d := o.(*api.Deployment)
			return d.Generation > d.Status.ObservedGeneration, fmt.Sprintf("generation %d, observed %d", d.Generation, d.Status.ObservedGeneration)
		},
	},

	// lease-stale NAMESPACE/NAME DURATION: the Lease was last renewed more
	// than DURATION ago (simulated) — its holder has stopped.
	"lease-stale": {
		args: []string{"NAMESPACE/NAME", "DURATION"},
		parse: func(a []string) error {
			if _, _, ok := strings.Cut(a[0], "/"); !ok {
				return fmt.Errorf("%q is not NAMESPACE/NAME", a[0])
			}
			_, err := time.ParseDuration(a[1])
			return err
		},
		describe: func(a []string) Text {
			return Text{EN: fmt.Sprintf("Lease %s not renewed for over %s: its holder stopped", a[0], a[1]),
				ZH: fmt.Sprintf("租约 %s 超过 %s 没有续约：持有者已停止", a[0], a[1])}
		},
		eval: func(env Env, _ Mark, a []string) (bool, string) {
			ns, name, _ := strings.Cut(a[0], "/")
			d, _ := time.ParseDuration(a[1])
			k := api.Leases
			if k == nil {
				return false, "no Lease kind"
			}
			o, err := env.Store().Get(k, ns, name)
			if err != nil {
				return false, "no Lease " + a[0]
			}
			l := o.(*api.Lease)
			if l.Spec.RenewTime == nil {
				return false, "never renewed"
			}
			age := env.Store().Clock().Now().Sub(l.Spec.RenewTime.Time)
			return age > d, fmt.Sprintf("renewed %s ago", age.Round(time.Second))
		},
	},

	// rolled-out DEPLOYMENT IMAGE: the rollout to IMAGE is complete — every
	// replica runs it and is Ready, and every older ReplicaSet is at 0.
	"rolled-out": {
		args: []string{"DEPLOYMENT", "IMAGE"},
		describe: func(a []string) Text {
			return Text{EN: fmt.Sprintf("deployment %s fully on %s, old ReplicaSets at 0", a[0], a[1]),
				ZH: fmt.Sprintf("Deployment %s 全部运行 %s，旧的 ReplicaSet 缩到 0", a[0], a[1])}
		},
		eval: func(env Env, _ Mark, a []string) (bool, string) {
			s := env.Store()
			o, err := s.Get(api.Deployments, "default", a[0])
			if err != nil {
				return false, "no deployment " + a[0]
			}
			d := o.(*api.Deployment)
			want := api.Deref(d.Spec.Replicas, 1)
			if d.Status.ObservedGeneration != d.Generation || d.Status.UpdatedReplicas != want ||
				d.Status.AvailableReplicas != want || d.Status.Replicas != want {
				return false, fmt.Sprintf("%d/%d updated, %d available", d.Status.UpdatedReplicas, want, d.Status.AvailableReplicas)
			}
			onImage := 0
			for _, o := range s.List(api.ReplicaSets, "default") {
				rs := o.(*api.ReplicaSet)
				if ref := api.ControllerOf(rs); ref == nil || ref.Name != d.Name {
					continue
				}
				img := ""
				if cs := rs.Spec.Template.Spec.Containers; len(cs) > 0 {
					img = cs[0].Image
				}
				if img == a[1] {
					onImage += int(rs.Status.ReadyReplicas)
				} else if api.Deref(rs.Spec.Replicas, 1) != 0 || rs.Status.Replicas != 0 {
					return false, fmt.Sprintf("%s (%s) still has %d pods", rs.Name, img, rs.Status.Replicas)
				}
			}
			return onImage == int(want), fmt.Sprintf("%d of %d Ready on %s", onImage, want, a[1])
		},
	},
}

func parseSelectorCount(a []string) error {
	if _, err := api.ParseSelector(a[0]); err != nil {
		return err
	}
	if n, err := strconv.Atoi(a[1]); err != nil || n < 0 {
		return fmt.Errorf("%q is not a count", a[1])
	}
	return nil
}

// keyMatches is KEY of the requeues check: equal, or a prefix ending in "-".
func keyMatches(key, want string) bool {
	if strings.HasSuffix(want, "-") {
		return strings.HasPrefix(key, want)
	}
	return key == want
}

// retryCount reads N from a trace result "error, retry N in <delay>" (the
// workqueue's requeue count after a failed reconcile).
func retryCount(result string) (int, bool) {
	rest, ok := strings.CutPrefix(result, "error, retry ")
	if !ok {
		return 0, false
	}
	digits, _, ok := strings.Cut(rest, " in")
	if !ok {
		return 0, false
	}
	n, err := strconv.Atoi(digits)
	return n, err == nil
}
