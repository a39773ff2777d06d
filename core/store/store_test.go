package store_test

import (
	"testing"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/kubeloop/kubeloop/core/store"
	"github.com/kubeloop/kubeloop/core/store/storetest"
)

func TestStoreConformance(t *testing.T) {
	storetest.Run(t, func() *store.Store {
		s := store.New(clock.New(1))
		if _, err := s.Create(&api.Namespace{ObjectMeta: api.ObjectMeta{Name: "default"}}); err != nil {
			t.Fatal(err)
		}
		return s
	})
}

// TestAppendKey: a key spelled in a buffer is Key's.
func TestAppendKey(t *testing.T) {
	buf := []byte("stale")
	for _, c := range [][2]string{{"default", "web-0"}, {"", "node-1"}, {"kube-system", ""}} {
		buf = store.AppendKey(buf[:0], c[0], c[1])
		if got, want := string(buf), store.Key(c[0], c[1]); got != want {
			t.Errorf("AppendKey(%q, %q) = %q, want %q", c[0], c[1], got, want)
		}
	}
}
