package kubectl

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
)

// This file holds kubectl's describers for StatefulSets, the storage kinds
// (PersistentVolumeClaim, PersistentVolume, StorageClass) and the network
// kinds a StatefulSet leans on (Service, Endpoints), field for field in
// the order and words of kubectl v1.31's describe.go.

func describeStatefulSet(s *api.StatefulSet, pods []*api.Pod, events []*api.Event, now time.Time) string {
	running, waiting, succeeded, failed := podPhases(pods)
	return tabbed(func(w *prefixWriter) {
		w.write(0, "Name:\t%s\n", s.Name)
		w.write(0, "Namespace:\t%s\n", s.Namespace)
		w.write(0, "CreationTimestamp:\t%s\n", describeTime(s.CreationTimestamp))
		sel := ""
		if x, err := s.Spec.Selector.AsSelector(); err == nil {
			sel = x.String()
		}
		w.write(0, "Selector:\t%s\n", sel)
		printLabels(w, "Labels", s.Labels)
		printAnnotations(w, "Annotations", s.Annotations)
		w.write(0, "Replicas:\t%d desired | %d total\n", api.Deref(s.Spec.Replicas, 1), s.Status.Replicas)
		w.write(0, "Update Strategy:\t%s\n", s.Spec.UpdateStrategy.Type)
		if ru := s.Spec.UpdateStrategy.RollingUpdate; ru != nil && ru.Partition != nil {
			w.write(1, "Partition:\t%d\n", *ru.Partition)
			if ru.MaxUnavailable != nil {
				w.write(1, "MaxUnavailable:\t%s\n", ru.MaxUnavailable.String())
			}
		}
		w.write(0, "Pods Status:\t%d Running / %d Waiting / %d Succeeded / %d Failed\n", running, waiting, succeeded, failed)
		describePodTemplate(&s.Spec.Template, w)
		if len(s.Spec.VolumeClaimTemplates) == 0 {
			w.write(0, "Volume Claims:\t<none>\n")
		} else {
			w.write(0, "Volume Claims:\n")
			for _, pvc := range s.Spec.VolumeClaimTemplates {
				w.write(1, "Name:\t%s\n", pvc.Name)
				w.write(1, "StorageClass:\t%s\n", claimClass(&pvc))
				printLabels(w, "  Labels", pvc.Labels)
				printLabels(w, "  Annotations", pvc.Annotations)
				if q, ok := pvc.Spec.Resources.Requests["storage"]; ok {
					w.write(1, "Capacity:\t%s\n", q.String())
				} else {
					w.write(1, "Capacity:\t<default>\n")
				}
				// kubectl prints the []PersistentVolumeAccessMode with %s.
				w.write(1, "Access Modes:\t[%s]\n", strings.Join(pvc.Spec.AccessModes, " "))
			}
		}
		describeEvents(events, now, w)
	})
}

// podPhases counts pods by phase: running, waiting (Pending), succeeded,
// failed — the "Pods Status" line.
func podPhases(pods []*api.Pod) (running, waiting, succeeded, failed int) {
	for _, p := range pods {
		switch p.Status.Phase {
		case api.PodRunning:
			running++
		case api.PodPending, "":
			waiting++
		case api.PodSucceeded:
			succeeded++
		case api.PodFailed:
			failed++
		}
	}
	return
}

// claimClass is storageutil.GetPersistentVolumeClaimClass: the spec's
// class, else the beta annotation, else "".
func claimClass(pvc *api.PersistentVolumeClaim) string {
	if pvc.Spec.StorageClassName != nil {
		return *pvc.Spec.StorageClassName
	}
	return pvc.Annotations["volume.beta.kubernetes.io/storage-class"]
}

