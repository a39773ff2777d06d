package store_test

import (
	"fmt"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/kubeloop/kubeloop/core/store"
)

// FuzzStoreOps runs random sequences of store operations — create, update,
// update-status, delete, bind, finalizer removal, watch, stop, compact, At,
// time passing — over a few names of two kinds, decoded from the fuzz
// bytes, and checks the store's contract after each:
//   - every write takes the next revision, and the objects' resourceVersions
//     strictly increase;
//   - the store's state, and At(rev) for any retained rev, equal the
//     events replayed from the start;
//   - once the clock has run what is due, every watcher has seen every
//     event of its kind after its start revision, in order, exactly once
//     (and nothing after it was stopped);
//   - every error is a typed API error; nothing panics.
func FuzzStoreOps(f *testing.F) {
	f.Add([]byte{0, 0, 0, 1, 0, 0, 8, 3, 0, 0, 8})
	f.Add([]byte{0, 1, 1, 1, 1, 1, 2, 1, 1, 5, 0, 0, 6, 1, 7, 0, 8})
	f.Add([]byte{0, 0, 2, 4, 0, 2, 3, 0, 2, 8, 10, 5, 8, 9, 0, 2, 8})
	f.Add([]byte{0, 0, 0, 0, 0, 1, 0, 0, 2, 6, 2, 5, 1, 0, 7, 3, 3, 0, 1, 11, 0, 8})
	f.Add([]byte{0, 1, 0, 9, 0, 3, 1, 0, 9, 5, 1, 3, 1, 0, 8, 10, 0, 9, 1, 0, 8})
	f.Fuzz(func(t *testing.T, ops []byte) {
		if len(ops) > 600 {
			ops = ops[:600]
		}
		r := newRun(t)
		for i := 0; i < len(ops); {
			op := ops[i] % 12
			arg := func(k int) int {
				if i+k < len(ops) {
					return int(ops[i+k])
				}
				return 0
			}
			r.step(op, arg(1), arg(2))
			i += 3
		}
		r.settle()
	})
}

var (
	fuzzKinds = []*api.Kind{api.Pods, api.ReplicaSets}
	fuzzNames = []string{"a", "b", "c"}
)

// recorder is one watch and what it received.
type recorder struct {
	kind    *api.Kind
	from    int64
	got     []store.Event
	stopped int64 // revision at which it was stopped; 0 while running
	stop    func()
}

type run struct {
	t        *testing.T
	s        *store.Store
	log      []store.Event // every event since revision 0, read after each op
	watchers []*recorder
	maxRV    int64
}

func newRun(t *testing.T) *run {
	s := store.New(clock.New(1))
	r := &run{t: t, s: s}
	if _, err := s.Create(&api.Namespace{ObjectMeta: api.ObjectMeta{Name: "default"}}); err != nil {
		t.Fatal(err)
	}
	r.collect()
	for _, k := range fuzzKinds {
		r.watch(k, 0)
	}
	return r
}

func (r *run) watch(k *api.Kind, from int64) {
	w := &recorder{kind: k, from: from}
	stop, err := r.s.Watch(k, from, "fuzz", func(ev store.Event) {
		if w.stopped != 0 {
			r.t.Fatalf("watcher of %s got revision %d after it was stopped", k.Resource, ev.Revision)
		}
		w.got = append(w.got, ev)
	})
	if err != nil {
		if from >= r.s.Compacted() || !api.IsGone(err) {
			r.t.Fatalf("Watch(%s, %d) with compacted %d: %v", k.Resource, from, r.s.Compacted(), err)
		}
		return
	}
	w.stop = stop
	r.watchers = append(r.watchers, w)
}

func (r *run) object(kind *api.Kind, name string) api.Object {
	o, err := r.s.Get(kind, "default", name)
	if err != nil {
		return nil
	}
	return api.DeepCopyObject(o)
}

func newObject(kind *api.Kind, name string, n int) api.Object {
	spec := api.PodSpec{Containers: []api.Container{{Name: "c", Image: "nginx:1." + strconv.Itoa(n%3)}}}
	meta := api.ObjectMeta{Name: name, Namespace: "default"}
	if n&4 != 0 {
		meta.Finalizers = []string{"example.com/hold"}
	}
	if kind.Resource == "pods" {
		return &api.Pod{ObjectMeta: meta, Spec: spec}
	}
	l := map[string]string{"app": name}
	return &api.ReplicaSet{ObjectMeta: meta, Spec: api.ReplicaSetSpec{Replicas: api.Ptr(int32(n % 5)),
		Selector: &api.LabelSelector{MatchLabels: l}, Template: api.PodTemplateSpec{ObjectMeta: api.ObjectMeta{Labels: l}, Spec: spec}}}
}

