package store

import (
	"fmt"
	"strconv"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/clock"
)

// EventType says what happened to an object.
type EventType string

const (
	Added    EventType = "ADDED"
	Modified EventType = "MODIFIED"
	Deleted  EventType = "DELETED"
)

// Event is one change. Object is the object after the change (for Deleted,
// its last state); Old is the state before (nil for Added).
type Event struct {
	Type   EventType
	Kind   *api.Kind
	Object api.Object
	Old    api.Object
	// Key is the object's store key, made once per write for the history
	// and every watcher instead of by each of them.
	Key      string
	Revision int64
}

// Store is the simulated API server.
type Store struct {
	clk     *clock.Sim
	rev     int64
	objects map[*api.Kind]map[string]api.Object
	// stored is how many objects objects holds, of every kind: kept by
	// write, so that admission can read the cluster's size in O(1).
	stored int
	// log holds every event after compacted, in revision order.
	log       []Event
	compacted int64
	watchers  []*watcher
	admission []AdmissionFunc
	// deleteAdmission may refuse a delete (deleteadmission.go).
	deleteAdmission []DeleteAdmissionFunc
	// freeDeliveries are delivery tasks that ran, for reuse (watch.go).
	freeDeliveries *delivery
	// otherFieldIndexes caches otherFields (copy.go).
	otherFieldIndexes map[fieldsBut][]int

	// historyWindow overrides HistoryWindow when > 0 (tests).
	historyWindow int

	// eventTTL overrides DefaultEventTTL when > 0; eventLeases are the
	// Events' leases (eventttl.go).
	eventTTL    time.Duration
	eventLeases eventLeases

	// WatchLatency delays every watch delivery, so a lesson can show an
	// informer's cache lagging behind the store. Zero by default.
	WatchLatency time.Duration
}

// AdmissionFunc may mutate (on create/update) or reject a write after
// defaulting and before validation. old is nil on create.
type AdmissionFunc func(op Operation, obj, old api.Object) error

// Operation names a write for admission.
type Operation string

const (
	OpCreate Operation = "CREATE"
	OpUpdate Operation = "UPDATE"
)

// New returns an empty store on the given clock.
func New(clk *clock.Sim) *Store {
	return &Store{clk: clk, objects: map[*api.Kind]map[string]api.Object{}}
}

// AddAdmission registers an admission step (quota, service accounts, …).
func (s *Store) AddAdmission(f AdmissionFunc) { s.admission = append(s.admission, f) }

// Clock is the store's simulated clock.
func (s *Store) Clock() *clock.Sim { return s.clk }

// Revision is the newest revision.
func (s *Store) Revision() int64 { return s.rev }

// Key is how the store names an object: "ns/name", or "name" when cluster-scoped.
func Key(namespace, name string) string {
	if namespace == "" {
		return name
	}
	return namespace + "/" + name
}

// AppendKey appends Key(namespace, name) to dst: a handler that only looks
// a key up (m[string(b)] copies nothing) spells it in a buffer it keeps,
// where Key would allocate it on every event.
func AppendKey(dst []byte, namespace, name string) []byte {
	if namespace != "" {
		dst = append(append(dst, namespace...), '/')
	}
	return append(dst, name...)
}

// KeyOf is Key for an object.
func KeyOf(o api.Object) string {
	m := o.GetObjectMeta()
	return Key(m.Namespace, m.Name)
}

// Get returns the stored object or NotFound.
func (s *Store) Get(kind *api.Kind, namespace, name string) (api.Object, error) {
	// The key is spelled on the stack: a lookup copies nothing (AppendKey).
	var buf [128]byte
	if o, ok := s.objects[kind][string(AppendKey(buf[:0], namespace, name))]; ok {
		return o, nil
	}
	return nil, api.NewNotFound(kind, name)
}

// Count returns how many objects of a kind are stored.
func (s *Store) Count(kind *api.Kind) int { return len(s.objects[kind]) }

// Len returns how many objects are stored, of every kind. It costs the
// same at any size: writes keep the count.
func (s *Store) Len() int { return s.stored }

// Create admits and stores a new object and returns the stored copy.
func (s *Store) Create(in api.Object) (api.Object, error) {
	return s.CreateOwned(api.DeepCopyObject(in))
}

