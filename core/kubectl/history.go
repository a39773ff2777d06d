package kubectl

import (
	"fmt"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/kubeloop/kubeloop/core/api"
)

// runRolloutHistory is `kubectl rollout history TYPE/NAME [--revision=N]`:
// the revisions of a Deployment, read client-side from its ReplicaSets'
// revision annotations, each with its kubernetes.io/change-cause — or, with
// --revision, that revision's pod template. As kubectl, it reads only
// deployment.kubernetes.io/revision: numbers a re-used ReplicaSet served
// before (revision-history) are not listed.
func runRolloutHistory(c *invocation, args []string) {
	pos, f, ok := c.parse(args, flagDef{long: "revision", integer: true, def: "0"})
	if !ok {
		return
	}
	ts, ok := c.rolloutTargets(pos, f)
	if !ok {
		return
	}
	revision := f.integer("revision")
	if revision < 0 {
		c.fail("revision must be a positive integer: %d", revision)
		return
	}
	for _, t := range ts {
		viewer := historyViewers[t.kind.Kind]
		if viewer == nil {
			c.fail("no history viewer has been implemented for %q", groupKind(t.kind))
			continue
		}
		o, err := c.env.Store().Get(t.kind, namespaceFor(t.kind, f), t.name)
		if err != nil {
			c.apiError(err, "", "")
			continue
		}
		text, err := viewer(c, o, revision)
		if err != nil {
			c.fail("%v", err)
			continue
		}
		with := ""
		if revision > 0 {
			with = fmt.Sprintf("with revision #%d", revision)
		}
		c.printf("%s %s\n%s\n", qualifiedName(t.kind, t.name), with, text)
	}
}

// historyViewers are `rollout history`'s viewers by kind: the history
// table, or with revision > 0 that revision's pod template.
var historyViewers map[string]func(c *invocation, o api.Object, revision int64) (string, error)

func fillHistoryViewers() {
	historyViewers = map[string]func(c *invocation, o api.Object, revision int64) (string, error){
		"Deployment": func(c *invocation, o api.Object, revision int64) (string, error) {
			return deploymentHistory(c, o.(*api.Deployment), revision)
		},
	}
}

// deploymentHistory is the history table, or one revision's template.
func deploymentHistory(c *invocation, d *api.Deployment, revision int64) (string, error) {
	templates := map[int64]*api.PodTemplateSpec{}
	for _, rs := range ownedReplicaSets(c.env.Store(), d) {
		v, ok := revisionOf(rs)
		if !ok {
			continue
		}
		t := api.DeepCopy(rs.Spec.Template)
		if cause := rs.Annotations[ChangeCauseAnnotation]; cause != "" {
			if t.Annotations == nil {
				t.Annotations = map[string]string{}
			}
			t.Annotations[ChangeCauseAnnotation] = cause
		}
		templates[v] = &t
	}
	if len(templates) == 0 {
		return "No rollout history found.", nil
	}
	if revision > 0 {
		t, ok := templates[revision]
		if !ok {
			return "", fmt.Errorf("unable to find the specified revision")
		}
		return raw(func(w *prefixWriter) { describePodTemplate(t, w) }), nil
	}
	revisions := make([]int64, 0, len(templates))
	for r := range templates {
		revisions = append(revisions, r)
	}
	sort.Slice(revisions, func(i, j int) bool { return revisions[i] < revisions[j] })
	var b strings.Builder
	tw := tabwriter.NewWriter(&b, 0, 8, 2, ' ', 0)
	fmt.Fprintf(tw, "REVISION\tCHANGE-CAUSE\n")
	for _, r := range revisions {
		fmt.Fprintf(tw, "%d\t%s\n", r, orNone(templates[r].Annotations[ChangeCauseAnnotation]))
	}
	_ = tw.Flush()
	return b.String(), nil
}

// rolloutTargets reads the objects a rollout subcommand acts on: TYPE NAME,
// TYPE/NAME, or every object of TYPE in the namespace.
func (c *invocation) rolloutTargets(pos []string, f *flags) ([]target, bool) {
	if len(pos) == 0 {
		c.fail("required resource not specified")
		return nil, false
	}
	ts, kindOnly, ok := c.targets(pos)
	if !ok {
		return nil, false
	}
	if kindOnly != nil {
		for _, o := range c.env.Store().List(kindOnly, namespaceFor(kindOnly, f)) {
			ts = append(ts, target{kindOnly, o.GetObjectMeta().Name})
		}
		if len(ts) == 0 {
			fmt.Fprintf(&c.err, "No resources found in %s namespace.\n", namespaceOf(f))
		}
	}
	return ts, true
}

// groupKind names a kind as schema.GroupKind prints it: "ReplicaSet.apps",
// "Pod".
func groupKind(k *api.Kind) string {
	if k.Group == "" {
		return k.Kind
	}
	return k.Kind + "." + k.Group
}
