package job

import (
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/controller/controllertest"
	"github.com/kubeloop/kubeloop/core/store"
)

// fixture is a store with the Job controller registered but not leading:
// a test writes the Job and its pods and calls one sync directly
// (controllertest.Reconcile), then reads the API writes it made.
type fixture struct {
	clk   *clock.Sim
	store *store.Store
	mgr   *controller.Manager
}

func newFixture(t *testing.T) *fixture {
	clk, s, m := controllertest.Start(t, func(s *store.Store) {
		// The API server's side of a Job: its uid and generated selector.
		s.AddAdmission(func(op store.Operation, o, _ api.Object) error {
			if j, ok := o.(*api.Job); ok && op == store.OpCreate {
				j.UID = s.NewUID()
				api.GenerateJobSelector(j)
			}
			return nil
		})
	}, Register)
	m.SetLeading(false) // the test's sync is the only one
	return &fixture{clk: clk, store: s, mgr: m}
}

// sync runs one reconcile of the Job and returns its writes.
func (f *fixture) sync(t *testing.T, name string) []string {
	_, actions := controllertest.Reconcile(t, f.mgr, "job", controller.Request{Namespace: "default", Name: name})
	return actions
}

func (f *fixture) job(t *testing.T, name string) *api.Job {
	o, err := f.store.Get(api.Jobs, "default", name)
	require.NoError(t, err)
	return o.(*api.Job)
}

func newJob(name string, parallelism, completions *int32, backoffLimit int32) *api.Job {
	return &api.Job{
		ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default"},
		Spec: api.JobSpec{Parallelism: parallelism, Completions: completions, BackoffLimit: api.Ptr(backoffLimit),
			Template: api.PodTemplateSpec{Spec: api.PodSpec{RestartPolicy: "Never",
				Containers: []api.Container{{Name: "c", Image: "busybox"}}}}},
	}
}

// addPods writes n pods of the Job in a phase, with the tracking
// finalizer; a finished pod's container ended long ago (no back-off).
func (f *fixture) addPods(t *testing.T, j *api.Job, phase string, n int, index func(i int) int) {
	for i := 0; i < n; i++ {
		p := &api.Pod{ObjectMeta: api.ObjectMeta{GenerateName: j.Name + "-", Namespace: "default",
			Labels: j.Spec.Template.Labels, Finalizers: []string{api.JobTrackingFinalizer},
			OwnerReferences: []api.OwnerReference{api.NewControllerRef(j)}},
			Spec: api.DeepCopy(j.Spec.Template.Spec)}
		if index != nil {
			addIndex(p, j.Name, index(i))
		}
		out, err := f.store.Create(p)
		require.NoError(t, err)
		p = out.(*api.Pod)
		p.Status.Phase = phase
		if phase == api.PodSucceeded || phase == api.PodFailed {
			code := int32(0)
			if phase == api.PodFailed {
				code = 1
			}
			p.Status.ContainerStatuses = []api.ContainerStatus{{Name: "c", State: api.ContainerState{Terminated: &api.ContainerStateTerminated{
				ExitCode: code, FinishedAt: api.NewTime(clock.Epoch.Add(-time.Hour))}}}}
		}
		_, err = f.store.UpdateStatus(p)
		require.NoError(t, err)
	}
}

// count is the number of writes of verb on kind ("create Pod") the API
// accepted.
func count(actions []string, verb, kind string) int {
	n := 0
	for _, a := range actions {
		if strings.HasPrefix(a, verb+" "+kind+" ") && !strings.Contains(a, " (error: ") {
			n++
		}
	}
	return n
}

func conditionTypes(j *api.Job) []string {
	var out []string
	for _, c := range j.Status.Conditions {
		out = append(out, c.Type+"="+c.Status+"/"+c.Reason)
	}
	return out
}

