package daemonset

import (
	"fmt"
	"time"

	"github.com/kubeloop/kubeloop/core/clock"
)

// expectationsTTL is how long unmet expectations hold a DaemonSet back
// before the controller assumes the events were lost (upstream: 5m).
const expectationsTTL = 5 * time.Minute

// expectations track, per DaemonSet, creates and deletes made but not yet
// seen in the pod cache: until they are, its counts are stale.
type expectations struct {
	clk   *clock.Sim
	byKey map[string]*expectation
}

type expectation struct {
	adds    int
	deletes map[string]bool // pod uids
	at      time.Time
}

func newExpectations(clk *clock.Sim) *expectations {
	return &expectations{clk: clk, byKey: map[string]*expectation{}}
}

func (e *expectations) get(key string) *expectation {
	x := e.byKey[key]
	if x == nil {
		x = &expectation{deletes: map[string]bool{}}
		e.byKey[key] = x
	}
	x.at = e.clk.Now()
	return x
}

func (e *expectations) expectAdds(key string, n int) {
	if n > 0 {
		e.get(key).adds += n
	}
}

func (e *expectations) lowerAdds(key string) {
	if x := e.byKey[key]; x != nil && x.adds > 0 {
		x.adds--
	}
}

func (e *expectations) expectDeletes(key string, uids []string) {
	if len(uids) == 0 {
		return
	}
	x := e.get(key)
	for _, u := range uids {
		x.deletes[u] = true
	}
}

func (e *expectations) observeAdd(key string) { e.lowerAdds(key) }

func (e *expectations) observeDelete(key, uid string) {
	if x := e.byKey[key]; x != nil {
		delete(x.deletes, uid)
	}
}

func (e *expectations) forget(key string) { delete(e.byKey, key) }

// satisfied reports whether the cache has caught up with this controller's
// own writes (or they are too old to wait for); if not, what is pending.
func (e *expectations) satisfied(key string) (string, bool) {
	x := e.byKey[key]
	if x == nil || (x.adds == 0 && len(x.deletes) == 0) {
		return "", true
	}
	if e.clk.Now().Sub(x.at) > expectationsTTL {
		e.forget(key)
		return "", true
	}
	return fmt.Sprintf("%d create(s) and %d delete(s)", x.adds, len(x.deletes)), false
}
