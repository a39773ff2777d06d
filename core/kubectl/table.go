package kubectl

import (
	"strings"
	"unicode/utf8"
)

// formatTable lays rows out as kubectl's tabwriter does (minwidth 6,
// padding 3, padded with spaces): every column but the last is as wide as
// its widest cell plus three spaces, and at least six. kubectl ends every
// cell but the last with a tab, so a row whose last cell is empty (a
// label column the object lacks, `get pods -L tier`) keeps the padding of
// the cell before it: trailing spaces, as on a real cluster.
//
// The text is measured first and written into one buffer of that size:
// `kubectl get events` at 10,000 pods is 98,000 rows, and a builder grown
// row by row (each row its own builder, each pad its own string) spent
// more time copying than laying out.
func formatTable(rows [][]string) string {
	var widths []int
	for _, r := range rows {
		for i, cell := range r[:max(len(r)-1, 0)] {
			if i >= len(widths) {
				widths = append(widths, 0)
			}
			widths[i] = max(widths[i], utf8.RuneCountInString(cell)+3, 6)
		}
	}
	// A padded cell takes its column's width in bytes when it is ASCII,
	// as almost every cell is (a wider one grows the buffer once).
	size := 0
	for _, r := range rows {
		for i := range max(len(r)-1, 0) {
			size += widths[i]
		}
		if len(r) > 0 {
			size += len(r[len(r)-1])
		}
		size++ // the newline
	}
	var b strings.Builder
	b.Grow(size)
	for _, r := range rows {
		for i, cell := range r {
			b.WriteString(cell)
			if i < len(r)-1 {
				pad(&b, widths[i]-utf8.RuneCountInString(cell))
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// spaces is the padding formatTable copies from.
const spaces = "                                                                "

// pad writes n spaces.
func pad(b *strings.Builder, n int) {
	for n > len(spaces) {
		b.WriteString(spaces)
		n -= len(spaces)
	}
	b.WriteString(spaces[:n])
}
