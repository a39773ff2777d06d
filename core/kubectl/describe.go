package kubectl

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
)

// runDescribe is `kubectl describe TYPE [NAME_PREFIX | -l label] |
// TYPE/NAME`: a page per object in kubectl's layout, with its Events.
func runDescribe(c *invocation, args []string) {
	pos, f, ok := c.parse(args,
		flagDef{long: "selector", short: "l"},
		flagDef{long: "all-namespaces", short: "A", boolean: true},
		flagDef{long: "show-events", boolean: true, def: "true"},
	)
	if !ok {
		return
	}
	if len(pos) == 0 {
		c.fail("You must specify the type of resource to describe. Use \"kubectl api-resources\" for a complete list of supported resources.")
		return
	}
	sel := readListSelect(f)
	ts, kindOnly, ok := c.targets(pos)
	if !ok {
		return
	}
	st := c.env.Store()
	var objs []api.Object
	if kindOnly != nil {
		if err := sel.check(kindOnly); err != nil {
			c.apiError(err, "", "")
			return
		}
		ns := namespaceFor(kindOnly, f)
		if f.boolean("all-namespaces") {
			ns = ""
		}
		for _, o := range st.List(kindOnly, ns) {
			if sel.matches(o) {
				objs = append(objs, o)
			}
		}
		if len(objs) == 0 {
			if kindOnly.Namespaced && ns != "" {
				fmt.Fprintf(&c.err, "No resources found in %s namespace.\n", ns)
			} else {
				c.err.WriteString("No resources found\n")
			}
			return
		}
	}
	for _, t := range ts {
		ns := namespaceFor(t.kind, f)
		o, err := st.Get(t.kind, ns, t.name)
		if err == nil {
			objs = append(objs, o)
			continue
		}
		// kubectl describes every object whose name starts with what was given.
		found := false
		for _, o := range st.List(t.kind, ns) {
			if strings.HasPrefix(o.GetObjectMeta().Name, t.name) {
				objs = append(objs, o)
				found = true
			}
		}
		if !found {
			c.apiError(err, "", "")
		}
	}
	for i, o := range objs {
		if i > 0 {
			c.out.WriteString("\n\n")
		}
		c.out.WriteString(c.describe(o, f.boolean("show-events")))
	}
}

// describer is kubectl's describe page for one kind.
type describer = func(c *invocation, o api.Object, events []*api.Event, now time.Time) string

// kindDescribers are describers registered by kind, tried before the
// generic one: each file of a kind family registers its own
// (registerDescribeAutoscaling, registerDescribeRBAC, …).
var kindDescribers = map[string]describer{}

// describe is one object's page; events are included when showEvents.
func (c *invocation) describe(o api.Object, showEvents bool) string {
	var events []*api.Event
	if showEvents {
		events = c.eventsFor(o)
		if events == nil {
			events = []*api.Event{}
		}
	}
	now := c.env.Store().Clock().Now()
	switch x := o.(type) {
	case *api.Pod:
		return describePod(x, events, now)
	case *api.ReplicaSet:
		return describeReplicaSet(x, c.podsOf(x.Namespace, x.Spec.Selector, x.UID), events, now)
	case *api.Node:
		return c.describeNode(x, events, now)
	case *api.Deployment:
		newRS, old := splitReplicaSets(x, ownedReplicaSets(c.env.Store(), x))
		return describeDeployment(x, old, newRS, events, now)
	case *api.StatefulSet:
		return describeStatefulSet(x, c.podsOf(x.Namespace, x.Spec.Selector, x.UID), events, now)
	case *api.PersistentVolumeClaim:
		return describePVC(x, c.podsUsingClaim(x), events, now)
	case *api.PersistentVolume:
		return describePV(x, events, now)
	case *api.StorageClass:
		return describeStorageClass(x, events, now)
	case *api.Service:
		var ep *api.Endpoints
		if o, err := c.env.Store().Get(api.EndpointsKind, x.Namespace, x.Name); err == nil {
			ep = o.(*api.Endpoints)
		}
		return describeService(x, ep, events, now)
	case *api.Endpoints:
		return describeEndpoints(x, events, now)
	case *api.DaemonSet:
		return describeDaemonSet(x, c.podsOf(x.Namespace, x.Spec.Selector, x.UID), events, now)
	case *api.Job:
		return describeJob(x, events, now)
	case *api.CronJob:
		return describeCronJob(x, events, now)
	}
	if d, ok := kindDescribers[api.KindOf(o).Kind]; ok {
		return d(c, o, events, now)
	}
	return describeGeneric(o, events, now)
}

// eventsFor are the Events about o, oldest last-seen first.
func (c *invocation) eventsFor(o api.Object) []*api.Event {
	m, k := o.GetObjectMeta(), api.KindOf(o)
	about := func(x api.Object) bool {
		ref := x.(*api.Event).InvolvedObject
		return ref.Kind == k.Kind && ref.Name == m.Name && ref.Namespace == m.Namespace && (ref.UID == "" || ref.UID == m.UID)
	}
	var out []*api.Event
	for _, x := range c.env.Store().ListMatching(api.Events, m.Namespace, about) {
		out = append(out, x.(*api.Event))
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].LastTimestamp.Before(out[j].LastTimestamp.Time) })
	return out
}

// podsOf are the pods in ns the selector matches and owner controls.
func (c *invocation) podsOf(ns string, ls *api.LabelSelector, owner string) []*api.Pod {
	sel, err := ls.AsSelector()
	if err != nil {
		return nil
	}
	ours := func(o api.Object) bool {
		p := o.(*api.Pod)
		return sel.Matches(p.Labels) && api.IsControlledBy(p, owner)
	}
	var out []*api.Pod
	for _, o := range c.env.Store().ListMatching(api.Pods, ns, ours) {
		out = append(out, o.(*api.Pod))
	}
	return out
}

// describeEvents prints the Events table (a block of its own), or
// "Events: <none>". A nil list (--show-events=false) prints nothing.
func describeEvents(events []*api.Event, now time.Time, w *prefixWriter) {
	if events == nil {
		return
	}
	if len(events) == 0 {
		w.write(0, "Events:\t<none>\n")
		return
	}
	w.flush()
	w.write(0, "Events:\n  Type\tReason\tAge\tFrom\tMessage\n")
	w.write(1, "----\t------\t----\t----\t-------\n")
	for _, e := range events {
		first := age(e.FirstTimestamp, now)
		interval := first
		if e.Count > 1 {
			interval = fmt.Sprintf("%s (x%d over %s)", age(e.LastTimestamp, now), e.Count, first)
		}
		source := e.Source.Component
		if source == "" {
			source = e.ReportingComponent
		}
		w.write(1, "%s\t%s\t%s\t%s\t%s\n", e.Type, e.Reason, interval, source, strings.TrimSpace(e.Message))
	}
}
