package controller

import (
	"strconv"
	"strings"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/store"
)

// Event types.
const (
	EventNormal  = "Normal"
	EventWarning = "Warning"
)

// Recorder writes Events for a component, aggregating repeats of the same
// event on the same object into one with a growing count, as upstream does.
type Recorder struct {
	store     *store.Store
	component string
	// recent maps (object uid, type, reason, message), hashed (eventkey.go),
	// to the Event's name, for the most recent maxRecentEvents keys
	// (eventcache.go).
	recent *eventCache[eventKey, string]
	// similar records the messages of similar Events (aggregate.go), for
	// as many keys.
	similar *eventCache[similarKey, similarRecord]
}

// NewRecorder returns a recorder that signs events as component
// ("deployment-controller", "default-scheduler", "kubelet").
func NewRecorder(s *store.Store, component string) *Recorder {
	return &Recorder{store: s, component: component,
		recent: newEventCache[eventKey, string](), similar: newEventCache[similarKey, similarRecord]()}
}

// Event records one event about o.
func (r *Recorder) Event(o api.Object, eventType, reason, message string) {
	m, kind := o.GetObjectMeta(), api.KindOf(o)
	ns := m.Namespace
	if ns == "" {
		ns = "default"
	}
	now := api.NewTime(r.store.Clock().Now())
	message, aggKey := r.aggregate(m.UID, eventType, reason, message, now.Time)
	if name, ok := r.recent.get(aggKey); ok {
		if cur, err := r.store.Get(api.Events, ns, name); err == nil && sameEvent(cur.(*api.Event), m.UID, eventType, reason, message) {
			e := copyEvent(cur.(*api.Event))
			e.Count++
			e.LastTimestamp = now
			e.Message = message // a combined Event shows the latest
			// e is ours alone: the store keeps it without another copy.
			if _, err := r.store.UpdateOwned(e); err == nil {
				return
			}
		}
	}
	// Upstream names events <object>.<unix nanos in hex>. Simulated
	// instants repeat, so the store's revision is added: every write bumps
	// it, so no two events share a name. The name is spelled in a buffer
	// on the stack: one string, not a number's and then the name's.
	var buf [96]byte
	name := append(append(buf[:0], m.Name...), '.')
	name = strconv.AppendUint(name, uint64(r.store.Clock().Now().UnixNano())+uint64(r.store.Revision()), 16)
	e := &api.Event{
		ObjectMeta: api.ObjectMeta{
			Name:      string(name),
			Namespace: ns,
		},
		InvolvedObject: api.ObjectReference{Kind: kind.Kind, Namespace: m.Namespace, Name: m.Name, UID: m.UID,
			APIVersion: kind.APIVersion(), ResourceVersion: m.ResourceVersion},
		Reason: reason, Message: message, Type: eventType,
		Source:         api.EventSource{Component: r.component},
		FirstTimestamp: now, LastTimestamp: now, Count: 1,
		ReportingComponent: r.component,
	}
	if out, err := r.store.CreateOwned(e); err == nil { // e is ours alone
		r.recent.put(aggKey, out.GetObjectMeta().Name)
	}
}

// sameEvent reports whether e is the Event a recent-cache key was made
// for: the cache keeps hashes, and a hit is only trusted when the Event it
// names is about the same object with the same type, reason and message (a
// combined Event's message is its latest one, behind the prefix).
func sameEvent(e *api.Event, uid, eventType, reason, message string) bool {
	if e.InvolvedObject.UID != uid || e.Type != eventType || e.Reason != reason {
		return false
	}
	return e.Message == message || strings.HasPrefix(message, combinedPrefix) && strings.HasPrefix(e.Message, combinedPrefix)
}

// copyEvent is api.DeepCopy(e) without reflection when e refers to no
// memory — no labels, annotations, owners, finalizers or deletion fields,
// as every Event the recorder writes — and a copy of the struct is then
// deep (TestCopyEventIsDeep checks the list). Each repeat of an Event
// copies it.
func copyEvent(e *api.Event) *api.Event {
	m := &e.ObjectMeta
	if m.DeletionTimestamp != nil || m.DeletionGracePeriodSeconds != nil || m.Labels != nil ||
		m.Annotations != nil || m.OwnerReferences != nil || m.Finalizers != nil || m.ManagedFields != nil {
		return api.DeepCopy(e)
	}
	c := *e
	return &c
}
