package kubectl

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/store"
)

// This file is kubectl's node maintenance verbs: cordon, uncordon, drain
// and taint, with kubectl's messages.

func registerNodes() {
	commands["cordon"] = func(c *invocation, args []string) { c.runCordon(args, true) }
	commands["uncordon"] = func(c *invocation, args []string) { c.runCordon(args, false) }
	commands["drain"] = runDrain
	commands["taint"] = runTaint
}

// drainMax bounds how long drain waits for evicted pods to go (kubectl's
// default --timeout is forever).
const drainMax = 10 * time.Minute

// nodeArgs resolves NODE... for cordon, uncordon and drain.
func (c *invocation) nodeArgs(pos []string) ([]*api.Node, bool) {
	if len(pos) == 0 {
		c.fail("USAGE: %s NODE [flags]\nSee 'kubectl %s -h' for help and examples", c.path, c.path)
		return nil, false
	}
	kind := api.Nodes
	var out []*api.Node
	for _, name := range pos {
		name = strings.TrimPrefix(strings.TrimPrefix(name, "nodes/"), "node/")
		o, err := c.env.Store().Get(kind, "", name)
		if err != nil {
			c.apiError(err, "", "")
			return nil, false
		}
		out = append(out, o.(*api.Node))
	}
	return out, true
}

func (c *invocation) runCordon(args []string, cordon bool) {
	pos, _, ok := c.parse(args, flagDef{long: "selector", short: "l"}, flagDef{long: "dry-run", def: "none"})
	if !ok {
		return
	}
	nodes, ok := c.nodeArgs(pos)
	if !ok {
		return
	}
	for _, n := range nodes {
		c.setUnschedulable(n, cordon)
	}
}

// setUnschedulable cordons or uncordons one node and prints what happened.
func (c *invocation) setUnschedulable(n *api.Node, cordon bool) bool {
	verb := "cordoned"
	if !cordon {
		verb = "uncordoned"
	}
	if n.Spec.Unschedulable == cordon {
		c.printf("node/%s already %s\n", n.Name, verb)
		return true
	}
	next := api.DeepCopy(n)
	next.Spec.Unschedulable = cordon
	if _, err := c.env.Store().Update(next); err != nil {
		c.apiError(err, "", "")
		return false
	}
	c.printf("node/%s %s\n", n.Name, verb)
	return true
}

// runDrain is `kubectl drain NODE`: cordon it, then evict its pods —
// refusing, unless told otherwise, DaemonSet pods (their controller would
// put them back), pods no controller would re-create, and pods with
// emptyDir data — and wait until they are gone. Progress lines go to
// stdout in the order a terminal shows them.
func runDrain(c *invocation, args []string) {
	pos, f, ok := c.parse(args,
		flagDef{long: "ignore-daemonsets", boolean: true},
		flagDef{long: "delete-emptydir-data", boolean: true},
		flagDef{long: "delete-local-data", boolean: true},
		flagDef{long: "force", boolean: true},
		flagDef{long: "grace-period", integer: true, def: "-1"},
		flagDef{long: "timeout", def: "0s"},
		flagDef{long: "selector", short: "l"},
	)
	if !ok {
		return
	}
	nodes, ok := c.nodeArgs(pos)
	if !ok {
		return
	}
	var pending []string
	var fatal [][]string
	for _, n := range nodes {
		if !c.setUnschedulable(n, true) {
			return
		}
		if errs := c.drainNode(n.Name, f); len(errs) > 0 {
			fmt.Fprintf(&c.err, "error: unable to drain node %q due to error: %s, continuing command...\n", n.Name, aggregate(errs))
			pending = append(pending, n.Name)
			fatal = append(fatal, errs)
			continue
		}
		c.printf("node/%s drained\n", n.Name)
	}
	if len(pending) > 0 {
		c.code = 1
		c.err.WriteString("There are pending nodes to be drained:\n")
		for _, n := range pending {
			fmt.Fprintf(&c.err, " %s\n", n)
		}
		// kubectl's CheckErr unwraps an aggregate of one (one node's
		// errors) and prints each error of an aggregate on its own line.
		lines := fatal[0]
		if len(fatal) > 1 {
			lines = nil
			for _, errs := range fatal {
				lines = append(lines, aggregate(errs))
			}
		}
		for _, l := range lines {
			c.err.WriteString(l + "\n")
		}
	}
}

