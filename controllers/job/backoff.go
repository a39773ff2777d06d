package job

import (
	"sort"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
)

// Pod re-creation back-off, as upstream: after n failures since the last
// success, wait 10s × 2^(n−1), at most 10 minutes, counted from the end
// of the last failed pod.
const (
	DefaultPodFailureBackOff = 10 * time.Second
	MaxPodFailureBackOff     = 10 * time.Minute
)

// backoffRecord is what the back-off needs of a Job's history.
type backoffRecord struct {
	failuresAfterLastSuccess int
	lastFailureTime          *time.Time
}

// next folds newly finished pods into the record: a success resets the
// count to the failures that ended after it.
func (r backoffRecord) next(succeeded, failed []*api.Pod) backoffRecord {
	if len(succeeded) == 0 {
		if len(failed) == 0 {
			return r
		}
		last := latestFinish(failed)
		return backoffRecord{failuresAfterLastSuccess: r.failuresAfterLastSuccess + len(failed), lastFailureTime: &last}
	}
	lastSuccess := latestFinish(succeeded)
	out := backoffRecord{}
	for _, p := range failed {
		if t := finishedTime(p); t.After(lastSuccess) {
			out.failuresAfterLastSuccess++
			if out.lastFailureTime == nil || t.After(*out.lastFailureTime) {
				t := t
				out.lastFailureTime = &t
			}
		}
	}
	return out
}

// remaining is how long pod creation must still wait at now.
func (r backoffRecord) remaining(now time.Time, base, maxDelay time.Duration) time.Duration {
	if r.failuresAfterLastSuccess == 0 || r.lastFailureTime == nil {
		return 0
	}
	d := base
	for i := 1; i < r.failuresAfterLastSuccess; i++ {
		d *= 2
		if d >= maxDelay {
			d = maxDelay
			break
		}
	}
	elapsed := now.Sub(*r.lastFailureTime)
	if d < elapsed {
		return 0
	}
	return d - elapsed
}

func latestFinish(pods []*api.Pod) time.Time {
	ts := make([]time.Time, len(pods))
	for i, p := range pods {
		ts[i] = finishedTime(p)
	}
	sort.Slice(ts, func(i, j int) bool { return ts[i].Before(ts[j]) })
	return ts[len(ts)-1]
}

// finishedTime is when a pod ended: its last container's finish when all
// have terminated, else its deletion (less the grace period), else when it
// stopped being Ready, else its creation.
func finishedTime(p *api.Pod) time.Time {
	var last time.Time
	all := len(p.Status.ContainerStatuses) > 0
	for _, cs := range p.Status.ContainerStatuses {
		t := cs.State.Terminated
		if t == nil || t.FinishedAt.IsZero() {
			all = false
			break
		}
		if t.FinishedAt.After(last) {
			last = t.FinishedAt.Time
		}
	}
	if all {
		return last
	}
	if d := p.DeletionTimestamp; d != nil {
		return d.Add(-time.Duration(api.Deref(p.DeletionGracePeriodSeconds, 0)) * time.Second)
	}
	if c := p.Condition(api.PodReady); c != nil && c.Status == api.ConditionFalse && !c.LastTransitionTime.IsZero() {
		return c.LastTransitionTime.Time
	}
	return p.CreationTimestamp.Time
}
