package replicaset

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/store"
)

// recount is what claimPods counts for the ReplicaSet with uid in
// namespace: the active pods it controls that match sel, walked one by
// one. ok is false when one it controls does not match (claimPods would
// release it).
func recount(pods map[string]*api.Pod, uid, namespace string, sel api.Selector, c *podCounts) (active int, ok bool) {
	for _, p := range pods {
		ref := api.ControllerOf(p)
		if ref == nil || ref.UID != uid || p.Namespace != namespace {
			continue
		}
		if !sel.Matches(p.Labels) {
			return 0, false
		}
		if api.IsPodActive(p) {
			active++
			c.count(p)
		}
	}
	return active, true
}

// recountOnNode is what relatedOnNode's walk counts of the pods in
// namespace that have a controller (the tally does not count orphans): the
// active ones matching any of sels, per node.
func recountOnNode(pods map[string]*api.Pod, namespace string, sels []api.Selector) map[string]int {
	var related []*api.Pod
	for _, p := range pods {
		if api.ControllerOf(p) != nil && p.Namespace == namespace && matchesAny(sels, p.Labels) {
			related = append(related, p)
		}
	}
	return activeOnNode(related)
}

// otherKind reports whether a pod in namespace has a controller that is
// not a ReplicaSet: the tally does not group such pods.
func otherKind(pods map[string]*api.Pod, namespace string) bool {
	for _, p := range pods {
		if ref := api.ControllerOf(p); ref != nil && ref.Kind != "ReplicaSet" && p.Namespace == namespace {
			return true
		}
	}
	return false
}

// randomPod is a pod with one of a few owners, namespaces, label sets,
// phases and Ready conditions, some of them being deleted.
func randomPod(rnd *rand.Rand, name string) *api.Pod {
	labelSets := []map[string]string{nil, {"app": "web"}, {"app": "web", "tier": "front"}, {"app": "db"}}
	p := &api.Pod{ObjectMeta: api.ObjectMeta{Name: name, Namespace: []string{"a", "b"}[rnd.IntN(2)]}}
	if l := labelSets[rnd.IntN(len(labelSets))]; l != nil {
		p.Labels = map[string]string{}
		for k, v := range l {
			p.Labels[k] = v // a map of its own: the tally must compare contents
		}
	}
	switch uid := []string{"", "rs-1", "rs-2", "rs-1", "rs-2", "ss-1"}[rnd.IntN(6)]; {
	case uid == "ss-1": // rarely: another kind of controller
		if rnd.IntN(4) == 0 {
			p.OwnerReferences = []api.OwnerReference{{Kind: "StatefulSet", Name: uid, UID: uid, Controller: api.Ptr(true)}}
		}
	case uid != "":
		p.OwnerReferences = []api.OwnerReference{{Kind: "ReplicaSet", Name: uid, UID: uid, Controller: api.Ptr(rnd.IntN(5) > 0)}}
	}
	p.Spec.NodeName = []string{"", "n1", "n2"}[rnd.IntN(3)]
	p.Status.Phase = []string{"", api.PodPending, api.PodRunning, api.PodRunning, api.PodSucceeded, api.PodFailed}[rnd.IntN(6)]
	if rnd.IntN(2) == 0 {
		status := []string{api.ConditionTrue, api.ConditionFalse}[rnd.IntN(2)]
		p.Status.Conditions = []api.PodCondition{{Type: api.PodReady, Status: status}}
	}
	if rnd.IntN(6) == 0 {
		p.DeletionTimestamp = api.Ptr(api.NewTime(time.Unix(0, 0)))
	}
	return p
}

