//go:build js && wasm

package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/kubeloop/kubeloop/core/controller"
)

// A reconcile that created 500 pods lists the first maxRowActions of them
// and counts the rest; the trace filtered to one pod still lists that one.
func TestTraceRowListsAFewActions(t *testing.T) {
	e := controller.Entry{Controller: "replicaset", Key: "default/web-5d8f"}
	for i := range 500 {
		e.Actions = append(e.Actions, controller.Action{Verb: "create", Kind: "Pod", Namespace: "default", Name: fmt.Sprintf("web-5d8f-%03d", i)})
	}
	for _, tc := range []struct{ lang, filter, more string }{
		{"en", "", "… and 488 more"},
		{langZH, "", "……另有 488 项"},
		{"en", "default/web-5d8f-400", "… and 487 more"},
	} {
		a := &app{lang: tc.lang, ui: &ui{traceFilter: tc.filter}}
		var m markup
		a.traceRow(&m, &e, false)
		row := m.String()
		assert.Equal(t, maxRowActions+map[bool]int{true: 1}[tc.filter != ""], strings.Count(row, `"t"," Pod default/web-5d8f-`), tc)
		assert.Contains(t, row, `"`+tc.more+`"`, tc)
		assert.Contains(t, row, "web-5d8f-011", tc)
		assert.NotContains(t, row, "web-5d8f-012", tc)
		if tc.filter != "" {
			assert.Contains(t, row, "web-5d8f-400", tc)
		}
	}
}
