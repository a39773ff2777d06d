package cluster

import (
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/store"
	"github.com/kubeloop/kubeloop/core/vfs"
)

// Storage is a cluster's storage as kind sets it up (Components.NewStorage):
// the storage admission plugins, the default StorageClass, a dynamic
// provisioner, and the files of every PersistentVolume it makes.
type Storage interface {
	// Admission is the storage admission plugins of the API server s.
	Admission(s *store.Store) store.AdmissionFunc
	// DefaultClass is the StorageClass a claim that names none gets.
	DefaultClass() *api.StorageClass
	// RegisterProvisioner adds the dynamic provisioner to the node side's
	// manager m.
	RegisterProvisioner(m *controller.Manager)
	// VolumeFS is the file tree of PersistentVolume pvName; a volume never
	// written is empty.
	VolumeFS(pvName string) *vfs.FS
}

// startStorage sets up the cluster's storage as kind does: the storage
// admission plugins, the default StorageClass `standard`, and the
// local-path provisioner, which runs on the node side (in kind it is a
// Deployment in local-path-storage, not part of kube-controller-manager).
// The PersistentVolume controllers themselves are among
// Components.KubeControllerManager.
func (c *Cluster) startStorage() {
	c.storage = c.opts.Controllers.NewStorage()
	c.store.AddAdmission(c.storage.Admission(c.store))
	c.mustCreate(c.storage.DefaultClass())
	c.storage.RegisterProvisioner(c.nodeSide)
}

// VolumeFS is the file tree of PersistentVolume pvName — what a pod that
// mounts a claim bound to it reads and writes. Resolve pod volume → claim
// (spec.volumeName) → volume first; a volume never written is empty.
func (c *Cluster) VolumeFS(pvName string) *vfs.FS { return c.storage.VolumeFS(pvName) }
