package deployment

// This file is the rollout arithmetic: pure functions from a Deployment and
// its ReplicaSets to numbers, each with the sentence that explains it. The
// reconciler applies what they return; the tests check them as tables.

import (
	"fmt"
	"math"
	"sort"
	"strconv"

	"github.com/kubeloop/kubeloop/core/api"
)

// ResolveFenceposts turns maxSurge and maxUnavailable into pod counts for
// desired replicas: a percentage of maxSurge rounds up and one of
// maxUnavailable rounds down, so a rollout can always move; when both come
// out 0, maxUnavailable becomes 1 for the same reason. A nil value counts
// as 0. 10 replicas at 25%/25% → 3/2; 3 → 1/0; 1 → 1/0.
func ResolveFenceposts(maxSurge, maxUnavailable *api.IntOrString, desired int32) (surge, unavailable int32, err error) {
	if maxSurge != nil {
		v, err := maxSurge.ScaledValue(int(desired), true)
		if err != nil {
			return 0, 0, err
		}
		surge = int32(v)
	}
	if maxUnavailable != nil {
		v, err := maxUnavailable.ScaledValue(int(desired), false)
		if err != nil {
			return 0, 0, err
		}
		unavailable = int32(v)
	}
	if surge == 0 && unavailable == 0 {
		// Both zero would forbid every step of a rollout.
		unavailable = 1
	}
	return surge, unavailable, nil
}

// isRollingUpdate reports the RollingUpdate strategy (the default).
func isRollingUpdate(d *api.Deployment) bool {
	return d.Spec.Strategy.Type == api.RollingUpdateDeploymentStrategyType
}

func rollingParams(d *api.Deployment) (maxSurge, maxUnavailable *api.IntOrString) {
	if ru := d.Spec.Strategy.RollingUpdate; ru != nil {
		return ru.MaxSurge, ru.MaxUnavailable
	}
	return nil, nil
}

// MaxSurge is how many pods above spec.replicas a rollout may run: 0 for
// Recreate.
func MaxSurge(d *api.Deployment) int32 {
	if !isRollingUpdate(d) {
		return 0
	}
	s, u := rollingParams(d)
	surge, _, _ := ResolveFenceposts(s, u, replicasOf(d))
	return surge
}

// MaxUnavailable is how many of spec.replicas may be unavailable during a
// rollout: 0 for Recreate or 0 replicas, and never above spec.replicas.
func MaxUnavailable(d *api.Deployment) int32 {
	replicas := replicasOf(d)
	if !isRollingUpdate(d) || replicas == 0 {
		return 0
	}
	s, u := rollingParams(d)
	_, unavailable, _ := ResolveFenceposts(s, u, replicas)
	return min(unavailable, replicas)
}

// describeFenceposts says how the two limits were resolved, for the trace:
// "maxSurge 25% of 10 → 3, maxUnavailable 25% → 2".
func describeFenceposts(d *api.Deployment) string {
	if !isRollingUpdate(d) {
		return "Recreate: no surge, every old pod goes before a new one starts"
	}
	s, u := rollingParams(d)
	return fmt.Sprintf("maxSurge %s of %d → %d, maxUnavailable %s → %d",
		intOrStringText(s), replicasOf(d), MaxSurge(d), intOrStringText(u), MaxUnavailable(d))
}

func intOrStringText(v *api.IntOrString) string {
	if v == nil {
		return "0"
	}
	return v.String()
}

