package deephash

// This file prints v1.Volume: a name and the inlined VolumeSource, one
// pointer per volume type upstream knows, all nil but the one in use.

import "github.com/kubeloop/kubeloop/core/api"

// volumeSources are VolumeSource's fields in k8s.io/api's order; the ones
// kubeloop models are printed by name in volume.
var volumeSources = [...][2]string{
	{"HostPath", ""}, {"EmptyDir", ""},
	{"GCEPersistentDisk", "*v1.GCEPersistentDiskVolumeSource"},
	{"AWSElasticBlockStore", "*v1.AWSElasticBlockStoreVolumeSource"},
	{"GitRepo", "*v1.GitRepoVolumeSource"},
	{"Secret", ""},
	{"NFS", "*v1.NFSVolumeSource"},
	{"ISCSI", "*v1.ISCSIVolumeSource"},
	{"Glusterfs", "*v1.GlusterfsVolumeSource"},
	{"PersistentVolumeClaim", ""},
	{"RBD", "*v1.RBDVolumeSource"},
	{"FlexVolume", "*v1.FlexVolumeSource"},
	{"Cinder", "*v1.CinderVolumeSource"},
	{"CephFS", "*v1.CephFSVolumeSource"},
	{"Flocker", "*v1.FlockerVolumeSource"},
	{"DownwardAPI", "*v1.DownwardAPIVolumeSource"},
	{"FC", "*v1.FCVolumeSource"},
	{"AzureFile", "*v1.AzureFileVolumeSource"},
	{"ConfigMap", ""},
	{"VsphereVolume", "*v1.VsphereVirtualDiskVolumeSource"},
	{"Quobyte", "*v1.QuobyteVolumeSource"},
	{"AzureDisk", "*v1.AzureDiskVolumeSource"},
	{"PhotonPersistentDisk", "*v1.PhotonPersistentDiskVolumeSource"},
	{"Projected", ""},
	{"PortworxVolume", "*v1.PortworxVolumeSource"},
	{"ScaleIO", "*v1.ScaleIOVolumeSource"},
	{"StorageOS", "*v1.StorageOSVolumeSource"},
	{"CSI", "*v1.CSIVolumeSource"},
	{"Ephemeral", "*v1.EphemeralVolumeSource"},
	{"Image", "*v1.ImageVolumeSource"},
}

func (p *printer) volume(v *api.Volume) {
	p.str("Name", "string", v.Name)
	emptyDir := v.EmptyDir
	if v.HostPath == nil && v.EmptyDir == nil && v.PersistentVolumeClaim == nil && v.ConfigMap == nil &&
		v.Secret == nil && v.Ephemeral == nil && v.Projected == nil {
		emptyDir = &api.EmptyDirVolumeSource{} // the API server's default source
	}
	p.structField("VolumeSource", "v1.VolumeSource", func() {
		for _, f := range volumeSources {
			switch f[0] {
			case "HostPath":
				p.ptrField(f[0], "v1.HostPathVolumeSource", v.HostPath == nil, func() {
					h := v.HostPath
					p.str("Path", "string", h.Path)
					p.str("Type", "*v1.HostPathType", h.Type) // defaulted to a pointer to ""
				})
			case "EmptyDir":
				p.ptrField(f[0], "v1.EmptyDirVolumeSource", emptyDir == nil, func() {
					e := emptyDir
					p.str("Medium", "v1.StorageMedium", e.Medium)
					if e.SizeLimit == nil {
						p.nilField("SizeLimit", "*resource.Quantity")
					} else {
						p.structField("SizeLimit", "*resource.Quantity", func() { p.quantity(*e.SizeLimit) })
					}
				})
			case "Secret":
				p.ptrField(f[0], "v1.SecretVolumeSource", v.Secret == nil, func() {
					s := v.Secret
					p.str("SecretName", "string", s.SecretName)
					p.keysToPaths(s.Items)
					p.defaultMode(s.DefaultMode)
					p.boolPtr("Optional", s.Optional)
				})
			case "PersistentVolumeClaim":
				p.ptrField(f[0], "v1.PersistentVolumeClaimVolumeSource", v.PersistentVolumeClaim == nil, func() {
					c := v.PersistentVolumeClaim
					p.str("ClaimName", "string", c.ClaimName)
					p.boolean("ReadOnly", c.ReadOnly)
				})
			case "ConfigMap":
				p.ptrField(f[0], "v1.ConfigMapVolumeSource", v.ConfigMap == nil, func() {
					c := v.ConfigMap
					p.localObjectReference(c.Name)
					p.keysToPaths(c.Items)
					p.defaultMode(c.DefaultMode)
					p.boolPtr("Optional", c.Optional)
				})
			case "Projected":
				p.ptrField(f[0], "v1.ProjectedVolumeSource", v.Projected == nil, func() { p.projected(v.Projected) })
			default:
				p.nilField(f[0], f[1]) // also Ephemeral: its claim template is not reproduced
			}
		}
	})
}

