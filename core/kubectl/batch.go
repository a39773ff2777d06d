package kubectl

import (
	"fmt"
	"strings"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
)

// This file holds what kubectl knows of the batch kinds: the jobs and
// cronjobs columns, and `kubectl create job|cronjob`.

func registerBatch() {
	printers["Job"] = columns{
		headers: []string{"NAME", "STATUS", "COMPLETIONS", "DURATION", "AGE"},
		wide:    []string{"CONTAINERS", "IMAGES", "SELECTOR"},
		row: func(o api.Object, now time.Time, wide bool) []string {
			j := o.(*api.Job)
			r := []string{j.Name, jobStatus(j), jobCompletions(j), jobDuration(j, now), age(j.CreationTimestamp, now)}
			if wide {
				r = append(r, templateColumns(&j.Spec.Template, j.Spec.Selector)...)
			}
			return r
		},
	}
	printers["CronJob"] = columns{
		headers: []string{"NAME", "SCHEDULE", "TIMEZONE", "SUSPEND", "ACTIVE", "LAST SCHEDULE", "AGE"},
		wide:    []string{"CONTAINERS", "IMAGES", "SELECTOR"},
		row: func(o api.Object, now time.Time, wide bool) []string {
			cj := o.(*api.CronJob)
			last := "<none>"
			if t := cj.Status.LastScheduleTime; t != nil {
				last = age(*t, now)
			}
			suspend := "<unset>"
			if s := cj.Spec.Suspend; s != nil {
				suspend = map[bool]string{true: "True", false: "False"}[*s]
			}
			r := []string{cj.Name, cj.Spec.Schedule, api.Deref(cj.Spec.TimeZone, "<none>"), suspend,
				fmt.Sprint(len(cj.Status.Active)), last, age(cj.CreationTimestamp, now)}
			if wide {
				r = append(r, templateColumns(&cj.Spec.JobTemplate.Spec.Template, cj.Spec.JobTemplate.Spec.Selector)...)
			}
			return r
		},
	}
	createCommands["job"] = runCreateJob
	createCommands["cronjob"] = runCreateCronJob
	createCommands["cj"] = runCreateCronJob
}

// jobStatus is the STATUS column: the final condition, else Terminating,
// Suspended, an interim condition, or Running.
func jobStatus(j *api.Job) string {
	has := func(t string) bool {
		for _, c := range j.Status.Conditions {
			if c.Type == t && c.Status == api.ConditionTrue {
				return true
			}
		}
		return false
	}
	switch {
	case has(api.JobComplete):
		return "Complete"
	case has(api.JobFailed):
		return "Failed"
	case j.DeletionTimestamp != nil:
		return "Terminating"
	case has(api.JobSuspended):
		return "Suspended"
	case has(api.JobFailureTarget):
		return "FailureTarget"
	case has(api.JobSuccessCriteriaMet):
		return "SuccessCriteriaMet"
	}
	return "Running"
}

// jobCompletions is "succeeded/completions"; a Job with no completions
// finishes at its first success: "0/1", or "0/1 of 3" with parallelism 3.
func jobCompletions(j *api.Job) string {
	if c := j.Spec.Completions; c != nil {
		return fmt.Sprintf("%d/%d", j.Status.Succeeded, *c)
	}
	if p := api.Deref(j.Spec.Parallelism, 0); p > 1 {
		return fmt.Sprintf("%d/1 of %d", j.Status.Succeeded, p)
	}
	return fmt.Sprintf("%d/1", j.Status.Succeeded)
}

// jobDuration runs from startTime to completionTime, or to now while the
// Job has not completed; empty before it starts.
func jobDuration(j *api.Job, now time.Time) string {
	switch {
	case j.Status.StartTime == nil:
		return ""
	case j.Status.CompletionTime == nil:
		return HumanDuration(now.Sub(j.Status.StartTime.Time))
	}
	return HumanDuration(j.Status.CompletionTime.Sub(j.Status.StartTime.Time))
}

// runCreateJob is `kubectl create job NAME --image=IMG [-- CMD…]` and
// `kubectl create job NAME --from=cronjob/X`.
func runCreateJob(c *invocation, args []string) {
	args, command := splitDashes(args)
	name, f, mode, ok := c.parseGenerator(args, "create job", flagDef{long: "image"}, flagDef{long: "from"})
	if !ok {
		return
	}
	ns := namespaceOf(f)
	from, image := f.str("from"), f.str("image")
	switch {
	case from == "" && image == "":
		c.fail("either --image or --from must be specified")
		return
	case from != "" && image != "":
		c.fail("either --image or --from must be specified")
		return
	case from != "" && len(command) > 0:
		c.fail("cannot specify --from and command")
		return
	}
	job := &api.Job{ObjectMeta: api.ObjectMeta{Name: name, Namespace: ns}}
	if image != "" {
		job.Spec.Template.Spec = api.PodSpec{
			Containers:    []api.Container{{Name: name, Image: image, Command: command}},
			RestartPolicy: "Never",
		}
	} else {
		kind, src, _ := strings.Cut(from, "/")
		if k := api.ResourceFor(kind); k != api.CronJobs || src == "" {
			c.fail("from must be an existing cronjob: %s", from)
			return
		}
		o, err := c.env.Store().Get(api.CronJobs, ns, src)
		if err != nil {
			c.apiError(err, "", "")
			return
		}
		cj := o.(*api.CronJob)
		t := api.DeepCopy(cj.Spec.JobTemplate)
		annotations := map[string]string{"cronjob.kubernetes.io/instantiate": "manual"}
		for k, v := range t.Annotations {
			annotations[k] = v
		}
		job.Labels, job.Annotations, job.Spec = t.Labels, annotations, t.Spec
		job.OwnerReferences = []api.OwnerReference{{APIVersion: "batch/v1", Kind: "CronJob", Name: cj.Name, UID: cj.UID, Controller: api.Ptr(true)}}
	}
	c.createGenerated(job, f, mode)
}

// runCreateCronJob is `kubectl create cronjob NAME --image=IMG
// --schedule=CRON [--restart=OnFailure|Never] [-- CMD…]`.
func runCreateCronJob(c *invocation, args []string) {
	args, command := splitDashes(args)
	name, f, mode, ok := c.parseGenerator(args, "create cronjob", flagDef{long: "image"}, flagDef{long: "schedule"}, flagDef{long: "restart"})
	if !ok {
		return
	}
	if f.str("image") == "" {
		c.flagError(fmt.Errorf("required flag(s) \"image\", \"schedule\" not set"))
		return
	}
	restart := f.str("restart")
	switch restart {
	case "":
		restart = "OnFailure"
	case "OnFailure", "Never":
	default:
		c.fail("restart must be either OnFailure or Never")
		return
	}
	cj := &api.CronJob{
		ObjectMeta: api.ObjectMeta{Name: name, Namespace: namespaceOf(f)},
		Spec: api.CronJobSpec{Schedule: f.str("schedule"), JobTemplate: api.JobTemplateSpec{
			ObjectMeta: api.ObjectMeta{Name: name},
			Spec: api.JobSpec{Template: api.PodTemplateSpec{Spec: api.PodSpec{
				Containers:    []api.Container{{Name: name, Image: f.str("image"), Command: command}},
				RestartPolicy: restart,
			}}},
		}},
	}
	c.createGenerated(cj, f, mode)
}

// splitDashes separates the words after "--" (a container's command).
func splitDashes(args []string) (before, after []string) {
	for i, a := range args {
		if a == "--" {
			return args[:i], args[i+1:]
		}
	}
	return args, nil
}
