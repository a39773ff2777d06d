package replicaset

import (
	"fmt"
	"testing"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
)

// BenchmarkRankForDeletion ranks the 12,000 pods of a 10,000-replica
// ReplicaSet mid-rollout for a scale-down of 2,500 (the rollout's step),
// on 91 nodes, created and ready over 40 s: the comparisons of times fall
// into a few logarithmic buckets and go on to the UIDs, as in make bench.
// It took 16.8 ms (native) when the sort was stable, compared facts by
// value and took two logarithms per comparison; 6.6 ms since; 8.5–8.9 ms
// on a slower day, when sorting only the 2,500 it deletes (sortFirst) took
// 3.6–4.0 ms.
func BenchmarkRankForDeletion(b *testing.B) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	var pods []*api.Pod
	tr := true
	for i := range 12000 {
		p := &api.Pod{}
		p.Name = fmt.Sprintf("p-%05d", i)
		p.UID = fmt.Sprintf("uid-%05d", (i*7919)%12000)
		p.Spec.NodeName = fmt.Sprintf("node-%d", i%91)
		p.Status.Phase = api.PodRunning
		p.CreationTimestamp = api.NewTime(now.Add(-time.Duration(i%40) * time.Second))
		p.Status.Conditions = []api.PodCondition{{Type: api.PodReady, Status: api.ConditionTrue, LastTransitionTime: api.NewTime(now.Add(-time.Duration(i%30) * time.Second))}}
		p.OwnerReferences = []api.OwnerReference{{UID: "rs", Controller: &tr}}
		pods = append(pods, p)
	}
	for b.Loop() {
		podsToDelete(pods, activeOnNode(pods), 2500, now)
	}
}
