package kubectl

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/kubeloop/kubeloop/core/api"
)

// This file is the text layout `kubectl describe` builds on: lines written
// at an indentation level (two spaces each), with tab-separated cells
// aligned by a tab writer set up as kubectl's (min width 0, tab width 8,
// padding 2, spaces) — so columns line up within each run of lines that
// have them, exactly as kubectl's do.

// prefixWriter writes lines at indentation levels.
type prefixWriter struct {
	out io.Writer
}

// write prints format at level (two spaces per level).
func (w *prefixWriter) write(level int, format string, args ...any) {
	fmt.Fprintf(w.out, strings.Repeat("  ", level)+format, args...)
}

// line ends the current line with the given text.
func (w *prefixWriter) line(s string) { fmt.Fprintln(w.out, s) }

// flush ends the current block of aligned columns (kubectl flushes before
// the Events table, so it is aligned on its own).
func (w *prefixWriter) flush() {
	if f, ok := w.out.(interface{ Flush() error }); ok {
		_ = f.Flush()
	}
}

// tabbed runs f on a prefix writer whose cells are aligned as kubectl's
// describe aligns them, and returns the text.
func tabbed(f func(w *prefixWriter)) string {
	var b strings.Builder
	tw := tabwriter.NewWriter(&b, 0, 8, 2, ' ', 0)
	f(&prefixWriter{out: tw})
	_ = tw.Flush()
	return b.String()
}

// raw runs f on a prefix writer that leaves tabs as they are (what
// `rollout history --revision` prints: its template is not aligned).
func raw(f func(w *prefixWriter)) string {
	var b strings.Builder
	f(&prefixWriter{out: &b})
	return b.String()
}

// maxAnnotationLen is the longest "key: value" kubectl prints on one line;
// longer (or multi-line) values go on lines of their own.
const maxAnnotationLen = 140

// printObjectMeta prints the lines most describers open with: Name,
// Namespace, Labels and Annotations.
func printObjectMeta(w *prefixWriter, m *api.ObjectMeta) {
	w.write(0, "Name:\t%s\n", m.Name)
	w.write(0, "Namespace:\t%s\n", m.Namespace)
	printLabels(w, "Labels", m.Labels)
	printAnnotations(w, "Annotations", m.Annotations)
}

// printLabels prints a label map as "Title:\tk=v" with one pair per line,
// sorted, or <none>.
func printLabels(w *prefixWriter, title string, labels map[string]string) {
	w.write(0, "%s:\t", title)
	if len(labels) == 0 {
		w.line("<none>")
		return
	}
	for i, k := range sortedKeys(labels) {
		if i != 0 {
			w.write(0, "\t")
		}
		w.write(0, "%s=%s\n", k, labels[k])
	}
}

// printAnnotations prints annotations as kubectl does, leaving out the
// last-applied-configuration and wrapping long values.
func printAnnotations(w *prefixWriter, title string, annotations map[string]string) {
	w.write(0, "%s:\t", title)
	var keys []string
	for _, k := range sortedKeys(annotations) {
		if k != LastAppliedAnnotation {
			keys = append(keys, k)
		}
	}
	if len(keys) == 0 {
		w.line("<none>")
		return
	}
	for i, k := range keys {
		if i != 0 {
			w.write(0, "\t")
		}
		v := strings.TrimSuffix(annotations[k], "\n")
		if len(v)+len(k)+2 > maxAnnotationLen || strings.Contains(v, "\n") {
			w.write(0, "%s:\n", k)
			for _, s := range strings.Split(v, "\n") {
				if len(s) > maxAnnotationLen-2 {
					s = s[:maxAnnotationLen-2] + "..."
				}
				w.write(0, "\t  %s\n", s)
			}
			continue
		}
		w.write(0, "%s: %s\n", k, v)
	}
}

// printTolerations prints tolerations sorted by key, one per line:
// "node.kubernetes.io/not-ready:NoExecute op=Exists for 300s".
func printTolerations(w *prefixWriter, title string, ts []api.Toleration) {
	w.write(0, "%s:\t", title)
	if len(ts) == 0 {
		w.line("<none>")
		return
	}
	sorted := append([]api.Toleration(nil), ts...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].Key < sorted[j].Key })
	for i, t := range sorted {
		if i != 0 {
			w.write(0, "\t")
		}
		s := t.Key
		if t.Value != "" {
			s += "=" + t.Value
		}
		if t.Effect != "" {
			s += ":" + t.Effect
		}
		if t.Operator == "Exists" && t.Value == "" {
			if t.Key != "" || t.Effect != "" {
				s += " op=Exists"
			} else {
				s += "op=Exists"
			}
		}
		if t.TolerationSeconds != nil {
			s += fmt.Sprintf(" for %ds", *t.TolerationSeconds)
		}
		w.write(0, "%s\n", s)
	}
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// printBool is "True" or "False", as describe prints booleans.
func printBool(b bool) string {
	if b {
		return "True"
	}
	return "False"
}

// formatSelector prints a manifest selector as metav1.FormatLabelSelector:
// "app=nginx,pod-template-hash=x", or <none>.
func formatSelector(ls *api.LabelSelector) string {
	s, err := ls.AsSelector()
	if err != nil || ls == nil {
		return "<none>"
	}
	if t := s.String(); t != "" {
		return t
	}
	return "<none>"
}

// describeTime is a timestamp as describe prints it (RFC 1123 with a
// numeric zone): "Thu, 01 Jan 2026 00:00:00 +0000".
func describeTime(t api.Time) string {
	return t.UTC().Format("Mon, 02 Jan 2006 15:04:05 -0700")
}
