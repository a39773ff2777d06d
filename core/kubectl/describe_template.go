package kubectl

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/kubeloop/kubeloop/core/api"
)

// This file describes pod templates and containers — the part `describe
// deployment`, `describe rs`, `describe pod` and `rollout history
// --revision` share — in kubectl's words and layout.

// describePodTemplate prints a workload's pod template.
func describePodTemplate(t *api.PodTemplateSpec, w *prefixWriter) {
	w.write(0, "Pod Template:\n")
	printLabels(w, "  Labels", t.Labels)
	if len(t.Annotations) > 0 {
		printAnnotations(w, "  Annotations", t.Annotations)
	}
	if t.Spec.ServiceAccountName != "" {
		w.write(1, "Service Account:\t%s\n", t.Spec.ServiceAccountName)
	}
	if len(t.Spec.InitContainers) > 0 {
		describeContainers("Init Containers", t.Spec.InitContainers, nil, nil, w, "  ")
	}
	describeContainers("Containers", t.Spec.Containers, nil, nil, w, "  ")
	describeVolumes(t.Spec.Volumes, w, "  ")
	if t.Spec.PriorityClassName != "" {
		w.write(1, "Priority Class Name:\t%s\n", t.Spec.PriorityClassName)
	}
	printLabels(w, "  Node-Selectors", t.Spec.NodeSelector)
	printTolerations(w, "  Tolerations", t.Spec.Tolerations)
}

// describeContainers prints containers under label; statuses (a pod's) add
// IDs and state, pod resolves fieldRef environment variables. space is
// the extra indentation of a template ("  ").
func describeContainers(label string, cs []api.Container, statuses []api.ContainerStatus, pod *api.Pod, w *prefixWriter, space string) {
	byName := map[string]api.ContainerStatus{}
	for _, s := range statuses {
		byName[s.Name] = s
	}
	none := ""
	if len(cs) == 0 {
		none = " <none>"
	}
	w.write(0, "%s%s:%s\n", space, label, none)
	nameIndent := ""
	if space != "" {
		nameIndent = " "
	}
	for _, c := range cs {
		st, ok := byName[c.Name]
		w.write(1, "%s%s:\n", nameIndent, c.Name)
		if ok {
			w.write(2, "Container ID:\t%s\n", st.ContainerID)
		}
		w.write(2, "Image:\t%s\n", c.Image)
		if ok {
			w.write(2, "Image ID:\t%s\n", st.ImageID)
		}
		var ports, hostPorts []string
		for _, p := range c.Ports {
			ports = append(ports, fmt.Sprintf("%d/%s", p.ContainerPort, p.Protocol))
			hostPorts = append(hostPorts, fmt.Sprintf("%d/%s", p.HostPort, p.Protocol))
		}
		if len(ports) > 1 {
			w.write(2, "Ports:\t%s\n", strings.Join(ports, ", "))
			w.write(2, "Host Ports:\t%s\n", strings.Join(hostPorts, ", "))
		} else {
			w.write(2, "Port:\t%s\n", orNone(strings.Join(ports, "")))
			w.write(2, "Host Port:\t%s\n", orNone(strings.Join(hostPorts, "")))
		}
		for _, list := range []struct {
			title string
			items []string
		}{{"Command", c.Command}, {"Args", c.Args}} {
			if len(list.items) == 0 {
				continue
			}
			w.write(2, "%s:\n", list.title)
			for _, item := range list.items {
				for _, s := range strings.Split(item, "\n") {
					w.write(3, "%s\n", s)
				}
			}
		}
		if ok {
			describeState("State", st.State, w)
			if st.LastState.Terminated != nil {
				describeState("Last State", st.LastState, w)
			}
			w.write(2, "Ready:\t%s\n", printBool(st.Ready))
			w.write(2, "Restart Count:\t%d\n", st.RestartCount)
		}
		describeResources(c.Resources, w, 2)
		for _, p := range []struct {
			title string
			probe *api.Probe
		}{{"Liveness", c.LivenessProbe}, {"Readiness", c.ReadinessProbe}, {"Startup", c.StartupProbe}} {
			if p.probe != nil {
				w.write(2, "%s:\t%s\n", p.title, describeProbe(p.probe))
			}
		}
		describeEnv(c, pod, w)
		describeMounts(c, w)
	}
}

// describeState prints a container state: Running with its start, Waiting
// with its reason, Terminated with reason, exit code and times.
func describeState(title string, s api.ContainerState, w *prefixWriter) {
	switch {
	case s.Running != nil:
		w.write(2, "%s:\tRunning\n", title)
		w.write(3, "Started:\t%s\n", describeTime(s.Running.StartedAt))
	case s.Waiting != nil:
		w.write(2, "%s:\tWaiting\n", title)
		if s.Waiting.Reason != "" {
			w.write(3, "Reason:\t%s\n", s.Waiting.Reason)
		}
	case s.Terminated != nil:
		t := s.Terminated
		w.write(2, "%s:\tTerminated\n", title)
		if t.Reason != "" {
			w.write(3, "Reason:\t%s\n", t.Reason)
		}
		if t.Message != "" {
			w.write(3, "Message:\t%s\n", t.Message)
		}
		w.write(3, "Exit Code:\t%d\n", t.ExitCode)
		w.write(3, "Started:\t%s\n", describeTime(t.StartedAt))
		w.write(3, "Finished:\t%s\n", describeTime(t.FinishedAt))
	default:
		w.write(2, "%s:\tWaiting\n", title)
	}
}

