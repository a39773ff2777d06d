package engine

import (
	"cmp"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/controllers"
	"github.com/kubeloop/kubeloop/core/cluster"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/examples"
	"github.com/kubeloop/kubeloop/core/kubectl"
	"github.com/kubeloop/kubeloop/core/traceview"
	"github.com/kubeloop/kubeloop/site/lessons/text"
)

func started(t *testing.T) *Engine {
	t.Helper()
	e := New(1)
	e.Start()
	return e
}

func do(t *testing.T, e *Engine, r Request) Reply {
	t.Helper()
	rep := e.Do(r)
	require.Empty(t, rep.Error, "%s", r.Op)
	return rep
}

func stdout(rep Reply) string {
	var b strings.Builder
	for _, c := range rep.Output {
		if !c.Stderr {
			b.WriteString(c.Text)
		}
	}
	return b.String()
}

// A frame can leave the picture of the controller manager and the Events
// for a later one (FrameHoldingPictureAndEvents), which the page then draws instead
// of the ones it kept.
func TestAFrameCanLeaveThePictureAndTheEventsForALaterOne(t *testing.T) {
	e := started(t)
	e.Frame()
	do(t, e, Request{Op: "apply", Text: examples.NginxDeployment})
	do(t, e, Request{Op: "advance", Seconds: 10}) // the Deployment's Events
	f := e.FrameHoldingPictureAndEvents()
	assert.True(t, f.PictureLater)
	assert.Empty(t, f.Picture.Replicas)
	assert.NotContains(t, f.Changed, "events", "the new Events wait")
	assert.Empty(t, f.Events)
	text, err := (&Post{Frame: &f}).Encode()
	require.NoError(t, err)
	back, err := DecodePost(text)
	require.NoError(t, err)
	assert.True(t, back.Frame.PictureLater, "it crosses to the page")
	next := e.Frame()
	assert.False(t, next.PictureLater, "a frame not held")
	assert.NotEmpty(t, next.Picture.Replicas)
	assert.Contains(t, next.Changed, "events", "the held Events come with the next frame, though none changed since")
	assert.True(t, slices.ContainsFunc(next.Events, func(ev cluster.EventView) bool { return strings.Contains(ev.Message, "Scaled up replica set") }))
	assert.NotContains(t, e.Frame().Changed, "events", "and only once")
}

// The first frame, which the page draws from nothing, is never held.
func TestTheFirstFrameIsNotHeld(t *testing.T) {
	e := New(1)
	f := e.FrameHoldingPictureAndEvents()
	assert.Contains(t, f.Changed, "events")
}

func TestAFrameBeforeTheControlPlaneStartsHasTheNodes(t *testing.T) {
	e := New(1)
	f := e.Frame()
	require.NotNil(t, f.Overview)
	assert.Len(t, f.Overview.Nodes, 4)
	assert.Empty(t, f.Picture.Replicas, "no controller manager yet")
	assert.Empty(t, f.Pods, "the control plane's mirror pods come with the rest of the build")
	assert.Empty(t, e.c.DNSRecords(), "nor the network")
	e.Start()
	next := e.Frame()
	assert.NotEmpty(t, next.Picture.Replicas)
	assert.NotEmpty(t, next.Pods)
	assert.NotEmpty(t, e.c.DNSRecords())
}

