package cronjob

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
)

// TestMostRecentScheduleTime re-implements the cases of upstream's table:
// from the creation or last schedule time, and now, the most recent
// scheduled instant and how many were missed.
func TestMostRecentScheduleTime(t *testing.T) {
	at := func(s string) time.Time {
		v, err := time.Parse(time.RFC3339, s)
		require.NoError(t, err)
		return v
	}
	ptr := func(s string) *time.Time { v := at(s); return &v }
	cases := map[string]struct {
		schedule     string
		created      string
		last         string
		deadline     *int64
		now          string
		wantEarliest string
		wantRecent   *time.Time
		wantMissed   missed
		wantErr      bool
	}{
		"now before next schedule": {schedule: "0 * * * *", created: "2016-05-19T09:59:00Z", now: "2016-05-19T09:59:30Z",
			wantEarliest: "2016-05-19T09:59:00Z", wantMissed: noneMissed},
		"now just after next schedule": {schedule: "0 * * * *", created: "2016-05-19T09:59:00Z", now: "2016-05-19T10:01:00Z",
			wantEarliest: "2016-05-19T09:59:00Z", wantRecent: ptr("2016-05-19T10:00:00Z"), wantMissed: fewMissed},
		"missed 2 schedules": {schedule: "0 * * * *", created: "2016-05-19T08:59:00Z", now: "2016-05-19T10:01:00Z",
			wantEarliest: "2016-05-19T08:59:00Z", wantRecent: ptr("2016-05-19T10:00:00Z"), wantMissed: fewMissed},
		"last schedule time set, now after next": {schedule: "0 * * * *", created: "2016-05-19T08:00:00Z", last: "2016-05-19T10:00:00Z", now: "2016-05-19T11:00:30Z",
			wantEarliest: "2016-05-19T10:00:00Z", wantRecent: ptr("2016-05-19T11:00:00Z"), wantMissed: fewMissed},
		"starting deadline moves the earliest time": {schedule: "*/1 * * * *", created: "2016-05-19T08:00:00Z", deadline: api.Ptr[int64](120), now: "2016-05-19T10:00:30Z",
			wantEarliest: "2016-05-19T09:58:30Z", wantRecent: ptr("2016-05-19T10:00:00Z"), wantMissed: fewMissed},
		"more than 100 missed": {schedule: "*/1 * * * *", created: "2016-05-19T08:00:00Z", now: "2016-05-19T10:00:30Z",
			wantEarliest: "2016-05-19T08:00:00Z", wantRecent: ptr("2016-05-19T10:00:00Z"), wantMissed: manyMissed},
		"uneven schedule, weekdays every 4 hours": {schedule: "30 6-16/4 * * 1-5", created: "2021-05-19T08:00:00Z", now: "2021-05-21T15:00:00Z",
			wantEarliest: "2021-05-19T08:00:00Z", wantRecent: ptr("2021-05-21T14:30:00Z"), wantMissed: fewMissed},
		"uneven schedule across a weekend": {schedule: "30 6-16/4 * * 1-5", created: "2021-05-21T15:00:00Z", now: "2021-05-24T07:00:00Z",
			wantEarliest: "2021-05-21T15:00:00Z", wantRecent: ptr("2021-05-24T06:30:00Z"), wantMissed: fewMissed},
		"@every schedule": {schedule: "@every 1h", created: "2016-05-19T08:20:00Z", now: "2016-05-19T11:30:00Z",
			wantEarliest: "2016-05-19T08:20:00Z", wantRecent: ptr("2016-05-19T11:20:00Z"), wantMissed: fewMissed},
		"rogue schedule, 31st of February": {schedule: "59 23 31 2 *", created: "2016-05-19T08:00:00Z", now: "2016-05-19T10:00:00Z",
			wantEarliest: "2016-05-19T08:00:00Z", wantErr: true},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			cj := &api.CronJob{ObjectMeta: api.ObjectMeta{CreationTimestamp: api.NewTime(at(tc.created))},
				Spec: api.CronJobSpec{Schedule: tc.schedule, StartingDeadlineSeconds: tc.deadline}}
			if tc.last != "" {
				v := api.NewTime(at(tc.last))
				cj.Status.LastScheduleTime = &v
			}
			sched, err := api.ParseCronSchedule(tc.schedule, nil)
			require.NoError(t, err)
			earliest, recent, m, err := mostRecentScheduleTime(cj, at(tc.now), sched, true)
			if tc.wantErr {
				assert.Error(t, err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, at(tc.wantEarliest), earliest)
			assert.Equal(t, tc.wantRecent, recent)
			assert.Equal(t, tc.wantMissed, m)
		})
	}
}

func TestJobNamesAreTheScheduledMinute(t *testing.T) {
	cj := &api.CronJob{ObjectMeta: api.ObjectMeta{Name: "hello"}}
	assert.Equal(t, "hello-29453761", jobName(cj, time.Date(2026, 1, 1, 0, 1, 0, 0, time.UTC)))
}

func TestNextScheduleDelayIsJustAfterTheNextInstant(t *testing.T) {
	cj := &api.CronJob{ObjectMeta: api.ObjectMeta{CreationTimestamp: api.NewTime(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))}}
	sched, err := api.ParseCronSchedule("*/1 * * * *", nil)
	require.NoError(t, err)
	assert.Equal(t, 60*time.Second+nextScheduleDelta-10*time.Second,
		nextScheduleDelay(cj, time.Date(2026, 1, 1, 0, 0, 10, 0, time.UTC), sched))
}

func TestTimeZoneSchedules(t *testing.T) {
	sched, err := api.ParseCronSchedule("0 9 * * *", api.Ptr("Asia/Tokyo"))
	require.NoError(t, err)
	next := sched.Next(time.Date(2026, 1, 1, 0, 30, 0, 0, time.UTC))
	assert.Equal(t, time.Date(2026, 1, 2, 0, 0, 0, 0, time.UTC), next.UTC(), "09:00 in Tokyo is 00:00 UTC")
}
