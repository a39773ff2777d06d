package engine

import "github.com/kubeloop/kubeloop/core/api"

// lister is what the volumes are read from: the live store or one
// revision of its history.
type lister interface {
	List(kind *api.Kind, namespace string) []api.Object
}

// Volumes lists the PersistentVolumeClaims, the first MaxTableRows of
// them: claim → volume, its class and phase, and the pod that mounts it.
// The pods are listed only when there are claims: at 10,000 pods and no
// claim, listing them on every frame would find no mount.
func Volumes(v lister) Table[Volume] {
	claims := firstRows(v.List(api.PersistentVolumeClaims, ""))
	if len(claims.Rows) == 0 {
		return Table[Volume]{}
	}
	shown := make(map[string]string, len(claims.Rows)) // namespace/name → the pod that mounts it
	for _, o := range claims.Rows {
		m := o.GetObjectMeta()
		shown[m.Namespace+"/"+m.Name] = ""
	}
	for _, o := range v.List(api.Pods, "") {
		p := o.(*api.Pod)
		for _, vol := range p.Spec.Volumes {
			if vol.PersistentVolumeClaim == nil {
				continue
			}
			k := p.Namespace + "/" + vol.PersistentVolumeClaim.ClaimName
			if _, ok := shown[k]; ok {
				shown[k] = p.Name
			}
		}
	}
	out := Table[Volume]{Rows: make([]Volume, 0, len(claims.Rows)), More: claims.More}
	for _, o := range claims.Rows {
		c := o.(*api.PersistentVolumeClaim)
		out.Rows = append(out.Rows, Volume{
			Namespace: c.Namespace, Name: c.Name, Volume: c.Spec.VolumeName,
			Class: api.Deref(c.Spec.StorageClassName, ""), Status: c.Status.Phase,
			MountedBy: shown[c.Namespace+"/"+c.Name],
		})
	}
	return out
}