// describeResources prints limits then requests, names sorted.
func describeResources(r api.ResourceRequirements, w *prefixWriter, level int) {
	for _, part := range []struct {
		title string
		list  api.ResourceList
	}{{"Limits", r.Limits}, {"Requests", r.Requests}} {
		if len(part.list) == 0 {
			continue
		}
		w.write(level, "%s:\n", part.title)
		for _, name := range sortedKeys(part.list) {
			q := part.list[name]
			w.write(level+1, "%s:\t%s\n", name, q.String())
		}
	}
}

// describeProbe is kubectl's one-line probe: "http-get http://:80/
// delay=0s timeout=1s period=10s #success=1 #failure=3". Fields the API
// server would have defaulted show their defaults.
func describeProbe(p *api.Probe) string {
	orDefault := func(v, def int32) int32 {
		if v == 0 {
			return def
		}
		return v
	}
	attrs := fmt.Sprintf("delay=%ds timeout=%ds period=%ds #success=%d #failure=%d", p.InitialDelaySeconds,
		orDefault(p.TimeoutSeconds, 1), orDefault(p.PeriodSeconds, 10), orDefault(p.SuccessThreshold, 1), orDefault(p.FailureThreshold, 3))
	switch {
	case p.Exec != nil:
		return fmt.Sprintf("exec [%s] %s", strings.Join(p.Exec.Command, " "), attrs)
	case p.HTTPGet != nil:
		scheme := strings.ToLower(p.HTTPGet.Scheme)
		if scheme == "" {
			scheme = "http"
		}
		host := p.HTTPGet.Host
		if strings.Contains(host, ":") {
			host = "[" + host + "]"
		}
		return fmt.Sprintf("http-get %s://%s:%s%s %s", scheme, host, p.HTTPGet.Port.String(), p.HTTPGet.Path, attrs)
	case p.TCPSocket != nil:
		return fmt.Sprintf("tcp-socket :%s %s", p.TCPSocket.Port.String(), attrs)
	}
	return "unknown " + attrs
}

// describeEnv prints a container's environment; a pod resolves fieldRefs.
func describeEnv(c api.Container, pod *api.Pod, w *prefixWriter) {
	none := ""
	if len(c.Env) == 0 {
		none = "\t<none>"
	}
	w.write(2, "Environment:%s\n", none)
	for _, e := range c.Env {
		if e.ValueFrom == nil || e.ValueFrom.FieldRef == nil {
			for i, s := range strings.Split(e.Value, "\n") {
				if i == 0 {
					w.write(3, "%s:\t%s\n", e.Name, s)
				} else {
					w.write(3, "\t%s\n", s)
				}
			}
			continue
		}
		ref := e.ValueFrom.FieldRef
		version := ref.APIVersion
		if version == "" {
			version = "v1"
		}
		w.write(3, "%s:\t%s (%s:%s)\n", e.Name, podField(pod, ref.FieldPath), version, ref.FieldPath)
	}
}

// podField is the value of a downward-API field of pod ("" for a template).
func podField(p *api.Pod, path string) string {
	if p == nil {
		return ""
	}
	switch path {
	case "metadata.name":
		return p.Name
	case "metadata.namespace":
		return p.Namespace
	case "metadata.uid":
		return p.UID
	case "spec.nodeName":
		return p.Spec.NodeName
	case "spec.serviceAccountName":
		return p.Spec.ServiceAccountName
	case "status.hostIP":
		return p.Status.HostIP
	case "status.podIP":
		return p.Status.PodIP
	}
	return ""
}

// describeMounts prints volume mounts sorted by path.
func describeMounts(c api.Container, w *prefixWriter) {
	none := ""
	if len(c.VolumeMounts) == 0 {
		none = "\t<none>"
	}
	w.write(2, "Mounts:%s\n", none)
	mounts := append([]api.VolumeMount(nil), c.VolumeMounts...)
	sort.SliceStable(mounts, func(i, j int) bool { return mounts[i].MountPath < mounts[j].MountPath })
	for _, m := range mounts {
		flags := []string{"rw"}
		if m.ReadOnly {
			flags[0] = "ro"
		}
		if m.SubPath != "" {
			flags = append(flags, fmt.Sprintf("path=%q", m.SubPath))
		}
		w.write(3, "%s from %s (%s)\n", m.MountPath, m.Name, strings.Join(flags, ","))
	}
}

