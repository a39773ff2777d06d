package informer

import (
	"fmt"
	"iter"

	"github.com/kubeloop/kubeloop/core/api"
)

// Lister is an informer whose reads hand out its kind's Go type T
// (*api.Pod for pods), so a controller asserts no types: Get, List,
// ByIndex, ByIndexes and the Each walks return or yield T, in the same
// order and with the same allocations as the Informer's own; everything
// else (AddHandler, CountByIndex, HasSynced, …) is the embedded Informer's.
// AddTypedHandler registers a HandlerFor[T], whose calls receive T too; a
// Handler added with AddHandler receives api.Object, and OnDelete may be
// handed a tombstone.
//
// As with the Informer, what a Lister returns is the cache's: NEVER modify
// it.
type Lister[T api.Object] struct{ *Informer }

// ListerFor is the factory's shared informer of T's kind as a Lister.
// It panics if no kind has Go type T (a programmer's error).
func ListerFor[T api.Object](f *Factory) Lister[T] {
	k := api.KindOfType[T]()
	if k == nil {
		var zero T
		panic(fmt.Sprintf("informer: no kind has Go type %T", zero))
	}
	return Lister[T]{f.For(k)}
}

// NewLister reads i as a Lister. It panics if i's kind's objects are not
// of type T (a programmer's error).
func NewLister[T api.Object](i *Informer) Lister[T] {
	if k := api.KindOfType[T](); k != i.kind {
		var zero T
		panic(fmt.Sprintf("informer: %T is not the Go type of %s", zero, i.kind.Resource))
	}
	return Lister[T]{i}
}

// Get returns a cached object, as Informer.Get.
func (l Lister[T]) Get(namespace, name string) (T, bool) {
	o, ok := l.Informer.Get(namespace, name)
	if !ok {
		var zero T
		return zero, false
	}
	return o.(T), true
}

// List returns cached objects in a namespace ("" for all), sorted by key.
func (l Lister[T]) List(namespace string) []T {
	return objectsOf[T](l.Informer, l.listEntries(namespace))
}

// ByIndex returns the cached objects whose index name has value, sorted.
func (l Lister[T]) ByIndex(name, value string) []T {
	return objectsOf[T](l.Informer, l.sortedEntries(name, value))
}

// ByIndexes returns the cached objects in any of the given sets — index
// name and value, in pairs — sorted by key, each once.
func (l Lister[T]) ByIndexes(nameValue ...string) []T {
	return objectsOf[T](l.Informer, l.byIndexes(nameValue))
}

// EachByIndexes is Informer.EachByIndexes yielding T.
func (l Lister[T]) EachByIndexes(nameValue ...string) (all iter.Seq[T], n int) {
	i := l.Informer
	entries := i.byIndexes(nameValue)
	return func(yield func(T) bool) {
		for _, e := range entries {
			i.visited++
			if !yield(e.obj.(T)) {
				return
			}
		}
	}, len(entries)
}

// EachSortedByIndex is Informer.EachSortedByIndex with fn taking T.
func (l Lister[T]) EachSortedByIndex(name, value string, fn func(T)) {
	i := l.Informer
	for _, e := range i.sortedEntries(name, value) {
		i.visited++
		fn(e.obj.(T))
	}
}

// EachByIndex is Informer.EachByIndex with fn taking T: in no particular
// order.
func (l Lister[T]) EachByIndex(name, value string, fn func(T)) {
	i := l.Informer
	if ix := i.index(name); ix != nil {
		for e := range ix.sets[value] {
			i.visited++
			fn(e.obj.(T))
		}
	}
}

// objectsOf is Informer.objects as a []T.
func objectsOf[T api.Object](i *Informer, entries []*entry) []T {
	i.visited += int64(len(entries))
	out := make([]T, len(entries))
	for n, e := range entries {
		out[n] = e.obj.(T)
	}
	return out
}

// HandlerFor is a Handler of one kind, whose calls receive its Go type T.
// Any field may be nil. OnDelete receives the deleted object, or — when
// the informer learned of the deletion by relisting — the tombstone's last
// known state: unlike Handler's, it is never handed the tombstone itself.
type HandlerFor[T api.Object] struct {
	OnAdd    func(obj T)
	OnUpdate func(old, obj T)
	OnDelete func(obj T)
}

// AddTypedHandler registers h, as AddHandler does a Handler: one added
// after the initial list first receives OnAdd for everything cached.
func (l Lister[T]) AddTypedHandler(h HandlerFor[T]) {
	// The fields left nil stay nil, so the informer skips them as it
	// skips a Handler's.
	var u Handler
	if h.OnAdd != nil {
		u.OnAdd = func(o api.Object) { h.OnAdd(o.(T)) }
	}
	if h.OnUpdate != nil {
		u.OnUpdate = func(old, o api.Object) { h.OnUpdate(old.(T), o.(T)) }
	}
	if h.OnDelete != nil {
		u.OnDelete = func(o any) { h.OnDelete(DeletedObject(o).(T)) }
	}
	l.Informer.AddHandler(u)
}