func TestTheFirstFrameCarriesEveryPodAndTheNextOnlyWhatChanged(t *testing.T) {
	e := started(t)
	first := e.Frame()
	assert.True(t, first.Reset)
	assert.Equal(t, first.Count.Pods, len(first.Pods), "the first frame holds every pod")
	assert.True(t, first.Has("overview") && first.Has("events") && first.Has("dns"))
	require.NotNil(t, first.Overview)
	assert.Len(t, first.Overview.Nodes, 4, "three workers and the control plane")

	idle := e.Frame()
	assert.Empty(t, idle.Pods, "nothing changed")
	assert.Empty(t, idle.Changed)
	assert.Empty(t, idle.Trace)

	rep := do(t, e, Request{Op: "apply", Text: examples.NginxDeployment})
	assert.True(t, rep.Changed)
	assert.Contains(t, rep.Lines, "deployment.apps/nginx-deployment created")
	do(t, e, Request{Op: "settle", Seconds: 60})
	f := e.Frame()
	assert.False(t, f.Reset)
	var web []string
	for _, p := range f.Pods {
		if strings.HasPrefix(p.Key, "default/nginx-deployment-") {
			web = append(web, p.Key)
			assert.Equal(t, "Running", p.View.Status)
		}
	}
	assert.Len(t, web, 3, "the three new pods, as they are now")
	assert.True(t, f.Has("overview"), "a Deployment and a ReplicaSet appeared")
	assert.NotEmpty(t, f.Trace)
	assert.Equal(t, f.Trace[len(f.Trace)-1].Seq, f.TraceLast)
}

func TestAPostSurvivesItsEncoding(t *testing.T) {
	e := started(t)
	do(t, e, Request{Op: "apply", Text: examples.NginxDeployment})
	do(t, e, Request{Op: "settle", Seconds: 60})
	f := e.Frame()
	rep := do(t, e, Request{Op: "snapshotAt", Rev: f.Revision - 3})
	p := Post{ID: 7, Frame: &f, Reply: &rep}
	text, err := p.Encode()
	require.NoError(t, err)
	back, err := DecodePost(text)
	require.NoError(t, err)
	assert.Equal(t, int64(7), back.ID)
	assert.Equal(t, f.Pods, back.Frame.Pods)
	assert.Equal(t, f.Picture.Lease, back.Frame.Picture.Lease)
	require.NotEmpty(t, f.Trace)
	assert.Equal(t, f.Trace, back.Frame.Trace, "the frame's reconciles, as records")
	assert.NotEmpty(t, readRecords(back.Frame.Trace)[0].Controller, "each read whole")
	require.NotEmpty(t, f.Events)
	assert.Empty(t, back.Frame.Events, "a frame's Events are read when drawn")
	events, err := back.Frame.EventsText.Read()
	require.NoError(t, err)
	assert.Equal(t, f.Events, events)
	assert.Equal(t, f.Overview.Nodes, back.Frame.Overview.Nodes)
	assert.Equal(t, rep.Pods, back.Reply.Pods, "a replayed revision's pods")
	assert.NotEmpty(t, back.Reply.Pods)
	require.NotEmpty(t, rep.Trace)
	assert.Equal(t, rep.Trace, back.Reply.Trace, "a replayed revision's reconciles")
	require.NotEmpty(t, rep.Events)
	assert.Equal(t, rep.Events, back.Reply.Events, "and Events")

	_, err = DecodePost("{}")
	assert.Error(t, err, "not a post")

	out := do(t, e, Request{Op: "kubectl", Line: "kubectl get pods -A"})
	out.Output = append(out.Output, kubectl.Chunk{Stderr: true, Text: "error: 3:x\x00y\n"})
	text, err = (&Post{ID: 8, Reply: &out}).Encode()
	require.NoError(t, err)
	back, err = DecodePost(text)
	require.NoError(t, err)
	assert.Equal(t, out.Output, back.Reply.Output, "outputs come as they were, a NUL or a colon in them too")
	assert.NotEmpty(t, stdout(out))
	_, err = DecodePost(text[:len(text)-2])
	assert.Error(t, err, "a text cut short")
}

// The engine's cluster has the same history as a cluster driven directly
// with the same seed: reading frames adds no task.
func TestFramesDoNotChangeTheHistory(t *testing.T) {
	e := started(t)
	c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()})
	do(t, e, Request{Op: "apply", Text: examples.NginxDeployment})
	_, err := c.Apply(examples.NginxDeployment)
	require.NoError(t, err)
	for range 50 {
		e.Run(100*time.Millisecond, 1000)
		e.Frame()
	}
	c.Advance(5 * time.Second)
	got := stdout(do(t, e, Request{Op: "kubectl", Line: "get pods -o wide"}))
	assert.Equal(t, strings.TrimRight(c.Kubectl("kubectl get pods -o wide", "").Stdout, "\n"), got, "as a terminal shows it (Keep)")
	assert.Equal(t, c.Store().Revision(), e.Cluster().Store().Revision())
}

