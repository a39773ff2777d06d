package api

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"time"

	"github.com/robfig/cron/v3"

	"github.com/kubeloop/kubeloop/core/tz"
)

func validateJob(errs *FieldErrors, j *Job, old Object) {
	validateJobSpec(errs, "spec", &j.Spec, true)
	o, ok := old.(*Job)
	if !ok {
		return
	}
	if !reflect.DeepEqual(o.Spec.Selector, j.Spec.Selector) {
		errs.invalid("spec.selector", j.Spec.Selector, "field is immutable")
	}
	if !reflect.DeepEqual(o.Spec.ManagedBy, j.Spec.ManagedBy) {
		errs.invalid("spec.managedBy", Deref(j.Spec.ManagedBy, ""), "field is immutable")
	}
	if !reflect.DeepEqual(o.Spec.CompletionMode, j.Spec.CompletionMode) {
		errs.invalid("spec.completionMode", Deref(j.Spec.CompletionMode, ""), "field is immutable")
	}
	// A suspended Job that never started may change its template.
	if !reflect.DeepEqual(o.Spec.Template, j.Spec.Template) && !(Deref(o.Spec.Suspend, false) && o.Status.StartTime == nil) {
		errs.invalid("spec.template", j.Spec.Template, "field is immutable")
	}
}

// validateJobSpec checks a Job's spec (path "spec") or a CronJob's Job
// template ("spec.jobTemplate.spec", where the selector is optional).
func validateJobSpec(errs *FieldErrors, path string, s *JobSpec, isJob bool) {
	nonNegative := func(field string, v int64) {
		if v < 0 {
			errs.invalid(path+"."+field, v, "must be greater than or equal to 0")
		}
	}
	if s.Parallelism != nil {
		nonNegative("parallelism", int64(*s.Parallelism))
	}
	if s.Completions != nil {
		nonNegative("completions", int64(*s.Completions))
	}
	if s.ActiveDeadlineSeconds != nil {
		nonNegative("activeDeadlineSeconds", *s.ActiveDeadlineSeconds)
	}
	if s.BackoffLimit != nil {
		nonNegative("backoffLimit", int64(*s.BackoffLimit))
	}
	if s.TTLSecondsAfterFinished != nil {
		nonNegative("ttlSecondsAfterFinished", int64(*s.TTLSecondsAfterFinished))
	}
	if m := s.ManagedBy; m != nil {
		validateDomainPrefixedPath(errs, path+".managedBy", *m)
		if len(*m) > 63 {
			errs.tooLong(path+".managedBy", 63)
		}
	}
	if m := s.CompletionMode; m != nil {
		switch *m {
		case NonIndexedCompletion:
		case IndexedCompletion:
			if s.Completions == nil {
				errs.required(path+".completions", "when completion mode is Indexed")
			}
		default:
			errs.unsupported(path+".completionMode", *m, NonIndexedCompletion, IndexedCompletion)
		}
	}
	if p := s.PodReplacementPolicy; p != nil {
		switch {
		case *p != PodReplacementFailed && *p != PodReplacementTerminatingOrFailed:
			errs.unsupported(path+".podReplacementPolicy", *p, PodReplacementFailed, PodReplacementTerminatingOrFailed)
		case s.PodFailurePolicy != nil && *p != PodReplacementFailed:
			errs.unsupported(path+".podReplacementPolicy", *p, PodReplacementFailed)
		}
	}
	if s.Selector == nil {
		if isJob {
			errs.required(path+".selector", "")
		}
	} else if sel, err := s.Selector.AsSelector(); err != nil {
		errs.invalid(path+".selector", s.Selector, err.Error())
	} else if !sel.Matches(s.Template.Labels) {
		errs.invalid(path+".template.metadata.labels", s.Template.Labels, "`selector` does not match template `labels`")
	}
	tmpl := path + ".template.spec"
	mark := len(*errs)
	validatePodSpec(errs, tmpl, &s.Template.Spec)
	*errs = append((*errs)[:mark], filterField((*errs)[mark:], tmpl+".restartPolicy")...)
	switch rp := s.Template.Spec.RestartPolicy; {
	case rp == "":
		errs.required(tmpl+".restartPolicy", `valid values: "OnFailure", "Never"`)
	case rp != "OnFailure" && rp != "Never":
		errs.unsupported(tmpl+".restartPolicy", rp, "OnFailure", "Never")
	case s.PodFailurePolicy != nil && rp != "Never":
		errs.unsupported(tmpl+".restartPolicy", rp, "Never")
	}
	if s.PodFailurePolicy != nil {
		validatePodFailurePolicy(errs, path+".podFailurePolicy", s.PodFailurePolicy)
	}
}

