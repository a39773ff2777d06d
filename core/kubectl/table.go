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
	var b strings.Builder
	for _, r := range rows {
		var line strings.Builder
		for i, cell := range r {
			line.WriteString(cell)
			if i < len(r)-1 {
				line.WriteString(strings.Repeat(" ", widths[i]-utf8.RuneCountInString(cell)))
			}
		}
		b.WriteString(line.String())
		b.WriteByte('\n')
	}
	return b.String()
}
