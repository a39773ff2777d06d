package cluster

import (
	"github.com/kubeloop/kubeloop/controllers/volume"
	"github.com/kubeloop/kubeloop/core/vfs"
)

// startStorage sets up the cluster's storage as kind does: the storage
// admission plugins, the default StorageClass `standard`, and the
// local-path provisioner, which runs on the node side (in kind it is a
// Deployment in local-path-storage, not part of kube-controller-manager).
// The PersistentVolume controllers themselves are in controllers.go.
func (c *Cluster) startStorage() {
	c.store.AddAdmission(volume.Admission(c.store))
	c.mustCreate(volume.DefaultStorageClass())
	c.volumes = volume.NewVolumes()
	volume.RegisterProvisioner(c.nodeSide, c.volumes)
}

// VolumeFS is the file tree of PersistentVolume pvName — what a pod that
// mounts a claim bound to it reads and writes. Resolve pod volume → claim
// (spec.volumeName) → volume first; a volume never written is empty.
func (c *Cluster) VolumeFS(pvName string) *vfs.FS { return c.volumes.FS(pvName) }

// Volumes is the data of every PersistentVolume, for pages and tests.
func (c *Cluster) Volumes() *volume.Volumes { return c.volumes }
