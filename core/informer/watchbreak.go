package informer

import "github.com/kubeloop/kubeloop/core/api"

// A watch can break (a lost connection, an API server restart). client-go's
// reflector then watches again from the last revision it saw; when the API
// server can no longer serve events that old — its watch cache has moved
// on, 410 Gone "too old resource version" — it lists everything again
// (relist): handlers get OnUpdate for every object still there (the
// DeltaFIFO's Replace, a Sync delta), OnAdd for new ones, and OnDelete with
// a DeletedFinalStateUnknown for each one that vanished meanwhile, whose
// final state the informer never saw.

// Break drops the watch as a lost connection does: the cache keeps what it
// had and hears nothing until Reconnect. It reports whether there was a
// watch to drop.
func (i *Informer) Break() bool {
	if i.stop == nil {
		return false
	}
	i.stop()
	i.stop = nil
	i.broken = true
	return true
}

// Broken reports a watch dropped by Break and not reconnected since.
func (i *Informer) Broken() bool { return i.broken }

// Reconnect watches again after Break. With gone false the watch resumes
// from the last revision the cache reflects and the missed events arrive
// in order; with gone true the API server refused that revision and the
// informer relists. A no-op unless the watch is broken (the process may
// have stopped meanwhile).
func (i *Informer) Reconnect(gone bool) error {
	if !i.broken {
		return nil
	}
	i.broken = false
	if gone {
		return i.relist()
	}
	if err := i.watch(); err != nil {
		i.broken = true
		return err
	}
	return nil
}

// DeletedObject is what OnDelete was given, unwrapped: the deleted object,
// or a tombstone's last known state; nil for anything else.
func DeletedObject(obj any) api.Object {
	switch x := obj.(type) {
	case DeletedFinalStateUnknown:
		return x.Obj
	case api.Object:
		return x
	}
	return nil
}
