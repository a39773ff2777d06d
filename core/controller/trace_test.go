package controller

import "testing"

// TestTraceKeepsTheNewestEntries: whatever the limit — below, at or past
// a chunk's size — Since returns the newest entries kept, oldest first,
// each with its own Seq and content, as entries keep coming; Backward
// yields the same entries newest first, and stops when asked.
func TestTraceKeepsTheNewestEntries(t *testing.T) {
	for _, limit := range []int{1, 7, traceChunk, traceChunk + 1, 3*traceChunk - 5} {
		tr := NewTrace(limit)
		for n := 1; n <= 4*limit+traceChunk; n++ {
			tr.add(Entry{Key: string(rune('a' + n%26)), Revision: int64(n)})
			for _, since := range []int64{0, int64(n) - 3, int64(n)} {
				got := tr.Since(since)
				first := max(since+1, int64(n-limit+1), 1)
				if len(got) != int(int64(n)-first+1) {
					t.Fatalf("limit %d, %d added: Since(%d) has %d entries; want %d", limit, n, since, len(got), int64(n)-first+1)
				}
				for i, e := range got {
					seq := first + int64(i)
					if e.Seq != seq || e.Revision != seq || e.Key != string(rune('a'+seq%26)) {
						t.Fatalf("limit %d, %d added: Since(%d)[%d] = %+v; want Seq %d", limit, n, since, i, e, seq)
					}
				}
				i := len(got)
				for e := range tr.Backward(since) {
					i--
					if i < 0 || e.Seq != got[i].Seq || e.Key != got[i].Key || e.Revision != got[i].Revision {
						t.Fatalf("limit %d, %d added: Backward(%d) yields %+v after %d entries; want Since's, reversed", limit, n, since, *e, len(got)-i-1)
					}
				}
				if i != 0 {
					t.Fatalf("limit %d, %d added: Backward(%d) yields %d entries; want %d", limit, n, since, len(got)-i, len(got))
				}
				for range tr.Backward(since) {
					break // a loop that stops early stops the iteration
				}
			}
		}
	}
}
