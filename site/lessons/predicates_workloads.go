package lessons

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/dns"
	"github.com/kubeloop/kubeloop/core/kubectl"
	"github.com/kubeloop/kubeloop/core/store"
)

// The checks of lessons 10–17: StatefulSets, DaemonSets, taints, Jobs,
// CronJobs. Names are in the default namespace unless given NAMESPACE/NAME.

func init() {
	for name, p := range workloadPredicates {
		predicates[name] = p
	}
}

var workloadPredicates = map[string]predicate{
	// sts-ordered NAME N: the StatefulSet's N pods are all Ready, and each
	// pod NAME-i created since the step began was created only once
	// NAME-(i-1) was Ready (OrderedReady) — at least one was created.
	"sts-ordered": {
		args:  []string{"STATEFULSET", "N"},
		parse: func(a []string) error { return parseCount(a[1]) },
		describe: func(a []string) Text {
			return Text{EN: fmt.Sprintf("%s's %s Ready, each started only after the one before it was Ready", a[0], countedArg(a[1], "pod", "pods")),
				ZH: fmt.Sprintf("%s 的 %s 个 Pod 都已 Ready，并且每个都在前一个 Ready 之后才创建", a[0], a[1])}
		},
		eval: func(env Env, since Mark, a []string) (bool, string) {
			want, _ := strconv.Atoi(a[1])
			s := env.Store()
			events, err := s.Events(since.Rev)
			if err != nil {
				return false, err.Error()
			}
			ready := map[string]bool{}
			readyAt := func(name string) bool {
				if r, ok := ready[name]; ok {
					return r
				}
				// Not written during the step: as it was at the mark.
				o, err := s.Get(api.Pods, "default", name)
				if err != nil {
					return false
				}
				rv, _ := strconv.ParseInt(o.GetObjectMeta().ResourceVersion, 10, 64)
				return rv <= since.Rev && api.IsPodReady(o.(*api.Pod))
			}
			created := 0
			for _, ev := range events {
				p, ok := ev.Object.(*api.Pod)
				if !ok || p.Namespace != "default" {
					continue
				}
				i, ok := ordinal(p.Name, a[0])
				if !ok {
					continue
				}
				if ev.Type == store.Added {
					created++
					if prev := fmt.Sprintf("%s-%d", a[0], i-1); i > 0 && !readyAt(prev) {
						return false, fmt.Sprintf("%s was created while %s was not Ready", p.Name, prev)
					}
				}
				ready[p.Name] = ev.Type != store.Deleted && p.DeletionTimestamp == nil && api.IsPodReady(p)
			}
			n, r := 0, 0
			for _, p := range stsPods(s, a[0]) {
				n++
				if api.IsPodReady(p) {
					r++
				}
			}
			saw := fmt.Sprintf("%s created during the step; %s, %d Ready", counted(created, "pod", "pods"), counted(n, "pod", "pods"), r)
			return created > 0 && n == want && r == want, saw
		},
	},

	// dns-current HOST POD: HOST, looked up from the default namespace,
	// answers exactly POD's current IP.
	"dns-current": {
		args: []string{"HOST", "POD"},
		describe: func(a []string) Text {
			return Text{EN: fmt.Sprintf("%s resolves to %s's current IP", a[0], a[1]),
				ZH: fmt.Sprintf("%s 解析到 %s 当前的 IP", a[0], a[1])}
		},
		eval: func(env Env, _ Mark, a []string) (bool, string) {
			o, err := env.Store().Get(api.Pods, "default", a[1])
			if err != nil {
				return false, "no pod " + a[1]
			}
			ip := o.(*api.Pod).Status.PodIP
			_, ips, ok := dns.New(env.Store()).Resolve(a[0], "default")
			if !ok {
				return false, a[0] + " does not resolve"
			}
			saw := fmt.Sprintf("%s → %s; %s has %q", a[0], strings.Join(ips, ", "), a[1], ip)
			return ip != "" && len(ips) == 1 && ips[0] == ip, saw
		},
	},

	// sts-updated NAME PARTITION IMAGE: the pods with ordinal ≥ PARTITION
	// are Ready on IMAGE, those below it are not on IMAGE.
	"sts-updated": {
		args:  []string{"STATEFULSET", "PARTITION", "IMAGE"},
		parse: func(a []string) error { return parseCount(a[1]) },
		describe: func(a []string) Text {
			return Text{EN: fmt.Sprintf("%s's pods from ordinal %s up are Ready on %s, the ones below are not on it", a[0], a[1], a[2]),
				ZH: fmt.Sprintf("%s 中序号 ≥ %s 的 Pod 已在 %s 上 Ready，序号更小的仍不是这个镜像", a[0], a[1], a[2])}
		},
		eval: func(env Env, _ Mark, a []string) (bool, string) {
			part, _ := strconv.Atoi(a[1])
			pods := stsPods(env.Store(), a[0])
			if len(pods) == 0 {
				return false, "no pods"
			}
			var saw []string
			ok := true
			for _, p := range pods {
				i, _ := ordinal(p.Name, a[0])
				img := firstImage(p.Spec)
				saw = append(saw, p.Name+"="+img)
				if i >= part {
					ok = ok && img == a[2] && api.IsPodReady(p)
				} else {
					ok = ok && img != a[2]
				}
			}
			return ok, strings.Join(saw, ", ")
		},
	},

	// ds-on-nodes NAMESPACE/NAME N: the DaemonSet has exactly N pods, all
	// Ready, each on a different node.
	"ds-on-nodes": {
		args: []string{"NAMESPACE/NAME", "N"},
		parse: func(a []string) error {
			if _, _, ok := strings.Cut(a[0], "/"); !ok {
				return fmt.Errorf("%q is not NAMESPACE/NAME", a[0])
			}
			return parseCount(a[1])
		},
		describe: func(a []string) Text {
			return Text{EN: fmt.Sprintf("daemonset %s has one Ready pod on each of %s", a[0], countedArg(a[1], "node", "nodes")),
				ZH: fmt.Sprintf("DaemonSet %s 在 %s 个节点上各有一个 Ready 的 Pod", a[0], a[1])}
		},
		eval: func(env Env, _ Mark, a []string) (bool, string) {
			ns, name, _ := strings.Cut(a[0], "/")
			want, _ := strconv.Atoi(a[1])
			s := env.Store()
			o, err := s.Get(api.DaemonSets, ns, name)
			if err != nil {
				return false, "no daemonset " + a[0]
			}
			uid := o.GetObjectMeta().UID
			nodes := map[string]int{}
			n, ready := 0, 0
			for _, o := range s.List(api.Pods, ns) {
				p := o.(*api.Pod)
				if p.DeletionTimestamp != nil || !api.IsControlledBy(p, uid) {
					continue
				}
				n++
				nodes[p.Spec.NodeName]++
				if api.IsPodReady(p) {
					ready++
				}
			}
			delete(nodes, "")
			saw := fmt.Sprintf("%s, %d Ready, on nodes %s", counted(n, "pod", "pods"), ready, strings.Join(sortedKeys(nodes), ", "))
			return n == want && ready == want && len(nodes) == want, saw
		},
	},

	// avoids-node SELECTOR NODE: matching pods exist, all Ready, none on NODE.
	"avoids-node": {
		args: []string{"SELECTOR", "NODE"},
		parse: func(a []string) error {
			_, err := api.ParseSelector(a[0])
			return err
		},
		describe: func(a []string) Text {
			return Text{EN: fmt.Sprintf("pods with %s all Ready, none of them on %s", a[0], a[1]),
				ZH: fmt.Sprintf("带 %s 标签的 Pod 全部 Ready，且没有一个在 %s 上", a[0], a[1])}
		},
		eval: func(env Env, _ Mark, a []string) (bool, string) {
			sel, _ := api.ParseSelector(a[0])
			n, ready, on := 0, 0, 0
			for _, o := range env.Store().List(api.Pods, "") {
				p := o.(*api.Pod)
				if p.DeletionTimestamp != nil || !sel.Matches(p.Labels) {
					continue
				}
				n++
				if api.IsPodReady(p) {
					ready++
				}
				if p.Spec.NodeName == a[1] {
					on++
				}
			}
			return n > 0 && ready == n && on == 0, fmt.Sprintf("%s, %d Ready, %d on %s", counted(n, "pod", "pods"), ready, on, a[1])
		},
	},

	// job-condition NAME TYPE: the Job has condition TYPE (Complete,
	// Failed) True.
	"job-condition": {
		args: []string{"JOB", "TYPE"},
		parse: func(a []string) error {
			if a[1] != "Complete" && a[1] != "Failed" {
				return fmt.Errorf("%q is not Complete or Failed", a[1])
			}
			return nil
		},
		describe: func(a []string) Text {
			zh := map[string]string{"Complete": "完成（Complete）", "Failed": "失败（Failed）"}[a[1]]
			return Text{EN: fmt.Sprintf("job %s is %s", a[0], a[1]), ZH: fmt.Sprintf("Job %s 已%s", a[0], zh)}
		},
		eval: func(env Env, _ Mark, a []string) (bool, string) {
			o, err := env.Store().Get(api.Jobs, "default", a[0])
			if err != nil {
				return false, "no job " + a[0]
			}
			j := o.(*api.Job)
			for _, c := range j.Status.Conditions {
				if string(c.Type) == a[1] && string(c.Status) == "True" {
					return true, fmt.Sprintf("%s (%s)", a[1], c.Reason)
				}
			}
			return false, fmt.Sprintf("active %d, succeeded %d, failed %d", j.Status.Active, j.Status.Succeeded, j.Status.Failed)
		},
	},

	// max-running SELECTOR N: since the step began — counting the pods
	// already running then — matching pods were Running N at a time at
	// most, and N at some moment.
	"max-running": {
		args:  []string{"SELECTOR", "N"},
		parse: parseSelectorCount,
		describe: func(a []string) Text {
			return Text{EN: fmt.Sprintf("pods with %s ran %s at a time, never more", a[0], a[1]),
				ZH: fmt.Sprintf("带 %s 标签的 Pod 最多同时运行 %s 个，从不超过", a[0], a[1])}
		},
		eval: func(env Env, since Mark, a []string) (bool, string) {
			sel, _ := api.ParseSelector(a[0])
			want, _ := strconv.Atoi(a[1])
			events, err := env.Store().Events(since.Rev)
			if err != nil {
				return false, err.Error()
			}
			then, err := env.Store().At(since.Rev)
			if err != nil {
				return false, err.Error()
			}
			running := map[string]bool{}
			for _, o := range then.List(api.Pods, "") {
				if p := o.(*api.Pod); sel.Matches(p.Labels) && p.Status.Phase == api.PodRunning {
					running[p.Namespace+"/"+p.Name] = true
				}
			}
			peak := len(running)
			for _, ev := range events {
				p, ok := ev.Object.(*api.Pod)
				if !ok || !sel.Matches(p.Labels) {
					continue
				}
				key := p.Namespace + "/" + p.Name
				if ev.Type != store.Deleted && p.Status.Phase == api.PodRunning {
					running[key] = true
				} else {
					delete(running, key)
				}
				peak = max(peak, len(running))
			}
			return peak == want, fmt.Sprintf("at most %d running at once", peak)
		},
	},

	// jobs-of CRONJOB N: exactly N Jobs are controlled by the CronJob.
	"jobs-of": {
		args:  []string{"CRONJOB", "N"},
		parse: func(a []string) error { return parseCount(a[1]) },
		describe: func(a []string) Text {
			return Text{EN: fmt.Sprintf("cronjob %s keeps exactly %s", a[0], countedArg(a[1], "Job", "Jobs")),
				ZH: fmt.Sprintf("CronJob %s 恰好保留 %s 个 Job", a[0], a[1])}
		},
		eval: func(env Env, _ Mark, a []string) (bool, string) {
			want, _ := strconv.Atoi(a[1])
			s := env.Store()
			o, err := s.Get(api.CronJobs, "default", a[0])
			if err != nil {
				return false, "no cronjob " + a[0]
			}
			var names []string
			for _, j := range s.List(api.Jobs, "default") {
				if api.IsControlledBy(j, o.GetObjectMeta().UID) {
					names = append(names, j.GetObjectMeta().Name)
				}
			}
			return len(names) == want, counted(len(names), "Job", "Jobs") + ": " + strings.Join(names, ", ")
		},
	},

	// file-contains POD PATH TEXT: the file in the pod's (first)
	// container holds TEXT — read with cat, as kubectl exec would.
	"file-contains": {
		args: []string{"POD", "PATH", "TEXT"},
		describe: func(a []string) Text {
			return Text{EN: fmt.Sprintf("%s in pod %s contains %q", a[1], a[0], a[2]),
				ZH: fmt.Sprintf("Pod %s 里的 %s 包含 %q", a[0], a[1], a[2])}
		},
		eval: func(env Env, _ Mark, a []string) (bool, string) {
			x, ok := env.(kubectl.Execer)
			if !ok {
				return false, "this cluster cannot exec"
			}
			out, errOut, code := x.Exec("default", a[0], "", []string{"cat", a[1]}, "")
			if code != 0 {
				return false, strings.TrimSpace(errOut)
			}
			return strings.Contains(out, a[2]), strings.TrimSpace(out)
		},
	},

	// kept POD: the pod is Ready and was not replaced since the step began
	// (no pod of that name was created or deleted).
	"kept": {
		args: []string{"POD"},
		describe: func(a []string) Text {
			return Text{EN: fmt.Sprintf("pod %s kept running: not replaced", a[0]),
				ZH: fmt.Sprintf("Pod %s 一直在运行：没有被替换", a[0])}
		},
		eval: func(env Env, since Mark, a []string) (bool, string) {
			o, err := env.Store().Get(api.Pods, "default", a[0])
			if err != nil {
				return false, "no pod " + a[0]
			}
			events, err := env.Store().Events(since.Rev)
			if err != nil {
				return false, err.Error()
			}
			for _, ev := range events {
				p, ok := ev.Object.(*api.Pod)
				if ok && p.Namespace == "default" && p.Name == a[0] && (ev.Type != store.Modified || p.DeletionTimestamp != nil) {
					return false, a[0] + " was replaced"
				}
			}
			return api.IsPodReady(o.(*api.Pod)), fmt.Sprintf("Ready %v", api.IsPodReady(o.(*api.Pod)))
		},
	},

	// pinned POD NODE: the pod is Ready on NODE, and its spec allows no
	// other node (nodeName, a kubernetes.io/hostname nodeSelector, or a
	// required node affinity naming NODE alone).
	"pinned": {
		args: []string{"POD", "NODE"},
		describe: func(a []string) Text {
			return Text{EN: fmt.Sprintf("pod %s Ready on %s, and its spec allows no other node", a[0], a[1]),
				ZH: fmt.Sprintf("Pod %s 在 %s 上 Ready，并且它的 spec 不允许其他节点", a[0], a[1])}
		},
		eval: func(env Env, _ Mark, a []string) (bool, string) {
			o, err := env.Store().Get(api.Pods, "default", a[0])
			if err != nil {
				return false, "no pod " + a[0]
			}
			p := o.(*api.Pod)
			saw := fmt.Sprintf("on %q, Ready %v", p.Spec.NodeName, api.IsPodReady(p))
			if p.DeletionTimestamp != nil || p.Spec.NodeName != a[1] || !api.IsPodReady(p) {
				return false, saw
			}
			if onlyNode(p.Spec, a[1]) {
				return true, saw + ", pinned"
			}
			return false, saw + ", but its spec allows other nodes"
		},
	},
}