// aggregate is the text of an aggregate error (k8s.io/apimachinery's
// utilerrors): one error alone, several in brackets, comma-separated.
func aggregate(errs []string) string {
	if len(errs) == 1 {
		return errs[0]
	}
	return "[" + strings.Join(errs, ", ") + "]"
}

// drainNode evicts node's pods and waits for them to go; it returns the
// errors kubectl would report, or none. When the evictions or the wait
// fail, it lists first, as kubectl does, the pods still to go from the node.
func (c *invocation) drainNode(node string, f *flags) []string {
	evict, warnings, refusals := c.podsForDeletion(node, f)
	if len(refusals) > 0 {
		return refusals
	}
	if warnings != "" {
		// kubectl writes its warning to stderr, between the progress lines.
		fmt.Fprintf(&c.err, "Warning: %s\n", warnings)
	}
	if errs := c.deleteOrEvictPods(evict, f); len(errs) > 0 {
		c.reportPendingPods(node, f, aggregate(errs))
		return errs
	}
	return nil
}

// reportPendingPods is what kubectl drain prints when evicting or waiting
// failed part-way: it asks again which pods the node still has to lose
// and names them, one "pod/NAME" line each, under the error.
func (c *invocation) reportPendingPods(node string, f *flags, cause string) {
	pending, _, refusals := c.podsForDeletion(node, f)
	if len(pending) > 0 {
		fmt.Fprintf(&c.err, "There are pending pods in node %q when an error occurred: %s\n", node, cause)
		for _, p := range pending {
			fmt.Fprintf(&c.err, "pod/%s\n", p.Name)
		}
	}
	if len(refusals) > 0 {
		// kubectl ends this one without a newline.
		fmt.Fprintf(&c.err, "Following errors occurred while getting the list of pods to delete:\n%s", aggregate(refusals))
	}
}

// podsForDeletion runs drain's filters over the node's pods: the pods to
// evict (those already going included: drain waits for them), the
// warning for the pods let go with a flag, and the refusal when a pod may
// not go. Like kubectl, it returns the pods even when it refuses.
func (c *invocation) podsForDeletion(node string, f *flags) (evict []*api.Pod, warning string, refusals []string) {
	st := c.env.Store()
	onNode := func(o api.Object) bool { return o.(*api.Pod).Spec.NodeName == node }
	// Each refusal and warning lists its pods, in kubectl's filter order
	// (one map per kind of message, joined in a fixed order here where
	// kubectl's map has none).
	refused := map[string][]*api.Pod{}
	warned := map[string][]*api.Pod{}
	for _, o := range st.ListMatching(api.Pods, "", onNode) {
		p := o.(*api.Pod)
		if p.DeletionTimestamp != nil {
			evict = append(evict, p) // already going: just wait for it
			continue
		}
		verdict := drainFilter(p, f)
		switch {
		case verdict.refusal != "":
			refused[verdict.refusal] = append(refused[verdict.refusal], p)
		case verdict.warning != "":
			warned[verdict.warning] = append(warned[verdict.warning], p)
		}
		if verdict.evict {
			evict = append(evict, p)
		}
	}
	var warnings []string
	for _, msg := range drainMessages {
		if pods := refused[msg]; len(pods) > 0 {
			refusals = append(refusals, "cannot delete "+msg+": "+podNames(pods))
		}
		if pods := warned[msg]; len(pods) > 0 {
			warnings = append(warnings, msg+": "+podNames(pods))
		}
	}
	return evict, strings.Join(warnings, "; "), refusals
}