// TestTallyMatchesRecount: after any sequence of adds, updates (new pods,
// or status writes) and deletes, the tally's counts are those of a walk
// over the pods.
func TestTallyMatchesRecount(t *testing.T) {
	selectors := []api.Selector{api.SelectorFromSet(map[string]string{"app": "web"}),
		api.SelectorFromSet(map[string]string{"app": "web", "tier": "front"}), api.SelectorFromSet(map[string]string{"app": "db"})}
	templates := []map[string]string{{"app": "web"}, {"app": "web", "tier": "front"}}
	seeds := uint64(20)
	if runtime.GOOS == "js" {
		seeds = 4 // Node runs it several times slower; the logic is the same
	}
	for seed := uint64(1); seed <= seeds; seed++ {
		rnd := rand.New(rand.NewPCG(seed, 0))
		tally := newPodTally("ReplicaSet")
		pods := map[string]*api.Pod{}
		for step := 0; step < 400; step++ {
			name := fmt.Sprintf("p%d", rnd.IntN(30))
			old := pods[name]
			switch {
			case old != nil && rnd.IntN(4) == 0:
				delete(pods, name)
				tally.update(old, nil)
			case old != nil && rnd.IntN(3) == 0:
				// A status write: the new version shares the old one's
				// metadata, labels map included, as the store's do.
				p := *old
				p.Status = randomPod(rnd, name).Status
				if rnd.IntN(4) == 0 {
					p.Spec.NodeName = randomPod(rnd, name).Spec.NodeName // bound, or rebound
				}
				pods[name] = &p
				tally.update(old, &p)
			default:
				p := randomPod(rnd, name)
				pods[name] = p
				tally.update(old, p)
			}
			for _, ns := range []string{"a", "b"} {
				for i := range selectors {
					sels := selectors[i : i+1+rnd.IntN(len(selectors)-i)]
					got := map[string]int{}
					if !tally.onNode(ns, sels, got) {
						require.True(t, otherKind(pods, ns), "seed %d step %d: no answer for %s, where every controller is a ReplicaSet", seed, step, ns)
						continue
					}
					require.False(t, otherKind(pods, ns), "seed %d step %d: an answer for %s, where another kind of controller has pods", seed, step, ns)
					require.Equal(t, recountOnNode(pods, ns, sels), got, "seed %d step %d: %v in %s", seed, step, sels, ns)
				}
			}
			for _, uid := range []string{"rs-1", "rs-2"} {
				for _, ns := range []string{"a", "b"} {
					for _, sel := range selectors {
						for _, tmpl := range templates {
							spec := Spec{Selector: sel, Template: &api.PodTemplateSpec{ObjectMeta: api.ObjectMeta{Labels: tmpl}}}
							want, got := newPodCounts(spec, time.Unix(0, 0)), newPodCounts(spec, time.Unix(0, 0))
							wantActive, wantOK := recount(pods, uid, ns, sel, want)
							gotActive, gotOK := tally.counts(uid, ns, sel, got)
							require.Equal(t, wantOK, gotOK, "seed %d step %d: %s in %s", seed, step, uid, ns)
							if wantOK {
								require.Equal(t, wantActive, gotActive, "seed %d step %d", seed, step)
								require.Equal(t, *want, *got, "seed %d step %d: %s in %s", seed, step, uid, ns)
							}
						}
					}
				}
			}
		}
		for name, p := range pods {
			delete(pods, name)
			tally.update(p, nil)
		}
		assert.Empty(t, tally.byController, "seed %d: every group goes with its last pod", seed)
		assert.False(t, tally.lost)
	}
}

// TestTallyDefersMinReadySecondsToTheWalk: availability needs each pod's
// time of readiness, which the tally does not keep.
func TestTallyDefersMinReadySecondsToTheWalk(t *testing.T) {
	tally := newPodTally("ReplicaSet")
	sel := api.SelectorFromSet(map[string]string{"app": "web"})
	_, ok := tally.counts("rs-1", "a", sel, newPodCounts(Spec{Selector: sel, MinReadySeconds: 10}, time.Unix(0, 0)))
	assert.False(t, ok)
}

// TestTallyLostAnswersNothing: told to uncount a pod it never counted, the
// tally stops answering, so every sync walks its pods.
func TestTallyLostAnswersNothing(t *testing.T) {
	tally := newPodTally("ReplicaSet")
	p := &api.Pod{ObjectMeta: api.ObjectMeta{Name: "p", Namespace: "a",
		OwnerReferences: []api.OwnerReference{{UID: "rs-1", Controller: api.Ptr(true)}}}}
	tally.update(p, nil)
	sel := api.SelectorFromSet(nil)
	_, ok := tally.counts("rs-1", "a", sel, newPodCounts(Spec{Selector: sel}, time.Unix(0, 0)))
	assert.False(t, ok)
}