// NewRSNewReplicas is the size the new ReplicaSet should have now. With
// RollingUpdate it grows only into the room maxSurge leaves: all
// ReplicaSets together may ask for replicas + maxSurge pods, and the new one
// never for more than replicas. With Recreate it gets every replica (the
// caller only asks once the old pods are gone).
func NewRSNewReplicas(d *api.Deployment, allRSs []*api.ReplicaSet, newRS *api.ReplicaSet) (int32, string, error) {
	replicas := replicasOf(d)
	switch d.Spec.Strategy.Type {
	case api.RollingUpdateDeploymentStrategyType:
		s, u := rollingParams(d)
		surge, _, err := ResolveFenceposts(s, u, replicas)
		if err != nil {
			return 0, "", err
		}
		current := sumSpec(allRSs)
		maxTotal := replicas + surge
		cur := specOf(newRS)
		if current >= maxTotal {
			return cur, fmt.Sprintf("maxSurge %s of %d → %d: may have %d pods, ReplicaSets already ask for %d; new ReplicaSet stays at %d",
				intOrStringText(s), replicas, surge, maxTotal, current, cur), nil
		}
		up := min(maxTotal-current, replicas-cur)
		return cur + up, fmt.Sprintf("maxSurge %s of %d → %d: may have %d pods, ReplicaSets ask for %d; new ReplicaSet %d → %d",
			intOrStringText(s), replicas, surge, maxTotal, current, cur, cur+up), nil
	case api.RecreateDeploymentStrategyType:
		return replicas, fmt.Sprintf("Recreate: the new ReplicaSet gets all %d replicas at once", replicas), nil
	default:
		return 0, "", fmt.Errorf("deployment strategy %q is not supported", d.Spec.Strategy.Type)
	}
}

// Step is one planned change of a ReplicaSet's size.
type Step struct {
	RS *api.ReplicaSet
	To int32
	// Why is the rule that chose To, for the trace.
	Why string
	// SyncAnnotations also refreshes desired-replicas/max-replicas when the
	// size stays (proportional scaling stamps every active ReplicaSet).
	SyncAnnotations bool
}

// PlanOldScaleDown decides how far the old ReplicaSets may shrink in one
// pass of a rolling update. The room is
//
//	allPods − (replicas − maxUnavailable) − (new RS pods not yet available)
//
// so that pods the new ReplicaSet has not made available yet do not let the
// rollout drop below the minimum. Unhealthy old replicas go first (oldest
// ReplicaSet first), because removing them costs no availability; then
// healthy ones, oldest first, down to replicas − maxUnavailable available.
// oldRSs are the active old ReplicaSets; a ReplicaSet may get two steps.
func PlanOldScaleDown(d *api.Deployment, allRSs, oldRSs []*api.ReplicaSet, newRS *api.ReplicaSet) ([]Step, []string) {
	oldPods := sumSpec(oldRSs)
	if oldPods == 0 {
		return nil, nil
	}
	replicas := replicasOf(d)
	allPods := sumSpec(allRSs)
	maxUnavailable := MaxUnavailable(d)
	minAvailable := replicas - maxUnavailable
	newUnavailable := specOf(newRS) - availableOf(newRS)
	room := allPods - minAvailable - newUnavailable
	why := []string{fmt.Sprintf("maxUnavailable %d: must keep %d available; %d pods asked for, %d of them new and not yet available → may remove %d old",
		maxUnavailable, minAvailable, allPods, newUnavailable, max(room, 0))}
	if room <= 0 {
		return nil, why
	}

	sorted := append([]*api.ReplicaSet(nil), oldRSs...)
	sort.SliceStable(sorted, func(i, j int) bool { return olderThan(sorted[i], sorted[j]) })
	size := make([]int32, len(sorted))
	for i, rs := range sorted {
		size[i] = specOf(rs)
	}

	var steps []Step
	cleaned := int32(0)
	for i, rs := range sorted {
		if cleaned >= room {
			break
		}
		unhealthy := size[i] - availableOf(rs)
		if size[i] == 0 || unhealthy <= 0 {
			continue
		}
		n := min(room-cleaned, unhealthy)
		steps = append(steps, Step{RS: rs, To: size[i] - n,
			Why: fmt.Sprintf("%s has %d unavailable pods: removing %d of them costs no availability", rs.Name, unhealthy, n)})
		size[i] -= n
		cleaned += n
	}

	available := sumAvailable(allRSs)
	if available <= minAvailable {
		if cleaned == 0 {
			why = append(why, fmt.Sprintf("%d available ≤ %d minimum: no healthy old pod may go yet", available, minAvailable))
		}
		return steps, why
	}
	toRemove := available - minAvailable
	removed := int32(0)
	for i, rs := range sorted {
		if removed >= toRemove {
			break
		}
		if size[i] == 0 {
			continue
		}
		n := min(size[i], toRemove-removed)
		steps = append(steps, Step{RS: rs, To: size[i] - n,
			Why: fmt.Sprintf("%d available, %d must stay: scaling oldest old ReplicaSet %s down by %d", available-removed, minAvailable, rs.Name, n)})
		size[i] -= n
		removed += n
	}
	return steps, why
}

