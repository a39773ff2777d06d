// Package statefulset runs StatefulSets: pods with a stable identity
// (web-0, web-1, … with hostname and subdomain for DNS) and stable storage
// (claim www-web-0 for web-0, whoever web-0 is at the moment).
//
// Observe: the set, the pods it controls (by ordinal) and its
// ControllerRevisions. Diff: ordinals with no pod, pods above the wanted
// count, pods of an old revision, failed pods. Act, one step at a time:
//
//   - OrderedReady (the default): walk the ordinals upwards; create the first
//     missing pod (its claims first) and stop; stop too at a pod that is not
//     yet Running and Ready — "web-1 waits: web-0 is not Ready". Scale down
//     from the highest ordinal, one pod at a time, only when the others are
//     healthy.
//   - Parallel: create and delete all at once, waiting for nothing.
//   - RollingUpdate: from the highest ordinal down to spec.updateStrategy.
//     rollingUpdate.partition, delete one pod of an old revision, wait for
//     its replacement to be Running and Ready, continue. Pods below the
//     partition are re-created at the current revision.
//   - OnDelete: pods are replaced only when someone deletes them.
//
// Each distinct template is a ControllerRevision (controllers/history);
// status.currentRevision is what the pods below the partition run,
// status.updateRevision what the template says now. Claims are never
// deleted unless persistentVolumeClaimRetentionPolicy says Delete, which
// it arranges through owner references the garbage collector follows.
//
// Not modelled: spec.updateStrategy.rollingUpdate.maxUnavailable (alpha
// and off by default in v1.32: updates go one pod at a time).
package statefulset
