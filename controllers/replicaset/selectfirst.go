package replicaset

import "slices"

// sortFirst reorders s so that s[:n] holds its n least elements by cmp, in
// order; the rest of s is left in no particular order. cmp must be a total
// order (no two elements compare equal), so that the n least are one set
// and s[:n] is what a full sort would put there.
//
// A scale-down deletes n of a ReplicaSet's pods, often a few hundred of
// ten thousand: finding them by partition (quickselect) compares each pod
// a few times, where sorting them all compared each about log₂ n times.
func sortFirst[T any](s []T, n int, cmp func(a, b T) int) {
	if n <= 0 {
		return
	}
	lo, hi := 0, len(s) // s[:lo] are among the n least, s[hi:] are not
	for hi-lo > 16 && lo < n && n < hi {
		p := lo + partition(s[lo:hi], cmp)
		if p < n {
			lo = p + 1
		} else {
			hi = p
		}
	}
	if lo < n { // else s[:n] are the n least already
		slices.SortFunc(s[lo:hi], cmp)
	}
	slices.SortFunc(s[:lo], cmp)
}

// partition moves a pivot (the median of the first, middle and last
// elements: no randomness, and no quadratic time on sorted input) to its
// place in s, the smaller elements before it and the greater after, and
// returns its index.
func partition[T any](s []T, cmp func(a, b T) int) int {
	last, mid := len(s)-1, len(s)/2
	if cmp(s[mid], s[0]) < 0 {
		s[mid], s[0] = s[0], s[mid]
	}
	if cmp(s[last], s[mid]) < 0 {
		s[last], s[mid] = s[mid], s[last]
		if cmp(s[mid], s[0]) < 0 {
			s[mid], s[0] = s[0], s[mid]
		}
	}
	s[mid], s[last] = s[last], s[mid] // the pivot waits at the end
	pivot, at := s[last], 0
	for i := range last {
		if cmp(s[i], pivot) < 0 {
			s[i], s[at] = s[at], s[i]
			at++
		}
	}
	s[at], s[last] = s[last], s[at]
	return at
}
