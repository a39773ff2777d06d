package apiserver

import (
	"strconv"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/store"
)

// watch answers a list (or one object, by its path or by
// fieldSelector=metadata.name=X) with ?watch=1: a Stream of watch events,
// one JSON object a line, as a real API server writes them:
//
//   - resourceVersion unset or "0": an ADDED event for each object that
//     exists, then every change after the store's current revision;
//   - resourceVersion=N: every change after revision N; a revision older
//     than the store's history window is an ERROR event with the 410
//     Status "too old resource version: N (oldest)", and the end;
//   - sendInitialEvents=true (with resourceVersionMatch=NotOlderThan, the
//     watch-list client-go may use): the ADDED events, then a BOOKMARK
//     annotated k8s.io/initial-events-end;
//   - allowWatchBookmarks=true: a BOOKMARK with the current revision every
//     simulated minute;
//   - timeoutSeconds: the end after that much SIMULATED time. The clock a
//     watch's client lives by is the cluster's: with --speed 1 the two
//     agree, with --speed 60 an informer's 5-minute watch rotates every 5
//     simulated minutes as it would on a real cluster, and a test that
//     advances the clock sees its watch end deterministically. The core
//     reads no wall clock;
//   - labelSelector and fieldSelector: an object that stops matching is
//     DELETED for the watch, one that starts matching ADDED.
//
// The watch pulls the store's log (store.Events) at each Poll rather than
// registering a store.Watch: it schedules no task on the simulation's
// clock, so any number of clients watching leave the simulation's history
// unchanged, and a BOOKMARK's revision is exact — every event up to it has
// been read. A client that falls a whole history window behind between two
// polls is told 410, as a real server drops a watcher that cannot keep up,
// and relists.
func (s *Server) watch(r *Request, rt route, kind *api.Kind) *Response {
	asTable, resp := s.watchTables(r, kind)
	if resp != nil {
		return resp
	}
	w, st := s.newWatch(r, rt, kind, asTable)
	if st != nil {
		return statusResponse(st)
	}
	return &Response{Code: 200, Header: map[string]string{"Content-Type": "application/json"}, Stream: w}
}

// bookmarkEvery is how often a watch that allows bookmarks gets one,
// as upstream's watch cache sends them about once a minute.
const bookmarkEvery = time.Minute

// watchStream is one watch: the filter it applies, the revision it has
// read up to, and the events ready for the next Poll.
type watchStream struct {
	st        *store.Store
	kind      *api.Kind
	namespace string
	name      string // from the path, or ""
	labels    api.Selector
	fields    api.FieldSelector

	rev          int64 // every event up to rev has been read
	bookmarks    bool
	nextBookmark time.Time
	deadline     time.Time // zero: no timeoutSeconds

	// asTable, for a client that asked for tables (kubectl get -w), is an
	// object as a Table of one row; nil: objects as they are.
	asTable func(o api.Object, first bool) []byte
	// tabled counts the events sent as tables: upstream gives the column
	// definitions in the first only.
	tabled int

	pending [][]byte
	done    bool
}

// newWatch reads a watch's parameters; a bad one is the Status a real API
// server answers (the codes and messages are v1.32's).
func (s *Server) newWatch(r *Request, rt route, kind *api.Kind, asTable func(o api.Object, first bool) []byte) (*watchStream, *Status) {
	w := &watchStream{st: s.c.Store(), kind: kind, namespace: rt.Namespace, name: rt.Name, asTable: asTable}
	var err error
	if w.labels, err = api.ParseSelector(r.Param("labelSelector")); err != nil {
		return nil, failure(400, "BadRequest", err.Error(), nil)
	}
	if w.fields, err = api.ParseFieldSelector(r.Param("fieldSelector")); err != nil {
		return nil, failure(400, "BadRequest", err.Error(), nil)
	}
	if err := w.fields.Check(kind); err != nil {
		return nil, failure(400, "BadRequest", err.Error(), nil)
	}
	now := s.c.Now()
	if t := r.Param("timeoutSeconds"); t != "" {
		n, err := strconv.ParseInt(t, 10, 64)
		if err != nil {
			return nil, failure(400, "BadRequest", err.Error(), nil)
		}
		if n > 0 {
			w.deadline = now.Add(time.Duration(min(n, 1<<31)) * time.Second)
		}
	}
	w.bookmarks = r.Param("allowWatchBookmarks") == "true"
	w.nextBookmark = now.Add(bookmarkEvery)

	initial := r.Param("sendInitialEvents") == "true"
	if _, set := r.Query["sendInitialEvents"]; set && r.Param("resourceVersionMatch") != "NotOlderThan" {
		return nil, invalidListOptions("resourceVersionMatch", "sendInitialEvents requires setting resourceVersionMatch to NotOlderThan")
	}
	rv := r.Param("resourceVersion")
	from := int64(0)
	if rv != "" {
		n, err := strconv.ParseUint(rv, 10, 63)
		if err != nil {
			return nil, &Status{Kind: "Status", APIVersion: "v1", Status: "Failure", Code: 500,
				Message: "resourceVersion: Invalid value: " + strconv.Quote(rv) + ": " + err.Error()}
		}
		from = int64(n)
	}
	if rv == "" || rv == "0" || initial {
		// The state now, as ADDED events: newer than any revision asked.
		w.rev = w.st.Revision()
		for _, o := range w.st.ListMatching(kind, rt.Namespace, w.matches) {
			w.emit("ADDED", o)
		}
		if initial {
			w.pending = append(w.pending, w.bookmark(true))
		}
		return w, nil
	}
	if from < w.st.Compacted() {
		w.expire(from)
		return w, nil
	}
	w.rev = from
	return w, nil
}