// deleteOrEvictPods evicts pods and waits until each is gone (or replaced
// by a new pod of its name), within --timeout; it returns kubectl's errors,
// one per pod that failed.
func (c *invocation) deleteOrEvictPods(evict []*api.Pod, f *flags) []string {
	st := c.env.Store()
	var opts store.DeleteOptions
	if g := f.integer("grace-period"); g >= 0 {
		opts.GracePeriodSeconds = api.Ptr(g)
	}
	kind := api.Pods
	limit := drainMax
	if d, err := time.ParseDuration(f.str("timeout")); err == nil && d > 0 {
		limit = d
	}
	deadline := st.Clock().Now().Add(limit)
	if errs := c.evictAll(evict, opts, deadline, limit); len(errs) > 0 {
		return errs
	}
	gone := func(p *api.Pod) bool {
		o, err := st.Get(kind, p.Namespace, p.Name)
		return err != nil || o.GetObjectMeta().UID != p.UID
	}
	left := append([]*api.Pod(nil), evict...)
	for len(left) > 0 {
		var still []*api.Pod
		for _, p := range left {
			if gone(p) {
				c.printf("pod/%s evicted\n", p.Name)
			} else {
				still = append(still, p)
			}
		}
		left = still
		if len(left) == 0 {
			break
		}
		remaining := deadline.Sub(st.Clock().Now())
		if remaining <= 0 || !c.runUntil(func() bool {
			for _, p := range left {
				if gone(p) {
					return true
				}
			}
			return false
		}, remaining) {
			if !anyGone(left, gone) {
				var errs []string
				for _, p := range left {
					errs = append(errs, fmt.Sprintf("error when waiting for pod %q in namespace %q to terminate: global timeout reached: %s", p.Name, p.Namespace, limit))
				}
				return errs
			}
		}
	}
	return nil
}

// kubectl's drain filters' messages. kubectl prefixes each refusal with
// "cannot delete ", the unmanaged one included, which already starts with
// it: real kubectl v1.32 prints "cannot delete cannot delete Pods that
// declare no controller".
const (
	drainDaemonSetRefusal = "DaemonSet-managed Pods (use --ignore-daemonsets to ignore)"
	drainDaemonSetWarning = "ignoring DaemonSet-managed Pods"
	drainLocalRefusal     = "Pods with local storage (use --delete-emptydir-data to override)"
	drainLocalWarning     = "deleting Pods with local storage"
	drainUnmanagedRefusal = "cannot delete Pods that declare no controller (use --force to override)"
	drainUnmanagedWarning = "deleting Pods that declare no controller"
)

// drainMessages is the order drain's refusals and warnings are listed in.
var drainMessages = []string{drainDaemonSetRefusal, drainDaemonSetWarning, drainLocalRefusal, drainLocalWarning,
	drainUnmanagedRefusal, drainUnmanagedWarning}

// drainVerdict is what drain's filters decide for one pod.
type drainVerdict struct {
	evict            bool
	refusal, warning string
}

// drainFilter runs kubectl's filters over one pod in their order —
// DaemonSet, local storage, unmanaged — stopping at the first that keeps
// the pod; a later warning replaces an earlier one, as in kubectl.
func drainFilter(p *api.Pod, f *flags) drainVerdict {
	if p.Status.Phase == api.PodSucceeded || p.Status.Phase == api.PodFailed {
		return drainVerdict{evict: true} // any finished pod may go
	}
	v := drainVerdict{evict: true}
	ref := api.ControllerOf(p)
	if ref != nil && ref.Kind == "DaemonSet" {
		if !f.boolean("ignore-daemonsets") {
			return drainVerdict{refusal: drainDaemonSetRefusal}
		}
		return drainVerdict{warning: drainDaemonSetWarning}
	}
	if _, mirror := p.Annotations["kubernetes.io/config.mirror"]; mirror {
		// kubectl's mirrorPodFilter: a static pod's mirror is skipped,
		// silently — the kubelet, not the API, runs it.
		return drainVerdict{}
	}
	if hasEmptyDir(p) {
		if !f.boolean("delete-emptydir-data") && !f.boolean("delete-local-data") {
			return drainVerdict{refusal: drainLocalRefusal}
		}
		v.warning = drainLocalWarning
	}
	if ref == nil {
		if !f.boolean("force") {
			return drainVerdict{refusal: drainUnmanagedRefusal}
		}
		v.warning = drainUnmanagedWarning
	}
	return v
}