// FindActiveOrLatest returns the ReplicaSet that should carry all replicas
// when at most one ReplicaSet is active (has replicas): that one, or if none
// is, the new one, or else the newest old one. It returns nil when several
// are active: then scaling must be proportional.
func FindActiveOrLatest(newRS *api.ReplicaSet, oldRSs []*api.ReplicaSet) *api.ReplicaSet {
	if newRS == nil && len(oldRSs) == 0 {
		return nil
	}
	olds := append([]*api.ReplicaSet(nil), oldRSs...)
	sort.SliceStable(olds, func(i, j int) bool { return olderThan(olds[j], olds[i]) }) // newest first
	active := activeOf(appendRS(olds, newRS))
	switch len(active) {
	case 0:
		if newRS != nil {
			return newRS
		}
		return olds[0]
	case 1:
		return active[0]
	default:
		return nil
	}
}

// IsSaturated reports whether the new ReplicaSet is sized for the current
// spec.replicas and all of them are available.
func IsSaturated(d *api.Deployment, rs *api.ReplicaSet) bool {
	if rs == nil {
		return false
	}
	desired, ok := intAnnotation(rs, DesiredReplicasAnnotation)
	replicas := replicasOf(d)
	return ok && specOf(rs) == replicas && desired == replicas && rs.Status.AvailableReplicas == replicas
}

// ReplicaSetFraction is how many replicas rs should gain (or lose, when
// negative) when the Deployment is resized mid-rollout: its share
// rs.spec × (replicas + maxSurge) / max-replicas, rounded, minus rs.spec.
// max-replicas is what the Deployment allowed when rs was last sized; when
// the annotation is missing or 0, status.replicas stands in for it.
func ReplicaSetFraction(rs *api.ReplicaSet, d *api.Deployment) int32 {
	if replicasOf(d) == 0 {
		return -specOf(rs)
	}
	maxNow := replicasOf(d) + MaxSurge(d)
	maxBefore, ok := intAnnotation(rs, MaxReplicasAnnotation)
	if !ok || maxBefore == 0 {
		if d.Status.Replicas == 0 {
			return 0 // nothing to scale in proportion to
		}
		maxBefore = d.Status.Replicas
	}
	size := float64(specOf(rs)) * float64(maxNow) / float64(maxBefore)
	return int32(math.Round(size)) - specOf(rs)
}

// GetProportion is rs's share of toAdd once added replicas are handed out:
// its fraction, but never beyond what is left to hand out.
func GetProportion(rs *api.ReplicaSet, d *api.Deployment, toAdd, added int32) int32 {
	if rs == nil || specOf(rs) == 0 || toAdd == 0 || toAdd == added {
		return 0
	}
	f := ReplicaSetFraction(rs, d)
	left := toAdd - added
	if toAdd > 0 {
		return min(f, left)
	}
	return max(f, left)
}

