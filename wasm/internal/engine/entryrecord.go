package engine

import (
	"errors"
	"strconv"
	"strings"
	"time"

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

// EntryRecords are reconciles as they cross to the page, oldest first,
// and as the page keeps them: a record each (records.go), its lists each
// in one field, and each action's parts split by partSep. The worker
// writes each once (RecordsOf), the page reads each when it draws it.
type EntryRecords []EntryRecord

// RecordsOf writes the reconciles' records.
func RecordsOf(entries []controller.Entry) EntryRecords {
	out := make(EntryRecords, len(entries))
	var b strings.Builder
	for i := range entries {
		b.Reset()
		writeEntry(&b, &entries[i])
		out[i] = EntryRecord{Seq: entries[i].Seq, rec: b.String()}
	}
	return out
}

// encode writes the records, recordSep between each.
func (l EntryRecords) encode(b *strings.Builder) {
	for i, r := range l {
		if i > 0 {
			b.WriteByte(recordSep)
		}
		b.WriteString(r.rec)
	}
}

// decodeEntryRecords reads what encode wrote as records, each checked as
// readEntry reads it (readEntryHead), none read yet.
func decodeEntryRecords(s string) (EntryRecords, error) {
	if s == "" {
		return nil, nil
	}
	out := make(EntryRecords, 0, strings.Count(s, string(recordSep))+1)
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

// entryFields is how many fields a reconcile's record has (writeEntry),
// and actionParts how many parts an action has.
const (
	entryFields = 12
	actionParts = 6
)

// writeEntry writes one reconcile's record.
func writeEntry(b *strings.Builder, e *controller.Entry) {
	actions := make([]string, len(e.Actions))
	for i, a := range e.Actions {
		actions[i] = strings.Join([]string{cleanItem(a.Verb), cleanItem(a.Kind), cleanItem(a.Namespace), cleanItem(a.Name), cleanItem(a.Detail), cleanItem(a.Error)}, string(partSep))
	}
	writeRecord(b,
		strconv.FormatInt(e.Seq, 10), timeField(e.Time), strconv.FormatInt(e.Revision, 10),
		e.Controller, e.Manager, e.Key,
		listField(e.Observed), listField(e.Diff), actionsField(actions), listField(e.Why),
		e.Result, strconv.Itoa(e.Retries),
	)
}

// actionsField is listField for actions whose parts are cleaned and
// split by partSep, which listField would drop.
func actionsField(actions []string) string {
	var b strings.Builder
	for _, a := range actions {
		b.WriteByte(itemSep)
		b.WriteString(a)
	}
	return b.String()
}

// readEntry reads one reconcile from its record's fields.
func readEntry(f []string) (controller.Entry, error) {
	h, err := readEntryHead(f)
	if err != nil {
		return controller.Entry{}, err
	}
	e := controller.Entry{
		Seq: h.seq, Time: h.at, Revision: h.rev, Controller: f[3], Manager: f[4], Key: f[5],
		Observed: listItems(f[6]), Diff: listItems(f[7]), Why: listItems(f[9]),
		Result: f[10], Retries: int(h.retries),
	}
	if items := listItems(f[8]); items != nil {
		e.Actions = make([]controller.Action, len(items))
		for i, it := range items {
			var p [actionParts]string
			for j := range actionParts - 1 {
				p[j], it, _ = strings.Cut(it, string(partSep))
			}
			p[actionParts-1] = it
			e.Actions[i] = controller.Action{Verb: p[0], Kind: p[1], Namespace: p[2], Name: p[3], Detail: p[4], Error: p[5]}
		}
	}
	return e, nil
}

// entryHead is a reconcile's numbers.
type entryHead struct {
	seq, rev, retries int64
	at                time.Time
}

// readEntryHead reads a reconcile's numbers from its record's fields, and
// checks that each of its actions has its parts: all that can be wrong
// with a record of the right number of fields.
func readEntryHead(f []string) (entryHead, error) {
	var h entryHead
	var err1, err2, err3, err4 error
	h.seq, err1 = number(f[0])
	h.at, err2 = readTime(f[1])
	h.rev, err3 = number(f[2])
	h.retries, err4 = number(f[11])
	if err := errors.Join(err1, err2, err3, err4); err != nil {
		return h, err
	}
	if f[8] == "" {
		return h, nil
	}
	for it := range strings.SplitSeq(f[8][1:], string(itemSep)) {
		if n := strings.Count(it, string(partSep)) + 1; n != actionParts {
			return h, errors.New("an action of " + strconv.Itoa(n) + " parts, not " + strconv.Itoa(actionParts))
		}
	}
	return h, nil
}
