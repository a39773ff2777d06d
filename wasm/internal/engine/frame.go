package engine

import (
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/kubeloop/kubeloop/core/cluster"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/workqueue"
)

// Frame is what changed in the cluster since the last Frame: the page
// applies it to what it shows and draws. The big sets — pods and Events —
// come as views of what changed, never as objects, so that a frame of a
// 10,000-pod rollout is small and the page's heap holds views only.
type Frame struct {
	Revision  int64         `json:"rev"`
	Compacted int64         `json:"compacted"`
	Elapsed   time.Duration `json:"elapsed"` // simulated time since the cluster started
	Tasks     uint64        `json:"tasks"`   // tasks run so far
	Seed      uint64        `json:"seed"`
	// Reset is set when Pods holds every pod (a new cluster, or the first
	// frame): the page forgets the pods it had.
	Reset bool     `json:"reset,omitempty"`
	Pods  PodList  `json:"-"` // after the JSON (Post.Encode)
	Count PodCount `json:"count"`
	// Overview is the nodes and workloads, when they changed.
	Overview *cluster.Snapshot `json:"overview,omitempty"`
	// Events are the newest Events (cluster.MaxSnapshotEvents), when they
	// changed and the frame does not leave them for a later one
	// (FrameHoldingPictureAndEvents). The page gets them as EventsText, read when
	// it draws them.
	Events     EventList  `json:"-"` // after the JSON (Post.Encode)
	EventsText EventsText `json:"-"`
	// Trace are the reconciles since the last frame, oldest first, at most
	// MaxFrameTrace (the newest), as records: the page keeps thousands,
	// and reads each when it draws it. TraceLast is the newest's Seq.
	Trace     EntryRecords `json:"-"` // after the JSON
	TraceLast int64        `json:"traceLast"`
	// Picture is the controller manager as the machinery strip draws it,
	// unless PictureLater: the frame leaves it for a later one
	// (FrameHoldingPictureAndEvents), and the page keeps the one it has.
	Picture      Picture `json:"picture"`
	PictureLater bool    `json:"pictureLater,omitempty"`
	// DNS is the names the cluster DNS answers for the learner's Services
	// and pods (learnerNames), when they changed.
	DNS Table[cluster.DNSRecord] `json:"dns,omitzero"`
	// Volumes are the PersistentVolumeClaims, when they changed.
	Volumes Table[Volume] `json:"volumes,omitzero"`
	// Changed says which of the optional parts are present (an empty list
	// is a change too): "overview", "events", "dns", "volumes".
	Changed []string `json:"changed,omitempty"`
	// Watch is the rows an open `kubectl get -w` printed since the last
	// frame, as a terminal shows them (Keep), and what was cut of them.
	Watch    string `json:"watch,omitempty"`
	WatchCut Cut    `json:"watchCut,omitzero"`
}

// PodChange is one pod's new view, or its deletion (Gone).
type PodChange struct {
	Key  string          `json:"key"`
	View cluster.PodView `json:"view,omitzero"`
	Gone bool            `json:"gone,omitempty"`
}

// PodCount counts the pods; System counts the cluster's own among them.
type PodCount struct {
	Pods, Running, System, SystemRunning int
}

// Picture is the leading controller manager's side of the cluster.Changes
// batch: its processes, its queues, what its informers just delivered,
// and the leader Lease.
type Picture struct {
	Time      time.Time              `json:"time"`
	Replicas  []cluster.Replica      `json:"replicas,omitempty"`
	Work      []controller.QueueView `json:"work,omitempty"`
	Queues    []workqueue.Metrics    `json:"queues,omitempty"`
	Retrying  []controller.Retry     `json:"retrying,omitempty"`
	Informers []Delivery             `json:"informers,omitempty"`
	Lease     Lease                  `json:"lease"`
}

// Delivery is an informer's newest watch event, without its object, and
// the size of its cache.
type Delivery struct {
	Cached   int    `json:"cached"`
	Type     string `json:"type"`
	Resource string `json:"resource"`
	Key      string `json:"key"`
	Revision int64  `json:"revision"`
}

// Lease is the leader Lease of kube-controller-manager: who holds it and
// when it lapses unless renewed.
type Lease struct {
	Holder  string    `json:"holder,omitempty"` // the replica's name (holderIdentity before "_")
	Expires time.Time `json:"expires,omitzero"`
}

// Volume is one PersistentVolumeClaim as the volumes table shows it.
type Volume struct {
	Namespace string `json:"namespace"`
	Name      string `json:"name"`
	Volume    string `json:"volume,omitempty"`
	Class     string `json:"class,omitempty"`
	Status    string `json:"status"`
	MountedBy string `json:"mountedBy,omitempty"`
}

