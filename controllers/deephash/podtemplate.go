package deephash

// This file prints a pod template as the upstream v1.PodTemplateSpec of one
// release: every field, in k8s.io/api's order, under its Go type name.

import (
	"io"

	"github.com/kubeloop/kubeloop/core/api"
)

// zeroTime is a metav1.Time that was never set: a template's
// creationTimestamp.
const zeroTime = "(v1.Time){Time:(time.Time){wall:(uint64)0 ext:(int64)0 loc:(*time.Location)<nil>}}"

// Defaults the API server fills into fields kubeloop does not keep, or keeps
// unset: the stored template, which upstream hashes, carries them.
const (
	defaultVolumeMode        = 420 // 0644, configMap/secret/projected volumes
	defaultTokenExpiration   = 3600
	defaultProbeTimeout      = 1
	defaultProbePeriod       = 10
	defaultProbeSuccess      = 1
	defaultProbeFailure      = 3
	defaultTerminationPath   = "/dev/termination-log"
	defaultTerminationPolicy = "File"
)

// PrintPodTemplate writes spew's printout of t as release 1.minor's
// v1.PodTemplateSpec.
func PrintPodTemplate(w io.Writer, t *api.PodTemplateSpec, minor int) {
	p := &printer{w: w, minor: minor}
	p.open("v1.PodTemplateSpec", "{")
	p.structField("ObjectMeta", "v1.ObjectMeta", func() { p.objectMeta(&t.ObjectMeta) })
	p.structField("Spec", "v1.PodSpec", func() { p.podSpec(&t.Spec) })
	p.raw("}")
}

func (p *printer) objectMeta(m *api.ObjectMeta) {
	p.str("Name", "string", m.Name)
	p.str("GenerateName", "string", m.GenerateName)
	p.str("Namespace", "string", m.Namespace)
	p.str("SelfLink", "string", "")
	p.str("UID", "types.UID", m.UID)
	p.str("ResourceVersion", "string", m.ResourceVersion)
	p.integer("Generation", "int64", m.Generation)
	p.field("CreationTimestamp")
	p.raw(zeroTime) // templates are never stamped
	p.nilField("DeletionTimestamp", "*v1.Time")
	p.int64Ptr("DeletionGracePeriodSeconds", m.DeletionGracePeriodSeconds)
	p.stringMap("Labels", m.Labels)
	p.stringMap("Annotations", m.Annotations)
	p.nilField("OwnerReferences", "[]v1.OwnerReference") // templates have no owners
	p.strings("Finalizers", m.Finalizers)
	p.nilField("ManagedFields", "[]v1.ManagedFieldsEntry")
}