func describePVC(pvc *api.PersistentVolumeClaim, usedBy []*api.Pod, events []*api.Event, now time.Time) string {
	return tabbed(func(w *prefixWriter) {
		w.write(0, "Name:\t%s\n", pvc.Name)
		w.write(0, "Namespace:\t%s\n", pvc.Namespace)
		w.write(0, "StorageClass:\t%s\n", claimClass(pvc))
		if pvc.DeletionTimestamp != nil {
			w.write(0, "Status:\tTerminating (lasts %s)\n", age(*pvc.DeletionTimestamp, now))
		} else {
			w.write(0, "Status:\t%s\n", pvc.Status.Phase)
		}
		w.write(0, "Volume:\t%s\n", pvc.Spec.VolumeName)
		printLabels(w, "Labels", pvc.Labels)
		printAnnotations(w, "Annotations", pvc.Annotations)
		w.write(0, "Finalizers:\t[%s]\n", strings.Join(pvc.Finalizers, " "))
		capacity, modes := "", ""
		if pvc.Spec.VolumeName != "" {
			modes = api.AccessModesShort(pvc.Status.AccessModes)
			q := pvc.Status.Capacity["storage"]
			capacity = q.String()
		}
		w.write(0, "Capacity:\t%s\n", capacity)
		w.write(0, "Access Modes:\t%s\n", modes)
		if pvc.Spec.VolumeMode != nil {
			w.write(0, "VolumeMode:\t%s\n", *pvc.Spec.VolumeMode)
		}
		w.write(0, "Used By:\t")
		if len(usedBy) == 0 {
			w.line("<none>")
		}
		sort.Slice(usedBy, func(i, j int) bool { return usedBy[i].Name < usedBy[j].Name })
		for i, p := range usedBy {
			if i != 0 {
				w.write(0, "\t")
			}
			w.write(0, "%s\n", p.Name)
		}
		if len(pvc.Status.Conditions) > 0 {
			w.write(0, "Conditions:\n")
			w.write(1, "Type\tStatus\tLastProbeTime\tLastTransitionTime\tReason\tMessage\n")
			w.write(1, "----\t------\t-----------------\t------------------\t------\t-------\n")
			for _, c := range pvc.Status.Conditions {
				w.write(1, "%s \t%s \t%s \t%s \t%s \t%s\n", c.Type, c.Status, rfc1123z(c.LastProbeTime), rfc1123z(c.LastTransitionTime), c.Reason, c.Message)
			}
		}
		describeEvents(events, now, w)
	})
}

// podsUsingClaim are the pods in the claim's namespace that mount it.
func (c *invocation) podsUsingClaim(pvc *api.PersistentVolumeClaim) []*api.Pod {
	mounts := func(o api.Object) bool {
		p := o.(*api.Pod)
		for i := range p.Spec.Volumes {
			if api.VolumeClaimName(p, &p.Spec.Volumes[i]) == pvc.Name {
				return true
			}
		}
		return false
	}
	var out []*api.Pod
	for _, o := range c.env.Store().ListMatching(api.Pods, pvc.Namespace, mounts) {
		out = append(out, o.(*api.Pod))
	}
	return out
}

func describePV(pv *api.PersistentVolume, events []*api.Event, now time.Time) string {
	return tabbed(func(w *prefixWriter) {
		w.write(0, "Name:\t%s\n", pv.Name)
		printLabels(w, "Labels", pv.Labels)
		printAnnotations(w, "Annotations", pv.Annotations)
		w.write(0, "Finalizers:\t[%s]\n", strings.Join(pv.Finalizers, " "))
		w.write(0, "StorageClass:\t%s\n", pv.Spec.StorageClassName)
		if pv.DeletionTimestamp != nil {
			w.write(0, "Status:\tTerminating (lasts %s)\n", age(*pv.DeletionTimestamp, now))
		} else {
			w.write(0, "Status:\t%s\n", pv.Status.Phase)
		}
		claim := ""
		if ref := pv.Spec.ClaimRef; ref != nil {
			claim = ref.Namespace + "/" + ref.Name
		}
		w.write(0, "Claim:\t%s\n", claim)
		w.write(0, "Reclaim Policy:\t%s\n", pv.Spec.PersistentVolumeReclaimPolicy)
		w.write(0, "Access Modes:\t%s\n", api.AccessModesShort(pv.Spec.AccessModes))
		if pv.Spec.VolumeMode != nil {
			w.write(0, "VolumeMode:\t%s\n", *pv.Spec.VolumeMode)
		}
		q := pv.Spec.Capacity["storage"]
		w.write(0, "Capacity:\t%s\n", q.String())
		w.write(0, "Node Affinity:\t")
		if a := pv.Spec.NodeAffinity; a == nil || a.Required == nil {
			w.line("<none>")
		} else {
			w.line("")
			w.write(1, "Required Terms:\t")
			if len(a.Required.NodeSelectorTerms) == 0 {
				w.line("<none>")
			} else {
				w.line("")
				for i, t := range a.Required.NodeSelectorTerms {
					w.write(2, "Term %d:\t", i)
					if len(t.MatchExpressions) == 0 {
						w.line("<none>")
					}
					for j, r := range t.MatchExpressions {
						if j != 0 {
							w.write(2, "\t")
						}
						e := r.Key + " " + strings.ToLower(r.Operator)
						if len(r.Values) > 0 {
							e += " [" + strings.Join(r.Values, ", ") + "]"
						}
						w.write(0, "%s\n", e)
					}
				}
			}
		}
		w.write(0, "Message:\t%s\n", pv.Status.Message)
		w.write(0, "Source:\n")
		switch s := pv.Spec; {
		case s.HostPath != nil:
			t := s.HostPath.Type
			if t == "" {
				t = "<none>"
			}
			w.write(2, "Type:\tHostPath (bare host directory volume)\n    Path:\t%s\n    HostPathType:\t%s\n", s.HostPath.Path, t)
		case s.Local != nil:
			w.write(2, "Type:\tLocalVolume (a persistent volume backed by local storage on a node)\n    Path:\t%s\n", s.Local.Path)
		case s.NFS != nil:
			w.write(2, "Type:\tNFS (an NFS mount that lasts the lifetime of a pod)\n    Server:\t%s\n    Path:\t%s\n    ReadOnly:\t%v\n", s.NFS.Server, s.NFS.Path, s.NFS.ReadOnly)
		case s.CSI != nil:
			w.write(2, "Type:\tCSI (a Container Storage Interface (CSI) volume source)\n    Driver:\t%s\n    FSType:\t%s\n    VolumeHandle:\t%s\n    ReadOnly:\t%v\n", s.CSI.Driver, s.CSI.FSType, s.CSI.VolumeHandle, false)
		default:
			w.write(1, "<unknown>\n")
		}
		describeEvents(events, now, w)
	})
}