func TestAWatchsRowsComeInFrames(t *testing.T) {
	e := started(t)
	rep := do(t, e, Request{Op: "kubectl", Line: "kubectl get deployments -w"})
	assert.True(t, rep.Watching)
	e.Frame()
	do(t, e, Request{Op: "sim", Args: []string{"node", "fail", "node-1"}}) // any command but kubectl leaves the watch open
	rep = do(t, e, Request{Op: "apply", Text: examples.NginxDeployment})
	e.Run(2*time.Second, 100000)
	f := e.Frame()
	assert.Contains(t, f.Watch, "nginx-deployment")
	assert.Empty(t, e.Frame().Watch, "each row once")
	do(t, e, Request{Op: "kubectl", Line: "get pods"})
	assert.Nil(t, e.watch, "another kubectl command ends the watch")
}

func TestStepSaysWhatItsTaskDid(t *testing.T) {
	e := started(t)
	do(t, e, Request{Op: "apply", Text: examples.NginxDeployment})
	var reconciled *Step
	for range 50 {
		s := do(t, e, Request{Op: "step"}).Step
		require.NotNil(t, s)
		if s.Reconcile != nil && s.Reconcile.Controller == "deployment" {
			reconciled = s
			break
		}
	}
	require.NotNil(t, reconciled, "the deployment controller reconciled within 50 steps")
	assert.Equal(t, "default/nginx-deployment", reconciled.Reconcile.Key)
	tasks, _ := e.Cluster().Clock().Ran()
	assert.Equal(t, tasks, reconciled.Tasks)
}

func TestReplayReadsAnEarlierRevision(t *testing.T) {
	e := started(t)
	before := e.Frame().Revision
	do(t, e, Request{Op: "apply", Text: examples.NginxDeployment})
	do(t, e, Request{Op: "settle", Seconds: 60})
	rep := do(t, e, Request{Op: "snapshotAt", Rev: before})
	require.NotNil(t, rep.Snapshot)
	assert.Equal(t, before, rep.Snapshot.Revision)
	assert.Empty(t, rep.Snapshot.Pods, "they cross as Pods")
	assert.Empty(t, rep.Snapshot.Events, "and Events")
	require.NotEmpty(t, rep.Pods, "the cluster's own")
	for _, p := range rep.Pods {
		assert.NotContains(t, p.View.Name, "nginx-deployment", "no pod of the Deployment yet")
	}
	for _, en := range readRecords(rep.Trace) {
		assert.LessOrEqual(t, en.Revision, before)
	}
}

