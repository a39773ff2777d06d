package engine

import (
	"errors"
	"strconv"
	"strings"

	"github.com/kubeloop/kubeloop/core/controller"
)

// EntryList is reconciles as they cross to the page: a record per
// reconcile (records.go), its lists each in one field, and each action's
// parts split by partSep. A burst's frame carries MaxFrameTrace of them.
type EntryList []controller.Entry

// entryFields is how many fields a reconcile's record has (writeEntry),
// and actionParts how many parts an action has.
const (
	entryFields = 12
	actionParts = 6
)

// encode writes the list.
func (l EntryList) encode(b *strings.Builder) {
	for i := range l {
		if i > 0 {
			b.WriteByte(recordSep)
		}
		writeEntry(b, &l[i])
	}
}

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

// decodeEntries reads what encode wrote.
func decodeEntries(s string) (EntryList, error) {
	return decodeRecords(s, "reconcile list", entryFields, readEntry)
}

// readEntry reads one reconcile from its record's fields.
func readEntry(f []string) (controller.Entry, error) {
	seq, err1 := number(f[0])
	at, err2 := readTime(f[1])
	rev, err3 := number(f[2])
	retries, err4 := number(f[11])
	if err := errors.Join(err1, err2, err3, err4); err != nil {
		return controller.Entry{}, err
	}
	e := controller.Entry{
		Seq: seq, Time: at, Revision: rev, Controller: f[3], Manager: f[4], Key: f[5],
		Observed: listItems(f[6]), Diff: listItems(f[7]), Why: listItems(f[9]),
		Result: f[10], Retries: int(retries),
	}
	if items := listItems(f[8]); items != nil {
		e.Actions = make([]controller.Action, len(items))
		for i, it := range items {
			var p [actionParts]string
			if n := strings.Count(it, string(partSep)) + 1; n != actionParts {
				return e, errors.New("an action of " + strconv.Itoa(n) + " parts, not " + strconv.Itoa(actionParts))
			}
			for j := range actionParts - 1 {
				p[j], it, _ = strings.Cut(it, string(partSep))
			}
			p[actionParts-1] = it
			e.Actions[i] = controller.Action{Verb: p[0], Kind: p[1], Namespace: p[2], Name: p[3], Detail: p[4], Error: p[5]}
		}
	}
	return e, nil
}