// TestControllerSyncJob re-implements the cases of upstream's table of the
// same name: pods in given phases in, creations, deletions, counters and
// conditions out.
func TestControllerSyncJob(t *testing.T) {
	i32 := func(v int32) *int32 { return &v }
	cases := map[string]struct {
		parallelism, completions           *int32
		backoffLimit                       int32
		suspend, deleting, wasSuspended    bool
		pending, active, succeeded, failed int

		wantCreates, wantDeletes  int
		wantActive                int32
		wantSucceeded, wantFailed int32
		wantConditions            []string
	}{
		"job start": {parallelism: i32(2), completions: i32(5), backoffLimit: 6,
			wantCreates: 2, wantActive: 2},
		"WQ job start": {parallelism: i32(2), backoffLimit: 6,
			wantCreates: 2, wantActive: 2},
		"pending pods": {parallelism: i32(2), completions: i32(5), backoffLimit: 6, pending: 2,
			wantActive: 2},
		"correct # of pods": {parallelism: i32(3), completions: i32(5), backoffLimit: 6, active: 3,
			wantActive: 3},
		"too few active pods": {parallelism: i32(2), completions: i32(5), backoffLimit: 6, active: 1, succeeded: 1,
			wantCreates: 1, wantActive: 2, wantSucceeded: 1},
		"too many active pods": {parallelism: i32(2), completions: i32(5), backoffLimit: 6, active: 3,
			wantDeletes: 1, wantActive: 2},
		"new failed pod": {parallelism: i32(2), completions: i32(5), backoffLimit: 6, active: 1, failed: 1,
			wantCreates: 1, wantActive: 2, wantFailed: 1},
		"only new failed pod": {parallelism: i32(2), completions: i32(5), backoffLimit: 6, failed: 1,
			wantCreates: 2, wantActive: 2, wantFailed: 1},
		"job finish": {parallelism: i32(2), completions: i32(5), backoffLimit: 6, succeeded: 5,
			wantSucceeded: 5, wantConditions: []string{"SuccessCriteriaMet=True/CompletionsReached", "Complete=True/CompletionsReached"}},
		"WQ job finishing": {parallelism: i32(2), backoffLimit: 6, active: 1, succeeded: 1,
			wantActive: 1, wantSucceeded: 1},
		"WQ job all finished": {parallelism: i32(2), backoffLimit: 6, succeeded: 2,
			wantSucceeded: 2, wantConditions: []string{"SuccessCriteriaMet=True/CompletionsReached", "Complete=True/CompletionsReached"}},
		"WQ job all finished despite one failure": {parallelism: i32(2), backoffLimit: 6, succeeded: 1, failed: 1,
			wantSucceeded: 1, wantFailed: 1, wantConditions: []string{"SuccessCriteriaMet=True/CompletionsReached", "Complete=True/CompletionsReached"}},
		"more active pods than parallelism": {parallelism: i32(2), completions: i32(5), backoffLimit: 6, active: 10,
			wantDeletes: 8, wantActive: 2},
		"more active pods than remaining completions": {parallelism: i32(3), completions: i32(4), backoffLimit: 6, active: 3, succeeded: 2,
			wantDeletes: 1, wantActive: 2, wantSucceeded: 2},
		"status change": {parallelism: i32(2), completions: i32(5), backoffLimit: 6, active: 2, succeeded: 2,
			wantActive: 2, wantSucceeded: 2},
		"deleting job": {parallelism: i32(2), completions: i32(5), backoffLimit: 6, deleting: true, pending: 1, active: 1, succeeded: 1,
			wantActive: 2, wantSucceeded: 1},
		"too many job failures": {parallelism: i32(2), completions: i32(5), backoffLimit: 0, failed: 1,
			wantFailed: 1, wantConditions: []string{"FailureTarget=True/BackoffLimitExceeded", "Failed=True/BackoffLimitExceeded"}},
		"suspending a job with satisfied expectations": {parallelism: i32(2), completions: i32(4), backoffLimit: 6, suspend: true, active: 2,
			wantDeletes: 2, wantConditions: []string{"Suspended=True/JobSuspended"}},
		"resuming a suspended job": {parallelism: i32(2), completions: i32(4), backoffLimit: 6, wasSuspended: true,
			wantCreates: 2, wantActive: 2, wantConditions: []string{"Suspended=False/JobResumed"}},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			f := newFixture(t)
			j := newJob("foobar", tc.parallelism, tc.completions, tc.backoffLimit)
			j.Spec.Suspend = api.Ptr(tc.suspend)
			if tc.deleting {
				j.Finalizers = []string{"test/hold"}
			}
			out, err := f.store.Create(j)
			require.NoError(t, err)
			j = out.(*api.Job)
			if tc.wasSuspended {
				j.Status.Conditions = []api.JobCondition{{Type: api.JobSuspended, Status: api.ConditionTrue, Reason: "JobSuspended", Message: "Job suspended"}}
				out, err = f.store.UpdateStatus(j)
				require.NoError(t, err)
				j = out.(*api.Job)
			}
			if tc.deleting {
				_, err = f.store.Delete(api.Jobs, "default", "foobar", store.DeleteOptions{})
				require.NoError(t, err)
			}
			f.addPods(t, j, api.PodPending, tc.pending, nil)
			f.addPods(t, j, api.PodRunning, tc.active, nil)
			f.addPods(t, j, api.PodSucceeded, tc.succeeded, nil)
			f.addPods(t, j, api.PodFailed, tc.failed, nil)

			actions := f.sync(t, "foobar")
			assert.Equal(t, tc.wantCreates, count(actions, "create", "Pod"), "creations")
			assert.Equal(t, tc.wantDeletes, count(actions, "delete", "Pod"), "deletions")
			got := f.job(t, "foobar")
			assert.Equal(t, tc.wantActive, got.Status.Active, "active")
			assert.Equal(t, tc.wantSucceeded, got.Status.Succeeded, "succeeded")
			assert.Equal(t, tc.wantFailed, got.Status.Failed, "failed")
			assert.Equal(t, tc.wantConditions, conditionTypes(got))
			require.NotNil(t, got.Status.UncountedTerminatedPods)
			assert.Empty(t, got.Status.UncountedTerminatedPods.Succeeded)
			assert.Empty(t, got.Status.UncountedTerminatedPods.Failed)
		})
	}
}