// TestReconcilerTallyFollowsTheInformer: the tally the controller keeps
// from its pod informer's events equals a recount of that informer's cache
// while a ReplicaSet is scaled, its pods change phase and readiness, one is
// relabeled (released) and an orphan is adopted.
func TestReconcilerTallyFollowsTheInformer(t *testing.T) {
	f := newFixture(t)
	r := f.mgr.Controllers()[0].Reconciler().(*Reconciler)
	check := func(what string) {
		t.Helper()
		cached := map[string]*api.Pod{}
		for _, o := range r.pods.List("") {
			cached[store.KeyOf(o)] = o
		}
		for _, o := range r.replicaSets.List("") {
			spec, err := r.kind.Spec(o)
			require.NoError(t, err)
			m := o.GetObjectMeta()
			want, got := newPodCounts(spec, f.clk.Now()), newPodCounts(spec, f.clk.Now())
			wantActive, wantOK := recount(cached, m.UID, m.Namespace, spec.Selector, want)
			gotActive, gotOK := r.tally.counts(m.UID, m.Namespace, spec.Selector, got)
			require.Equal(t, wantOK, gotOK, what)
			if wantOK {
				assert.Equal(t, wantActive, gotActive, what)
				assert.Equal(t, *want, *got, what)
			}
			onNode := map[string]int{}
			require.True(t, r.tally.onNode(m.Namespace, []api.Selector{spec.Selector}, onNode))
			assert.Equal(t, recountOnNode(cached, m.Namespace, []api.Selector{spec.Selector}), onNode, what)
			if _, vouched := r.countPods(o, spec, newPodCounts(spec, f.clk.Now())); vouched {
				// What a scale-down lists without claiming: the pods a walk would claim.
				var walk []string
				for _, key := range slices.Sorted(maps.Keys(cached)) {
					p := cached[key]
					if ref := api.ControllerOf(p); ref != nil && ref.UID == m.UID && p.Namespace == m.Namespace &&
						api.IsPodActive(p) && spec.Selector.Matches(p.Labels) {
						walk = append(walk, p.Name)
					}
				}
				var listed []string
				for _, p := range controlledPods(r.pods, o, gotActive, r.tally.controlled(m.UID)) {
					listed = append(listed, p.Name)
				}
				assert.Equal(t, walk, listed, what)
				listed = nil
				for _, p := range controlledPods(r.pods, o, gotActive, -1) {
					listed = append(listed, p.Name) // each pod asked for its controller
				}
				assert.Equal(t, walk, listed, what)
			}
		}
	}
	_, err := f.store.Create(newRS("web", 5))
	require.NoError(t, err)
	f.settle()
	check("created")
	pods := f.pods(t)
	require.Len(t, pods, 5)
	for i, p := range pods[:3] {
		c := api.DeepCopy(p)
		c.Status.Phase = api.PodRunning
		if i > 0 {
			c.Status.Conditions = []api.PodCondition{{Type: api.PodReady, Status: api.ConditionTrue}}
		}
		_, err := f.store.UpdateStatus(c)
		require.NoError(t, err)
	}
	f.settle()
	check("running and ready")
	// A pod that names the ReplicaSet as an owner, not its controller, and
	// no orphan: a scale-down must not count it as the ReplicaSet's.
	rsUID := r.replicaSets.List("")[0].GetObjectMeta().UID
	shared := &api.Pod{ObjectMeta: api.ObjectMeta{Name: "shared", Namespace: "default", Labels: map[string]string{"app": "web"},
		OwnerReferences: []api.OwnerReference{{Kind: "ReplicaSet", Name: "other", UID: "other", Controller: api.Ptr(true)},
			{Kind: "ReplicaSet", Name: "web", UID: rsUID}}},
		Spec: api.PodSpec{Containers: []api.Container{{Name: "c", Image: "nginx"}}}}
	_, err = f.store.Create(shared)
	require.NoError(t, err)
	f.settle()
	check("a pod owned, not controlled")
	relabeled := api.DeepCopy(pods[3])
	relabeled.Labels = map[string]string{"app": "debug"}
	_, err = f.store.Update(relabeled)
	require.NoError(t, err)
	f.clk.StepDue() // the informer sees it before the controller releases it
	check("relabeled")
	f.settle()
	check("released")
	orphan := &api.Pod{ObjectMeta: api.ObjectMeta{Name: "stray", Namespace: "default", Labels: map[string]string{"app": "web"}},
		Spec: api.PodSpec{Containers: []api.Container{{Name: "c", Image: "nginx"}}}}
	_, err = f.store.Create(orphan)
	require.NoError(t, err)
	f.settle()
	check("orphan adopted")
	f.scale(t, "web", 2)
	check("scaled down")
	_, err = f.store.Delete(api.Pods, "default", f.pods(t)[0].Name, store.DeleteOptions{GracePeriodSeconds: api.Ptr[int64](0)})
	require.NoError(t, err)
	f.settle()
	check("a pod deleted")
	assert.False(t, r.tally.lost)
}
