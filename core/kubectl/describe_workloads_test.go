package kubectl

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/kubeloop/kubeloop/core/api"
)

// DaemonSet, Job and CronJob pages as kubectl v1.31 lays them out.
func TestDescribeDaemonSetJobAndCronJob(t *testing.T) {
	e := newEnv(t)
	labels := map[string]string{"app": "agent"}
	ds := e.create(&api.DaemonSet{ObjectMeta: api.ObjectMeta{Name: "agent", Namespace: "default", Labels: labels},
		Spec: api.DaemonSetSpec{Selector: &api.LabelSelector{MatchLabels: labels},
			Template: api.PodTemplateSpec{ObjectMeta: api.ObjectMeta{Labels: labels}, Spec: api.PodSpec{
				NodeSelector: map[string]string{"disk": "ssd"},
				Containers:   []api.Container{{Name: "agent", Image: "busybox:1.28.4"}}}}},
		Status: api.DaemonSetStatus{DesiredNumberScheduled: 3, CurrentNumberScheduled: 3, UpdatedNumberScheduled: 2, NumberAvailable: 2, NumberReady: 2}})
	api.SetKind(ds)
	for _, name := range []string{"agent-a", "agent-b"} {
		e.create(&api.Pod{ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default", Labels: labels,
			OwnerReferences: []api.OwnerReference{api.NewControllerRef(ds)}},
			Spec: api.PodSpec{Containers: []api.Container{{Name: "agent", Image: "busybox:1.28.4"}}}, Status: api.PodStatus{Phase: api.PodRunning}})
	}
	r := e.run("kubectl describe ds agent")
	assert.Equal(t, lines(
		"Name:           agent",
		"Namespace:      default",
		"Selector:       app=agent",
		"Node-Selector:  disk=ssd",
		"Labels:         app=agent",
		"Annotations:    <none>",
		"Desired Number of Nodes Scheduled: 3",
		"Current Number of Nodes Scheduled: 3",
		"Number of Nodes Scheduled with Up-to-date Pods: 2",
		"Number of Nodes Scheduled with Available Pods: 2",
		"Number of Nodes Misscheduled: 0",
		"Pods Status:  2 Running / 0 Waiting / 0 Succeeded / 0 Failed",
		"Pod Template:",
		"  Labels:  app=agent",
		"  Containers:",
		"   agent:",
		"    Image:         busybox:1.28.4",
		"    Port:          <none>",
		"    Host Port:     <none>",
		"    Environment:   <none>",
		"    Mounts:        <none>",
		"  Volumes:         <none>",
		"  Node-Selectors:  disk=ssd",
		"  Tolerations:     <none>",
		"Events:            <none>"), r.Stdout)

	// An Indexed Job with a deadline and a TTL, finished, owned by a CronJob
	// (whose failedJobsHistoryLimit the API server defaults to 1).
	cj := e.create(&api.CronJob{ObjectMeta: api.ObjectMeta{Name: "report", Namespace: "default"},
		Spec: api.CronJobSpec{Schedule: "*/5 * * * *", ConcurrencyPolicy: "Forbid", StartingDeadlineSeconds: api.Ptr[int64](30),
			SuccessfulJobsHistoryLimit: api.Ptr[int32](3), Suspend: api.Ptr(false),
			JobTemplate: api.JobTemplateSpec{Spec: api.JobSpec{Completions: api.Ptr[int32](3), ActiveDeadlineSeconds: api.Ptr[int64](600),
				Template: api.PodTemplateSpec{Spec: api.PodSpec{RestartPolicy: "OnFailure", Containers: []api.Container{{Name: "report", Image: "busybox:1.28.4"}}}}}}},
		Status: api.CronJobStatus{LastScheduleTime: &api.Time{Time: e.clk.Now()},
			Active: []api.ObjectReference{{Kind: "Job", Namespace: "default", Name: "report-1"}, {Kind: "Job", Namespace: "default", Name: "report-2"}}}})
	api.SetKind(cj)
	start := api.NewTime(e.clk.Now())
	done := api.NewTime(e.clk.Now().Add(95 * time.Second))
	e.create(&api.Job{ObjectMeta: api.ObjectMeta{Name: "report-1", Namespace: "default", Labels: map[string]string{"job-name": "report-1"},
		OwnerReferences: []api.OwnerReference{api.NewControllerRef(cj)}},
		Spec: api.JobSpec{Parallelism: api.Ptr[int32](2), Completions: api.Ptr[int32](3), CompletionMode: api.Ptr(api.IndexedCompletion),
			Suspend: api.Ptr(false), BackoffLimit: api.Ptr[int32](6), TTLSecondsAfterFinished: api.Ptr[int32](100), ActiveDeadlineSeconds: api.Ptr[int64](600),
			Selector: &api.LabelSelector{MatchLabels: map[string]string{"job-name": "report-1"}},
			Template: api.PodTemplateSpec{ObjectMeta: api.ObjectMeta{Labels: map[string]string{"job-name": "report-1"}},
				Spec: api.PodSpec{RestartPolicy: "Never", Containers: []api.Container{{Name: "report", Image: "busybox:1.28.4"}}}}},
		Status: api.JobStatus{StartTime: &start, CompletionTime: &done, Succeeded: 3, Failed: 1, Ready: api.Ptr[int32](0), CompletedIndexes: "0-2"}})
	r = e.run("kubectl describe job report-1")
	assert.Equal(t, lines(
		"Name:                        report-1",
		"Namespace:                   default",
		"Selector:                    job-name=report-1",
		"Labels:                      job-name=report-1",
		"Annotations:                 <none>",
		"Controlled By:               CronJob/report",
		"Parallelism:                 2",
		"Completions:                 3",
		"Completion Mode:             Indexed",
		"Suspend:                     false",
		"Backoff Limit:               6",
		"TTL Seconds After Finished:  100",
		"Start Time:                  Thu, 01 Jan 2026 00:00:00 +0000",
		"Completed At:                Thu, 01 Jan 2026 00:01:35 +0000",
		"Duration:                    95s",
		"Active Deadline Seconds:     600s",
		"Pods Statuses:               0 Active (0 Ready) / 3 Succeeded / 1 Failed",
		"Completed Indexes:           0-2",
		"Pod Template:",
		"  Labels:  job-name=report-1",
		"  Containers:",
		"   report:",
		"    Image:         busybox:1.28.4",
		"    Port:          <none>",
		"    Host Port:     <none>",
		"    Environment:   <none>",
		"    Mounts:        <none>",
		"  Volumes:         <none>",
		"  Node-Selectors:  <none>",
		"  Tolerations:     <none>",
		"Events:            <none>"), r.Stdout)

	r = e.run("kubectl describe cronjob report")
	assert.Equal(t, lines(
		"Name:                          report",
		"Namespace:                     default",
		"Labels:                        <none>",
		"Annotations:                   <none>",
		"Schedule:                      */5 * * * *",
		"Concurrency Policy:            Forbid",
		"Suspend:                       False",
		"Successful Job History Limit:  3",
		"Failed Job History Limit:      1",
		"Starting Deadline Seconds:     30s",
		"Selector:                      <unset>",
		"Parallelism:                   <unset>",
		"Completions:                   3",
		"Active Deadline Seconds:       600s",
		"Pod Template:",
		"  Labels:  <none>",
		"  Containers:",
		"   report:",
		"    Image:           busybox:1.28.4",
		"    Port:            <none>",
		"    Host Port:       <none>",
		"    Environment:     <none>",
		"    Mounts:          <none>",
		"  Volumes:           <none>",
		"  Node-Selectors:    <none>",
		"  Tolerations:       <none>",
		"Last Schedule Time:  Thu, 01 Jan 2026 00:00:00 +0000",
		"Active Jobs:         report-1, report-2",
		"Events:              <none>"), r.Stdout)
	assert.Equal(t, "0-9,11,13,...", capIndexes("0-9,11,13,15,17", 8))
	assert.Equal(t, "<none>", capIndexes("", 50))
}
