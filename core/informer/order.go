package informer

import (
	"slices"
	"strings"
)

// order keeps one index set's entries sorted by key, between two reads at
// the cost of what changed rather than of a sort of the whole set: the
// entries that joined are sorted among themselves and merged in, and the
// ones that left are skipped. A ReplicaSet's sync lists its 10,000 pods
// through two such sets while pods come and go between syncs; sorting
// them afresh each time was 4% of a 10,000-pod rollout's CPU under
// WebAssembly.
type order struct {
	sorted []*entry // the set at the last read, sorted by key; read-only, callers share it
	joined []*entry // entries added since, in no order (one may be there twice)
	left   bool     // some entry of sorted or joined has left the set since
}

// join notes that e joined the set. It may be in sorted still: it left
// and came back (a label changed and changed back) between two reads. It
// reports whether the order is still worth keeping: once more entries
// joined than the set had, a sort on the next read costs no more, and a
// set nobody reads any more must not hold on to every entry that joins.
func (o *order) join(e *entry) (keep bool) {
	if i, found := o.search(e.key); found && o.sorted[i] == e {
		return true
	}
	o.joined = append(o.joined, e)
	return len(o.joined) <= max(64, len(o.sorted))
}

// leave notes that an entry left the set.
func (o *order) leave() { o.left = true }

func (o *order) search(key string) (int, bool) {
	return slices.BinarySearchFunc(o.sorted, key, func(e *entry, k string) int { return strings.Compare(e.key, k) })
}

// entries is the set, sorted by key. sorted is replaced, never changed,
// so a list handed out earlier stays as it was.
func (o *order) entries(set map[*entry]struct{}) []*entry {
	if !o.left && len(o.joined) == 0 {
		return o.sorted
	}
	kept, joined := o.sorted, o.joined
	if o.left {
		kept, joined = inSet(kept, set), inSet(joined, set)
	}
	joined = slices.Compact(sortByKey(joined)) // an entry that left and joined again is there twice
	o.sorted = mergeSorted(kept, joined)
	o.joined, o.left = nil, false
	return o.sorted
}

// inSet is the entries of list still in set, in a new slice.
func inSet(list []*entry, set map[*entry]struct{}) []*entry {
	out := make([]*entry, 0, len(list))
	for _, e := range list {
		if _, in := set[e]; in {
			out = append(out, e)
		}
	}
	return out
}
