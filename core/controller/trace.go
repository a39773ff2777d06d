package controller

import (
	"iter"
	"time"
)

// Action is one API write a reconcile made.
type Action struct {
	Verb      string `json:"verb"` // create, update, update-status, delete, bind, finalize
	Kind      string `json:"kind"`
	Namespace string `json:"namespace,omitempty"`
	Name      string `json:"name"`
	Detail    string `json:"detail,omitempty"`
	Error     string `json:"error,omitempty"`
}

// Entry is the record of one reconcile: observe → diff → act, and why.
type Entry struct {
	Seq        int64     `json:"seq"`
	Time       time.Time `json:"time"`
	Revision   int64     `json:"revision"` // store revision when it started
	Controller string    `json:"controller"`
	// Manager is the identity of the process that ran it (which replica
	// of kube-controller-manager led at the time).
	Manager  string   `json:"manager,omitempty"`
	Key      string   `json:"key"`
	Observed []string `json:"observed,omitempty"`
	Diff     []string `json:"diff,omitempty"`
	Actions  []Action `json:"actions,omitempty"`
	Why      []string `json:"why,omitempty"`
	Result   string   `json:"result"` // done, requeue after 5s, error: …
	Retries  int      `json:"retries,omitempty"`
}

// Trace keeps the newest entries in a bounded ring.
type Trace struct {
	// The ring is made of chunks of traceChunk entries, allocated as the
	// entries come: a whole ring made up front slowed the page's start, and
	// one grown by append copied every entry again at each doubling. The
	// entry with Seq s is at position (s-1) % limit.
	chunks [][]Entry
	limit  int   // entries kept
	kept   int   // entries in the ring so far (≤ limit)
	next   int64 // Seq of the newest entry
}

const traceChunk = 256

// NewTrace returns a trace that keeps at most limit entries.
func NewTrace(limit int) *Trace { return &Trace{limit: max(limit, 1)} }

// at is the ring's slot for position i.
func (t *Trace) at(i int) *Entry { return &t.chunks[i/traceChunk][i%traceChunk] }

func (t *Trace) add(e Entry) {
	t.next++
	e.Seq = t.next
	i := int((t.next - 1) % int64(t.limit))
	if t.kept < t.limit {
		if i/traceChunk == len(t.chunks) {
			t.chunks = append(t.chunks, make([]Entry, min(traceChunk, t.limit-i)))
		}
		t.kept++
	}
	*t.at(i) = e
}

// Since returns the entries with Seq > seq still kept, oldest first.
func (t *Trace) Since(seq int64) []Entry {
	oldest := t.next - int64(t.kept) + 1
	if seq+1 > oldest {
		oldest = seq + 1
	}
	if oldest > t.next {
		return nil
	}
	out := make([]Entry, 0, t.next-oldest+1)
	for s := oldest; s <= t.next; s++ {
		out = append(out, *t.at(int((s - 1) % int64(t.limit))))
	}
	return out
}

// Backward yields the entries with Seq > seq still kept, newest first,
// in place: the page draws the newest dozen of the thousands a 10,000-pod
// rollout adds between two draws, and a copy of them all (Since) was most
// of the trace's share of a draw. An entry is the trace's own, and only
// valid until the next reconcile.
func (t *Trace) Backward(seq int64) iter.Seq[*Entry] {
	return func(yield func(*Entry) bool) {
		oldest := max(seq+1, t.next-int64(t.kept)+1)
		for s := t.next; s >= oldest; s-- {
			if !yield(t.at(int((s - 1) % int64(t.limit)))) {
				return
			}
		}
	}
}

// Last is the Seq of the newest entry.
func (t *Trace) Last() int64 { return t.next }