// MaxFrameTrace bounds the reconciles one frame carries: the page keeps
// and draws only the newest few hundred, and a burst brings thousands.
const MaxFrameTrace = 200

// sentState is what the frames sent so far carried, to send only what
// changed.
type sentState struct {
	feed *cluster.Feed
	// synced is what the feed's syncs between two frames changed
	// (keepUp): the next frame carries it.
	synced     cluster.FeedChanges
	traceLast  int64
	faultEpoch int
	dnsSig     string
	volSig     string
	started    bool
	// tasks and elapsed are the clock's when the last frame was made.
	tasks   uint64
	elapsed time.Duration
	// backlog are the pods that changed and that no frame has carried yet
	// (MaxFramePods), sorted.
	backlog []string
	// eventsHeld: the Events changed and the frames since left them for a
	// later one (FrameHoldingPictureAndEvents).
	eventsHeld bool
}

// MaxFramePods bounds the pods one frame carries; the others go in the
// frames that follow, each with the pod as it is then. A 10,000-pod
// scale-up changes thousands of pods between two draws: carried at once,
// reading them was the page's longest task.
const MaxFramePods = 500

// podsToSend are the pods the next frame carries: those left from the
// last frames, then those that changed since, at most MaxFramePods.
func (s *sentState) podsToSend(ch cluster.FeedChanges) []string {
	keys := ch.Pods
	if len(s.backlog) > 0 && !ch.Reset {
		keys = slices.Compact(slices.Sorted(slices.Values(slices.Concat(s.backlog, ch.Pods))))
	}
	s.backlog = nil
	if len(keys) > MaxFramePods {
		s.backlog = slices.Clone(keys[MaxFramePods:])
		keys = keys[:MaxFramePods]
	}
	return keys
}

// Moved reports whether a frame now would carry anything: the clock ran a
// task or moved what it shows (ClockShown), or an open watch printed rows,
// since the last frame, or pods wait for a frame to carry them.
func (e *Engine) Moved() bool {
	tasks, _ := e.c.Clock().Ran()
	return !e.sent.started || tasks != e.sent.tasks || ClockShown(e.elapsed()) != ClockShown(e.sent.elapsed) ||
		e.watchRows != "" || len(e.sent.backlog) > 0
}

// Frame is the batch of what changed since the last Frame.
func (e *Engine) Frame() Frame { return e.frame(false) }

// FrameHoldingPictureAndEvents is Frame, but it leaves the picture of the
// controller manager (PictureLater) and the Events for a later frame: the
// page keeps the ones it has, and the first frame not held brings them as
// they are then. They are the bulk of a busy frame, the dearest parts to
// write and to read; a burst's frames come many times a second, and the
// page draws neither as often. The first frame is never held.
func (e *Engine) FrameHoldingPictureAndEvents() Frame { return e.frame(true) }

// frame is the batch of what changed since the last frame; hold: it
// leaves the picture and the Events for a later one.
func (e *Engine) frame(hold bool) Frame {
	c, s := e.c, &e.sent
	st := c.Store()
	tasks, _ := c.Clock().Ran()
	f := Frame{Revision: st.Revision(), Compacted: st.Compacted(), Elapsed: e.elapsed(), Tasks: tasks, Seed: e.seed}
	if s.feed == nil {
		s.feed = c.NewFeed()
	}
	ch := s.synced.Then(s.feed.Sync())
	s.synced = cluster.FeedChanges{}
	f.Reset = ch.Reset
	for _, key := range s.podsToSend(ch) {
		v, ok := s.feed.Pod(key)
		f.Pods = append(f.Pods, PodChange{Key: key, View: v, Gone: !ok})
	}
	f.Count.Pods, f.Count.Running = s.feed.Pods(), s.feed.Running()
	f.Count.System, f.Count.SystemRunning = s.feed.SystemPods()
	if !s.started || ch.Nodes || ch.Workloads || s.faultEpoch != c.FaultEpoch() {
		o := c.Overview()
		f.Overview, s.faultEpoch = &o, c.FaultEpoch()
		f.Changed = append(f.Changed, "overview")
	}
	hold = hold && s.started
	if !s.started || ch.Events || s.eventsHeld {
		if hold {
			s.eventsHeld = true
		} else {
			f.Events, s.eventsHeld = s.feed.Events(), false
			f.Changed = append(f.Changed, "events")
		}
	}
	e.frameTrace(&f)
	switch {
	case hold:
		f.PictureLater = true
	case e.running:
		f.Picture = e.picture()
	}
	e.frameDNS(&f)
	e.frameVolumes(&f)
	f.Watch, f.WatchCut = Keep(e.watchRows)
	e.watchRows = ""
	s.started, s.tasks, s.elapsed = true, tasks, f.Elapsed
	return f
}

