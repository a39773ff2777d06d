// Package deployment is the Deployment controller: it rolls a pod template
// out through ReplicaSets, as kube-controller-manager's does.
//
// The contract, in the order one reconcile applies it:
//
//   - Claim: the ReplicaSets a Deployment controls and its selector
//     matches are its own; matching orphans are adopted, owned ones that no
//     longer match are released. The Deployment's own selector and labels
//     are never changed.
//   - New and old: the new ReplicaSet is the (oldest) owned one whose pod
//     template equals the Deployment's, ignoring the pod-template-hash
//     label; every other is old. A missing new ReplicaSet is created as
//     <deployment>-<pod-template-hash> with revision max(old)+1; a re-used
//     one (a rollback) takes the next revision and keeps its former one in
//     revision-history. The Deployment copies the revision.
//   - Paused, or spec.replicas changed (a ReplicaSet's desired-replicas
//     annotation disagrees): only scaling — the one active ReplicaSet takes
//     all replicas, or all active ones change in proportion — and, when
//     paused, history cleanup. No new ReplicaSet.
//   - RollingUpdate: grow the new ReplicaSet into the room maxSurge leaves;
//     if it did not grow, shrink old ones within the maxUnavailable budget
//     (unavailable old pods first, oldest ReplicaSet first).
//   - Recreate: scale old ReplicaSets to 0, wait until no old pod exists,
//     then give the new ReplicaSet every replica.
//   - Complete rollouts delete old ReplicaSets beyond revisionHistoryLimit
//     that have no replicas left, lowest revision first.
//   - Status: counts summed from the ReplicaSets' status (the ReplicaSet
//     controller judges each pod's availability), conditions Available and
//     Progressing; written only when it changed. An unfinished rollout is
//     requeued for when its progress deadline falls due.
//
// Every decision is recorded in the reconcile trace (Observe, Diff, Why);
// the arithmetic lives in pure functions (plan.go) that return their reason
// with their result. The controller reads only informer caches and writes
// only through the controller Context.
//
// Not modelled: the deprecated rollbackTo field (kubectl rollout undo is
// client-side).
package deployment
