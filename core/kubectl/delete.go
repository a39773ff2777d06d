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
	var ts []target
	var namespaces []string
	files := f.all("filename")
	switch {
	case len(files) > 0:
		if len(pos) > 0 {
			c.fail("when paths, URLs, or stdin is provided as input, you may not specify resource arguments as well")
			return
		}
		objs, _, _, ok := c.readManifests(files, f)
		if !ok {
			return
		}
		for _, o := range objs {
			ts = append(ts, target{api.KindOf(o), o.GetObjectMeta().Name})
			namespaces = append(namespaces, o.GetObjectMeta().Namespace)
		}
	default:
		var kindOnly *api.Kind
		ts, kindOnly, ok = c.namedTargets(pos)
		if !ok {
			return
		}
		if kindOnly != nil {
			objs, ok := c.selected(kindOnly, f, namespaceFor(kindOnly, f))
			if !ok {
				return
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
				return
			}
		}
	}
	if force && opts.GracePeriodSeconds != nil && *opts.GracePeriodSeconds == 0 {
		c.err.WriteString("Warning: Immediate deletion does not wait for confirmation that the running resource has been terminated. The resource may continue to run on the cluster indefinitely.\n")
	}
	st := c.env.Store()
	type gone struct {
		kind     *api.Kind
		ns, name string
		uid      string
	}
	var waitFor []gone
	failed := false
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
		if force && opts.GracePeriodSeconds != nil && *opts.GracePeriodSeconds == 0 {
			verb = "force deleted"
		}
		c.printf("%s %q %s\n", kindGroup(t.kind), t.name, verb)
		waitFor = append(waitFor, gone{t.kind, ns, t.name, live.GetObjectMeta().UID})
	}
	// As kubectl, which returns the errors it met before it would wait.
	if failed || !f.boolean("wait") || len(waitFor) == 0 {
		return
	}
	allGone := func() bool {
		for _, g := range waitFor {
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
