package kubectl

import (
	"fmt"
	"strconv"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/store"
)

// deleteWaitMax bounds how long `kubectl delete` waits (in simulated time)
// for what it deleted to be gone, as real kubectl's --wait does.
const deleteWaitMax = 2 * time.Minute

// runDelete deletes the objects named, selected or read from files, says
// so for each, and (unless --wait=false) waits for them to be gone.
func runDelete(c *invocation, args []string) {
	pos, f, ok := c.parse(args,
		flagDef{long: "filename", short: "f"},
		flagDef{long: "selector", short: "l"},
		flagDef{long: "field-selector"},
		flagDef{long: "all", boolean: true},
		flagDef{long: "cascade", def: "background", noOptDef: "background"},
		flagDef{long: "grace-period", def: "-1"},
		flagDef{long: "now", boolean: true},
		flagDef{long: "force", boolean: true},
		flagDef{long: "wait", boolean: true, def: "true"},
		flagDef{long: "ignore-not-found", boolean: true},
	)
	if !ok {
		return
	}
	opts, force, ok := c.deleteOptions(f)
	if !ok {
		return
	}
	ts, namespaces, ok := c.deleteTargets(f, pos)
	if !ok {
		return
	}
	immediate := force && opts.GracePeriodSeconds != nil && *opts.GracePeriodSeconds == 0
	if immediate {
		c.err.WriteString("Warning: Immediate deletion does not wait for confirmation that the running resource has been terminated. The resource may continue to run on the cluster indefinitely.\n")
	}
	deleted, failed := c.deleteEach(f, ts, namespaces, opts, immediate)
	// As kubectl, which returns the errors it met before it would wait.
	if failed || !f.boolean("wait") || len(deleted) == 0 {
		return
	}
	c.waitAllGone(deleted)
}

// deleteTargets are the objects to delete: those of the files (-f) with
// their namespaces, or those named or selected (namespaces nil); false
// when there is nothing to delete (having said why).
func (c *invocation) deleteTargets(f *flags, pos []string) (ts []target, namespaces []string, ok bool) {
	if files := f.all("filename"); len(files) > 0 {
		if len(pos) > 0 {
			c.fail("when paths, URLs, or stdin is provided as input, you may not specify resource arguments as well")
			return nil, nil, false
		}
		objs, _, _, ok := c.readManifests(files, f)
		if !ok {
			return nil, nil, false
		}
		for _, o := range objs {
			ts = append(ts, target{api.KindOf(o), o.GetObjectMeta().Name})
			namespaces = append(namespaces, o.GetObjectMeta().Namespace)
		}
		return ts, namespaces, true
	}
	ts, kindOnly, ok := c.namedTargets(pos)
	if !ok {
		return nil, nil, false
	}
	if kindOnly == nil {
		return ts, nil, true
	}
	objs, ok := c.selected(kindOnly, f, namespaceFor(kindOnly, f))
	if !ok {
		return nil, nil, false
	}
	for _, o := range objs {
		ts = append(ts, target{kindOnly, o.GetObjectMeta().Name})
	}
	if len(ts) == 0 {
		if kindOnly.Namespaced {
			fmt.Fprintf(&c.err, "No resources found in %s namespace.\n", namespaceOf(f))
		} else {
			c.err.WriteString("No resources found\n")
		}
		return nil, nil, false
	}
	return ts, nil, true
}

// deletedObject is an object deleted, to wait for: it is gone when no
// object of its name has its uid.
type deletedObject struct {
	kind     *api.Kind
	ns, name string
	uid      string
}

// deleteEach deletes each target (in the namespace of its file, if any)
// and says so, or prints the error; it returns what it deleted, and
// whether any error was printed (--ignore-not-found: not for a missing one).
func (c *invocation) deleteEach(f *flags, ts []target, namespaces []string, opts store.DeleteOptions, immediate bool) (deleted []deletedObject, failed bool) {
	st := c.env.Store()
	for i, t := range ts {
		ns := namespaceFor(t.kind, f)
		if namespaces != nil && t.kind.Namespaced {
			ns = namespaces[i]
		}
		live, err := st.Get(t.kind, ns, t.name)
		if err == nil {
			_, err = st.Delete(t.kind, ns, t.name, opts)
		}
		if err != nil {
			if api.IsNotFound(err) && f.boolean("ignore-not-found") {
				continue
			}
			c.apiError(err, "", "")
			failed = true
			continue
		}
		verb := "deleted"
		if immediate {
			verb = "force deleted"
		}
		c.printf("%s %q %s\n", kindGroup(t.kind), t.name, verb)
		deleted = append(deleted, deletedObject{t.kind, ns, t.name, live.GetObjectMeta().UID})
	}
	return deleted, failed
}

// waitAllGone runs the clock until every object deleted is gone, for at
// most deleteWaitMax.
func (c *invocation) waitAllGone(deleted []deletedObject) {
	st := c.env.Store()
	allGone := func() bool {
		for _, g := range deleted {
			if o, err := st.Get(g.kind, g.ns, g.name); err == nil && o.GetObjectMeta().UID == g.uid {
				return false
			}
		}
		return true
	}
	if !allGone() {
		c.runUntil(allGone, deleteWaitMax)
	}
}

// deleteOptions turns --cascade, --grace-period, --now and --force into the
// store's DeleteOptions, with kubectl's rules and messages.
func (c *invocation) deleteOptions(f *flags) (opts store.DeleteOptions, force bool, ok bool) {
	switch v := f.str("cascade"); v {
	case "background", "true":
		if v == "true" {
			c.err.WriteString("warning: --cascade=true is deprecated (boolean value) and can be replaced with --cascade=background.\n")
		}
		opts.PropagationPolicy = store.PropagationBackground
	case "foreground":
		opts.PropagationPolicy = store.PropagationForeground
	case "orphan", "false":
		if v == "false" {
			c.err.WriteString("warning: --cascade=false is deprecated (boolean value) and can be replaced with --cascade=orphan.\n")
		}
		opts.PropagationPolicy = store.PropagationOrphan
	default:
		c.fail("invalid cascade value (%v). Must be \"background\", \"foreground\", or \"orphan\".", v)
		return opts, false, false
	}
	grace, err := strconv.ParseInt(f.str("grace-period"), 10, 64)
	if err != nil {
		c.fail("invalid argument %q for \"--grace-period\" flag: strconv.ParseInt: parsing %q: invalid syntax", f.str("grace-period"), f.str("grace-period"))
		return opts, false, false
	}
	force = f.boolean("force")
	if f.boolean("now") {
		if grace >= 0 {
			c.fail("--now and --grace-period cannot be specified together")
			return opts, false, false
		}
		grace = 1
	}
	if force && grace < 0 {
		grace = 0
	}
	if grace == 0 && !force {
		// As kubectl: --grace-period=0 without --force means "as soon as possible".
		grace = 1
	}
	if grace >= 0 {
		opts.GracePeriodSeconds = api.Ptr(grace)
	}
	return opts, force, true
}