func validatePodFailurePolicy(errs *FieldErrors, path string, p *PodFailurePolicy) {
	for i, r := range p.Rules {
		rp := fmt.Sprintf("%s.rules[%d]", path, i)
		switch r.Action {
		case PodFailurePolicyActionCount, PodFailurePolicyActionFailIndex, PodFailurePolicyActionFailJob, PodFailurePolicyActionIgnore:
		case "":
			errs.required(rp+".action", "")
		default:
			errs.unsupported(rp+".action", r.Action, PodFailurePolicyActionCount, PodFailurePolicyActionFailIndex, PodFailurePolicyActionFailJob, PodFailurePolicyActionIgnore)
		}
		switch {
		case r.OnExitCodes != nil && len(r.OnPodConditions) > 0:
			errs.invalid(rp, "", "specifying both OnExitCodes and OnPodConditions is not supported")
		case r.OnExitCodes == nil && len(r.OnPodConditions) == 0:
			errs.invalid(rp, "", "specifying one of OnExitCodes and OnPodConditions is required")
		}
		if e := r.OnExitCodes; e != nil {
			switch e.Operator {
			case PodFailurePolicyOpIn, PodFailurePolicyOpNotIn:
			default:
				errs.unsupported(rp+".onExitCodes.operator", e.Operator, PodFailurePolicyOpIn, PodFailurePolicyOpNotIn)
			}
			if len(e.Values) == 0 {
				errs.invalid(rp+".onExitCodes.values", e.Values, "at least one value is required")
			}
			for k, v := range e.Values {
				if e.Operator == PodFailurePolicyOpIn && v == 0 {
					errs.invalid(fmt.Sprintf("%s.onExitCodes.values[%d]", rp, k), int64(v), "must not be 0 for the In operator")
				}
			}
		}
	}
}

func validateCronJob(errs *FieldErrors, c *CronJob, old Object) {
	if len(c.Name) > 52 {
		errs.invalid("metadata.name", c.Name, "must be no more than 52 characters")
	}
	if c.Spec.Schedule == "" {
		errs.required("spec.schedule", "")
	} else {
		// The schedule is parsed on its own, as the API server parses it:
		// an unknown spec.timeZone is spec.timeZone's error alone.
		if _, err := ParseCronSchedule(c.Spec.Schedule, nil); err != nil {
			errs.invalid("spec.schedule", c.Spec.Schedule, err.Error())
		}
		// A zone in the schedule is refused on create and on an update that
		// adds it; a CronJob that already had one keeps it (as upstream,
		// which allows it there for objects from before spec.timeZone
		// existed), but not beside spec.timeZone.
		zoneInSchedule, hadTZ := strings.Contains(c.Spec.Schedule, "TZ"), false
		if o, ok := old.(*CronJob); ok {
			hadTZ = strings.Contains(o.Spec.Schedule, "TZ")
		}
		switch {
		case hadTZ && zoneInSchedule && c.Spec.TimeZone != nil:
			errs.invalid("spec.schedule", c.Spec.Schedule, "cannot use both timeZone field and TZ or CRON_TZ in schedule")
		case !hadTZ && zoneInSchedule:
			errs.invalid("spec.schedule", c.Spec.Schedule, "cannot use TZ or CRON_TZ in schedule, use timeZone field instead")
		}
	}
	if zone := c.Spec.TimeZone; zone != nil {
		validateTimeZone(errs, *zone)
	}
	switch c.Spec.ConcurrencyPolicy {
	case AllowConcurrent, ForbidConcurrent, ReplaceConcurrent:
	default:
		errs.unsupported("spec.concurrencyPolicy", c.Spec.ConcurrencyPolicy, AllowConcurrent, ForbidConcurrent, ReplaceConcurrent)
	}
	if d := c.Spec.StartingDeadlineSeconds; d != nil && *d < 0 {
		errs.invalid("spec.startingDeadlineSeconds", *d, "must be greater than or equal to 0")
	}
	for _, l := range []struct {
		name string
		v    *int32
	}{{"successfulJobsHistoryLimit", c.Spec.SuccessfulJobsHistoryLimit}, {"failedJobsHistoryLimit", c.Spec.FailedJobsHistoryLimit}} {
		if l.v != nil && *l.v < 0 {
			errs.invalid("spec."+l.name, int64(*l.v), "must be greater than or equal to 0")
		}
	}
	validateJobSpec(errs, "spec.jobTemplate.spec", &c.Spec.JobTemplate.Spec, false)
}

