package store_test

import (
	"fmt"
	"testing"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/kubeloop/kubeloop/core/store"
)

func BenchmarkStoreCreatePod(b *testing.B) {
	s := store.New(clock.New(1))
	if _, err := s.Create(&api.Namespace{ObjectMeta: api.ObjectMeta{Name: "default"}}); err != nil {
		b.Fatal(err)
	}
	p := &api.Pod{ObjectMeta: api.ObjectMeta{Namespace: "default"},
		Spec: api.PodSpec{Containers: []api.Container{{Name: "c", Image: "nginx:1.7.9"}}}}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		p.Name = fmt.Sprintf("p-%d", i)
		if _, err := s.Create(p); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkStoreUpdateStatus(b *testing.B) {
	s := store.New(clock.New(1))
	if _, err := s.Create(&api.Namespace{ObjectMeta: api.ObjectMeta{Name: "default"}}); err != nil {
		b.Fatal(err)
	}
	o, err := s.Create(&api.Pod{ObjectMeta: api.ObjectMeta{Name: "p", Namespace: "default"},
		Spec: api.PodSpec{Containers: []api.Container{{Name: "c", Image: "nginx:1.7.9"}}}})
	if err != nil {
		b.Fatal(err)
	}
	p := api.DeepCopy(o.(*api.Pod))
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		p.ResourceVersion = ""
		p.Status.Phase = [2]string{api.PodPending, api.PodRunning}[i%2]
		if _, err := s.UpdateStatus(p); err != nil {
			b.Fatal(err)
		}
	}
}
