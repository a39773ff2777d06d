package kubectl

import (
	"strings"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
)

// This file holds kubectl's describers for DaemonSets, Jobs, CronJobs and
// ReplicationControllers, field for field in the order and words of
// kubectl v1.31's describe.go.

func registerDescribeWorkloads() {
	kindDescribers["ReplicationController"] = describeReplicationController
}

func describeDaemonSet(d *api.DaemonSet, pods []*api.Pod, events []*api.Event, now time.Time) string {
	running, waiting, succeeded, failed := podPhases(pods)
	return tabbed(func(w *prefixWriter) {
		w.write(0, "Name:\t%s\n", d.Name)
		w.write(0, "Namespace:\t%s\n", d.Namespace)
		w.write(0, "Selector:\t%s\n", selectorText(d.Spec.Selector))
		w.write(0, "Node-Selector:\t%s\n", formatLabelMap(d.Spec.Template.Spec.NodeSelector))
		printLabels(w, "Labels", d.Labels)
		printAnnotations(w, "Annotations", d.Annotations)
		// These five have no tab: kubectl does not align them.
		w.write(0, "Desired Number of Nodes Scheduled: %d\n", d.Status.DesiredNumberScheduled)
		w.write(0, "Current Number of Nodes Scheduled: %d\n", d.Status.CurrentNumberScheduled)
		w.write(0, "Number of Nodes Scheduled with Up-to-date Pods: %d\n", d.Status.UpdatedNumberScheduled)
		w.write(0, "Number of Nodes Scheduled with Available Pods: %d\n", d.Status.NumberAvailable)
		w.write(0, "Number of Nodes Misscheduled: %d\n", d.Status.NumberMisscheduled)
		w.write(0, "Pods Status:\t%d Running / %d Waiting / %d Succeeded / %d Failed\n", running, waiting, succeeded, failed)
		describePodTemplate(&d.Spec.Template, w)
		describeEvents(events, now, w)
	})
}

func describeJob(j *api.Job, events []*api.Event, now time.Time) string {
	return tabbed(func(w *prefixWriter) {
		w.write(0, "Name:\t%s\n", j.Name)
		w.write(0, "Namespace:\t%s\n", j.Namespace)
		w.write(0, "Selector:\t%s\n", selectorText(j.Spec.Selector))
		printLabels(w, "Labels", j.Labels)
		printAnnotations(w, "Annotations", j.Annotations)
		if ref := api.ControllerOf(j); ref != nil {
			w.write(0, "Controlled By:\t%s/%s\n", ref.Kind, ref.Name)
		}
		if j.Spec.Parallelism != nil {
			w.write(0, "Parallelism:\t%d\n", *j.Spec.Parallelism)
		}
		if j.Spec.Completions != nil {
			w.write(0, "Completions:\t%d\n", *j.Spec.Completions)
		} else {
			w.write(0, "Completions:\t<unset>\n")
		}
		if j.Spec.CompletionMode != nil {
			w.write(0, "Completion Mode:\t%s\n", *j.Spec.CompletionMode)
		}
		if j.Spec.Suspend != nil {
			w.write(0, "Suspend:\t%v\n", *j.Spec.Suspend)
		}
		if j.Spec.BackoffLimit != nil {
			w.write(0, "Backoff Limit:\t%d\n", *j.Spec.BackoffLimit)
		}
		if j.Spec.TTLSecondsAfterFinished != nil {
			w.write(0, "TTL Seconds After Finished:\t%d\n", *j.Spec.TTLSecondsAfterFinished)
		}
		if j.Status.StartTime != nil {
			w.write(0, "Start Time:\t%s\n", describeTime(*j.Status.StartTime))
		}
		if j.Status.CompletionTime != nil {
			w.write(0, "Completed At:\t%s\n", describeTime(*j.Status.CompletionTime))
		}
		if j.Status.StartTime != nil && j.Status.CompletionTime != nil {
			w.write(0, "Duration:\t%s\n", HumanDuration(j.Status.CompletionTime.Sub(j.Status.StartTime.Time)))
		}
		if j.Spec.ActiveDeadlineSeconds != nil {
			w.write(0, "Active Deadline Seconds:\t%ds\n", *j.Spec.ActiveDeadlineSeconds)
		}
		if j.Status.Ready == nil {
			w.write(0, "Pods Statuses:\t%d Active / %d Succeeded / %d Failed\n", j.Status.Active, j.Status.Succeeded, j.Status.Failed)
		} else {
			w.write(0, "Pods Statuses:\t%d Active (%d Ready) / %d Succeeded / %d Failed\n", j.Status.Active, *j.Status.Ready, j.Status.Succeeded, j.Status.Failed)
		}
		if j.Spec.CompletionMode != nil && *j.Spec.CompletionMode == api.IndexedCompletion {
			w.write(0, "Completed Indexes:\t%s\n", capIndexes(j.Status.CompletedIndexes, 50))
		}
		describePodTemplate(&j.Spec.Template, w)
		describeEvents(events, now, w)
	})
}