// invalidListOptions is the 422 a real server answers for watch options
// that contradict each other.
func invalidListOptions(field, detail string) *Status {
	st := failure(422, "Invalid", `ListOptions.meta.k8s.io "" is invalid: `+field+": Forbidden: "+detail,
		&StatusDetails{Group: "meta.k8s.io", Kind: "ListOptions",
			Causes: []StatusCause{{Type: "FieldValueForbidden", Message: "Forbidden: " + detail, Field: field}}})
	return st
}

// Poll returns the events since the last call: the store's changes that
// pass the watch's filter, then a bookmark when one is due. It ends the
// watch at its timeout, and with a 410 once the store has compacted past
// what it read.
func (w *watchStream) Poll() ([][]byte, bool) {
	if !w.done {
		w.read()
	}
	out := w.pending
	w.pending = nil
	return out, w.done
}

// read takes the store's new events.
func (w *watchStream) read() {
	now := w.st.Clock().Now()
	events, err := w.st.Events(w.rev)
	if err != nil {
		w.expire(w.rev)
		return
	}
	for _, ev := range events {
		if ev.Kind == w.kind {
			w.translate(ev)
		}
	}
	w.rev = max(w.rev, w.st.Revision())
	if w.bookmarks && !now.Before(w.nextBookmark) {
		w.pending = append(w.pending, w.bookmark(false))
		w.nextBookmark = now.Add(bookmarkEvery)
	}
	if !w.deadline.IsZero() && !now.Before(w.deadline) {
		w.done = true
	}
}

// translate turns one store event into what the watch's client sees: an
// object entering the filter is ADDED, one leaving it DELETED.
func (w *watchStream) translate(ev store.Event) {
	now := w.matches(ev.Object)
	was := ev.Old != nil && w.matches(ev.Old)
	switch {
	case ev.Type == store.Deleted && (was || now):
		w.emit("DELETED", ev.Object)
	case ev.Type == store.Deleted:
	case now && was:
		w.emit("MODIFIED", ev.Object)
	case now:
		w.emit("ADDED", ev.Object)
	case was:
		w.emit("DELETED", ev.Object)
	}
}

// matches reports whether o is one of the watched objects.
func (w *watchStream) matches(o api.Object) bool {
	m := o.GetObjectMeta()
	if w.namespace != "" && m.Namespace != w.namespace {
		return false
	}
	if w.name != "" && m.Name != w.name {
		return false
	}
	return w.labels.Matches(m.Labels) && w.fields.Matches(o)
}

// Close ends the watch; it holds nothing in the store to give back.
func (w *watchStream) Close() { w.done = true; w.pending = nil }

// emit queues one event.
func (w *watchStream) emit(typ string, o api.Object) {
	if w.asTable != nil {
		if t := w.asTable(o, w.tabled == 0); t != nil {
			w.tabled++
			w.pending = append(w.pending, watchEvent(typ, t))
			return
		}
	}
	obj, err := encodeWithType(w.kind, o)
	if err != nil {
		w.pending = append(w.pending, watchEvent("ERROR", mustMarshal(internalError(err.Error()))))
		return
	}
	w.pending = append(w.pending, watchEvent(typ, obj))
}

// expire ends the watch with the 410 a real server's watch cache sends
// for a revision it no longer holds (an ERROR event on a 200 stream).
func (w *watchStream) expire(from int64) {
	st := failure(410, "Expired", "too old resource version: "+strconv.FormatInt(from, 10)+" ("+strconv.FormatInt(w.st.Compacted(), 10)+")", nil)
	w.pending = append(w.pending, watchEvent("ERROR", mustMarshal(st)))
	w.done = true
}

// bookmark is a BOOKMARK event at the revision read so far: an object of
// the watched kind with nothing but that revision. The one that ends the
// initial events carries k8s.io/initial-events-end, and the blueprint of
// the list they make (the annotation upstream adds beside it).
func (w *watchStream) bookmark(initialEnd bool) []byte {
	meta := `{"resourceVersion":"` + strconv.FormatInt(w.rev, 10) + `","creationTimestamp":null`
	if initialEnd {
		blueprint := `{"kind":"` + w.kind.Kind + `List","apiVersion":"` + w.kind.APIVersion() + `","metadata":{},"items":null}` + "\n"
		meta += `,"annotations":{"k8s.io/initial-events-end":"true","kubernetes.io/initial-events-list-blueprint":"` + base64Std(blueprint) + `"}`
	}
	obj := `{"kind":"` + w.kind.Kind + `","apiVersion":"` + w.kind.APIVersion() + `","metadata":` + meta + `}}`
	return watchEvent("BOOKMARK", []byte(obj))
}

// watchEvent is one line of a watch: {"type":…,"object":…}.
func watchEvent(typ string, obj []byte) []byte {
	b := make([]byte, 0, len(obj)+32)
	b = append(b, `{"type":"`...)
	b = append(b, typ...)
	b = append(b, `","object":`...)
	b = append(b, obj...)
	return append(b, "}\n"...)
}
