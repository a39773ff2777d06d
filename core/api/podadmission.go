package api

import (
	"fmt"
	"strings"
)

// What two of the API server's admission plugins write into every new
// pod, as pure functions of the pod: the cluster runs them on create
// (core/cluster/admission.go), and an export runs them again to tell what
// the server added from what the learner wrote. Neither applies to pod
// templates: a Deployment's template has no priority and no token volume.

// ServiceAccountVolumePrefix begins the name of the token volume the
// ServiceAccount plugin adds; a random suffix of five follows.
const ServiceAccountVolumePrefix = "kube-api-access-"

// ServiceAccountTokenMountPath is where every container finds its token,
// the cluster's CA and its namespace.
const ServiceAccountTokenMountPath = "/var/run/secrets/kubernetes.io/serviceaccount"

// MirrorPodAnnotation marks the API server's copy of a kubelet's static
// pod, whose spec admission leaves alone.
const MirrorPodAnnotation = "kubernetes.io/config.mirror"

// systemPriorityClasses are the PriorityClasses every cluster has; the
// sandbox has no PriorityClass kind, so these are the only names a pod can
// give.
var systemPriorityClasses = map[string]int32{
	"system-cluster-critical": 2000000000,
	"system-node-critical":    2000001000,
}

// AdmitPodPriority is the Priority admission plugin on a new pod: its
// priority from its priorityClassName (0 without one, as there is no
// globalDefault class), and preemptionPolicy PreemptLowerPriority. A pod
// that names an unknown class, or sets a priority or policy other than the
// computed ones, is refused with the plugin's words.
func AdmitPodPriority(p *Pod) error {
	priority := int32(0)
	if name := p.Spec.PriorityClassName; name != "" {
		v, ok := systemPriorityClasses[name]
		if !ok {
			return podForbidden(p, fmt.Sprintf("no PriorityClass with name %v was found", name))
		}
		priority = v
	}
	if p.Spec.Priority != nil && *p.Spec.Priority != priority {
		return podForbidden(p, fmt.Sprintf("the integer value of priority (%d) must not be provided in pod spec; priority admission controller computed %d from the given PriorityClass name",
			*p.Spec.Priority, priority))
	}
	p.Spec.Priority = Ptr(priority)
	if pp := p.Spec.PreemptionPolicy; pp != nil && *pp != PreemptLowerPriority {
		return podForbidden(p, fmt.Sprintf("the string value of PreemptionPolicy (%s) must not be provided in pod spec; priority admission controller computed %s from the given PriorityClass name",
			*pp, PreemptLowerPriority))
	}
	p.Spec.PreemptionPolicy = Ptr(PreemptLowerPriority)
	return nil
}

// podForbidden is admission's refusal of a pod: `pods "web" is forbidden:
// …`, naming a generated pod by its prefix, as admission sees it.
func podForbidden(p *Pod, why string) error {
	name := p.Name
	if p.GenerateName != "" {
		name = p.GenerateName
	}
	return &StatusError{Reason: ReasonForbidden, Message: fmt.Sprintf("pods %q is forbidden: %s", name, why)}
}

// AutomountsServiceAccountToken says whether a pod gets the token volume:
// its own automountServiceAccountToken decides, else its ServiceAccount's
// (sa may be nil: not there yet), else yes.
func AutomountsServiceAccountToken(p *Pod, sa *ServiceAccount) bool {
	if p.Spec.AutomountServiceAccountToken != nil {
		return *p.Spec.AutomountServiceAccountToken
	}
	if sa != nil && sa.AutomountServiceAccountToken != nil {
		return *sa.AutomountServiceAccountToken
	}
	return true
}

// ServiceAccountTokenVolume returns the name of p's token volume, or "".
func ServiceAccountTokenVolume(p *Pod) string {
	for _, v := range p.Spec.Volumes {
		if strings.HasPrefix(v.Name, ServiceAccountVolumePrefix) {
			return v.Name
		}
	}
	return ""
}

// MountServiceAccountToken is the ServiceAccount plugin's mount: every
// init and regular container without a mount at the token's path gets
// one, read-only, of the volume named volume (or of the pod's own
// kube-api-access- volume if it has one), and the projected volume —
// token, CA bundle, namespace — is added when some container mounts it.
func MountServiceAccountToken(p *Pod, volume string) {
	existing := ServiceAccountTokenVolume(p)
	if existing != "" {
		volume = existing
	}
	needed := false
	for _, cs := range [][]Container{p.Spec.InitContainers, p.Spec.Containers} {
		for i := range cs {
			if mountsTokenPath(cs[i]) {
				continue
			}
			cs[i].VolumeMounts = append(cs[i].VolumeMounts, VolumeMount{Name: volume, ReadOnly: true, MountPath: ServiceAccountTokenMountPath})
			needed = true
		}
	}
	if existing == "" && needed {
		p.Spec.Volumes = append(p.Spec.Volumes, Volume{Name: volume, Projected: serviceAccountTokenSource()})
	}
}

func mountsTokenPath(c Container) bool {
	for _, m := range c.VolumeMounts {
		if m.MountPath == ServiceAccountTokenMountPath {
			return true
		}
	}
	return false
}

// serviceAccountTokenSource is the token volume's sources: a bound token
// of 3607 seconds (an hour, plus the plugin's margin), the cluster's CA
// from the kube-root-ca.crt ConfigMap, and the pod's namespace.
func serviceAccountTokenSource() *ProjectedVolumeSource {
	return &ProjectedVolumeSource{
		DefaultMode: Ptr[int32](0o644),
		Sources: []VolumeProjection{
			{ServiceAccountToken: &ServiceAccountTokenProjection{Path: "token", ExpirationSeconds: Ptr[int64](3607)}},
			{ConfigMap: &ConfigMapProjection{Name: "kube-root-ca.crt", Items: []KeyToPath{{Key: "ca.crt", Path: "ca.crt"}}}},
			{DownwardAPI: &DownwardAPIProjection{Items: []DownwardAPIVolumeFile{
				{Path: "namespace", FieldRef: &ObjectFieldSelector{APIVersion: "v1", FieldPath: "metadata.namespace"}}}}},
		},
	}
}