func TestIndexedJobCreatesTheLowestMissingIndexes(t *testing.T) {
	f := newFixture(t)
	j := newJob("idx", api.Ptr[int32](3), api.Ptr[int32](6), 6)
	j.Spec.CompletionMode = api.Ptr(api.IndexedCompletion)
	out, err := f.store.Create(j)
	require.NoError(t, err)
	j = out.(*api.Job)
	f.addPods(t, j, api.PodSucceeded, 2, func(i int) int { return []int{0, 2}[i] })
	f.addPods(t, j, api.PodRunning, 1, func(int) int { return 1 })
	actions := f.sync(t, "idx")
	assert.Equal(t, 2, count(actions, "create", "Pod"))
	var created []string
	for _, o := range f.store.List(api.Pods, "default") {
		p := o.(*api.Pod)
		if p.Status.Phase == "" {
			created = append(created, fmt.Sprintf("%s %s %s", p.GenerateName, p.Spec.Hostname, p.Labels[api.JobCompletionIndexKey]))
			assert.Equal(t, "JOB_COMPLETION_INDEX", p.Spec.Containers[0].Env[0].Name)
		}
	}
	sort.Strings(created)
	assert.Equal(t, []string{"idx-3- idx-3 3", "idx-4- idx-4 4"}, created)
	got := f.job(t, "idx")
	assert.Equal(t, "0,2", got.Status.CompletedIndexes)
	assert.Equal(t, int32(2), got.Status.Succeeded)
}

