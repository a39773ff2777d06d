package kubectl

import (
	"strings"
	"unicode/utf8"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/store"
	"github.com/kubeloop/kubeloop/core/yaml"
)

// Watch is a running `kubectl get -w`: after the first table, one row per
// change of a matching object, in the table's columns and without its
// header — as kubectl prints them. A caller (the transcript runner, the
// page's worker) calls Poll whenever simulated time has moved, and
// Stop when the user presses Ctrl+C.
//
// It reads the store's event log from the revision it last saw, so it never
// misses a change and costs nothing between polls. Columns keep the widest
// width seen so far, as kubectl's tab writer remembers widths across rows.
type Watch struct {
	store      *store.Store
	kind       *api.Kind
	namespace  string   // "" for every namespace
	names      []string // nil for any name
	selector   listSelect
	format     string // "", "wide", "name", "yaml" or "json"
	nsColumn   bool
	showLabels bool
	// labelColumns are -L's labels, a column each.
	labelColumns []string
	// template is -o jsonpath or custom-columns (template_output.go),
	// applied to each object as it comes.
	template *templateOutput
	// noHeaders is --no-headers: the table's rows only.
	noHeaders bool

	rev     int64
	widths  []int // widest cell seen per column, padded (as formatTable)
	header  bool  // the header has been printed
	printed int   // objects printed (yaml separates them with ---)
	stopped bool
}

func newWatch(s *store.Store, k *api.Kind, namespace string, names []string, sel listSelect, format string, nsColumn, showLabels bool) *Watch {
	return &Watch{store: s, kind: k, namespace: namespace, names: names, selector: sel, format: format,
		nsColumn: nsColumn, showLabels: showLabels, rev: s.Revision()}
}

// Poll returns the rows for every change since the last poll (or since the
// command ran), oldest first; "" when nothing matching changed or the watch
// is stopped.
func (w *Watch) Poll() string {
	if w == nil || w.stopped {
		return ""
	}
	events, err := w.store.Events(w.rev)
	if err != nil {
		// The log was compacted past us: resume from now, as a re-listed watch.
		w.rev = w.store.Revision()
		return ""
	}
	var objs []api.Object
	for _, ev := range events {
		if ev.Kind == w.kind && (w.matches(ev.Object) || (ev.Old != nil && w.matches(ev.Old))) {
			objs = append(objs, ev.Object)
		}
	}
	w.rev = w.store.Revision()
	return w.print(objs, false)
}

// widen remembers the widest cells of r.
func (w *Watch) widen(r []string) {
	for i, cell := range r[:max(len(r)-1, 0)] {
		if i >= len(w.widths) {
			w.widths = append(w.widths, 0)
		}
		w.widths[i] = max(w.widths[i], utf8.RuneCountInString(cell)+3, 6) // as formatTable
	}
}

// row prints one row in the widths seen so far (and its own).
func (w *Watch) row(r []string) string {
	w.widen(r)
	var line strings.Builder
	for i, cell := range r {
		line.WriteString(cell)
		if i < len(r)-1 {
			line.WriteString(strings.Repeat(" ", w.widths[i]-utf8.RuneCountInString(cell)))
		}
	}
	return line.String() + "\n"
}

// Stop ends the watch; Poll returns "" from then on.
func (w *Watch) Stop() {
	if w != nil {
		w.stopped = true
	}
}

func (w *Watch) matches(o api.Object) bool {
	m := o.GetObjectMeta()
	if w.namespace != "" && m.Namespace != w.namespace {
		return false
	}
	if w.names != nil {
		found := false
		for _, n := range w.names {
			found = found || n == m.Name
		}
		if !found {
			return false
		}
	}
	return w.selector.matches(o)
}

// print renders objects in the watch's format, continuing its table;
// initial is the first list, printed as one table.
func (w *Watch) print(objs []api.Object, initial bool) string {
	var b strings.Builder
	switch {
	case w.template != nil && w.template.format == "jsonpath":
		for _, o := range objs {
			// An object the template cannot print is left out, as
			// kubectl's watch goes on after a printer's error.
			_ = w.template.print(&b, []api.Object{o}, true)
		}
	case w.format == "name":
		for _, o := range objs {
			b.WriteString(qualifiedName(w.kind, o.GetObjectMeta().Name) + "\n")
		}
	case w.format == "yaml" || w.format == "json":
		for _, o := range objs {
			var text string
			var err error
			if w.format == "yaml" {
				text, err = yaml.Encode(o)
				if w.printed > 0 {
					b.WriteString("---\n")
				}
			} else {
				text, err = yaml.EncodeJSON(o)
			}
			if err == nil {
				b.WriteString(withNewline(text))
				w.printed++
			}
		}
	default:
		// kubectl's tab writer is flushed after the first list and after
		// every watched object, and remembers column widths: each row is as
		// wide as the widest cells printed so far, never wider for what
		// comes after it.
		if len(objs) == 0 {
			return ""
		}
		var rows [][]string
		if w.template != nil { // custom-columns: a table too
			var err error
			if rows, err = w.template.columnRows(objs); err != nil {
				return ""
			}
		} else {
			rows = tableRows(getGroup{kind: w.kind, objs: objs}, w.store.Clock().Now(), w.format == "wide", w.nsColumn, w.showLabels, false, w.labelColumns...)
		}
		if w.header || w.noHeaders {
			rows = rows[1:]
		}
		first := 0 // rows[:first] go out together, aligned as one table
		switch {
		case initial:
			first = len(rows)
		case !w.header:
			first = 2 // the header comes with the first row
		}
		w.header = true
		for _, r := range rows[:first] {
			w.widen(r)
		}
		for _, r := range rows {
			b.WriteString(w.row(r))
		}
	}
	return b.String()
}
