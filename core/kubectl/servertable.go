package kubectl

import (
	"time"

	"github.com/kubeloop/kubeloop/core/api"
)

// The API server prints tables too (a meta.k8s.io/v1 Table, for the real
// kubectl): it always prints every column, -o wide's included, and the
// client hides those it does not want. These give the server the same
// columns and cells the sandbox's kubectl prints, so that both agree.

// ServerColumn is one column of a kind's table.
type ServerColumn struct {
	Header string // as kubectl prints it: "UP-TO-DATE"
	Wide   bool   // shown only with -o wide (priority 1)
}

// ServerColumns lists a kind's columns in the order of its wide rows.
func ServerColumns(k *api.Kind) []ServerColumn {
	register()
	narrow := headersFor(k, false)
	wide := headersFor(k, true)
	inNarrow := make(map[string]int, len(narrow))
	for _, h := range narrow {
		inNarrow[h]++
	}
	cols := make([]ServerColumn, len(wide))
	for i, h := range wide {
		// A wide table repeats each default column once; a header seen in
		// it beyond the default table's count is a wide one.
		cols[i] = ServerColumn{Header: h, Wide: inNarrow[h] == 0}
		if inNarrow[h] > 0 {
			inNarrow[h]--
		}
	}
	return cols
}

// ServerRow is one object's cells, one per ServerColumns entry, with ages
// as of now.
func ServerRow(k *api.Kind, o api.Object, now time.Time) []string {
	register()
	return rowFor(k, o, now, true)
}
