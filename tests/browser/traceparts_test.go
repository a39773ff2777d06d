package browser_test

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
)

// A trace drawn anew — here for the system button, over the cluster's
// own reconciles of 200 namespaces — is drawn a part at a time
// (drawOlderTrace): a first part of the newest rows, then the older ones
// below them, frame by frame, until the redraw's rows are all there,
// newest first, each once.
func TestATraceDrawnAnewComesInParts(t *testing.T) {
	t.Parallel()
	p := openPage(t)
	p.click("#play") // pause
	p.applyNamespacesAndSettle(200)
	p.click("#trace-system")
	p.waitFor("the redraw's parts drawn", `!kubeloop.debug.drawing() && document.getElementById("trace").textContent.includes("root-ca-cert-publisher")`)
	seqs := eval[[]int](p, `[...document.querySelectorAll("#trace .tr")].map(e => +e.dataset.seq)`)
	// A part holds about a dozen of these rows (11 with the parts after
	// the first left out), the redraw some forty.
	assert.Greater(t, len(seqs), 25, "the parts after the first are drawn too")
	assert.True(t, slices.IsSortedFunc(seqs, func(a, b int) int { return b - a }), "newest first: %v", seqs)
	assert.Len(t, slices.Compact(slices.Clone(seqs)), len(seqs), "each once")
	p.noConsoleErrors()
}