// describeVolumes prints a pod's (or template's) volumes by type.
func describeVolumes(vs []api.Volume, w *prefixWriter, space string) {
	if len(vs) == 0 {
		w.write(0, "%sVolumes:\t<none>\n", space)
		return
	}
	w.write(0, "%sVolumes:\n", space)
	nameIndent := ""
	if space != "" {
		nameIndent = " "
	}
	for _, v := range vs {
		w.write(1, "%s%s:\n", nameIndent, v.Name)
		switch {
		case v.HostPath != nil:
			w.write(2, "Type:\tHostPath (bare host directory volume)\n    Path:\t%s\n    HostPathType:\t%s\n",
				v.HostPath.Path, v.HostPath.Type)
		case v.EmptyDir != nil:
			limit := "<unset>"
			if v.EmptyDir.SizeLimit != nil && !v.EmptyDir.SizeLimit.IsZero() {
				limit = v.EmptyDir.SizeLimit.String()
			}
			w.write(2, "Type:\tEmptyDir (a temporary directory that shares a pod's lifetime)\n    Medium:\t%s\n    SizeLimit:\t%s\n",
				v.EmptyDir.Medium, limit)
		case v.PersistentVolumeClaim != nil:
			w.write(2, "Type:\tPersistentVolumeClaim (a reference to a PersistentVolumeClaim in the same namespace)\n    ClaimName:\t%s\n    ReadOnly:\t%v\n",
				v.PersistentVolumeClaim.ClaimName, v.PersistentVolumeClaim.ReadOnly)
		case v.Ephemeral != nil:
			// As upstream: the template printed as a claim that is not bound.
			w.write(2, "Type:\tEphemeralVolume (an inline specification for a volume that gets created and deleted with the pod)\n")
			if t := v.Ephemeral.VolumeClaimTemplate; t != nil {
				class := "<unset>"
				if t.Spec.StorageClassName != nil {
					class = *t.Spec.StorageClassName
				}
				w.write(2, "StorageClass:\t%s\n", class)
				w.write(2, "Volume:\t%s\n", t.Spec.VolumeName)
				for _, m := range []struct {
					title string
					kv    map[string]string
					sep   string
				}{{"Labels", t.Labels, "="}, {"Annotations", t.Annotations, ": "}} {
					keys := slices.Sorted(maps.Keys(m.kv))
					if len(keys) == 0 {
						w.write(2, "%s:\t<none>\n", m.title)
					}
					for i, k := range keys {
						if i == 0 {
							w.write(2, "%s:\t%s%s%s\n", m.title, k, m.sep, m.kv[k])
						} else {
							w.write(2, "\t%s%s%s\n", k, m.sep, m.kv[k])
						}
					}
				}
				w.write(2, "Capacity:\t\n")
				w.write(2, "Access Modes:\t\n")
				if t.Spec.VolumeMode != nil {
					w.write(2, "VolumeMode:\t%s\n", *t.Spec.VolumeMode)
				}
			}
		case v.ConfigMap != nil:
			w.write(2, "Type:\tConfigMap (a volume populated by a ConfigMap)\n    Name:\t%s\n    Optional:\t%v\n",
				v.ConfigMap.Name, api.Deref(v.ConfigMap.Optional, false))
		case v.Secret != nil:
			w.write(2, "Type:\tSecret (a volume populated by a Secret)\n    SecretName:\t%s\n    Optional:\t%v\n",
				v.Secret.SecretName, api.Deref(v.Secret.Optional, false))
		case v.Projected != nil:
			describeProjected(v.Projected, w)
		default:
			w.write(1, "<unknown>\n")
		}
	}
}

// describeProjected prints each source of a projected volume as kubectl
// does: the token's lifetime, a ConfigMap's or Secret's name and whether
// it is optional (<nil> when unset), and only that there is a downward
// API part.
func describeProjected(p *api.ProjectedVolumeSource, w *prefixWriter) {
	w.write(2, "Type:\tProjected (a volume that contains injected data from multiple sources)\n")
	for _, src := range p.Sources {
		switch {
		case src.Secret != nil:
			w.write(2, "SecretName:\t%s\n    SecretOptionalName:\t%s\n", src.Secret.Name, optionalText(src.Secret.Optional))
		case src.DownwardAPI != nil:
			w.write(2, "DownwardAPI:\ttrue\n")
		case src.ConfigMap != nil:
			w.write(2, "ConfigMapName:\t%s\n    ConfigMapOptional:\t%s\n", src.ConfigMap.Name, optionalText(src.ConfigMap.Optional))
		case src.ServiceAccountToken != nil:
			w.write(2, "TokenExpirationSeconds:\t%d\n", api.Deref(src.ServiceAccountToken.ExpirationSeconds, 0))
		}
	}
}

// optionalText is a *bool as kubectl's %v prints it: <nil>, true or false.
func optionalText(b *bool) string {
	if b == nil {
		return "<nil>"
	}
	return fmt.Sprint(*b)
}