func describeStorageClass(sc *api.StorageClass, events []*api.Event, now time.Time) string {
	return tabbed(func(w *prefixWriter) {
		w.write(0, "Name:\t%s\n", sc.Name)
		isDefault := "No"
		if api.IsDefaultClass(sc) {
			isDefault = "Yes"
		}
		w.write(0, "IsDefaultClass:\t%s\n", isDefault)
		w.write(0, "Annotations:\t%s\n", formatLabelMap(sc.Annotations))
		w.write(0, "Provisioner:\t%s\n", sc.Provisioner)
		w.write(0, "Parameters:\t%s\n", formatLabelMap(sc.Parameters))
		expansion := "<unset>"
		if sc.AllowVolumeExpansion != nil {
			expansion = printBool(*sc.AllowVolumeExpansion)
		}
		w.write(0, "AllowVolumeExpansion:\t%s\n", expansion)
		if len(sc.MountOptions) == 0 {
			w.write(0, "MountOptions:\t<none>\n")
		} else {
			w.write(0, "MountOptions:\n")
			for _, o := range sc.MountOptions {
				w.write(1, "%s\n", o)
			}
		}
		if sc.ReclaimPolicy != nil {
			w.write(0, "ReclaimPolicy:\t%s\n", *sc.ReclaimPolicy)
		}
		if sc.VolumeBindingMode != nil {
			w.write(0, "VolumeBindingMode:\t%s\n", *sc.VolumeBindingMode)
		}
		describeEvents(events, now, w)
	})
}

// formatLabelMap is labels.FormatLabels: k=v pairs sorted by key, joined
// by commas, or <none>.
func formatLabelMap(m map[string]string) string {
	if len(m) == 0 {
		return "<none>"
	}
	var parts []string
	for _, k := range sortedKeys(m) {
		parts = append(parts, k+"="+m[k])
	}
	return strings.Join(parts, ",")
}

