package bench

import (
	"sync"
	"testing"
)

// commandsCluster is the scenario's cluster at 10,000 pods after both
// phases, made once for all of BenchmarkCommandsAt10000Pods (2-3 s).
var commandsCluster = sync.OnceValue(func() *Scenario {
	s := New(10000)
	if !s.ScaleUp().OK || !s.Rollout().OK {
		panic("scenario did not finish")
	}
	return s
})

// BenchmarkCommandsAt10000Pods is what a learner's command costs on a
// 10,000-pod cluster — 98,000 Events — and a step back in its history
// (the page's slider):
//
//	go test -run='^$' -bench=CommandsAt10000Pods -benchmem ./tests/bench
func BenchmarkCommandsAt10000Pods(b *testing.B) {
	s := commandsCluster()
	for _, cmd := range []string{"kubectl get pods", "kubectl get pods -o wide", "kubectl get events", "kubectl describe rs", "kubectl get all"} {
		b.Run(cmd[len("kubectl "):], func(b *testing.B) {
			for b.Loop() {
				if r := s.Cluster.Kubectl(cmd, ""); r.ExitCode != 0 {
					b.Fatal(r.Stderr)
				}
			}
		})
	}
	b.Run("history 5000 revisions back", func(b *testing.B) {
		rev := s.Cluster.Store().Revision() - 5000
		for b.Loop() {
			if _, err := s.Cluster.SnapshotAt(rev); err != nil {
				b.Fatal(err)
			}
		}
	})
}