// CreateOwned is Create for an object the caller built for this call and
// hands over: the store keeps o itself, without copying it, so the caller
// must never touch o again (the Event recorder: one reflective deep copy
// fewer per Event).
func (s *Store) CreateOwned(o api.Object) (api.Object, error) {
	kind := api.KindOf(o)
	if kind == nil {
		return nil, api.NewBadRequest(fmt.Sprintf("no kind %q is registered", o.GetTypeMeta().Kind))
	}
	m := o.GetObjectMeta()
	if err := s.checkNamespace(kind, m); err != nil {
		return nil, err
	}
	if m.Name == "" && m.GenerateName != "" {
		m.Name = s.generateName(kind, m.Namespace, m.GenerateName)
	}
	if m.ResourceVersion != "" {
		return nil, api.NewBadRequest("resourceVersion should not be set on objects to be created")
	}
	m.UID = "" // the server assigns it; admission may, through NewUID
	api.Default(o)
	for _, f := range s.admission {
		if err := f(OpCreate, o, nil); err != nil {
			return nil, err
		}
	}
	if err := api.Validate(o, nil); err != nil {
		return nil, err
	}
	key := KeyOf(o)
	if _, exists := s.objects[kind][key]; exists {
		return nil, api.NewAlreadyExists(kind, m.Name)
	}
	if m.UID == "" {
		m.UID = s.newUID()
	}
	m.CreationTimestamp = api.NewTime(s.clk.Now())
	m.DeletionTimestamp = nil
	if hasSpec(kind, o) {
		m.Generation = 1
	}
	s.write(Added, kind, key, o, nil)
	return o, nil
}

func (s *Store) checkNamespace(kind *api.Kind, m *api.ObjectMeta) error {
	if !kind.Namespaced {
		m.Namespace = ""
		return nil
	}
	if m.Namespace == "" {
		m.Namespace = "default"
	}
	ns, ok := s.objects[api.Namespaces][m.Namespace]
	if !ok {
		return api.NewNotFound(api.Namespaces, m.Namespace)
	}
	if ns.GetObjectMeta().DeletionTimestamp != nil {
		name := m.Name
		if name == "" {
			name = m.GenerateName // as the plugin: no name is generated yet
		}
		return &api.StatusError{Reason: api.ReasonForbidden, Message: fmt.Sprintf(
			"%s %q is forbidden: unable to create new content in namespace %s because it is being terminated", kind.GroupResource(), name, m.Namespace)}
	}
	return nil
}

// generateName appends five random characters from the alphabet upstream
// uses, cutting the base to 58 characters, and retries on a collision.
func (s *Store) generateName(kind *api.Kind, namespace, base string) string {
	if len(base) > 58 {
		base = base[:58]
	}
	for {
		name := base + s.NameSuffix()
		if _, taken := s.objects[kind][Key(namespace, name)]; !taken {
			return name
		}
	}
}

// NameSuffix draws five characters from the alphabet upstream's name
// generator uses (no vowels, no 0, 1 or 3: no words), from the seeded
// source: a generated name's tail, and the token volume's admission adds.
func (s *Store) NameSuffix() string {
	const alphabet = "bcdfghjklmnpqrstvwxz2456789"
	var b [5]byte
	for i := range b {
		b[i] = alphabet[s.clk.Rand().IntN(len(alphabet))]
	}
	return string(b[:])
}

// NewUID draws a new uid. Admission that needs the uid of the object
// being created (a Job's generated selector) sets metadata.uid from it, as
// the API server fills the uid before such strategies run; Create keeps it.
func (s *Store) NewUID() string { return s.newUID() }

func (s *Store) newUID() string {
	r := s.clk.Rand()
	a, b := r.Uint64(), r.Uint64()
	b = b&^(0xf<<60) | 4<<60 // version 4, as uuid.New
	// "%08x-%04x-%04x-%04x-%012x" of the fields below, written without fmt:
	// one uid per created object.
	var buf [36]byte
	hexDigits(buf[0:8], a>>32)
	buf[8] = '-'
	hexDigits(buf[9:13], (a>>16)&0xffff)
	buf[13] = '-'
	hexDigits(buf[14:18], b>>48)
	buf[18] = '-'
	hexDigits(buf[19:23], (a&0x3fff)|0x8000)
	buf[23] = '-'
	hexDigits(buf[24:36], b&0xffffffffffff)
	return string(buf[:])
}

// hexDigits writes v as len(dst) lowercase hex digits, zero-padded (v must
// fit).
func hexDigits(dst []byte, v uint64) {
	const digits = "0123456789abcdef"
	for i := len(dst) - 1; i >= 0; i-- {
		dst[i] = digits[v&0xf]
		v >>= 4
	}
}

// Update replaces an object's spec and metadata; its status is kept as
// stored (status changes go through UpdateStatus), as for kinds with a
// status subresource.
func (s *Store) Update(in api.Object) (api.Object, error) {
	return s.update(in, false)
}

// UpdateStatus replaces only an object's status.
func (s *Store) UpdateStatus(in api.Object) (api.Object, error) {
	return s.update(in, true)
}

// UpdateOwned is Update for an object the caller built for this call and
// hands over, as CreateOwned: the store keeps o itself (or, on an error,
// may have changed it), so the caller must never touch o again. The Event
// recorder's count of a repeated Event copies the Event once, not twice:
// at 10,000 pods those copies were 2% of the bytes a run allocates.
func (s *Store) UpdateOwned(o api.Object) (api.Object, error) {
	return s.updateOwned(o)
}

