package engine

import (
	"errors"
	"strconv"
	"strings"
)

// The lists a post carries after its JSON (Post.Encode) — pods, Events,
// reconciles — are texts of their own: a record per element and a field
// per element's field, split by ASCII separators, which no name, message
// or reason holds. Read as JSON, each byte was scanned and each field set
// through reflection, and a frame of a big rollout took the page tens of
// milliseconds; as these texts the page splits them, and each field is a
// piece of the one string.
const (
	recordSep = '\x1e'
	unitSep   = '\x1f'
	// itemSep starts each item of a list held in one field (listField),
	// and partSep splits an item into its parts (a reconcile's action).
	itemSep = '\x1d'
	partSep = '\x1c'
)

// writeRecord writes one record's fields.
func writeRecord(b *strings.Builder, fields ...string) {
	for i, f := range fields {
		if i > 0 {
			b.WriteByte(unitSep)
		}
		b.WriteString(clean(f))
	}
}

// decodeRecords reads a list's records, each of n fields, with read; it
// names the list in its errors. A list of none is nil.
func decodeRecords[T any](s, list string, n int, read func(f []string) (T, error)) ([]T, error) {
	if s == "" {
		return nil, nil
	}
	out := make([]T, 0, strings.Count(s, string(recordSep))+1)
	f := make([]string, n)
	for rec := range strings.SplitSeq(s, string(recordSep)) {
		if err := splitFields(rec, f); err != nil {
			return nil, errors.New(list + ": " + err.Error())
		}
		v, err := read(f)
		if err != nil {
			return nil, errors.New(list + ": " + err.Error())
		}
		out = append(out, v)
	}
	return out, nil
}

// splitFields splits a record into exactly len(f) fields, without
// allocating.
func splitFields(rec string, f []string) error {
	n := len(f)
	for i := range n - 1 {
		at := strings.IndexByte(rec, unitSep)
		if at < 0 {
			return errors.New("a record of " + strconv.Itoa(i+1) + " fields, not " + strconv.Itoa(n))
		}
		f[i], rec = rec[:at], rec[at+1:]
	}
	if strings.IndexByte(rec, unitSep) >= 0 {
		return errors.New("a record of more than " + strconv.Itoa(n) + " fields")
	}
	f[n-1] = rec
	return nil
}

// flag is a bool as one character.
func flag(on bool) string {
	if on {
		return "1"
	}
	return ""
}

// number is an integer field; what is written is read back whole.
func number(f string) (int64, error) {
	if f == "" {
		return 0, nil
	}
	return strconv.ParseInt(f, 10, 64)
}

// listField is a list as one field: each item after an itemSep, so that
// no list is "" and a list of one empty item is not.
func listField(items []string) string {
	var b strings.Builder
	for _, it := range items {
		b.WriteByte(itemSep)
		b.WriteString(cleanItem(it))
	}
	return b.String()
}

// listItems reads what listField wrote (nil for no items).
func listItems(f string) []string {
	if f == "" {
		return nil
	}
	return strings.Split(f[1:], string(itemSep))
}

// clean drops a record's separators from a field, and NUL, which ends a
// list (Post.Encode). They are control characters: no name, address or
// image can hold them, and no message or reason the cluster writes does.
func clean(f string) string { return drop(f, recordSep, unitSep) }

// cleanItem drops from a list's item the list's separators too.
func cleanItem(f string) string { return drop(f, partSep, unitSep) }

// drop removes the characters from lo to hi, and NUL, from f.
func drop(f string, lo, hi rune) string {
	if !strings.ContainsFunc(f, func(r rune) bool { return r >= lo && r <= hi || r == 0 }) {
		return f
	}
	return strings.Map(func(r rune) rune {
		if r >= lo && r <= hi || r == 0 {
			return -1
		}
		return r
	}, f)
}