// capIndexes cuts a completed-indexes list at the first comma after
// softLimit characters, ending it with "...", or says <none>.
func capIndexes(indexes string, softLimit int) string {
	if indexes == "" {
		return "<none>"
	}
	if softLimit >= len(indexes) {
		return indexes
	}
	i := strings.IndexByte(indexes[softLimit:], ',')
	if i < 0 {
		return indexes
	}
	return indexes[:softLimit+i+1] + "..."
}

func describeCronJob(cj *api.CronJob, events []*api.Event, now time.Time) string {
	return tabbed(func(w *prefixWriter) {
		printObjectMeta(w, &cj.ObjectMeta)
		w.write(0, "Schedule:\t%s\n", cj.Spec.Schedule)
		w.write(0, "Concurrency Policy:\t%s\n", cj.Spec.ConcurrencyPolicy)
		w.write(0, "Suspend:\t%s\n", boolPtrText(cj.Spec.Suspend))
		unsetOr := func(title string, v *int32) {
			if v != nil {
				w.write(0, "%s:\t%d\n", title, *v)
			} else {
				w.write(0, "%s:\t<unset>\n", title)
			}
		}
		unsetOr("Successful Job History Limit", cj.Spec.SuccessfulJobsHistoryLimit)
		unsetOr("Failed Job History Limit", cj.Spec.FailedJobsHistoryLimit)
		if cj.Spec.StartingDeadlineSeconds != nil {
			w.write(0, "Starting Deadline Seconds:\t%ds\n", *cj.Spec.StartingDeadlineSeconds)
		} else {
			w.write(0, "Starting Deadline Seconds:\t<unset>\n")
		}
		// The Job template, as describeJobTemplate prints it.
		js := &cj.Spec.JobTemplate.Spec
		if js.Selector != nil {
			w.write(0, "Selector:\t%s\n", selectorText(js.Selector))
		} else {
			w.write(0, "Selector:\t<unset>\n")
		}
		unsetOr("Parallelism", js.Parallelism)
		unsetOr("Completions", js.Completions)
		if js.ActiveDeadlineSeconds != nil {
			w.write(0, "Active Deadline Seconds:\t%ds\n", *js.ActiveDeadlineSeconds)
		}
		describePodTemplate(&js.Template, w)
		if cj.Status.LastScheduleTime != nil {
			w.write(0, "Last Schedule Time:\t%s\n", describeTime(*cj.Status.LastScheduleTime))
		} else {
			w.write(0, "Last Schedule Time:\t<unset>\n")
		}
		names := make([]string, len(cj.Status.Active))
		for i, ref := range cj.Status.Active {
			names[i] = ref.Name
		}
		if len(names) == 0 {
			w.write(0, "Active Jobs:\t<none>\n")
		} else {
			w.write(0, "Active Jobs:\t%s\n", strings.Join(names, ", "))
		}
		describeEvents(events, now, w)
	})
}

// selectorText is a label selector as describe prints it; a selector that
// does not parse says so.
func selectorText(s *api.LabelSelector) string {
	sel, err := s.AsSelector()
	if err != nil {
		return "Failed to get selector: " + err.Error()
	}
	return sel.String()
}

// boolPtrText is printBoolPtr: True, False or <unset>.
func boolPtrText(b *bool) string {
	switch {
	case b == nil:
		return "<unset>"
	case *b:
		return "True"
	}
	return "False"
}

// describeReplicationController is the ReplicaSet page, as kubectl's
// describers share it: a ReplicationController is a ReplicaSet with an
// equality-based selector.
func describeReplicationController(c *invocation, o api.Object, events []*api.Event, now time.Time) string {
	rc := o.(*api.ReplicationController)
	sel := &api.LabelSelector{MatchLabels: rc.Spec.Selector}
	rs := &api.ReplicaSet{ObjectMeta: rc.ObjectMeta, Spec: api.ReplicaSetSpec{Replicas: rc.Spec.Replicas, Selector: sel},
		Status: api.ReplicaSetStatus{Replicas: rc.Status.Replicas, Conditions: rc.Status.Conditions}}
	if rc.Spec.Template != nil {
		rs.Spec.Template = *rc.Spec.Template
	}
	return describeReplicaSet(rs, c.podsOf(rc.Namespace, sel, rc.UID), events, now)
}
