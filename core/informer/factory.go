package informer

import (
	"slices"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/store"
)

// Factory shares one informer per kind among all controllers, as
// client-go's SharedInformerFactory does: one watch, one cache.
type Factory struct {
	store     *store.Store
	informers map[*api.Kind]*Informer
	order     []*Informer
	// Observe, when set, is told of every event any informer delivers.
	Observe func(*api.Kind, store.Event)
}

// NewFactory returns a factory over s.
func NewFactory(s *store.Store) *Factory {
	return &Factory{store: s, informers: map[*api.Kind]*Informer{}}
}

// For returns the shared informer of kind, creating it on first use.
func (f *Factory) For(kind *api.Kind) *Informer {
	if i, ok := f.informers[kind]; ok {
		return i
	}
	i := New(f.store, kind)
	i.observe = func(k *api.Kind, ev store.Event) {
		if f.Observe != nil {
			f.Observe(k, ev)
		}
	}
	f.informers[kind] = i
	f.order = append(f.order, i)
	return i
}

// All lists the informers in creation order.
func (f *Factory) All() []*Informer { return slices.Clone(f.order) }

// Start starts every informer not yet started, in creation order.
func (f *Factory) Start() error {
	for _, i := range f.order {
		if err := i.Start(); err != nil {
			return err
		}
	}
	return nil
}

// Stop stops every informer's watch.
func (f *Factory) Stop() {
	for _, i := range f.order {
		i.Stop()
	}
}

// Typed returns the cached objects of an informer as their Go type.
func Typed[T api.Object](objs []api.Object) []T {
	out := make([]T, len(objs))
	for n, o := range objs {
		out[n] = o.(T)
	}
	return out
}