// PlanScale sizes the ReplicaSets when spec.replicas changed but the
// template did not (or the Deployment is paused):
//   - one active ReplicaSet (or none): it takes all replicas;
//   - a saturated new ReplicaSet: old ones go to 0;
//   - otherwise, during a rolling update, every active ReplicaSet grows or
//     shrinks in proportion to its size (larger ones first), the leftover
//     of rounding going to the first.
func PlanScale(d *api.Deployment, newRS *api.ReplicaSet, oldRSs []*api.ReplicaSet) ([]Step, []string) {
	replicas := replicasOf(d)
	if rs := FindActiveOrLatest(newRS, oldRSs); rs != nil {
		if specOf(rs) == replicas {
			return nil, nil
		}
		return []Step{{RS: rs, To: replicas, Why: fmt.Sprintf(
			"%s is the only active ReplicaSet: it takes all spec.replicas=%d", rs.Name, replicas)}}, nil
	}
	if IsSaturated(d, newRS) {
		var steps []Step
		for _, rs := range activeOf(oldRSs) {
			steps = append(steps, Step{RS: rs, To: 0, Why: fmt.Sprintf(
				"new ReplicaSet %s has all %d replicas available: old %s goes to 0", newRS.Name, replicas, rs.Name)})
		}
		return steps, nil
	}
	if !isRollingUpdate(d) {
		return nil, nil
	}
	all := activeOf(appendRS(append([]*api.ReplicaSet(nil), oldRSs...), newRS))
	current := sumSpec(all)
	allowed := int32(0)
	if replicas > 0 {
		allowed = replicas + MaxSurge(d)
	}
	toAdd := allowed - current
	why := []string{fmt.Sprintf("proportional scaling: spec.replicas %d + maxSurge %d allow %d pods, ReplicaSets ask for %d → %+d shared by size",
		replicas, MaxSurge(d), allowed, current, toAdd)}
	switch {
	case toAdd > 0: // larger first; among equals the newer
		sort.SliceStable(all, func(i, j int) bool {
			if specOf(all[i]) != specOf(all[j]) {
				return specOf(all[i]) > specOf(all[j])
			}
			return olderThan(all[j], all[i])
		})
	case toAdd < 0: // larger first; among equals the older
		sort.SliceStable(all, func(i, j int) bool {
			if specOf(all[i]) != specOf(all[j]) {
				return specOf(all[i]) > specOf(all[j])
			}
			return olderThan(all[i], all[j])
		})
	}
	sizes := make([]int32, len(all))
	added := int32(0)
	for i, rs := range all {
		sizes[i] = specOf(rs)
		if toAdd != 0 {
			p := GetProportion(rs, d, toAdd, added)
			sizes[i] += p
			added += p
		}
	}
	if toAdd != 0 && len(all) > 0 {
		sizes[0] = max(sizes[0]+toAdd-added, 0) // rounding leftover to the largest
	}
	steps := make([]Step, len(all))
	for i, rs := range all {
		steps[i] = Step{RS: rs, To: sizes[i], SyncAnnotations: true, Why: fmt.Sprintf(
			"%s: %d of max-replicas %s → %d of %d", rs.Name, specOf(rs), rs.Annotations[MaxReplicasAnnotation], sizes[i], allowed)}
	}
	return steps, why
}

// PlanHistoryCleanup picks the old ReplicaSets beyond revisionHistoryLimit
// to delete, lowest revision first. One that still has replicas (asked for
// or reported), or whose scale-down its controller has not yet observed, is
// kept: deleting it would take running pods with it.
func PlanHistoryCleanup(oldRSs []*api.ReplicaSet, limit int32) ([]*api.ReplicaSet, string) {
	var alive []*api.ReplicaSet
	for _, rs := range oldRSs {
		if rs != nil && rs.DeletionTimestamp == nil {
			alive = append(alive, rs)
		}
	}
	diff := len(alive) - int(limit)
	if diff <= 0 {
		return nil, ""
	}
	sort.SliceStable(alive, func(i, j int) bool {
		ri, rj := revisionOf(alive[i]), revisionOf(alive[j])
		if ri != rj {
			return ri < rj
		}
		return olderThan(alive[i], alive[j])
	})
	var victims []*api.ReplicaSet
	for _, rs := range alive[:diff] {
		if rs.Status.Replicas != 0 || specOf(rs) != 0 || rs.Generation > rs.Status.ObservedGeneration {
			continue
		}
		victims = append(victims, rs)
	}
	return victims, historyWhy(limit, len(alive), diff)
}

