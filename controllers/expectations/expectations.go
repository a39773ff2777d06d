// Package expectations remembers, per owner, the pods a controller has
// created or deleted but not yet seen in its informer cache — upstream's
// ControllerExpectations. Until the cache catches up, the counts it shows
// are stale, and acting on them would create or delete a second time; so a
// controller skips its create/delete step while its expectations are unmet.
// Unmet expectations older than TTL are dropped: the events were lost.
//
// Keys are the owner's "namespace/name". Not safe for concurrent use (one
// loop, no goroutines).
package expectations

import (
	"fmt"
	"time"

	"github.com/kubeloop/kubeloop/core/clock"
)

// TTL is how long unmet expectations hold an owner back (upstream: 5m).
const TTL = 5 * time.Minute

// Expectations tracks pending creates and deletes per owner key.
type Expectations struct {
	clk   *clock.Sim
	byKey map[string]*expectation
}

type expectation struct {
	adds    int
	deletes map[string]bool // pod uids
	at      time.Time       // when the last expectation was set
}

// New returns empty expectations on the simulated clock.
func New(clk *clock.Sim) *Expectations {
	return &Expectations{clk: clk, byKey: map[string]*expectation{}}
}

func (e *Expectations) get(key string) *expectation {
	x := e.byKey[key]
	if x == nil {
		x = &expectation{deletes: map[string]bool{}}
		e.byKey[key] = x
	}
	x.at = e.clk.Now()
	return x
}

// ExpectCreations records n creates about to be made.
func (e *Expectations) ExpectCreations(key string, n int) {
	if n > 0 {
		e.get(key).adds += n
	}
}

// LowerCreations forgets n expected creates: ones never made, or failed,
// whose events will never come.
func (e *Expectations) LowerCreations(key string, n int) {
	if x := e.byKey[key]; x != nil {
		x.adds = max(0, x.adds-n)
	}
}

// CreationObserved records that the cache has seen one created pod.
func (e *Expectations) CreationObserved(key string) { e.LowerCreations(key, 1) }

// ExpectDeletions records the pods about to be deleted.
func (e *Expectations) ExpectDeletions(key string, uids []string) {
	if len(uids) == 0 {
		return
	}
	x := e.get(key)
	for _, u := range uids {
		x.deletes[u] = true
	}
}

// DeletionObserved records that the cache has seen a pod go (or that its
// delete failed and its event will never come).
func (e *Expectations) DeletionObserved(key, uid string) {
	if x := e.byKey[key]; x != nil {
		delete(x.deletes, uid)
	}
}

// Forget drops everything about key (its owner is gone).
func (e *Expectations) Forget(key string) { delete(e.byKey, key) }

// Satisfied reports whether the cache has caught up with the controller's
// own writes for key (or they are too old to wait for); if not, it says
// what is still expected.
func (e *Expectations) Satisfied(key string) (pending string, ok bool) {
	x := e.byKey[key]
	if x == nil || (x.adds == 0 && len(x.deletes) == 0) {
		return "", true
	}
	if e.clk.Now().Sub(x.at) > TTL {
		e.Forget(key)
		return "", true
	}
	return fmt.Sprintf("%d create(s) and %d delete(s)", x.adds, len(x.deletes)), false
}
