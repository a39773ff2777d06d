package controller

import "time"

// Action is one API write a reconcile made.
type Action struct {
	Verb      string `json:"verb"` // create, update, update-status, delete, bind
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
	ring  []Entry // ring[i%limit] holds the entry with Seq i+1
	limit int     // the ring grows to this as entries come (a 2 MB ring made up front slowed the page's start)
	next  int64   // Seq of the newest entry
}

// NewTrace returns a trace that keeps at most limit entries.
func NewTrace(limit int) *Trace { return &Trace{limit: max(limit, 1)} }

func (t *Trace) add(e Entry) {
	t.next++
	e.Seq = t.next
	if len(t.ring) < t.limit {
		t.ring = append(t.ring, e)
		return
	}
	t.ring[(t.next-1)%int64(t.limit)] = e
}

// Since returns the entries with Seq > seq still kept, oldest first.
func (t *Trace) Since(seq int64) []Entry {
	oldest := t.next - int64(len(t.ring)) + 1
	if seq+1 > oldest {
		oldest = seq + 1
	}
	if oldest > t.next {
		return nil
	}
	out := make([]Entry, 0, t.next-oldest+1)
	for s := oldest; s <= t.next; s++ {
		out = append(out, t.ring[(s-1)%int64(t.limit)])
	}
	return out
}

// Last is the Seq of the newest entry.
func (t *Trace) Last() int64 { return t.next }
