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