// step runs one operation; a and b choose its kind, name and variant.
func (r *run) step(op byte, a, b int) {
	kind, name := fuzzKinds[a%2], fuzzNames[(a/2)%3]
	before := r.s.Revision()
	var err error
	switch op {
	case 0: // create
		_, err = r.s.Create(newObject(kind, name, b))
	case 1: // update: a spec and a label change, maybe with a stale version
		o := r.object(kind, name)
		if o == nil {
			return
		}
		o.GetObjectMeta().Labels = map[string]string{"v": strconv.Itoa(b)}
		if rs, ok := o.(*api.ReplicaSet); ok {
			rs.Spec.Replicas = api.Ptr(int32(b % 7))
		} else {
			o.(*api.Pod).Spec.Containers[0].Image = "nginx:" + strconv.Itoa(b)
		}
		if b&8 != 0 {
			o.GetObjectMeta().ResourceVersion = strconv.FormatInt(max(before-int64(b%3), 1), 10)
		}
		_, err = r.s.Update(o)
	case 2: // update-status
		o := r.object(kind, name)
		if o == nil {
			return
		}
		if rs, ok := o.(*api.ReplicaSet); ok {
			rs.Status.Replicas = int32(b)
		} else {
			o.(*api.Pod).Status.Phase = []string{api.PodPending, api.PodRunning, api.PodSucceeded}[b%3]
		}
		_, err = r.s.UpdateStatus(o)
	case 3: // delete
		opts := store.DeleteOptions{PropagationPolicy: []string{"", store.PropagationForeground, store.PropagationOrphan}[b%3]}
		if b&4 != 0 {
			opts.GracePeriodSeconds = api.Ptr(int64(b % 2))
		}
		_, err = r.s.Delete(kind, "default", name, opts)
	case 4: // bind
		_, err = r.s.Bind("default", name, "node-"+strconv.Itoa(b%2))
	case 5: // remove finalizers
		o := r.object(kind, name)
		if o == nil {
			return
		}
		o.GetObjectMeta().Finalizers = nil
		_, err = r.s.Update(o)
	case 6: // watch from a recent revision
		r.watch(kind, max(r.s.Revision()-int64(b%6), 0))
	case 7: // stop a watcher
		if len(r.watchers) > 0 {
			w := r.watchers[b%len(r.watchers)]
			if w.stopped == 0 {
				r.settle() // what was due before the stop is delivered
				w.stopped = r.s.Revision()
				w.stop()
			}
		}
	case 8:
		r.settle()
	case 9: // time passes: terminating pods' deadlines, delayed deliveries
		r.s.Clock().Advance(time.Duration(b%40) * time.Second)
		r.settle()
	case 10:
		r.s.Compact(r.s.Revision() - int64(b%5))
	case 11:
		r.checkAt(r.s.Revision() - int64(b%8))
	}
	if err != nil && api.ReasonOf(err) == "" {
		r.t.Fatalf("op %d on %s %s: untyped error %T: %v", op, kind.Resource, name, err, err)
	}
	r.collect()
	r.check(before)
}

// collect appends the events since the last op to the full log.
func (r *run) collect() {
	var last int64
	if n := len(r.log); n > 0 {
		last = r.log[n-1].Revision
	}
	evs, err := r.s.Events(last)
	if err != nil {
		r.t.Fatalf("Events(%d) with compacted %d: %v (compaction must keep what no one read)", last, r.s.Compacted(), err)
	}
	r.log = append(r.log, evs...)
}