func anyGone(pods []*api.Pod, gone func(*api.Pod) bool) bool {
	for _, p := range pods {
		if gone(p) {
			return true
		}
	}
	return false
}

func hasEmptyDir(p *api.Pod) bool {
	for _, v := range p.Spec.Volumes {
		if v.EmptyDir != nil {
			return true
		}
	}
	return false
}

func podNames(pods []*api.Pod) string {
	names := make([]string, len(pods))
	for i, p := range pods {
		names[i] = p.Namespace + "/" + p.Name
	}
	return strings.Join(names, ", ")
}

// runTaint is `kubectl taint nodes NAME KEY[=VALUE]:EFFECT ... [KEY[:EFFECT]-]`.
func runTaint(c *invocation, args []string) {
	pos, f, ok := c.parse(args, flagDef{long: "overwrite", boolean: true}, flagDef{long: "all", boolean: true},
		flagDef{long: "selector", short: "l"})
	if !ok {
		return
	}
	if len(pos) < 2 {
		c.fail("at least one taint update is required")
		return
	}
	var names, specs []string
	if typ, name, found := strings.Cut(pos[0], "/"); found {
		if k := api.ResourceFor(typ); k != api.Nodes {
			c.fail("invalid resource type %s, only node types are supported", typ)
			return
		}
		names, specs = []string{name}, pos[1:]
	} else {
		if k := api.ResourceFor(pos[0]); k != api.Nodes {
			c.fail("invalid resource type %s, only node types are supported", pos[0])
			return
		}
		for i, p := range pos[1:] {
			if strings.Contains(p, ":") || strings.Contains(p, "=") || strings.HasSuffix(p, "-") {
				specs = pos[1+i:]
				break
			}
			names = append(names, p)
		}
	}
	if len(specs) == 0 {
		c.fail("at least one taint update is required")
		return
	}
	var add []api.Taint
	var remove []api.Taint
	for _, s := range specs {
		if strings.HasSuffix(s, "-") {
			kv, effect, _ := strings.Cut(strings.TrimSuffix(s, "-"), ":")
			key, _, _ := strings.Cut(kv, "=")
			remove = append(remove, api.Taint{Key: key, Effect: effect})
			continue
		}
		t, err := parseTaintSpec(s)
		if err != nil {
			// kubectl reports a bad spec as a usage error.
			c.fail("%v\nSee 'kubectl taint -h' for help and examples", err)
			return
		}
		add = append(add, t)
	}
	nodes, ok := c.nodeArgs(names)
	if !ok {
		return
	}
	now := c.env.Store().Clock().Now()
	for _, n := range nodes {
		next := api.DeepCopy(n)
		op, err := applyTaints(next, add, remove, f.boolean("overwrite"), now)
		if err != nil {
			c.fail("%v", err)
			return
		}
		if _, err := c.env.Store().Update(next); err != nil {
			c.apiError(err, "", "")
			return
		}
		c.printf("node/%s %s\n", n.Name, op)
	}
}

// parseTaintSpec reads KEY[=VALUE]:EFFECT.
func parseTaintSpec(s string) (api.Taint, error) {
	kv, effect, ok := strings.Cut(s, ":")
	key, value, _ := strings.Cut(kv, "=")
	if !ok || key == "" {
		return api.Taint{}, fmt.Errorf("invalid taint spec: %s", s)
	}
	switch effect {
	case "NoSchedule", "PreferNoSchedule", "NoExecute":
	default:
		return api.Taint{}, fmt.Errorf("invalid taint effect: %s, unsupported taint effect", effect)
	}
	return api.Taint{Key: key, Value: value, Effect: effect}, nil
}

