package informer

// An index is built the first time it is read, and only then kept up to
// date. Every informer has the standard indexes, but each process reads
// few of them: of a 10,000-pod run's three pod informers (the kubelets',
// the controller manager's and the scheduler's), the label index is read
// by none, and the scheduler's informer reads no index at all — yet each
// pod write re-indexed all five in all three, and a new pod's label values
// ("app=bench", …) were strings made for nobody. What a read returns is
// the same whenever the index was built: sets are unordered, and sorted
// lists are sorted by key.

// index is the index called name, built if it was not yet; nil if there
// is none.
func (i *Informer) index(name string) *indexer {
	ix := i.indexes[name]
	if ix != nil && !ix.built {
		i.build(ix)
	}
	return ix
}

// build indexes every cached object in ix; from then on put and remove
// keep it.
func (i *Informer) build(ix *indexer) {
	for _, e := range i.items {
		v := ix.fn(e.obj)
		ix.add(e, v)
		e.values[ix.pos] = v
	}
	ix.built = true
}