func (r *run) check(before int64) {
	t := r.t
	if r.s.Revision() < before {
		t.Fatalf("revision went back from %d to %d", before, r.s.Revision())
	}
	for i, ev := range r.log {
		if ev.Revision != int64(i+1) {
			t.Fatalf("event %d has revision %d: revisions must be consecutive from 1", i, ev.Revision)
		}
	}
	if n := len(r.log); n > 0 && r.log[n-1].Revision != r.s.Revision() {
		t.Fatalf("last event %d, store revision %d", r.log[n-1].Revision, r.s.Revision())
	}
	for _, ev := range r.log[before:] {
		rv, err := strconv.ParseInt(ev.Object.GetObjectMeta().ResourceVersion, 10, 64)
		if err != nil || rv != ev.Revision || rv <= r.maxRV {
			t.Fatalf("event at revision %d carries resourceVersion %q after %d", ev.Revision, ev.Object.GetObjectMeta().ResourceVersion, r.maxRV)
		}
		r.maxRV = rv
	}
	// The state is the log replayed.
	want := replay(r.log, r.s.Revision())
	for _, k := range append(fuzzKinds, api.Namespaces) {
		if got := keys(r.s.List(k, "")); !slices.Equal(got, want[k]) {
			t.Fatalf("%s: store holds %v, the log replays to %v", k.Resource, got, want[k])
		}
	}
	// Watchers have received a prefix of what they are owed.
	for _, w := range r.watchers {
		owed := r.owed(w)
		if len(w.got) > len(owed) || !sameEvents(w.got, owed[:len(w.got)]) {
			t.Fatalf("watcher of %s from %d got %v, owed %v", w.kind.Resource, w.from, revs(w.got), revs(owed))
		}
	}
}

// owed is what a watcher must receive: its kind's events after its start,
// up to where it was stopped.
func (r *run) owed(w *recorder) []store.Event {
	var out []store.Event
	for _, ev := range r.log {
		if ev.Kind == w.kind && ev.Revision > w.from && (w.stopped == 0 || ev.Revision <= w.stopped) {
			out = append(out, ev)
		}
	}
	return out
}

// settle runs every task due now, then checks each watcher has all it is owed.
func (r *run) settle() {
	for r.s.Clock().StepDue() {
	}
	r.collect()
	for _, w := range r.watchers {
		if owed := r.owed(w); !sameEvents(w.got, owed) {
			r.t.Fatalf("after settling, watcher of %s from %d got %v, owed %v", w.kind.Resource, w.from, revs(w.got), revs(owed))
		}
	}
}

func (r *run) checkAt(rev int64) {
	snap, err := r.s.At(rev)
	if rev < r.s.Compacted() {
		if !api.IsGone(err) {
			r.t.Fatalf("At(%d) with compacted %d: %v, want Gone", rev, r.s.Compacted(), err)
		}
		return
	}
	if err != nil {
		r.t.Fatalf("At(%d): %v", rev, err)
	}
	want := replay(r.log, max(rev, 0))
	for _, k := range fuzzKinds {
		if got := keys(snap.List(k, "")); !slices.Equal(got, want[k]) {
			r.t.Fatalf("At(%d) %s: %v, the log replays to %v", rev, k.Resource, got, want[k])
		}
	}
}

// replay returns, per kind, "name@resourceVersion" of every object alive
// at rev, sorted by name.
func replay(log []store.Event, rev int64) map[*api.Kind][]string {
	state := map[*api.Kind]map[string]string{}
	for _, ev := range log {
		if ev.Revision > rev {
			break
		}
		m := state[ev.Kind]
		if m == nil {
			m = map[string]string{}
			state[ev.Kind] = m
		}
		key := store.KeyOf(ev.Object)
		if ev.Type == store.Deleted {
			delete(m, key)
		} else {
			m[key] = key + "@" + ev.Object.GetObjectMeta().ResourceVersion
		}
	}
	out := map[*api.Kind][]string{}
	for k, m := range state {
		for _, v := range m {
			out[k] = append(out[k], v)
		}
		slices.Sort(out[k])
	}
	return out
}

func keys(objs []api.Object) []string {
	var out []string
	for _, o := range objs {
		out = append(out, store.KeyOf(o)+"@"+o.GetObjectMeta().ResourceVersion)
	}
	slices.Sort(out)
	return out
}

func sameEvents(a, b []store.Event) bool {
	return slices.EqualFunc(a, b, func(x, y store.Event) bool { return x.Revision == y.Revision && x.Type == y.Type })
}

func revs(evs []store.Event) string {
	s := ""
	for _, ev := range evs {
		s += fmt.Sprintf(" %s@%d", ev.Type, ev.Revision)
	}
	return s
}