func (p *printer) podSpec(s *api.PodSpec) {
	p.list("Volumes", "[]v1.Volume", len(s.Volumes), func(i int) { p.element(func() { p.volume(&s.Volumes[i]) }) })
	p.list("InitContainers", "[]v1.Container", len(s.InitContainers), func(i int) { p.element(func() { p.container(&s.InitContainers[i]) }) })
	p.list("Containers", "[]v1.Container", len(s.Containers), func(i int) { p.element(func() { p.container(&s.Containers[i]) }) })
	p.nilField("EphemeralContainers", "[]v1.EphemeralContainer")
	p.str("RestartPolicy", "v1.RestartPolicy", s.RestartPolicy)
	p.int64Ptr("TerminationGracePeriodSeconds", s.TerminationGracePeriodSeconds)
	p.int64Ptr("ActiveDeadlineSeconds", s.ActiveDeadlineSeconds)
	p.str("DNSPolicy", "v1.DNSPolicy", s.DNSPolicy)
	p.stringMap("NodeSelector", s.NodeSelector)
	p.str("ServiceAccountName", "string", s.ServiceAccountName)
	p.str("DeprecatedServiceAccount", "string", s.DeprecatedServiceAccount)
	p.boolPtr("AutomountServiceAccountToken", s.AutomountServiceAccountToken)
	p.str("NodeName", "string", s.NodeName)
	p.boolean("HostNetwork", s.HostNetwork)
	p.boolean("HostPID", false)
	p.boolean("HostIPC", false)
	p.nilField("ShareProcessNamespace", "*bool")
	p.ptrField("SecurityContext", "v1.PodSecurityContext", s.SecurityContext == nil, func() { p.podSecurityContext(s.SecurityContext) })
	p.nilField("ImagePullSecrets", "[]v1.LocalObjectReference")
	p.str("Hostname", "string", s.Hostname)
	p.str("Subdomain", "string", s.Subdomain)
	p.ptrField("Affinity", "v1.Affinity", s.Affinity == nil, func() { p.affinity(s.Affinity) })
	p.str("SchedulerName", "string", s.SchedulerName)
	p.list("Tolerations", "[]v1.Toleration", len(s.Tolerations), func(i int) { p.element(func() { p.toleration(&s.Tolerations[i]) }) })
	p.nilField("HostAliases", "[]v1.HostAlias")
	p.str("PriorityClassName", "string", s.PriorityClassName)
	p.int32Ptr("Priority", s.Priority)
	p.nilField("DNSConfig", "*v1.PodDNSConfig")
	p.nilField("ReadinessGates", "[]v1.PodReadinessGate")
	p.nilField("RuntimeClassName", "*string")
	p.boolPtr("EnableServiceLinks", s.EnableServiceLinks)
	p.strPtr("PreemptionPolicy", "*v1.PreemptionPolicy", s.PreemptionPolicy)
	p.nilField("Overhead", "v1.ResourceList")
	p.nilField("TopologySpreadConstraints", "[]v1.TopologySpreadConstraint")
	p.nilField("SetHostnameAsFQDN", "*bool")
	p.nilField("OS", "*v1.PodOS")
	p.nilField("HostUsers", "*bool")
	p.nilField("SchedulingGates", "[]v1.PodSchedulingGate")
	p.nilField("ResourceClaims", "[]v1.PodResourceClaim")
	if p.minor >= 32 {
		p.nilField("Resources", "*v1.ResourceRequirements") // pod-level resources, new in 1.32
	}
}

func (p *printer) podSecurityContext(c *api.PodSecurityContext) {
	p.nilField("SELinuxOptions", "*v1.SELinuxOptions")
	p.nilField("WindowsOptions", "*v1.WindowsSecurityContextOptions")
	p.int64Ptr("RunAsUser", c.RunAsUser)
	p.int64Ptr("RunAsGroup", c.RunAsGroup)
	p.boolPtr("RunAsNonRoot", c.RunAsNonRoot)
	p.int64s("SupplementalGroups", c.SupplementalGroups)
	p.nilField("SupplementalGroupsPolicy", "*v1.SupplementalGroupsPolicy")
	p.int64Ptr("FSGroup", c.FSGroup)
	p.nilField("Sysctls", "[]v1.Sysctl")
	p.strPtr("FSGroupChangePolicy", "*v1.PodFSGroupChangePolicy", c.FSGroupChangePolicy)
	p.ptrField("SeccompProfile", "v1.SeccompProfile", c.SeccompProfile == nil, func() {
		s := c.SeccompProfile
		p.str("Type", "v1.SeccompProfileType", s.Type)
		p.strPtr("LocalhostProfile", "*string", s.LocalhostProfile)
	})
	p.nilField("AppArmorProfile", "*v1.AppArmorProfile")
	if p.minor >= 32 {
		p.nilField("SELinuxChangePolicy", "*v1.PodSELinuxChangePolicy") // new in 1.32
	}
}

