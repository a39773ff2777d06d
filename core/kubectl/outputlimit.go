package kubectl

import (
	"errors"
	"fmt"
	"unicode/utf8"
)

// A command's output is bounded, as a terminal's memory is: at a few
// thousand pods `get pods -o jsonpath='{..}'` prints every field of every
// pod once for each level above it, tens of megabytes on one line, and a
// page that kept it all stalled for the better part of a minute. Each
// stream keeps its first MaxOutputBytes and then stops accepting; the
// Result says so (Result.Cut) and ends with kubeloop's note (CutNote), so a
// transcript, `kubeloop run` and the page all show where the output
// stopped. Output below the bound is kubectl's, byte for byte.

// MaxOutputBytes is the most one stream of one command keeps (16 MiB):
// far above a table or -o yaml of a lesson's cluster, and of `get pods -o
// wide` at the largest cluster kubeloop runs.
const MaxOutputBytes = 16 << 20

// outputLimit is the limit commands run with: MaxOutputBytes, lowered by
// tests so that they need not print 16 MiB.
var outputLimit = MaxOutputBytes

// errOutputFull is what a bounded writer returns once it has stopped
// accepting, so that a printer building a long text can stop early.
var errOutputFull = errors.New("output passed its limit")

// CutNote is kubeloop's note, on stderr after everything else, that a
// command's output passed its limit.
func CutNote() string {
	size := fmt.Sprintf("%d MiB", outputLimit>>20)
	if outputLimit%(1<<20) != 0 {
		size = fmt.Sprintf("%d KiB", outputLimit>>10)
	}
	return fmt.Sprintf("kubeloop: the output passed %s; only its first %s are shown. Ask for less: a name, -l SELECTOR, -o name, or a pipe such as | head\n",
		size, size)
}

// prefixWithin is s cut to at most n bytes, at the start of a rune.
func prefixWithin(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// boundedBuilder collects text up to max bytes, then refuses more
// (errOutputFull), keeping the prefix that fit; cut reports whether it
// refused anything.
type boundedBuilder struct {
	pieces []string
	n, max int
	cut    bool
}

func (b *boundedBuilder) WriteString(s string) (int, error) {
	if b.cut {
		return 0, errOutputFull
	}
	kept := prefixWithin(s, b.max-b.n)
	if kept != "" {
		b.pieces = append(b.pieces, kept)
		b.n += len(kept)
	}
	if len(kept) < len(s) {
		b.cut = true
		return len(kept), errOutputFull
	}
	return len(s), nil
}
