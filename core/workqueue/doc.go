// Package workqueue is the queue between a controller's informers and its
// reconciles: client-go's workqueue semantics, generic, on kubeloop's
// simulated clock.
//
// A Queue[T] promises:
//
//   - Fair: items are handed out in the order they became ready (FIFO). Items
//     whose delays end at the same simulated instant become ready in the
//     clock's sequence order, so a run is reproducible.
//   - Stingy: an item added many times before it is processed is processed
//     once. An Add only says "look at this key again"; a reconcile reads the
//     current state, so one look answers every Add before it.
//   - Exclusive: an item is never processed by two workers at once. From Get
//     to Done it is "processing"; an Add in that window only marks it dirty,
//     and Done puts it back in the ready list once, so a change that arrived
//     mid-reconcile is not lost.
//   - Orderly shutdown: after ShutDown new adds are ignored and pending delays
//     are cancelled, while items already ready can still be drained by Get.
//
// Delays (AddAfter) and retries (AddRateLimited) are timers on the simulated
// clock, not goroutines, so a 16-minute backoff passes in a test as fast as a
// 16 ms one, and always in the same order. A RateLimiter decides how long a
// failing item waits: per-item exponential backoff, a token bucket shared by
// all items, or the larger of several.
//
// Get never blocks: it reports ok=false when nothing is ready. Instead of a
// worker goroutine parked in Get, the controller runner registers SetOnReady
// and schedules a reconcile when an item becomes ready and a worker is free.
//
// When not to use it: items carry no payload and repeated adds collapse, so it
// suits keys whose processing is idempotent (level-based), not a list of
// distinct jobs. A Queue is not safe for concurrent use; like all of core/ it
// runs on the simulation's single loop.
package workqueue