// A replayed revision's reconciles are searched for with the page's
// filter: past the newest MaxFrameTrace, which here are all about other
// objects (a namespace each brings its ServiceAccount's, its CA
// ConfigMap's and the namespace controller's).
func TestAReplayedTraceIsSearchedWithThePagesFilter(t *testing.T) {
	e := started(t)
	do(t, e, Request{Op: "apply", Text: examples.NginxDeployment})
	do(t, e, Request{Op: "settle", Seconds: 60})
	var namespaces strings.Builder
	for i := range MaxFrameTrace {
		fmt.Fprintf(&namespaces, "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: team-%d\n---\n", i)
	}
	do(t, e, Request{Op: "apply", Text: namespaces.String()})
	do(t, e, Request{Op: "settle", Seconds: 60})
	rev := e.Frame().Revision

	unfiltered := do(t, e, Request{Op: "snapshotAt", Rev: rev, Trace: traceview.Filter{System: true}})
	require.Len(t, unfiltered.Trace, MaxFrameTrace)
	assert.True(t, slices.IsSortedFunc(unfiltered.Trace, func(a, b EntryRecord) int { return cmp.Compare(a.Seq, b.Seq) }), "oldest first")
	for _, en := range readRecords(unfiltered.Trace) {
		require.NotEqual(t, "deployment", en.Controller, "the Deployment's reconciles are past the newest %d", MaxFrameTrace)
	}

	deployment := traceview.Filter{Object: "default/nginx-deployment"}
	rep := do(t, e, Request{Op: "snapshotAt", Rev: rev, Trace: deployment})
	require.NotEmpty(t, rep.Trace)
	controllers := map[string]bool{}
	for _, en := range readRecords(rep.Trace) {
		assert.True(t, deployment.Shows(&en), "%+v", en)
		controllers[en.Controller] = true
	}
	assert.True(t, controllers["deployment"], "the Deployment's own reconciles: %v", controllers)
	assert.Equal(t, rep.Trace, do(t, e, Request{Op: "traceAt", Rev: rev, Trace: deployment}).Trace, "traceAt answers as snapshotAt does")

	learners := do(t, e, Request{Op: "traceAt", Rev: rev})
	require.NotEmpty(t, learners.Trace)
	for _, en := range readRecords(learners.Trace) {
		assert.False(t, traceview.System(en.Controller, en.Key), "without system: %s %s", en.Controller, en.Key)
	}
}

// What crosses to the page of a long output is what a terminal shows of
// it; a line run aside (kubeloop.kubectl) is answered whole.
func TestALongOutputIsCutBeforeItCrosses(t *testing.T) {
	e := started(t)
	do(t, e, Request{Op: "apply", Text: strings.Replace(examples.NginxDeployment, "replicas: 3", "replicas: 150", 1)})
	do(t, e, Request{Op: "settle", Seconds: 60})
	rep := do(t, e, Request{Op: "kubectl", Line: "kubectl get pods -A -o json"})
	whole := do(t, e, Request{Op: "kubectl", Line: "kubectl get pods -A -o json", Aside: true})
	lines := strings.Count(stdout(whole), "\n")
	require.Greater(t, lines, MaxOutputLines, "a long enough output")
	require.Len(t, rep.Cuts, len(rep.Output))
	assert.Equal(t, lines-MaxOutputLines, rep.Cuts[0].Lines)
	assert.True(t, strings.HasSuffix(stdout(whole), stdout(rep)+"\n"), "the end is kept")
}

