package expectations

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/kubeloop/kubeloop/core/clock"
)

func TestUnmetUntilEveryCreateAndDeleteIsObserved(t *testing.T) {
	e := New(clock.New(1))
	_, ok := e.Satisfied("default/web")
	assert.True(t, ok, "no expectations: nothing to wait for")
	e.ExpectCreations("default/web", 2)
	e.ExpectDeletions("default/web", []string{"u1"})
	pending, ok := e.Satisfied("default/web")
	assert.False(t, ok)
	assert.Equal(t, "2 create(s) and 1 delete(s)", pending)
	e.CreationObserved("default/web")
	e.LowerCreations("default/web", 5) // never below zero
	e.DeletionObserved("default/web", "u1")
	_, ok = e.Satisfied("default/web")
	assert.True(t, ok)
}

func TestZeroExpectationsRecordNothing(t *testing.T) {
	e := New(clock.New(1))
	e.ExpectCreations("k", 0)
	e.ExpectDeletions("k", nil)
	assert.Empty(t, e.byKey)
}

func TestExpectationsExpireAfterTTL(t *testing.T) {
	clk := clock.New(1)
	e := New(clk)
	e.ExpectCreations("k", 1)
	clk.Advance(TTL)
	_, ok := e.Satisfied("k")
	assert.False(t, ok, "at the TTL they still hold")
	clk.Advance(time.Second)
	_, ok = e.Satisfied("k")
	assert.True(t, ok, "past the TTL the events are presumed lost")
	assert.Empty(t, e.byKey)
}
