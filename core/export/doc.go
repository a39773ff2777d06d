// Package export turns a cluster's objects back into the manifest a learner
// would write for `kubectl apply -f` on a real cluster: the objects the
// learner made (not those the controllers made from them), each holding what
// the learner asked for and nothing the API server or a controller added.
//
// For each object it keeps:
//   - every field of the live object that the API server would not give
//     back by itself, so imperative changes made since the last apply
//     (kubectl scale, set image, label, annotate, edit) are kept;
//   - every field the learner wrote, when kubectl's last-applied-configuration
//     annotation says so, even where it equals the default.
//
// It drops:
//   - status (also inside volumeClaimTemplates) and the server's metadata:
//     uid, resourceVersion, generation, creationTimestamp, deletion fields,
//     managedFields, ownerReferences, the Kubernetes finalizers and the
//     annotations controllers and kubectl write;
//   - what the server allocates or binds (allocatedFields): a Service's
//     clusterIP(s), nodePorts and healthCheckNodePort, a claim's volume and
//     default class, a pod's node — unless the learner wrote them;
//   - every field the API server defaults. Which those are is not listed
//     here: a field is a default when taking it out and running the server's
//     defaulting again (api.Default and the creation steps in recreate) gives
//     back the same object. New defaults in core/api are handled with no
//     change here.
//
// The result, applied to a fresh cluster, gives the same objects; the tests
// hold it to that. When not to use it: for a backup of the whole cluster
// (status, Events and the controllers' objects are left out on purpose).
package export