// elapsed is the simulated time since the cluster started.
func (e *Engine) elapsed() time.Duration {
	clk := e.c.Clock()
	return clk.Now().Sub(clk.Start())
}

// frameTrace adds the reconciles since the last frame.
func (e *Engine) frameTrace(f *Frame) {
	tr := e.c.Trace()
	f.TraceLast = tr.Last()
	since := max(e.sent.traceLast, tr.Last()-MaxFrameTrace)
	if since < tr.Last() {
		f.Trace = RecordsOf(tr.Since(since))
	}
	e.sent.traceLast = tr.Last()
}

// picture reads the controller manager's side of the batch.
func (e *Engine) picture() Picture {
	ch := e.c.ChangesSince(e.c.Cursor()) // no writes, no reconciles: the picture alone
	p := Picture{Time: ch.Time, Replicas: ch.Replicas, Work: ch.Work, Queues: ch.Queues, Retrying: ch.Retrying}
	for _, inf := range ch.Informers {
		p.Informers = append(p.Informers, deliveryOf(inf))
	}
	p.Lease = e.lease()
	return p
}

func deliveryOf(inf cluster.InformerView) Delivery {
	ev := inf.Last
	d := Delivery{Cached: inf.Cached, Type: string(ev.Type), Key: ev.Key, Revision: ev.Revision}
	if ev.Kind != nil {
		d.Resource = ev.Kind.Resource
	}
	return d
}

// lease reads the leader Lease of kube-controller-manager.
func (e *Engine) lease() Lease {
	o, err := e.c.Store().Get(api.Leases, "kube-system", "kube-controller-manager")
	if err != nil {
		return Lease{}
	}
	l, ok := o.(*api.Lease)
	if !ok || l.Spec.HolderIdentity == nil || *l.Spec.HolderIdentity == "" {
		return Lease{}
	}
	holder, _, _ := strings.Cut(*l.Spec.HolderIdentity, "_")
	out := Lease{Holder: holder}
	if l.Spec.RenewTime != nil {
		d := time.Duration(api.Deref(l.Spec.LeaseDurationSeconds, 15)) * time.Second
		out.Expires = l.Spec.RenewTime.Time.Add(d)
	}
	return out
}

// frameDNS adds the learner's DNS names when they changed.
func (e *Engine) frameDNS(f *Frame) {
	names := firstRows(learnerNames(e.c.DNSRecords()))
	var sig strings.Builder
	for _, r := range names.Rows {
		sig.WriteString(r.Name + " " + r.Type + " " + r.Target + " " + strings.Join(r.IPs, ",") + ";")
	}
	sig.WriteString(strconv.Itoa(names.More))
	if sig.String() == e.sent.dnsSig && e.sent.started {
		return
	}
	e.sent.dnsSig = sig.String()
	f.DNS = names
	f.Changed = append(f.Changed, "dns")
}

// learnerNames leaves out the cluster's own names (kube-system's, the
// kubernetes Service's): the DNS table shows the learner's.
func learnerNames(recs []cluster.DNSRecord) []cluster.DNSRecord {
	var out []cluster.DNSRecord
	for _, r := range recs {
		if !strings.Contains(r.Name, ".kube-system.") && !strings.HasPrefix(r.Name, "kubernetes.default.") {
			out = append(out, r)
		}
	}
	return out
}

// frameVolumes adds the claims when they changed.
func (e *Engine) frameVolumes(f *Frame) {
	vols := Volumes(e.c.Store())
	var sig strings.Builder
	for _, v := range vols.Rows {
		sig.WriteString(v.Namespace + "/" + v.Name + " " + v.Volume + " " + v.Status + " " + v.MountedBy + " " + v.Class + ";")
	}
	sig.WriteString(strconv.Itoa(vols.More))
	if sig.String() == e.sent.volSig && e.sent.started {
		return
	}
	e.sent.volSig = sig.String()
	f.Volumes = vols
	f.Changed = append(f.Changed, "volumes")
}

// Has reports whether the frame carries the named optional part.
func (f *Frame) Has(part string) bool { return slices.Contains(f.Changed, part) }

// timeAt is the simulated time of a revision, as near as the trace says:
// the time of the newest reconcile that started at or before it (the
// store keeps no time per revision).
func (e *Engine) timeAt(rev int64) time.Duration {
	for en := range e.c.Trace().Backward(0) {
		if en.Revision <= rev {
			return en.Time.Sub(clock.Epoch)
		}
	}
	return 0
}