// validateTimeZone checks spec.timeZone as the API server does: not empty;
// each '/'-separated part 1 to 14 of the characters IANA names use, not
// "." or ".." and not starting with '-'; not "Local"; a known zone.
func validateTimeZone(errs *FieldErrors, zone string) {
	if zone == "" {
		errs.invalid("spec.timeZone", zone, "timeZone must be nil or non-empty string")
		return
	}
	for _, part := range strings.Split(zone, "/") {
		if part == "." || part == ".." || strings.HasPrefix(part, "-") || !isTimeZonePart(part) {
			errs.invalid("spec.timeZone", zone, "unknown time zone "+zone)
			return
		}
	}
	// The controller manager's own zone is no zone to write down
	// (in kubeloop it is UTC, tz.Load says; upstream the host's).
	if strings.EqualFold(zone, "Local") {
		errs.invalid("spec.timeZone", zone, "timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones")
	}
	if _, err := tz.Load(zone); err != nil {
		errs.invalid("spec.timeZone", zone, "unknown time zone "+zone)
	}
}

// isTimeZonePart reports whether s is 1 to 14 of A-Z a-z 0-9 . - _ +.
func isTimeZonePart(s string) bool {
	if len(s) == 0 || len(s) > 14 {
		return false
	}
	for _, c := range []byte(s) {
		ok := 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '.' || c == '-' || c == '_' || c == '+'
		if !ok {
			return false
		}
	}
	return true
}

// ParseCronSchedule parses a CronJob's schedule — five fields or a macro
// (@hourly), as robfig/cron/v3's standard parser — in its time zone: the
// named one, else UTC, the controller manager's zone in kubeloop.
func ParseCronSchedule(schedule string, timeZone *string) (cron.Schedule, error) {
	if timeZone != nil && !strings.Contains(schedule, "TZ") {
		schedule = "TZ=" + *timeZone + " " + schedule
	}
	// cron reads a TZ= or CRON_TZ= prefix's zone with time.LoadLocation,
	// which in the browser knows no zone but UTC: read it from core/tz
	// instead, as cron would (the name runs from the first '=' to the
	// first space), and hand cron the rest behind a TZ=UTC. A zone and
	// nothing after it is an empty schedule (cron v3.0.1 panics on it).
	var loc *time.Location
	if strings.HasPrefix(schedule, "TZ=") || strings.HasPrefix(schedule, "CRON_TZ=") {
		sp := strings.IndexByte(schedule, ' ')
		if sp < 0 {
			return nil, errors.New("empty spec string")
		}
		name := schedule[strings.IndexByte(schedule, '=')+1 : sp]
		var err error
		if loc, err = tz.Load(name); err != nil {
			return nil, fmt.Errorf("provided bad location %s: %v", name, err)
		}
		schedule = "TZ=UTC" + schedule[sp:]
	}
	sched, err := cron.ParseStandard(schedule)
	if err != nil {
		return nil, err
	}
	if spec, ok := sched.(*cron.SpecSchedule); ok && loc != nil {
		spec.Location = loc
	}
	return sched, nil
}

// validateDomainPrefixedPath is apimachinery's IsDomainPrefixedPath: a DNS
// subdomain, a slash, and an HTTP path.
func validateDomainPrefixedPath(errs *FieldErrors, path, v string) {
	if v == "" {
		errs.required(path, "")
		return
	}
	host, rest, ok := strings.Cut(v, "/")
	if !ok || host == "" || rest == "" {
		errs.invalid(path, v, `must be a domain-prefixed path (such as "acme.io/foo")`)
		return
	}
	if !IsDNS1123Subdomain(host) {
		errs.invalid(path, host, subdomainMsg)
	}
	for _, r := range rest {
		if !isHTTPPathChar(r) {
			errs.invalid(path, rest, "Invalid path (regex used for validation is '[A-Za-z0-9/\\-._~%!$&'()*+,;=:]+')")
			return
		}
	}
}

// isHTTPPathChar is one character of apimachinery's httpPathFmt.
func isHTTPPathChar(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("/-._~%!$&'()*+,;=:", r)
}
