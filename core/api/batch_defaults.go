package api

import "maps"

// defaultJob applies batch/v1 Job defaults: completions and parallelism 1
// when both are unset (parallelism 1 when only it is), backoffLimit 6,
// completionMode NonIndexed, suspend false, podReplacementPolicy Failed
// with a podFailurePolicy and TerminatingOrFailed without. The template's
// restartPolicy is not defaulted: a Job must choose OnFailure or Never.
func defaultJob(j *Job) {
	s := &j.Spec
	if s.Completions == nil && s.Parallelism == nil {
		s.Completions, s.Parallelism = Ptr[int32](1), Ptr[int32](1)
	}
	if s.Parallelism == nil {
		s.Parallelism = Ptr[int32](1)
	}
	if s.BackoffLimit == nil {
		s.BackoffLimit = Ptr[int32](6)
	}
	if s.CompletionMode == nil {
		s.CompletionMode = Ptr(NonIndexedCompletion)
	}
	if s.Suspend == nil {
		s.Suspend = Ptr(false)
	}
	if s.PodReplacementPolicy == nil {
		if s.PodFailurePolicy != nil {
			s.PodReplacementPolicy = Ptr(PodReplacementFailed)
		} else {
			s.PodReplacementPolicy = Ptr(PodReplacementTerminatingOrFailed)
		}
	}
	defaultJobTemplatePodSpec(s)
	// As upstream's SetDefaults_Job: a Job without labels takes its
	// template's.
	if len(j.Labels) == 0 && len(s.Template.Labels) > 0 {
		j.Labels = maps.Clone(s.Template.Labels)
	}
}

func defaultJobTemplatePodSpec(s *JobSpec) {
	if s.PodFailurePolicy != nil {
		for i := range s.PodFailurePolicy.Rules {
			for k := range s.PodFailurePolicy.Rules[i].OnPodConditions {
				if c := &s.PodFailurePolicy.Rules[i].OnPodConditions[k]; c.Status == "" {
					c.Status = ConditionTrue
				}
			}
		}
	}
	policy := s.Template.Spec.RestartPolicy
	defaultPodSpec(&s.Template.Spec, false)
	s.Template.Spec.RestartPolicy = policy
}

// defaultCronJob applies CronJob defaults: concurrencyPolicy Allow, suspend
// false, keep 3 successful and 1 failed Job. The Job template gets only
// its pod template's defaults; the Jobs it makes are defaulted as Jobs.
func defaultCronJob(c *CronJob) {
	s := &c.Spec
	if s.ConcurrencyPolicy == "" {
		s.ConcurrencyPolicy = AllowConcurrent
	}
	if s.Suspend == nil {
		s.Suspend = Ptr(false)
	}
	if s.SuccessfulJobsHistoryLimit == nil {
		s.SuccessfulJobsHistoryLimit = Ptr[int32](3)
	}
	if s.FailedJobsHistoryLimit == nil {
		s.FailedJobsHistoryLimit = Ptr[int32](1)
	}
	defaultJobTemplatePodSpec(&s.JobTemplate.Spec)
}

// GenerateJobSelector is what the API server does to a new Job without
// manualSelector: select its pods by the Job's uid, and label the template
// with it and the Job's name (both the batch.kubernetes.io/ keys and the
// legacy ones). The uid must already be assigned.
func GenerateJobSelector(j *Job) {
	if j.Spec.ManualSelector != nil && *j.Spec.ManualSelector {
		return
	}
	// Labels defaulted from the template follow it (upstream shares the
	// map, so the generated labels land on the Job too).
	shared := len(j.Labels) == 0 || maps.Equal(j.Labels, j.Spec.Template.Labels)
	t := &j.Spec.Template
	if t.Labels == nil {
		t.Labels = map[string]string{}
	}
	t.Labels[JobControllerUIDLabel] = j.UID
	t.Labels[JobNameLabel] = j.Name
	t.Labels[LegacyJobControllerUIDLabel] = j.UID
	t.Labels[LegacyJobNameLabel] = j.Name
	if j.Spec.Selector == nil {
		j.Spec.Selector = &LabelSelector{MatchLabels: map[string]string{JobControllerUIDLabel: j.UID}}
	}
	if shared {
		j.Labels = maps.Clone(t.Labels)
	}
}
