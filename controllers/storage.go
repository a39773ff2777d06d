package controllers

import (
	"github.com/kubeloop/kubeloop/controllers/volume"
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/cluster"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/store"
	"github.com/kubeloop/kubeloop/core/vfs"
)

// storage is a cluster's storage as kind sets it up (cluster.Storage): the
// volume package's admission plugins and default class, and the local-path
// provisioner, which keeps the files of the volumes it makes in vols.
type storage struct {
	vols *volume.Volumes
}

func newStorage() cluster.Storage { return storage{vols: volume.NewVolumes()} }

func (storage) Admission(s *store.Store) store.AdmissionFunc { return volume.Admission(s) }

func (storage) DefaultClass() *api.StorageClass { return volume.DefaultStorageClass() }

func (st storage) RegisterProvisioner(m *controller.Manager) { volume.RegisterProvisioner(m, st.vols) }

func (st storage) VolumeFS(pvName string) *vfs.FS { return st.vols.FS(pvName) }