// applyTaints adds and removes taints as kubectl taint does and names the
// operation: tainted, untainted or modified.
func applyTaints(n *api.Node, add, remove []api.Taint, overwrite bool, now time.Time) (string, error) {
	for _, r := range remove {
		kept := n.Spec.Taints[:0:0]
		found := false
		for _, t := range n.Spec.Taints {
			if t.Key == r.Key && (r.Effect == "" || t.Effect == r.Effect) {
				found = true
				continue
			}
			kept = append(kept, t)
		}
		if !found {
			spec := r.Key
			if r.Effect != "" {
				spec += ":" + r.Effect
			}
			return "", fmt.Errorf("taint %q not found", spec)
		}
		n.Spec.Taints = kept
	}
	// The taints added come first, then the node's others, as kubectl
	// writes them; one with an added taint's key and effect is replaced.
	var added []api.Taint
	for _, a := range add {
		if a.Effect == "NoExecute" {
			t := api.NewTime(now)
			a.TimeAdded = &t
		}
		for _, t := range n.Spec.Taints {
			if t.Key == a.Key && t.Effect == a.Effect && !overwrite {
				return "", fmt.Errorf("node %s already has %s taint(s) with same effect(s) and --overwrite is false", n.Name, a.Key)
			}
		}
		added = append(added, a)
	}
	if len(added) > 0 {
		for _, t := range n.Spec.Taints {
			if !slices.ContainsFunc(added, func(a api.Taint) bool { return a.Key == t.Key && a.Effect == t.Effect }) {
				added = append(added, t)
			}
		}
		n.Spec.Taints = added
	}
	switch {
	case (len(add) > 0 && len(remove) > 0) || overwrite:
		return "modified", nil
	case len(add) > 0:
		return "tainted", nil
	}
	return "untainted", nil
}

// evictionRetry is how long kubectl drain waits before evicting a pod
// again after its disruption budget refused (429).
const evictionRetry = 5 * time.Second

// evictAll posts an eviction for each pod not already going, in order. A
// pod whose disruption budget refuses is tried again every 5 seconds of
// simulated time — while the cluster runs, so a replacement can become
// Ready elsewhere — until every eviction is accepted or the deadline. As
// kubectl's per-pod loop does, each try announces "evicting pod" before it
// looks at the deadline, and each pod still refused then fails on its own.
func (c *invocation) evictAll(pods []*api.Pod, opts store.DeleteOptions, deadline time.Time, limit time.Duration) []string {
	st := c.env.Store()
	var pending []*api.Pod
	for _, p := range pods {
		if p.DeletionTimestamp == nil {
			pending = append(pending, p)
		}
	}
	var errs []string
	for len(pending) > 0 {
		var refused []*api.Pod
		for _, p := range pending {
			c.printf("evicting pod %s/%s\n", p.Namespace, p.Name)
			if !st.Clock().Now().Before(deadline) {
				errs = append(errs, fmt.Sprintf("error when evicting pods/%q -n %q: global timeout reached: %s", p.Name, p.Namespace, limit))
				continue
			}
			opts.UID = p.UID
			err := st.Evict(p.Namespace, p.Name, opts)
			switch {
			case err == nil || api.IsNotFound(err):
			case api.ReasonOf(err) == store.ReasonTooManyRequests:
				fmt.Fprintf(&c.err, "error when evicting pods/%q -n %q (will retry after 5s): %v\n", p.Name, p.Namespace, err)
				refused = append(refused, p)
			default:
				errs = append(errs, fmt.Sprintf("error when evicting pods/%q -n %q: %v", p.Name, p.Namespace, err))
			}
		}
		pending = refused
		if len(pending) == 0 {
			break
		}
		st.Clock().Advance(evictionRetry) // the cluster runs meanwhile, as Advance does
	}
	return errs
}