func TestSelectorAndLabelsAreGeneratedFromTheUID(t *testing.T) {
	f := newFixture(t)
	out, err := f.store.Create(newJob("pi", nil, nil, 4))
	require.NoError(t, err)
	j := out.(*api.Job)
	assert.Equal(t, map[string]string{api.JobControllerUIDLabel: j.UID}, j.Spec.Selector.MatchLabels)
	want := map[string]string{api.JobControllerUIDLabel: j.UID, api.JobNameLabel: "pi", "controller-uid": j.UID, "job-name": "pi"}
	assert.Equal(t, want, j.Spec.Template.Labels)
	assert.Equal(t, want, j.Labels)
	assert.Equal(t, int32(1), *j.Spec.Completions)
	assert.Equal(t, int32(1), *j.Spec.Parallelism)
	assert.Equal(t, "NonIndexed", *j.Spec.CompletionMode)
	assert.Equal(t, "TerminatingOrFailed", *j.Spec.PodReplacementPolicy)
}

func TestRestartPolicyMustBeOnFailureOrNever(t *testing.T) {
	f := newFixture(t)
	j := newJob("pi", nil, nil, 4)
	j.Spec.Template.Spec.RestartPolicy = ""
	_, err := f.store.Create(j)
	require.Error(t, err)
	assert.Contains(t, err.Error(), `spec.template.spec.restartPolicy: Required value: valid values: "OnFailure", "Never"`)
	j.Spec.Template.Spec.RestartPolicy = "Always"
	_, err = f.store.Create(j)
	require.Error(t, err)
	assert.Contains(t, err.Error(), `spec.template.spec.restartPolicy: Unsupported value: "Always": supported values: "OnFailure", "Never"`)
}

func TestPodFailurePolicyFailJobOnExitCode(t *testing.T) {
	f := newFixture(t)
	j := newJob("pfp", api.Ptr[int32](1), api.Ptr[int32](3), 6)
	j.Spec.PodFailurePolicy = &api.PodFailurePolicy{Rules: []api.PodFailurePolicyRule{
		{Action: api.PodFailurePolicyActionFailJob, OnExitCodes: &api.PodFailurePolicyOnExitCodesRequirement{Operator: "In", Values: []int32{1}}}}}
	out, err := f.store.Create(j)
	require.NoError(t, err)
	f.addPods(t, out.(*api.Job), api.PodFailed, 1, nil)
	f.sync(t, "pfp")
	got := f.job(t, "pfp")
	assert.Equal(t, []string{"FailureTarget=True/PodFailurePolicy", "Failed=True/PodFailurePolicy"}, conditionTypes(got))
	assert.Regexp(t, `^Container c for pod default/pfp-\w+ failed with exit code 1 matching FailJob rule at index 0$`, got.Status.Conditions[1].Message)
}

// TestGetRemainingBackoffTime re-implements upstream's table: the delay
// left before a Job may create pods after n failures.
func TestGetRemainingBackoffTime(t *testing.T) {
	at := time.Date(2009, time.November, 10, 23, 0, 0, 0, time.UTC)
	cases := map[string]struct {
		failures int
		last     *time.Time
		now      time.Time
		want     time.Duration
	}{
		"no failures":                              {failures: 0, now: at, want: 0},
		"one failure; now = failure":               {failures: 1, last: &at, now: at, want: 5 * time.Second},
		"one failure; now = failure + 1s":          {failures: 1, last: &at, now: at.Add(time.Second), want: 4 * time.Second},
		"one failure; now = expected backoff":      {failures: 1, last: &at, now: at.Add(5 * time.Second), want: 0},
		"one failure; now = expected backoff + 1s": {failures: 1, last: &at, now: at.Add(6 * time.Second), want: 0},
		"three failures; now = failure":            {failures: 3, last: &at, now: at, want: 20 * time.Second},
		"eight failures; below max back-off":       {failures: 8, last: &at, now: at, want: 640 * time.Second},
		"nine failures; max back-off reached":      {failures: 9, last: &at, now: at, want: 700 * time.Second},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			r := backoffRecord{failuresAfterLastSuccess: tc.failures, lastFailureTime: tc.last}
			assert.Equal(t, tc.want, r.remaining(tc.now, 5*time.Second, 700*time.Second))
		})
	}
}