// UpdateStatusOwned is UpdateStatus for an object the caller built for
// this call and hands over, as CreateOwned: the store keeps o itself, its
// status deep-copied in place and every other field replaced by the stored
// object's, so the caller must never touch o again. The kubelet's and the
// scheduler's status writes hand over the shallow copy of the cached pod
// they made for the call: a second 700-byte copy of the pod per write —
// ~110,000 writes at 10,000 pods — was 15% of the bytes such a run
// allocates.
func (s *Store) UpdateStatusOwned(o api.Object) (api.Object, error) {
	return s.updateStatus(o, true)
}

func (s *Store) update(in api.Object, status bool) (api.Object, error) {
	if status {
		return s.updateStatus(in, false)
	}
	return s.updateOwned(api.DeepCopyObject(in))
}

func (s *Store) updateOwned(o api.Object) (api.Object, error) {
	kind := api.KindOf(o)
	if kind == nil {
		return nil, api.NewBadRequest(fmt.Sprintf("no kind %q is registered", o.GetTypeMeta().Kind))
	}
	m := o.GetObjectMeta()
	if !kind.Namespaced {
		m.Namespace = ""
	} else if m.Namespace == "" {
		m.Namespace = "default"
	}
	key := KeyOf(o)
	old, ok := s.objects[kind][key]
	if !ok {
		return nil, api.NewNotFound(kind, m.Name)
	}
	om := old.GetObjectMeta()
	if m.ResourceVersion != "" && m.ResourceVersion != om.ResourceVersion {
		return nil, api.NewConflict(kind, m.Name)
	}
	api.ShareField(o, old, "Status") // old is stored: never changed, so shared
	m.UID, m.CreationTimestamp, m.DeletionTimestamp = om.UID, om.CreationTimestamp, om.DeletionTimestamp
	m.DeletionGracePeriodSeconds = om.DeletionGracePeriodSeconds
	m.Generation = om.Generation
	api.Default(o)
	for _, f := range s.admission {
		if err := f(OpUpdate, o, old); err != nil {
			return nil, err
		}
	}
	if err := api.Validate(o, old); err != nil {
		return nil, err
	}
	if hasSpec(kind, o) && !api.EqualField(o, old, "Spec") {
		m.Generation = om.Generation + 1
	}
	// An object being deleted goes once its last finalizer is removed.
	if m.DeletionTimestamp != nil && len(m.Finalizers) == 0 && len(om.Finalizers) > 0 && !holdsNamespace(o) {
		s.write(Deleted, kind, key, o, old)
		return o, nil
	}
	s.write(Modified, kind, key, o, old)
	return o, nil
}

// Bind sets a pod's node, as the pods/binding subresource does for the
// scheduler (nodeName is otherwise immutable).
func (s *Store) Bind(namespace, name, node string) (api.Object, error) {
	kind := api.Pods
	key := Key(namespace, name)
	old, ok := s.objects[kind][key]
	if !ok {
		return nil, api.NewNotFound(kind, name)
	}
	p := shallowCopy(old).(*api.Pod) // only spec.nodeName changes (copy.go)
	if p.Spec.NodeName != "" {
		return nil, api.NewConflict(kind, name)
	}
	p.Spec.NodeName = node
	s.write(Modified, kind, key, p, old)
	return p, nil
}

// write stores o, whose store key is key (the caller has made it for its
// lookup: one string per write, not two), at the next revision and
// schedules its watch deliveries.
func (s *Store) write(t EventType, kind *api.Kind, key string, o, old api.Object) {
	s.rev++
	o.GetObjectMeta().ResourceVersion = strconv.FormatInt(s.rev, 10)
	objs := s.objects[kind]
	if objs == nil {
		objs = map[string]api.Object{}
		s.objects[kind] = objs
	}
	switch t {
	case Deleted:
		delete(objs, key)
		s.stored--
	case Added:
		objs[key] = o
		s.stored++
	default:
		objs[key] = o
	}
	ev := Event{Type: t, Kind: kind, Object: o, Old: old, Key: key, Revision: s.rev}
	if kind == api.Events && t != Deleted {
		s.leaseEvent(key, s.rev)
	}
	s.log = append(s.log, ev)
	s.trimHistory()
	for _, w := range s.watchers {
		if w.kind == kind && !w.stopped {
			s.deliver(w, ev)
		}
	}
}

// hasSpec reports whether o, of kind k, tracks metadata.generation. In
// v1.31 the workload kinds of the named groups do (apps, batch, …); core
// kinds such as Pod, Node and Namespace do not, ReplicationController
// aside. The caller has k already, and every write asks — the Events'
// creates most of all — so o's kind is not looked up again.
func hasSpec(k *api.Kind, o api.Object) bool {
	if k == nil || (k.Group == "" && k.Kind != "ReplicationController") || k.Kind == "Lease" {
		return false // a Lease has a spec but no generation
	}
	return api.HasField(o, "Spec")
}
