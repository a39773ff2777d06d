// Package store is kubeloop's API server and etcd in one: it admits, stores
// and versions objects, and tells watchers about every change.
//
// Contract:
//   - Every write gets the next global revision; an object's resourceVersion
//     is the revision of its last write, so revisions strictly increase.
//   - A write with a non-empty, stale resourceVersion fails with Conflict
//     (optimistic concurrency): read, modify, write, retry on Conflict.
//   - Objects returned by the store are shared and read-only. Never modify
//     them; api.DeepCopy first. The store keeps its own copy of what it is
//     given, so callers may reuse their objects.
//   - Watchers receive events in revision order, each once, as tasks on the
//     simulated clock (after WatchLatency), never synchronously inside the
//     write — so a reconcile finishes before anyone observes its writes.
//   - History: every event since the last compaction is kept, so the state
//     at any retained revision can be read back (replay). A watch from a
//     compacted revision fails with Gone ("too old resource version").
//
// Not for: concurrency. The store is driven by one loop and has no locks.
package store