func (p *printer) localObjectReference(name string) {
	p.structField("LocalObjectReference", "v1.LocalObjectReference", func() { p.str("Name", "string", name) })
}

func (p *printer) projected(s *api.ProjectedVolumeSource) {
	p.list("Sources", "[]v1.VolumeProjection", len(s.Sources), func(i int) {
		v := &s.Sources[i]
		p.element(func() {
			p.ptrField("Secret", "v1.SecretProjection", v.Secret == nil, func() {
				s := v.Secret
				p.localObjectReference(s.Name)
				p.keysToPaths(s.Items)
				p.boolPtr("Optional", s.Optional)
			})
			p.ptrField("DownwardAPI", "v1.DownwardAPIProjection", v.DownwardAPI == nil, func() {
				d := v.DownwardAPI
				p.list("Items", "[]v1.DownwardAPIVolumeFile", len(d.Items), func(i int) {
					f := &d.Items[i]
					p.element(func() {
						p.str("Path", "string", f.Path)
						p.ptrField("FieldRef", "v1.ObjectFieldSelector", f.FieldRef == nil, func() { p.fieldSelector(f.FieldRef) })
						p.nilField("ResourceFieldRef", "*v1.ResourceFieldSelector")
						p.int32Ptr("Mode", f.Mode)
					})
				})
			})
			p.ptrField("ConfigMap", "v1.ConfigMapProjection", v.ConfigMap == nil, func() {
				c := v.ConfigMap
				p.localObjectReference(c.Name)
				p.keysToPaths(c.Items)
				p.boolPtr("Optional", c.Optional)
			})
			p.ptrField("ServiceAccountToken", "v1.ServiceAccountTokenProjection", v.ServiceAccountToken == nil, func() {
				t := v.ServiceAccountToken
				p.str("Audience", "string", t.Audience)
				exp := int64(defaultTokenExpiration)
				if t.ExpirationSeconds != nil {
					exp = *t.ExpirationSeconds
				}
				p.integer("ExpirationSeconds", "*int64", exp)
				p.str("Path", "string", t.Path)
			})
			p.nilField("ClusterTrustBundle", "*v1.ClusterTrustBundleProjection")
		})
	})
	p.defaultMode(s.DefaultMode)
}

// defaultMode prints a volume's DefaultMode, which the API server has
// defaulted to 0644 by the time the template is hashed.
func (p *printer) defaultMode(mode *int32) {
	p.integer("DefaultMode", "*int32", int64(api.Deref(mode, defaultVolumeMode)))
}

func (p *printer) keysToPaths(items []api.KeyToPath) {
	p.list("Items", "[]v1.KeyToPath", len(items), func(i int) {
		k := &items[i]
		p.element(func() {
			p.str("Key", "string", k.Key)
			p.str("Path", "string", k.Path)
			p.int32Ptr("Mode", k.Mode)
		})
	})
}
