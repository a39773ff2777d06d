package kubectl

import (
	"fmt"
	"sort"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/apijson"
)

// This file is kubectl's side of DaemonSets: the table printer, and the
// status viewer, history viewer and rollbacker of `kubectl rollout`, which
// read the DaemonSet's ControllerRevisions client-side as kubectl does.

func registerDaemonSet() {
	printers["DaemonSet"] = columns{
		headers: []string{"NAME", "DESIRED", "CURRENT", "READY", "UP-TO-DATE", "AVAILABLE", "NODE SELECTOR", "AGE"},
		wide:    []string{"CONTAINERS", "IMAGES", "SELECTOR"},
		row: func(o api.Object, now time.Time, wide bool) []string {
			ds := o.(*api.DaemonSet)
			st := ds.Status
			r := []string{ds.Name, fmt.Sprint(st.DesiredNumberScheduled), fmt.Sprint(st.CurrentNumberScheduled), fmt.Sprint(st.NumberReady),
				fmt.Sprint(st.UpdatedNumberScheduled), fmt.Sprint(st.NumberAvailable), nodeSelectorColumn(ds.Spec.Template.Spec.NodeSelector),
				age(ds.CreationTimestamp, now)}
			if wide {
				r = append(r, templateColumns(&ds.Spec.Template, ds.Spec.Selector)...)
			}
			return r
		},
	}
	statusViewers["DaemonSet"] = func(o api.Object) (string, bool, error) { return DaemonSetStatus(o.(*api.DaemonSet)) }
	historyViewers["DaemonSet"] = func(c *invocation, o api.Object, revision int64) (string, error) {
		return revisionHistory(c, o, revision)
	}
	rollbackers["DaemonSet"] = func(c *invocation, o api.Object, to int64) (string, api.Object, error) {
		msg, next, err := daemonSetRollback(c, o.(*api.DaemonSet), to)
		if next == nil {
			return msg, nil, err
		}
		return msg, next, err
	}
}

// nodeSelectorColumn is NODE SELECTOR: k=v pairs sorted by key, or <none>.
func nodeSelectorColumn(sel map[string]string) string { return labelsColumn(sel) }

// DaemonSetStatus is kubectl's status viewer for a DaemonSet.
func DaemonSetStatus(ds *api.DaemonSet) (msg string, done bool, err error) {
	if ds.Spec.UpdateStrategy.Type != api.RollingUpdateDaemonSetStrategyType {
		return "", true, fmt.Errorf("rollout status is only available for %s strategy type", api.RollingUpdateDaemonSetStrategyType)
	}
	if ds.Generation > ds.Status.ObservedGeneration {
		return "Waiting for daemon set spec update to be observed...\n", false, nil
	}
	st := ds.Status
	if st.UpdatedNumberScheduled < st.DesiredNumberScheduled {
		return fmt.Sprintf("Waiting for daemon set %q rollout to finish: %d out of %d new pods have been updated...\n", ds.Name, st.UpdatedNumberScheduled, st.DesiredNumberScheduled), false, nil
	}
	if st.NumberAvailable < st.DesiredNumberScheduled {
		return fmt.Sprintf("Waiting for daemon set %q rollout to finish: %d of %d updated pods are available...\n", ds.Name, st.NumberAvailable, st.DesiredNumberScheduled), false, nil
	}
	return fmt.Sprintf("daemon set %q successfully rolled out\n", ds.Name), true, nil
}

// ownedRevisions are the ControllerRevisions owner (a DaemonSet or a
// StatefulSet) controls, by revision.
func ownedRevisions(c *invocation, owner api.Object) []*api.ControllerRevision {
	m := owner.GetObjectMeta()
	var out []*api.ControllerRevision
	for _, o := range c.env.Store().List(api.ControllerRevisions, m.Namespace) {
		if api.IsControlledBy(o, m.UID) {
			out = append(out, o.(*api.ControllerRevision))
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Revision < out[j].Revision })
	return out
}

// revisionTemplate decodes the pod template a DaemonSet's revision stores
// ({"spec":{"template":{…,"$patch":"replace"}}}).
func revisionTemplate(r *api.ControllerRevision) (*api.PodTemplateSpec, error) {
	var p struct {
		Spec struct {
			Template map[string]any `json:"template"`
		} `json:"spec"`
	}
	if err := apijson.Unmarshal(r.Data, &p); err != nil {
		return nil, err
	}
	delete(p.Spec.Template, "$patch")
	b, err := apijson.Marshal(p.Spec.Template)
	if err != nil {
		return nil, err
	}
	var t api.PodTemplateSpec
	if err := apijson.Unmarshal(b, &t); err != nil {
		return nil, err
	}
	return &t, nil
}

// revisionHistory is kubectl's history viewer for the kinds that keep
// ControllerRevisions (DaemonSet, StatefulSet): the table, or with
// revision > 0 that revision's pod template.
func revisionHistory(c *invocation, owner api.Object, revision int64) (string, error) {
	revs := ownedRevisions(c, owner)
	if len(revs) == 0 {
		return "No rollout history found.", nil
	}
	if revision > 0 {
		for _, r := range revs {
			if r.Revision == revision {
				t, err := revisionTemplate(r)
				if err != nil {
					return "", err
				}
				return raw(func(w *prefixWriter) { describePodTemplate(t, w) }), nil
			}
		}
		return "", fmt.Errorf("unable to find the specified revision")
	}
	var b strings.Builder
	tw := tabwriter.NewWriter(&b, 0, 8, 2, ' ', 0)
	fmt.Fprintf(tw, "REVISION\tCHANGE-CAUSE\n")
	for _, r := range revs {
		fmt.Fprintf(tw, "%d\t%s\n", r.Revision, orNone(r.Annotations[ChangeCauseAnnotation]))
	}
	_ = tw.Flush()
	return b.String(), nil
}

// revisionRollbackTemplate finds revision to's template (the previous
// revision for 0) among owner's ControllerRevisions, as kubectl's
// DaemonSet and StatefulSet rollbackers do; skip says the current
// template already matches it.
func revisionRollbackTemplate(c *invocation, owner api.Object, current *api.PodTemplateSpec, to int64) (t *api.PodTemplateSpec, skip string, err error) {
	revs := ownedRevisions(c, owner)
	if to == 0 && len(revs) <= 1 {
		return nil, "", fmt.Errorf("no last revision to roll back to")
	}
	var target *api.ControllerRevision
	if to == 0 {
		target = revs[len(revs)-2]
	} else {
		for _, r := range revs {
			if r.Revision == to {
				target = r
			}
		}
	}
	if target == nil {
		return nil, "", fmt.Errorf("unable to find specified revision %d in history", to)
	}
	t, err = revisionTemplate(target)
	if err != nil {
		return nil, "", err
	}
	if string(templateJSON(t)) == string(templateJSON(current)) {
		return nil, fmt.Sprintf("skipped rollback (current template already matches revision %d)", to), nil
	}
	return t, "", nil
}

// daemonSetRollback writes revision to's template (the previous revision
// for 0) back into the DaemonSet, as kubectl's DaemonSet rollbacker.
func daemonSetRollback(c *invocation, ds *api.DaemonSet, to int64) (string, *api.DaemonSet, error) {
	t, skip, err := revisionRollbackTemplate(c, ds, &ds.Spec.Template, to)
	if t == nil {
		return skip, nil, err
	}
	next := api.DeepCopy(ds)
	next.Spec.Template = *t
	next.ResourceVersion = ""
	return "rolled back", next, nil
}
