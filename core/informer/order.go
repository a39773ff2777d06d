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
	joined []*entry // entries added since, in no order
	left   bool     // some entry of sorted has left the set since
}

// join notes that e joined the set. It may be in sorted still: it left
// and came back (a label changed and changed back) between two reads.
func (o *order) join(e *entry) {
	if i, found := o.search(e.key); found && o.sorted[i] == e {
		return
	}
	o.joined = append(o.joined, e)
}

// leave notes that e left the set.
func (o *order) leave(e *entry) {
	if i := slices.Index(o.joined, e); i >= 0 {
		o.joined = slices.Delete(o.joined, i, i+1)
		return
	}
	o.left = true
}

func (o *order) search(key string) (int, bool) {
	return slices.BinarySearchFunc(o.sorted, key, func(e *entry, k string) int { return strings.Compare(e.key, k) })
}

// entries is the set, sorted by key. sorted is replaced, never changed,
// so a list handed out earlier stays as it was.
func (o *order) entries(set map[*entry]struct{}) []*entry {
	if !o.left && len(o.joined) == 0 {
		return o.sorted
	}
	kept := o.sorted
	if o.left {
		kept = make([]*entry, 0, len(set))
		for _, e := range o.sorted {
			if _, in := set[e]; in {
				kept = append(kept, e)
			}
		}
	}
	o.sorted = mergeSorted(kept, sortByKey(o.joined))
	o.joined, o.left = nil, false
	return o.sorted
}
