// Package volume is the storage side of the cluster: the PersistentVolume
// controller (binder), the PVC and PV protection controllers, a dynamic
// provisioner standing in for kind's local-path-provisioner, and the
// in-memory file tree behind every volume.
//
// The flow, as on a kind cluster whose default StorageClass `standard`
// (provisioner rancher.io/local-path) binds WaitForFirstConsumer:
//
//  1. A claim is created Pending. Admission gives it the default class
//     when it names none, and the kubernetes.io/pvc-protection finalizer.
//  2. The binder looks for an Available volume that fits (class, access
//     modes, capacity, volume mode). Found: both become Bound. Not found and
//     the class binds WaitForFirstConsumer: it waits for the scheduler to
//     pick a node for the first pod that uses it (annotation
//     volume.kubernetes.io/selected-node) and says so in an Event.
//  3. Then it hands the claim to the class's provisioner (annotation
//     volume.kubernetes.io/storage-provisioner, Event ExternalProvisioning);
//     the provisioner creates PV pvc-<claim uid> pinned to that node and
//     pre-bound to the claim, and the binder completes the binding.
//  4. A deleted claim stays Terminating while a pod uses it; once gone, its
//     volume is Released and — reclaim policy Delete — deleted with its data.
//
// Why WaitForFirstConsumer and not Immediate: it is what kind (and most
// real clusters) ship, and it shows a real dependency — a local volume
// lives on one node, so the scheduler chooses the node before the volume
// exists, and a re-created web-0 returns to the node that holds its data.
// Immediate classes work too: the claim is provisioned at once and pods
// wait with "pod has unbound immediate PersistentVolumeClaims".
//
// Unlike upstream, nothing re-syncs every 15 seconds: a claim that cannot
// bind is looked at again when a volume, class or claim changes, so a
// cluster with a Pending claim can still settle.
package volume