// historyWhy says why the oldest of alive old ReplicaSets go: diff of
// them are past the limit (one of a thing read as one).
func historyWhy(limit int32, alive, diff int) string {
	switch {
	case alive == 1:
		return fmt.Sprintf("revisionHistoryLimit %d: 1 old ReplicaSet, which goes once it has 0 replicas", limit)
	case diff == 1:
		return fmt.Sprintf("revisionHistoryLimit %d: %d old ReplicaSets, the lowest revision goes once it has 0 replicas", limit, alive)
	}
	return fmt.Sprintf("revisionHistoryLimit %d: %d old ReplicaSets, the %d lowest revisions go once they have 0 replicas", limit, alive, diff)
}

// DeploymentComplete reports a finished rollout: every replica updated and
// available, no old ones left, and the newest spec observed.
func DeploymentComplete(d *api.Deployment, st *api.DeploymentStatus) bool {
	r := replicasOf(d)
	return st.UpdatedReplicas == r && st.Replicas == r && st.AvailableReplicas == r &&
		st.ObservedGeneration >= d.Generation
}

// DeploymentProgressing reports progress between the stored status and a
// new one: more updated, fewer old, more ready or more available replicas.
func DeploymentProgressing(d *api.Deployment, st *api.DeploymentStatus) bool {
	old := d.Status
	oldOld := old.Replicas - old.UpdatedReplicas
	newOld := st.Replicas - st.UpdatedReplicas
	return st.UpdatedReplicas > old.UpdatedReplicas || newOld < oldOld ||
		st.ReadyReplicas > old.ReadyReplicas || st.AvailableReplicas > old.AvailableReplicas
}

// --- small helpers over ReplicaSets ---

func replicasOf(d *api.Deployment) int32 { return api.Deref(d.Spec.Replicas, 1) }

func specOf(rs *api.ReplicaSet) int32 {
	if rs == nil {
		return 0
	}
	return api.Deref(rs.Spec.Replicas, 0)
}

func availableOf(rs *api.ReplicaSet) int32 {
	if rs == nil {
		return 0
	}
	return rs.Status.AvailableReplicas
}

func sumSpec(rss []*api.ReplicaSet) (n int32) {
	for _, rs := range rss {
		n += specOf(rs)
	}
	return n
}

func sumAvailable(rss []*api.ReplicaSet) (n int32) {
	for _, rs := range rss {
		n += availableOf(rs)
	}
	return n
}

// activeOf keeps the ReplicaSets that ask for at least one pod.
func activeOf(rss []*api.ReplicaSet) []*api.ReplicaSet {
	var out []*api.ReplicaSet
	for _, rs := range rss {
		if specOf(rs) > 0 {
			out = append(out, rs)
		}
	}
	return out
}

func appendRS(rss []*api.ReplicaSet, rs *api.ReplicaSet) []*api.ReplicaSet {
	if rs == nil {
		return rss
	}
	return append(rss, rs)
}

// olderThan orders ReplicaSets by creationTimestamp, then name, as
// upstream's ReplicaSetsByCreationTimestamp (simulated instants repeat).
func olderThan(a, b *api.ReplicaSet) bool {
	if !a.CreationTimestamp.Equal(b.CreationTimestamp.Time) {
		return a.CreationTimestamp.Before(b.CreationTimestamp.Time)
	}
	return a.Name < b.Name
}

// intAnnotation reads a non-negative int32 annotation.
func intAnnotation(rs *api.ReplicaSet, key string) (int32, bool) {
	v, ok := rs.Annotations[key]
	if !ok {
		return 0, false
	}
	n, err := strconv.ParseInt(v, 10, 32)
	if err != nil || n < 0 {
		return 0, false
	}
	return int32(n), true
}

// revisionOf is the revision annotation; a missing or unreadable one is 0.
func revisionOf(o api.Object) int64 {
	v, ok := o.GetObjectMeta().Annotations[RevisionAnnotation]
	if !ok {
		return 0
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		return 0
	}
	return n
}

// MaxRevision is the highest revision among rss.
func MaxRevision(rss []*api.ReplicaSet) int64 {
	var m int64
	for _, rs := range rss {
		m = max(m, revisionOf(rs))
	}
	return m
}
