package engine

import (
	"errors"
	"strings"

	"github.com/kubeloop/kubeloop/core/controller"
)

// EntryRecord is a reconcile as the page keeps it: its Seq, and its
// record as it crossed (writeEntry), read by Entry when it is drawn. The
// page keeps thousands of reconciles for its trace; read, each is a
// dozen strings and slices that every collection of the page's heap
// follows, and a record is one string.
type EntryRecord struct {
	Seq int64
	rec string
}

// Entry reads the reconcile. Its record was checked when it crossed
// (decodeEntryRecords), so it reads whole.
func (r EntryRecord) Entry() controller.Entry {
	var f [entryFields]string
	if splitFields(r.rec, f[:]) != nil {
		return controller.Entry{Seq: r.Seq}
	}
	e, _ := readEntry(f[:])
	return e
}

// Records are the list's reconciles as a page that received it keeps
// them.
func (l EntryList) Records() ([]EntryRecord, error) {
	var b strings.Builder
	l.encode(&b)
	return decodeEntryRecords(b.String())
}

// decodeEntryRecords reads what EntryList.encode wrote as records, each
// checked as readEntry reads it (readEntryHead), none read yet.
func decodeEntryRecords(s string) ([]EntryRecord, error) {
	if s == "" {
		return nil, nil
	}
	out := make([]EntryRecord, 0, strings.Count(s, string(recordSep))+1)
	var f [entryFields]string
	for rec := range strings.SplitSeq(s, string(recordSep)) {
		err := splitFields(rec, f[:])
		var h entryHead
		if err == nil {
			h, err = readEntryHead(f[:])
		}
		if err != nil {
			return nil, errors.New("reconcile list: " + err.Error())
		}
		out = append(out, EntryRecord{Seq: h.seq, rec: rec})
	}
	return out, nil
}