// TestNewBackoffRecord: a success resets the count to the failures after it.
func TestNewBackoffRecord(t *testing.T) {
	at := clock.Epoch
	pod := func(phase string, d time.Duration) *api.Pod {
		return &api.Pod{Status: api.PodStatus{Phase: phase, ContainerStatuses: []api.ContainerStatus{{State: api.ContainerState{
			Terminated: &api.ContainerStateTerminated{FinishedAt: api.NewTime(at.Add(d))}}}}}}
	}
	r := backoffRecord{}.next(nil, []*api.Pod{pod(api.PodFailed, 0), pod(api.PodFailed, -time.Second)})
	assert.Equal(t, 2, r.failuresAfterLastSuccess)
	assert.Equal(t, at, *r.lastFailureTime)
	r = backoffRecord{failuresAfterLastSuccess: 2}.next(nil, []*api.Pod{pod(api.PodFailed, 0)})
	assert.Equal(t, 3, r.failuresAfterLastSuccess)
	r = backoffRecord{}.next([]*api.Pod{pod(api.PodSucceeded, -2*time.Second)},
		[]*api.Pod{pod(api.PodFailed, 0), pod(api.PodFailed, -4*time.Second), pod(api.PodFailed, -3*time.Second), pod(api.PodFailed, -time.Second)})
	assert.Equal(t, 2, r.failuresAfterLastSuccess)
	assert.Equal(t, at, *r.lastFailureTime)
	r = backoffRecord{}.next([]*api.Pod{pod(api.PodSucceeded, 0)}, []*api.Pod{pod(api.PodFailed, 0)})
	assert.Equal(t, 0, r.failuresAfterLastSuccess)
	assert.Nil(t, r.lastFailureTime)
}

func TestIndexSetString(t *testing.T) {
	assert.Equal(t, "0-2,4,6-7", indexSet{0: true, 1: true, 2: true, 4: true, 6: true, 7: true}.String())
	assert.Equal(t, indexSet{1: true, 3: true, 4: true}, parseIndexes("1,3-5", 5))
}

// JobManagedBy is beta and on in v1.32: a Job managed by another
// controller gets no pods and no status from this one (upstream's
// TestSyncJobWhenManagedBy), and spec.managedBy is checked as the v1.32.13
// oracle checked it.
func TestAJobManagedByAnotherControllerIsLeftAlone(t *testing.T) {
	f := newFixture(t)
	j := newJob("ext", nil, nil, 4)
	j.Spec.ManagedBy = api.Ptr("example.com/custom")
	_, err := f.store.Create(j)
	require.NoError(t, err)
	actions := f.sync(t, "ext")
	assert.Empty(t, actions)
	assert.Nil(t, f.job(t, "ext").Status.StartTime)

	mine := newJob("mine", nil, nil, 4)
	mine.Spec.ManagedBy = api.Ptr(api.JobControllerName)
	_, err = f.store.Create(mine)
	require.NoError(t, err)
	actions = f.sync(t, "mine")
	assert.Equal(t, 1, count(actions, "create", "Pod"), "kubernetes.io/job-controller is this controller")

	for value, want := range map[string]string{
		"custom":                                 `spec.managedBy: Invalid value: "custom": must be a domain-prefixed path (such as "acme.io/foo")`,
		"Example.com/x":                          `spec.managedBy: Invalid value: "Example.com": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`,
		"example.com/x y":                        `spec.managedBy: Invalid value: "x y": Invalid path (regex used for validation is '[A-Za-z0-9/\-._~%!$&'()*+,;=:]+')`,
		"example.com/" + strings.Repeat("a", 60): `spec.managedBy: Too long: may not be more than 63 bytes`,
	} {
		bad := newJob("bad", nil, nil, 4)
		bad.Spec.ManagedBy = api.Ptr(value)
		_, err := f.store.Create(bad)
		require.Error(t, err, value)
		assert.Contains(t, err.Error(), want, value)
	}

	ext := api.DeepCopy(f.job(t, "ext"))
	ext.Spec.ManagedBy = api.Ptr("example.com/other")
	_, err = f.store.Update(ext)
	require.Error(t, err)
	assert.Contains(t, err.Error(), `spec.managedBy: Invalid value: "example.com/other": field is immutable`)
}
