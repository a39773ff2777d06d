package replicaset

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// sortFirst puts in s[:n] what a full sort would, for every n, on random,
// sorted, reversed and few-valued inputs (ties broken by index, so the
// order is total as rankForDeletion's is by name).
func TestSortFirstIsTheStartOfAFullSort(t *testing.T) {
	type item struct{ key, id int }
	less := func(a, b item) int {
		if c := cmp.Compare(a.key, b.key); c != 0 {
			return c
		}
		return cmp.Compare(a.id, b.id)
	}
	rnd := rand.New(rand.NewPCG(1, 2))
	inputs := map[string]func(i, size int) int{
		"random":   func(i, size int) int { return rnd.IntN(1000) },
		"sorted":   func(i, size int) int { return i },
		"reversed": func(i, size int) int { return size - i },
		"few keys": func(i, size int) int { return rnd.IntN(3) },
	}
	for name, key := range inputs {
		for _, size := range []int{0, 1, 2, 17, 100, 1000} {
			s := make([]item, size)
			for i := range s {
				s[i] = item{key(i, size), i}
			}
			want := slices.Clone(s)
			slices.SortFunc(want, less)
			for _, n := range []int{0, 1, size / 4, size / 2, size - 1, size, size + 3} {
				got := slices.Clone(s)
				sortFirst(got, n, less)
				k := max(0, min(n, size))
				require.Equal(t, want[:k], got[:k], "%s, %d items, n=%d", name, size, n)
				slices.SortFunc(got, less)
				require.Equal(t, want, got, "%s, %d items, n=%d: the same items", name, size, n)
			}
		}
	}
}
