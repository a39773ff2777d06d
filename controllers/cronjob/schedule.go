package cronjob

import (
	"errors"
	"time"

	"github.com/robfig/cron/v3"

	"github.com/kubeloop/kubeloop/core/api"
)

// nextScheduleDelta is how long after a scheduled instant the controller
// looks again, so that the instant has certainly passed (upstream 100ms).
const nextScheduleDelta = 100 * time.Millisecond

// tooManyMissed is where upstream stops counting missed schedules and
// warns TooManyMissedTimes.
const tooManyMissed = 100

// missed says how many schedules passed unmet: none, a few, or too many.
type missed int

const (
	noneMissed missed = iota
	fewMissed
	manyMissed
)

var errScheduleTooDense = errors.New("time difference between two schedules is less than 1 second")

// mostRecentScheduleTime is upstream's: counting from the last schedule
// (or the CronJob's creation, or now − startingDeadlineSeconds when that
// is later and deadline is true), the most recent scheduled instant not
// after now (nil if none), and how many were missed. It does not walk
// every missed instant: it steps by the interval between the first two
// and lets the schedule find the exact one from the step before.
func mostRecentScheduleTime(cj *api.CronJob, now time.Time, sched cron.Schedule, deadline bool) (earliest time.Time, recent *time.Time, m missed, err error) {
	earliest = cj.CreationTimestamp.Time
	if t := cj.Status.LastScheduleTime; t != nil {
		earliest = t.Time
	}
	if d := cj.Spec.StartingDeadlineSeconds; deadline && d != nil {
		if limit := now.Add(-time.Duration(*d) * time.Second); limit.After(earliest) {
			earliest = limit
		}
	}
	t1 := sched.Next(earliest)
	t2 := sched.Next(t1)
	if now.Before(t1) {
		return earliest, nil, noneMissed, nil
	}
	if now.Before(t2) {
		return earliest, &t1, fewMissed, nil
	}
	interval := int64(t2.Sub(t1).Round(time.Second).Seconds())
	if interval < 1 {
		return earliest, nil, noneMissed, errScheduleTooDense
	}
	n := int64(now.Sub(t1).Seconds())/interval + 1
	var last time.Time
	from := t1.Add(time.Duration((n-2)*interval) * time.Second)
	for t := sched.Next(from); !t.After(now); t = sched.Next(t) {
		last = t
	}
	m = fewMissed
	if n > tooManyMissed {
		m = manyMissed
	}
	if last.IsZero() {
		return earliest, nil, m, nil
	}
	return earliest, &last, m, nil
}

// nextScheduleDelay is how long from now until the controller should look
// again: just after the next scheduled instant.
func nextScheduleDelay(cj *api.CronJob, now time.Time, sched cron.Schedule) time.Duration {
	earliest, recent, _, err := mostRecentScheduleTime(cj, now, sched, false)
	switch {
	case err != nil:
		recent = &now
	case recent == nil:
		recent = &earliest
	}
	return sched.Next(*recent).Add(nextScheduleDelta).Sub(now)
}