func TestARequestThatFailsIsAnswered(t *testing.T) {
	e := started(t)
	assert.Contains(t, e.Do(Request{Op: "nope"}).Error, `no request "nope"`)
	assert.Contains(t, e.Do(Request{Op: "shell", Line: "ls"}).Error, "no shell")
	rep := e.Do(Request{Op: "apply", Text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\nspec:\n  containerz: []\n"})
	require.NotEmpty(t, rep.Errors)
	assert.Equal(t, 6, rep.Errors[0].Line, "the error points at its line")
}

func TestTheSessionRecordsWhatWasAskedToBeRecorded(t *testing.T) {
	e := started(t)
	do(t, e, Request{Op: "kubectl", Line: "kubectl create deployment web --image=nginx", Record: true})
	do(t, e, Request{Op: "kubectl", Line: "kubectl get pods"}) // a read the page does not record
	text := do(t, e, Request{Op: "session"}).Text
	assert.Contains(t, text, "kubectl create deployment web --image=nginx")
	assert.NotContains(t, text, "get pods")
	first := strings.Split(text, "\n")[1]
	assert.Equal(t, "kubectl create deployment web --image=nginx", first, "the control plane's start is not in the record")
}

func TestTheWarmUpRunsEveryStepOnAClusterOfItsOwn(t *testing.T) {
	e := started(t)
	rev := e.Frame().Revision
	w := NewWarmUp()
	steps := 0
	for w.Step() {
		steps++
		require.Less(t, steps, 100)
	}
	assert.Equal(t, w.Steps, w.Done)
	assert.Greater(t, w.Done, 5)
	assert.Equal(t, rev, e.Frame().Revision, "the engine's cluster saw none of it")
}

func TestCompletionsNameTheClustersObjects(t *testing.T) {
	e := started(t)
	do(t, e, Request{Op: "apply", Text: examples.NginxDeployment})
	do(t, e, Request{Op: "settle", Seconds: 60})
	tests := []struct{ line, want string }{
		{"kub", "kubectl"},
		{"kubectl sc", "scale"},
		{"kubectl rollout und", "undo"},
		{"kubectl get deployments ngi", "nginx-deployment"},
		{"kubectl get deploy/ngi", "deploy/nginx-deployment"},
		{"kubectl -n default describe rs ngi", "nginx-deployment-b96f959"},
		{"sim sett", "settle"},
		{"k get nod", "node nodes"},
		{"get nod", ""},
		{"kubectl get pods -n kube-s", "kube-system"},
	}
	for _, tt := range tests {
		rep := do(t, e, Request{Op: "complete", Line: tt.line})
		assert.Equal(t, tt.want, strings.Join(rep.Names, " "), tt.line)
	}
	rep := do(t, e, Request{Op: "complete", Line: "kubectl delete pod "})
	assert.Equal(t, "", rep.Word)
	assert.Len(t, rep.Names, 3)
}

// Help asked for before the pages came gets a line saying so; once the
// page hands them over (a "help" request), kubectl has them, and so has
// every cluster the engine builds after.
func TestKubectlHelpComesWithTheHelpRequest(t *testing.T) {
	e := started(t)
	rep := do(t, e, Request{Op: "kubectl", Line: "kubectl create --help"})
	assert.Equal(t, 1, rep.ExitCode)
	assert.Contains(t, rep.Output[0].Text, "kubectl's help pages are not loaded yet")

	text, err := os.ReadFile("../../../site/data/kubectl-help.json")
	require.NoError(t, err)
	assert.Contains(t, e.Do(Request{Op: "help", Text: `{"get": {"short": "x"}}`}).Error, `"long" is missing`)
	do(t, e, Request{Op: "help", Text: string(text)})
	assert.Contains(t, stdout(do(t, e, Request{Op: "kubectl", Line: "kubectl create --help"})), "Create a resource from a file or from stdin.\n")
	do(t, e, Request{Op: "reset", Seed: 2})
	assert.Contains(t, stdout(do(t, e, Request{Op: "kubectl", Line: "kubectl"})), "kubectl controls the Kubernetes cluster manager.")
}

// A line run aside (kubeloop.kubectl) leaves the terminal's watch open,
// and a watch it opens itself ends with its first rows.
func TestALineRunAsideLeavesTheWatchOpen(t *testing.T) {
	e := started(t)
	do(t, e, Request{Op: "kubectl", Line: "kubectl get deployments -w"})
	e.Frame()
	rep := do(t, e, Request{Op: "kubectl", Line: "kubectl create deployment web --image=nginx", Aside: true})
	assert.Equal(t, "deployment.apps/web created\n", stdout(rep))
	assert.NotNil(t, e.watch, "the terminal's watch goes on")
	e.Run(time.Second, 100000)
	assert.Contains(t, e.Frame().Watch, "web")
	rep = do(t, e, Request{Op: "kubectl", Line: "kubectl get pods -w", Aside: true})
	assert.Contains(t, stdout(rep), "web-")
	assert.False(t, rep.Watching)
}

// A pod list crosses as a text of its own and comes back as it was: every
// field of a view, a gone pod, and a field that held a separator, without
// it.
func TestAPodListSurvivesItsEncoding(t *testing.T) {
	list := PodList{
		{Key: "default/web-0", View: cluster.PodView{Name: "web-0", Namespace: "default", Phase: "Running", Status: "Running",
			Ready: true, ReadyText: "1/1", Node: "node-1", IP: "10.244.1.2", Owner: "web", OwnerKind: "StatefulSet",
			Deleting: true, Image: "nginx:1.27", Restarts: 3, Reason: "0/4 nodes \"are\" available", System: true}},
		{Key: "default/gone", Gone: true},
		{Key: "kube-system/x", View: cluster.PodView{Name: "x", Reason: "a\x1eb\x1fc\x00\nd"}},
	}
	text, err := (&Post{Frame: &Frame{Pods: list}}).Encode()
	require.NoError(t, err)
	back, err := DecodePost(text)
	require.NoError(t, err)
	require.Len(t, back.Frame.Pods, 3)
	assert.Equal(t, list[0], back.Frame.Pods[0])
	assert.Equal(t, list[1], back.Frame.Pods[1])
	assert.Equal(t, "abc\nd", back.Frame.Pods[2].View.Reason, "the separators go, the rest stays")

	empty, err := decodePods("")
	require.NoError(t, err)
	assert.Empty(t, empty)
	_, err = decodePods("a\x1fb")
	assert.Error(t, err, "a record short of fields")
}

// Events and reconciles cross as texts of their own and come back as they
// were: every field, lists empty, of one empty item and of several, and
// fields that held a separator, without it.
func TestEventsAndReconcilesSurviveTheirEncoding(t *testing.T) {
	at := time.Date(2026, 1, 1, 0, 0, 3, 5, time.UTC)
	events := EventList{
		{Time: at, Type: "Warning", Reason: "FailedScheduling", Object: "Pod/web-0", Message: "0/3 nodes are available: \"x\"", Count: 4},
		{Reason: "a\x1eb\x1fc\x00d"},
	}
	trace := []controller.Entry{
		{Seq: 9, Time: at, Revision: 42, Controller: "replicaset", Manager: "cm-1_ab", Key: "default/web-1",
			Observed: []string{"3 pods", ""}, Diff: []string{"want 4"}, Why: []string{""},
			Actions: []controller.Action{{Verb: "create", Kind: "Pod", Namespace: "default", Name: "web-1-x", Detail: "a\x1cb\x1dc"}, {Verb: "delete", Kind: "Pod", Name: "y", Error: "not found"}},
			Result:  "requeue after 5s", Retries: 2},
		{Seq: 10, Controller: "ttl", Key: "node-1", Result: "done"},
	}
	text, err := (&Post{Frame: &Frame{Events: events, Trace: RecordsOf(trace)}, Reply: &Reply{Trace: RecordsOf(trace[1:])}}).Encode()
	require.NoError(t, err)
	back, err := DecodePost(text)
	require.NoError(t, err)
	frameEvents, err := back.Frame.EventsText.Read()
	require.NoError(t, err)
	assert.Equal(t, events[0], frameEvents[0])
	assert.Equal(t, "abcd", frameEvents[1].Reason, "the separators go, the rest stays")
	read := readRecords(back.Frame.Trace)
	require.Len(t, read, 2)
	assert.Equal(t, []int64{9, 10}, []int64{back.Frame.Trace[0].Seq, back.Frame.Trace[1].Seq})
	assert.Equal(t, trace[1], read[1], "no lists")
	got := read[0]
	assert.Equal(t, "abc", got.Actions[0].Detail, "a list's separators go from its items")
	got.Actions[0].Detail = trace[0].Actions[0].Detail
	assert.Equal(t, trace[0], got)
	assert.Equal(t, trace[1:], readRecords(back.Reply.Trace))

	_, err = decodeEntryRecords("1\x1f\x1f2\x1fc\x1fm\x1fk\x1f\x1f\x1f\x1dcreate\x1cPod\x1f\x1fdone\x1f0")
	assert.Error(t, err, "a record is checked when it crosses, not when drawn")
	_, err = decodeEntryRecords("x\x1f\x1f2\x1fc\x1fm\x1fk\x1f\x1f\x1f\x1f\x1fdone\x1f0")
	assert.Error(t, err, "a Seq that is not a number")
	_, err = decodeEvents("x\x1f\x1f\x1f\x1f\x1f1")
	assert.Error(t, err, "a time that is not one")
}

// The reconciles and Events a frame brings do not keep the frame's whole
// text alive: the page keeps 2,000 reconciles, which would otherwise hold
// as many frames, each with up to MaxFramePods pods.
func TestKeptFieldsDoNotHoldThePost(t *testing.T) {
	e := started(t)
	do(t, e, Request{Op: "apply", Text: examples.NginxDeployment})
	do(t, e, Request{Op: "settle", Seconds: 60})
	e.sent = sentState{} // every pod, Event and reconcile
	f := e.Frame()
	text, err := (&Post{Frame: &f}).Encode()
	require.NoError(t, err)
	back, err := DecodePost(text)
	require.NoError(t, err)
	within := func(s string) bool {
		start := uintptr(unsafe.Pointer(unsafe.StringData(text)))
		at := uintptr(unsafe.Pointer(unsafe.StringData(s)))
		return at >= start && at < start+uintptr(len(text))
	}
	require.NotEmpty(t, back.Frame.Trace)
	events, err := back.Frame.EventsText.Read()
	require.NoError(t, err)
	require.NotEmpty(t, events)
	require.NotEmpty(t, back.Frame.Pods)
	assert.True(t, within(back.Frame.Pods[0].Key), "the test can tell: pods are read in place")
	for _, r := range back.Frame.Trace {
		assert.False(t, within(r.rec), "a reconcile's record")
		assert.False(t, within(r.Entry().Key), "a reconcile's key")
	}
	for _, ev := range events {
		assert.False(t, within(ev.Message), "an Event's message")
	}
}

// A burst of pods goes to the page over several frames, MaxFramePods at
// most each, every pod as it is when its frame is made.
func TestABurstOfPodsIsCarriedOverSeveralFrames(t *testing.T) {
	e := started(t)
	e.Frame()
	burst := 4*MaxFramePods + MaxFramePods/2 // four full frames and half of one
	do(t, e, Request{Op: "apply", Text: strings.Replace(examples.NginxDeployment, "replicas: 3", fmt.Sprintf("replicas: %d", burst), 1)})
	e.Run(time.Second, 1<<30)
	seen := map[string]bool{}
	frames := 0
	for e.Moved() && frames < 10 {
		f := e.Frame()
		frames++
		assert.LessOrEqual(t, len(f.Pods), MaxFramePods)
		for _, p := range f.Pods {
			seen[p.Key] = true
		}
	}
	assert.Equal(t, 5, frames, "%d pods in frames of %d", burst, MaxFramePods)
	assert.GreaterOrEqual(t, len(seen), burst, "every new pod")
	assert.False(t, e.Moved(), "nothing left to carry")
}

// The lessons come to the engine as data (the page's data/lessons.json):
// until they do, a lesson's checks are answered with an error that says
// so; bad data is refused with its file's name.
func TestTheLessonsComeAsData(t *testing.T) {
	e := started(t)
	check := Request{Op: "checks", Lesson: "01-control-loop", Step: 0, Mark: e.mark()}
	assert.Contains(t, e.Do(check).Error, "the lessons are not loaded")
	assert.Contains(t, e.Do(Request{Op: "lessons", Text: "{not json"}).Error, "lessons.json")

	files, err := text.JSON()
	require.NoError(t, err)
	do(t, e, Request{Op: "lessons", Text: string(files)})
	rep := do(t, e, check)
	assert.NotEmpty(t, rep.Checks, "the step's checks, answered")
	assert.Contains(t, e.Do(Request{Op: "checks", Lesson: "no-such-lesson"}).Error, `no lesson "no-such-lesson"`)

	e.Reset(2)
	assert.NotEmpty(t, do(t, e, check).Checks, "the lessons outlive a reset")
}

// readRecords reads the reconciles a page keeps.
func readRecords(rs EntryRecords) []controller.Entry {
	var l []controller.Entry
	for _, r := range rs {
		l = append(l, r.Entry())
	}
	return l
}