func describeService(s *api.Service, ep *api.Endpoints, events []*api.Event, now time.Time) string {
	return tabbed(func(w *prefixWriter) {
		printObjectMeta(w, &s.ObjectMeta)
		w.write(0, "Selector:\t%s\n", formatLabelMap(s.Spec.Selector))
		w.write(0, "Type:\t%s\n", s.Spec.Type)
		if s.Spec.IPFamilyPolicy != nil {
			w.write(0, "IP Family Policy:\t%s\n", *s.Spec.IPFamilyPolicy)
		}
		w.write(0, "IP Families:\t%s\n", orNone(strings.Join(s.Spec.IPFamilies, ",")))
		w.write(0, "IP:\t%s\n", s.Spec.ClusterIP)
		w.write(0, "IPs:\t%s\n", orNone(strings.Join(s.Spec.ClusterIPs, ",")))
		if len(s.Spec.ExternalIPs) > 0 {
			w.write(0, "External IPs:\t%s\n", strings.Join(s.Spec.ExternalIPs, ","))
		}
		if s.Spec.LoadBalancerIP != "" {
			w.write(0, "Desired LoadBalancer IP:\t%s\n", s.Spec.LoadBalancerIP)
		}
		if s.Spec.ExternalName != "" {
			w.write(0, "External Name:\t%s\n", s.Spec.ExternalName)
		}
		if in := s.Status.LoadBalancer.Ingress; len(in) > 0 {
			var list []string
			for _, i := range in {
				if i.IP != "" {
					list = append(list, i.IP)
				} else {
					list = append(list, i.Hostname)
				}
			}
			w.write(0, "LoadBalancer Ingress:\t%s\n", strings.Join(list, ", "))
		}
		for _, p := range s.Spec.Ports {
			name := p.Name
			if name == "" {
				name = "<unset>"
			}
			w.write(0, "Port:\t%s\t%d/%s\n", name, p.Port, p.Protocol)
			w.write(0, "TargetPort:\t%s/%s\n", p.TargetPort.String(), p.Protocol)
			if p.NodePort != 0 {
				w.write(0, "NodePort:\t%s\t%d/%s\n", name, p.NodePort, p.Protocol)
			}
			w.write(0, "Endpoints:\t%s\n", endpointsForPort(ep, p.Name))
		}
		w.write(0, "Session Affinity:\t%s\n", s.Spec.SessionAffinity)
		if s.Spec.ExternalTrafficPolicy != "" {
			w.write(0, "External Traffic Policy:\t%s\n", s.Spec.ExternalTrafficPolicy)
		}
		if s.Spec.InternalTrafficPolicy != nil {
			w.write(0, "Internal Traffic Policy:\t%s\n", *s.Spec.InternalTrafficPolicy)
		}
		describeEvents(events, now, w)
	})
}

// endpointsForPort is describe's Endpoints line for one service port:
// the ready addresses with that port (by name), at most three, then
// "+ N more...", or <none> — formatEndpoints of kubectl's describe.go.
func endpointsForPort(ep *api.Endpoints, port string) string {
	if ep == nil || len(ep.Subsets) == 0 {
		return "<none>"
	}
	const max = 3
	var list []string
	count := 0
	for _, ss := range ep.Subsets {
		if len(ss.Ports) == 0 {
			for _, a := range ss.Addresses {
				if len(list) < max {
					list = append(list, a.IP)
				}
				count++
			}
			continue
		}
		for _, p := range ss.Ports {
			if p.Name != port {
				continue
			}
			for _, a := range ss.Addresses {
				if len(list) < max {
					list = append(list, joinHostPort(a.IP, strconv.Itoa(int(p.Port))))
				}
				count++
			}
		}
	}
	ret := strings.Join(list, ",")
	if count > max {
		return fmt.Sprintf("%s + %d more...", ret, count-max)
	}
	return ret
}

func describeEndpoints(ep *api.Endpoints, events []*api.Event, now time.Time) string {
	return tabbed(func(w *prefixWriter) {
		printObjectMeta(w, &ep.ObjectMeta)
		w.write(0, "Subsets:\n")
		ips := func(as []api.EndpointAddress) string {
			var l []string
			for _, a := range as {
				l = append(l, a.IP)
			}
			return orNone(strings.Join(l, ","))
		}
		for _, ss := range ep.Subsets {
			w.write(1, "Addresses:\t%s\n", ips(ss.Addresses))
			w.write(1, "NotReadyAddresses:\t%s\n", ips(ss.NotReadyAddresses))
			if len(ss.Ports) > 0 {
				w.write(1, "Ports:\n")
				w.write(2, "Name\tPort\tProtocol\n")
				w.write(2, "----\t----\t--------\n")
				for _, p := range ss.Ports {
					name := p.Name
					if name == "" {
						name = "<unset>"
					}
					w.write(2, "%s\t%d\t%s\n", name, p.Port, p.Protocol)
				}
			}
			w.write(0, "\n")
		}
		describeEvents(events, now, w)
	})
}

// rfc1123z is a condition time as describe prints it; an unset time is
// Go's zero time, as upstream prints it.
func rfc1123z(t *api.Time) string {
	if t == nil {
		return time.Time{}.Format(time.RFC1123Z)
	}
	return t.Time.Format(time.RFC1123Z)
}