func (p *printer) container(c *api.Container) {
	p.str("Name", "string", c.Name)
	p.str("Image", "string", c.Image)
	p.strings("Command", c.Command)
	p.strings("Args", c.Args)
	p.str("WorkingDir", "string", c.WorkingDir)
	p.list("Ports", "[]v1.ContainerPort", len(c.Ports), func(i int) { p.element(func() { p.containerPort(&c.Ports[i]) }) })
	p.nilField("EnvFrom", "[]v1.EnvFromSource")
	p.list("Env", "[]v1.EnvVar", len(c.Env), func(i int) { p.element(func() { p.envVar(&c.Env[i]) }) })
	p.structField("Resources", "v1.ResourceRequirements", func() { p.resources(&c.Resources) })
	p.nilField("ResizePolicy", "[]v1.ContainerResizePolicy")
	p.strPtr("RestartPolicy", "*v1.ContainerRestartPolicy", c.RestartPolicy)
	p.list("VolumeMounts", "[]v1.VolumeMount", len(c.VolumeMounts), func(i int) { p.element(func() { p.volumeMount(&c.VolumeMounts[i]) }) })
	p.nilField("VolumeDevices", "[]v1.VolumeDevice")
	p.ptrField("LivenessProbe", "v1.Probe", c.LivenessProbe == nil, func() { p.probe(c.LivenessProbe) })
	p.ptrField("ReadinessProbe", "v1.Probe", c.ReadinessProbe == nil, func() { p.probe(c.ReadinessProbe) })
	p.ptrField("StartupProbe", "v1.Probe", c.StartupProbe == nil, func() { p.probe(c.StartupProbe) })
	p.nilField("Lifecycle", "*v1.Lifecycle")
	p.str("TerminationMessagePath", "string", or(c.TerminationMessagePath, defaultTerminationPath))
	p.str("TerminationMessagePolicy", "v1.TerminationMessagePolicy", or(c.TerminationMessagePolicy, defaultTerminationPolicy))
	p.str("ImagePullPolicy", "v1.PullPolicy", c.ImagePullPolicy)
	p.nilField("SecurityContext", "*v1.SecurityContext")
	p.boolean("Stdin", c.Stdin)
	p.boolean("StdinOnce", false)
	p.boolean("TTY", c.TTY)
}

func (p *printer) containerPort(c *api.ContainerPort) {
	p.str("Name", "string", c.Name)
	p.integer("HostPort", "int32", int64(c.HostPort))
	p.integer("ContainerPort", "int32", int64(c.ContainerPort))
	p.str("Protocol", "v1.Protocol", or(c.Protocol, "TCP"))
	p.str("HostIP", "string", "")
}

func (p *printer) envVar(e *api.EnvVar) {
	p.str("Name", "string", e.Name)
	p.str("Value", "string", e.Value)
	p.ptrField("ValueFrom", "v1.EnvVarSource", e.ValueFrom == nil, func() {
		s := e.ValueFrom
		p.ptrField("FieldRef", "v1.ObjectFieldSelector", s.FieldRef == nil, func() { p.fieldSelector(s.FieldRef) })
		p.nilField("ResourceFieldRef", "*v1.ResourceFieldSelector")
		p.nilField("ConfigMapKeyRef", "*v1.ConfigMapKeySelector")
		p.nilField("SecretKeyRef", "*v1.SecretKeySelector")
	})
}

func (p *printer) fieldSelector(f *api.ObjectFieldSelector) {
	p.str("APIVersion", "string", or(f.APIVersion, "v1"))
	p.str("FieldPath", "string", f.FieldPath)
}

func (p *printer) resources(r *api.ResourceRequirements) {
	p.resourceList("Limits", r.Limits)
	p.resourceList("Requests", r.Requests)
	p.nilField("Claims", "[]v1.ResourceClaim")
}

func (p *printer) resourceList(name string, l api.ResourceList) {
	sortedMap(p, name, "v1.ResourceList", l, func(q api.Quantity) { p.element(func() { p.quantity(q) }) })
}

func (p *printer) volumeMount(m *api.VolumeMount) {
	p.str("Name", "string", m.Name)
	p.boolean("ReadOnly", m.ReadOnly)
	p.nilField("RecursiveReadOnly", "*v1.RecursiveReadOnlyMode")
	p.str("MountPath", "string", m.MountPath)
	p.str("SubPath", "string", m.SubPath)
	p.nilField("MountPropagation", "*v1.MountPropagationMode")
	p.str("SubPathExpr", "string", "")
}

