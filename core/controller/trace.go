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
	Key        string    `json:"key"`
	Observed   []string  `json:"observed,omitempty"`
	Diff       []string  `json:"diff,omitempty"`
	Actions    []Action  `json:"actions,omitempty"`
	Why        []string  `json:"why,omitempty"`
	Result     string    `json:"result"` // done, requeue after 5s, error: …
	Retries    int       `json:"retries,omitempty"`
}

// Trace keeps the newest entries in a bounded ring.
type Trace struct {
	limit   int
	entries []Entry
	next    int64
}

// NewTrace returns a trace that keeps at most limit entries.
func NewTrace(limit int) *Trace { return &Trace{limit: limit} }

func (t *Trace) add(e Entry) {
	t.next++
	e.Seq = t.next
	if len(t.entries) >= t.limit {
		copy(t.entries, t.entries[len(t.entries)-t.limit+1:])
		t.entries = t.entries[:t.limit-1]
	}
	t.entries = append(t.entries, e)
}

// Since returns the entries with Seq > seq still kept, oldest first.
func (t *Trace) Since(seq int64) []Entry {
	for i, e := range t.entries {
		if e.Seq > seq {
			return t.entries[i:]
		}
	}
	return nil
}

// Last is the Seq of the newest entry.
func (t *Trace) Last() int64 { return t.next }