// onlyNode reports whether spec can only be scheduled to node.
func onlyNode(spec api.PodSpec, node string) bool {
	if v, ok := spec.NodeSelector["kubernetes.io/hostname"]; ok {
		return v == node
	}
	if a := spec.Affinity; a != nil && a.NodeAffinity != nil && a.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution != nil {
		terms := a.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution.NodeSelectorTerms
		all := len(terms) > 0
		for _, t := range terms {
			pins := false
			for _, r := range append(append([]api.NodeSelectorRequirement{}, t.MatchExpressions...), t.MatchFields...) {
				if (r.Key == "kubernetes.io/hostname" || r.Key == "metadata.name") && r.Operator == "In" && len(r.Values) == 1 && r.Values[0] == node {
					pins = true
				}
			}
			all = all && pins
		}
		if all {
			return true
		}
	}
	return false
}

// stsPods are the StatefulSet's pods in the default namespace (by name
// NAME-i, not terminating), by ordinal.
func stsPods(s *store.Store, sts string) []*api.Pod {
	var out []*api.Pod
	for _, o := range s.List(api.Pods, "default") {
		p := o.(*api.Pod)
		if _, ok := ordinal(p.Name, sts); ok && p.DeletionTimestamp == nil {
			out = append(out, p)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		a, _ := ordinal(out[i].Name, sts)
		b, _ := ordinal(out[j].Name, sts)
		return a < b
	})
	return out
}

// ordinal is i for a pod named STS-i.
func ordinal(pod, sts string) (int, bool) {
	rest, ok := strings.CutPrefix(pod, sts+"-")
	if !ok {
		return 0, false
	}
	i, err := strconv.Atoi(rest)
	return i, err == nil && i >= 0 && strconv.Itoa(i) == rest
}

func firstImage(spec api.PodSpec) string {
	if len(spec.Containers) == 0 {
		return ""
	}
	return spec.Containers[0].Image
}

func sortedKeys(m map[string]int) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func parseCount(s string) error {
	if n, err := strconv.Atoi(s); err != nil || n < 0 {
		return fmt.Errorf("%q is not a count", s)
	}
	return nil
}
