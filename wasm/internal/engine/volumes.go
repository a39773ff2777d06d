package engine

import "github.com/kubeloop/kubeloop/core/api"

// lister is what the volumes are read from: the live store or one
// revision of its history.
type lister interface {
	List(kind *api.Kind, namespace string) []api.Object
}

// Volumes lists the PersistentVolumeClaims: claim → volume, its class and
// phase, and the pod that mounts it. The pods are listed only when there
// are claims: at 10,000 pods and no claim, listing them on every frame
// would find no mount.
func Volumes(v lister) []Volume {
	claims := v.List(api.PersistentVolumeClaims, "")
	if len(claims) == 0 {
		return nil
	}
	mountedBy := map[string]string{}
	for _, o := range v.List(api.Pods, "") {
		p := o.(*api.Pod)
		for _, vol := range p.Spec.Volumes {
			if vol.PersistentVolumeClaim != nil {
				mountedBy[p.Namespace+"/"+vol.PersistentVolumeClaim.ClaimName] = p.Name
			}
		}
	}
	out := make([]Volume, 0, len(claims))
	for _, o := range claims {
		c := o.(*api.PersistentVolumeClaim)
		out = append(out, Volume{
			Namespace: c.Namespace, Name: c.Name, Volume: c.Spec.VolumeName,
			Class: api.Deref(c.Spec.StorageClassName, ""), Status: c.Status.Phase,
			MountedBy: mountedBy[c.Namespace+"/"+c.Name],
		})
	}
	return out
}