func (p *printer) probe(pr *api.Probe) {
	p.structField("ProbeHandler", "v1.ProbeHandler", func() {
		p.ptrField("Exec", "v1.ExecAction", pr.Exec == nil, func() { p.strings("Command", pr.Exec.Command) })
		p.ptrField("HTTPGet", "v1.HTTPGetAction", pr.HTTPGet == nil, func() {
			h := pr.HTTPGet
			p.str("Path", "string", or(h.Path, "/"))
			p.intOrString("Port", h.Port)
			p.str("Host", "string", h.Host)
			p.str("Scheme", "v1.URIScheme", or(h.Scheme, "HTTP"))
			p.nilField("HTTPHeaders", "[]v1.HTTPHeader")
		})
		p.ptrField("TCPSocket", "v1.TCPSocketAction", pr.TCPSocket == nil, func() {
			t := pr.TCPSocket
			p.intOrString("Port", t.Port)
			p.str("Host", "string", "")
		})
		p.nilField("GRPC", "*v1.GRPCAction")
	})
	p.integer("InitialDelaySeconds", "int32", int64(pr.InitialDelaySeconds))
	p.integer("TimeoutSeconds", "int32", int64(orInt(pr.TimeoutSeconds, defaultProbeTimeout)))
	p.integer("PeriodSeconds", "int32", int64(orInt(pr.PeriodSeconds, defaultProbePeriod)))
	p.integer("SuccessThreshold", "int32", int64(orInt(pr.SuccessThreshold, defaultProbeSuccess)))
	p.integer("FailureThreshold", "int32", int64(orInt(pr.FailureThreshold, defaultProbeFailure)))
	p.nilField("TerminationGracePeriodSeconds", "*int64")
}

func (p *printer) intOrString(name string, v api.IntOrString) {
	p.structField(name, "intstr.IntOrString", func() {
		typ := "0"
		if v.IsString {
			typ = "1"
		}
		p.str("Type", "intstr.Type", typ)
		p.integer("IntVal", "int32", int64(v.IntVal))
		p.str("StrVal", "string", v.StrVal)
	})
}

func (p *printer) toleration(t *api.Toleration) {
	p.str("Key", "string", t.Key)
	p.str("Operator", "v1.TolerationOperator", t.Operator)
	p.str("Value", "string", t.Value)
	p.str("Effect", "v1.TaintEffect", t.Effect)
	p.int64Ptr("TolerationSeconds", t.TolerationSeconds)
}

func (p *printer) affinity(a *api.Affinity) {
	p.ptrField("NodeAffinity", "v1.NodeAffinity", a.NodeAffinity == nil, func() {
		n := a.NodeAffinity
		p.ptrField("RequiredDuringSchedulingIgnoredDuringExecution", "v1.NodeSelector", n.RequiredDuringSchedulingIgnoredDuringExecution == nil, func() {
			s := n.RequiredDuringSchedulingIgnoredDuringExecution
			p.list("NodeSelectorTerms", "[]v1.NodeSelectorTerm", len(s.NodeSelectorTerms), func(i int) { p.element(func() { p.nodeSelectorTerm(&s.NodeSelectorTerms[i]) }) })
		})
		p.list("PreferredDuringSchedulingIgnoredDuringExecution", "[]v1.PreferredSchedulingTerm", len(n.PreferredDuringSchedulingIgnoredDuringExecution), func(i int) {
			t := &n.PreferredDuringSchedulingIgnoredDuringExecution[i]
			p.element(func() {
				p.integer("Weight", "int32", int64(t.Weight))
				p.structField("Preference", "v1.NodeSelectorTerm", func() { p.nodeSelectorTerm(&t.Preference) })
			})
		})
	})
	p.nilField("PodAffinity", "*v1.PodAffinity")
	p.nilField("PodAntiAffinity", "*v1.PodAntiAffinity")
}

func (p *printer) nodeSelectorTerm(t *api.NodeSelectorTerm) {
	each := func(r *api.NodeSelectorRequirement) {
		p.element(func() {
			p.str("Key", "string", r.Key)
			p.str("Operator", "v1.NodeSelectorOperator", r.Operator)
			p.strings("Values", r.Values)
		})
	}
	p.list("MatchExpressions", "[]v1.NodeSelectorRequirement", len(t.MatchExpressions), func(i int) { each(&t.MatchExpressions[i]) })
	p.list("MatchFields", "[]v1.NodeSelectorRequirement", len(t.MatchFields), func(i int) { each(&t.MatchFields[i]) })
}

func or(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

func orInt(n, def int32) int32 {
	if n == 0 {
		return def
	}
	return n
}
