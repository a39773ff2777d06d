package api_test

import (
	"testing"
	"time"

	"github.com/robfig/cron/v3"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/tz"
)

func helloCronJob(timeZone *string) *api.CronJob {
	cj := &api.CronJob{ObjectMeta: api.ObjectMeta{Name: "hello", Namespace: "default"},
		Spec: api.CronJobSpec{Schedule: "0 9 * * *", TimeZone: timeZone,
			JobTemplate: api.JobTemplateSpec{Spec: api.JobSpec{Template: api.PodTemplateSpec{Spec: api.PodSpec{
				RestartPolicy: "OnFailure", Containers: []api.Container{{Name: "hello", Image: "busybox:1.28"}}}}}}}}
	api.Default(cj)
	return cj
}

// The time-zone errors a learner meets, worded as the API server words
// them: the schedule is parsed without the zone, so an unknown zone is
// spec.timeZone's error alone.
func TestValidateCronJobTimeZone(t *testing.T) {
	for _, tc := range []struct {
		zone string
		want []string // the field errors, in order
	}{
		{"Asia/Tokyo", nil},
		{"US/Eastern", nil},
		{"Etc/GMT+5", nil},
		{"UTC", nil},
		{"Local", []string{`spec.timeZone: Invalid value: "Local": timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones`}},
		{"LOCAL", []string{
			`spec.timeZone: Invalid value: "LOCAL": timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones`,
			`spec.timeZone: Invalid value: "LOCAL": unknown time zone LOCAL`}},
		{"Mars/Olympus_Mons", []string{
			`spec.timeZone: Invalid value: "Mars/Olympus_Mons": unknown time zone Mars/Olympus_Mons`}},
		{"", []string{`spec.timeZone: Invalid value: "": timeZone must be nil or non-empty string`}},
		{"Asia/Tokyo ", []string{ // cron reads the zone up to the space: only spec.timeZone is wrong
			`spec.timeZone: Invalid value: "Asia/Tokyo ": unknown time zone Asia/Tokyo `}},
		{"America/-Lima", []string{
			`spec.timeZone: Invalid value: "America/-Lima": unknown time zone America/-Lima`}},
		{"America/Fifteen_Letters", []string{
			`spec.timeZone: Invalid value: "America/Fifteen_Letters": unknown time zone America/Fifteen_Letters`}},
		{"america/new_york", []string{
			`spec.timeZone: Invalid value: "america/new_york": unknown time zone america/new_york`}},
	} {
		t.Run(tc.zone, func(t *testing.T) {
			err := api.Validate(helloCronJob(api.Ptr(tc.zone)), nil)
			if tc.want == nil {
				assert.NoError(t, err)
				return
			}
			assert.Equal(t, tc.want, causes(t, err))
		})
	}
}

