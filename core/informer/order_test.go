package informer

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
)

// An order whose set is no longer read gives up once more entries joined
// than it held (at least 64), so it never holds every entry that ever
// joined; the indexer then drops it and sorts afresh if asked again.
func TestOrderGivesUpWhenMoreJoinedThanItHeld(t *testing.T) {
	set := map[*entry]struct{}{}
	entryN := func(n int) *entry {
		e := &entry{key: fmt.Sprintf("default/pod-%04d", n)}
		set[e] = struct{}{}
		return e
	}
	var held []*entry
	for n := range 100 {
		held = append(held, entryN(2*n))
	}
	o := &order{sorted: sortedSet(set)}
	for n := range 100 {
		assert.True(t, o.join(entryN(2*n+1)), "join %d of 100", n+1)
	}
	assert.False(t, o.join(entryN(1000)), "the 101st joined entry is one more than the order held")

	small := &order{}
	for n := range 64 {
		assert.True(t, small.join(entryN(2000+n)))
	}
	assert.False(t, small.join(entryN(3000)), "a small set's order keeps up to 64 joined entries")

	// Rejoining an entry the order still holds sorted costs nothing.
	o = &order{sorted: sortedSet(map[*entry]struct{}{held[0]: {}, held[1]: {}})}
	o.leave()
	assert.True(t, o.join(held[0]))
	assert.Empty(t, o.joined)
}
