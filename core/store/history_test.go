package store

import (
	"fmt"
	"testing"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/clock"
)

// TestHistoryStaysWithinTheWindow: however many writes, the store keeps at
// most a quarter more than the window of revisions; a revision inside the
// window replays exactly, one before it is Gone with a message that says
// what is kept.
func TestHistoryStaysWithinTheWindow(t *testing.T) {
	s := New(clock.New(1))
	s.historyWindow = 200
	if _, err := s.Create(&api.Namespace{ObjectMeta: api.ObjectMeta{Name: "default"}}); err != nil {
		t.Fatal(err)
	}
	labels := map[int64]string{} // revision → the namespace's label then
	for i := 0; i < 5000; i++ {
		cur, _ := s.Get(api.Namespaces, "", "default")
		ns := api.DeepCopy(cur.(*api.Namespace))
		ns.Labels = map[string]string{"step": fmt.Sprint(i)}
		if _, err := s.Update(ns); err != nil {
			t.Fatal(err)
		}
		labels[s.Revision()] = fmt.Sprint(i)
		if s.Retained() > 250 {
			t.Fatalf("after %d writes the store keeps %d revisions, more than the window's 250", i+1, s.Retained())
		}
	}
	for _, rev := range []int64{s.Revision(), s.Revision() - 1, s.Compacted() + 1, s.Compacted()} {
		snap, err := s.At(rev)
		if err != nil {
			t.Fatalf("At(%d) inside the window [%d, %d]: %v", rev, s.Compacted(), s.Revision(), err)
		}
		o, _ := snap.Get(api.Namespaces, "", "default")
		if got := o.GetObjectMeta().Labels["step"]; got != labels[rev] {
			t.Fatalf("At(%d): step=%s, want %s", rev, got, labels[rev])
		}
	}
	_, err := s.At(s.Compacted() - 1)
	if !api.IsGone(err) {
		t.Fatalf("At before the window: %v, want Gone", err)
	}
	want := fmt.Sprintf("revision %d is no longer kept: the history holds the last 200 revisions, from %d to %d",
		s.Compacted()-1, s.Compacted(), s.Revision())
	if err.Error() != want {
		t.Fatalf("Gone message %q, want %q", err.Error(), want)
	}
}