// ParseCronSchedule reads a TZ= or CRON_TZ= prefix itself (cron's own
// reading needs the host's zoneinfo) and otherwise parses as cron does.
func TestParseCronScheduleZonePrefix(t *testing.T) {
	from := time.Date(2026, 7, 1, 0, 30, 0, 0, time.UTC)
	for _, tc := range []struct {
		schedule string
		zone     *string
		want     time.Time // the next run after from, in UTC
	}{
		{"0 9 * * *", api.Ptr("Asia/Tokyo"), time.Date(2026, 7, 2, 0, 0, 0, 0, time.UTC)},
		{"CRON_TZ=Asia/Tokyo 0 9 * * *", nil, time.Date(2026, 7, 2, 0, 0, 0, 0, time.UTC)},
		{"TZ=America/New_York 0 9 * * *", nil, time.Date(2026, 7, 1, 13, 0, 0, 0, time.UTC)}, // EDT
		{"TZ=America/New_York @daily", nil, time.Date(2026, 7, 1, 4, 0, 0, 0, time.UTC)},
		{"TZ=America/New_York @every 1h", nil, time.Date(2026, 7, 1, 1, 30, 0, 0, time.UTC)},
		{"0 9 * * *", nil, time.Date(2026, 7, 1, 9, 0, 0, 0, time.UTC)},
		{"0 9 * * *", api.Ptr(""), time.Date(2026, 7, 1, 9, 0, 0, 0, time.UTC)},
	} {
		sched, err := api.ParseCronSchedule(tc.schedule, tc.zone)
		require.NoError(t, err, tc.schedule)
		assert.Equal(t, tc.want, sched.Next(from).UTC(), "%s in %v", tc.schedule, api.Deref(tc.zone, "-"))
	}

	_, err := api.ParseCronSchedule("TZ=Mars/Olympus_Mons 0 9 * * *", nil)
	assert.EqualError(t, err, "provided bad location Mars/Olympus_Mons: unknown time zone Mars/Olympus_Mons")
	_, err = api.ParseCronSchedule("0 9 * * *", api.Ptr("../UTC"))
	assert.EqualError(t, err, "provided bad location ../UTC: time: invalid location name")

	// What follows the zone is cron's to parse, errors and all: cron's own
	// answer with a zone it needs no database for.
	for _, rest := range []string{" TZ=UTC 0 9 * * *", " 0 9 * *", "  @hourly", " @yearly x", " 61 * * * *"} {
		_, want := cron.ParseStandard("TZ=UTC" + rest)
		_, got := api.ParseCronSchedule("TZ=Asia/Tokyo"+rest, nil)
		assert.Equal(t, want, got, "TZ=Asia/Tokyo%s", rest)
	}
}

// A zone in the schedule: refused on create and on an update that adds one
// (spec.timeZone replaced it), kept on an update of a CronJob that had it.
// A zone with no schedule after it is an error, not a panic.
func TestValidateCronJobZoneInSchedule(t *testing.T) {
	withTZ := helloCronJob(nil)
	withTZ.Spec.Schedule = "TZ=Asia/Tokyo 0 9 * * *"
	assert.Equal(t, []string{`spec.schedule: Invalid value: "TZ=Asia/Tokyo 0 9 * * *": cannot use TZ or CRON_TZ in schedule, use timeZone field instead`},
		causes(t, api.Validate(withTZ, nil)))
	assert.Equal(t, []string{`spec.schedule: Invalid value: "TZ=Asia/Tokyo 0 9 * * *": cannot use TZ or CRON_TZ in schedule, use timeZone field instead`},
		causes(t, api.Validate(withTZ, helloCronJob(nil))), "an update that adds a zone")

	old := helloCronJob(nil)
	old.Spec.Schedule = "CRON_TZ=Asia/Tokyo 0 8 * * *"
	assert.NoError(t, api.Validate(withTZ, old), "the CronJob had a zone in its schedule already")
	both := api.DeepCopyObject(withTZ).(*api.CronJob)
	both.Spec.TimeZone = api.Ptr("Asia/Tokyo")
	assert.Equal(t, []string{`spec.schedule: Invalid value: "TZ=Asia/Tokyo 0 9 * * *": cannot use both timeZone field and TZ or CRON_TZ in schedule`},
		causes(t, api.Validate(both, old)), "a zone kept in the schedule beside spec.timeZone")
	assert.Equal(t, []string{`spec.schedule: Invalid value: "TZ=Asia/Tokyo 0 9 * * *": cannot use TZ or CRON_TZ in schedule, use timeZone field instead`},
		causes(t, api.Validate(both, nil)), "on create, a zone in the schedule is refused whatever spec.timeZone says")

	bare := helloCronJob(nil)
	bare.Spec.Schedule = "TZ=UTC"
	assert.Equal(t, []string{
		`spec.schedule: Invalid value: "TZ=UTC": empty spec string`,
		`spec.schedule: Invalid value: "TZ=UTC": cannot use TZ or CRON_TZ in schedule, use timeZone field instead`,
	}, causes(t, api.Validate(bare, nil)))
}

// Every zone the database knows passes spec.timeZone's checks.
func TestValidateCronJobEveryKnownZone(t *testing.T) {
	names := tz.Names()
	require.Greater(t, len(names), 500)
	for _, name := range names {
		if name == "Local" {
			continue
		}
		assert.NoError(t, api.Validate(helloCronJob(api.Ptr(name)), nil), name)
	}
}
