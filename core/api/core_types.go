package api

// This file holds the core/v1 kinds: Namespace, Node, Pod, Event.

// Namespace groups namespaced objects.
type Namespace struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Spec       NamespaceSpec   `json:"spec,omitempty"`
	Status     NamespaceStatus `json:"status,omitempty"`
}

type NamespaceSpec struct {
	Finalizers []string `json:"finalizers,omitempty"`
}

type NamespaceStatus struct {
	Phase string `json:"phase,omitempty"`
}

// Node is a machine pods run on; in kubeloop a simulated kubelet drives it.
type Node struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Spec       NodeSpec   `json:"spec,omitempty"`
	Status     NodeStatus `json:"status,omitempty"`
}

type NodeSpec struct {
	PodCIDR       string   `json:"podCIDR,omitempty"`
	PodCIDRs      []string `json:"podCIDRs,omitempty"`
	Unschedulable bool     `json:"unschedulable,omitempty"`
	Taints        []Taint  `json:"taints,omitempty"`
}

type Taint struct {
	Key       string `json:"key"`
	Value     string `json:"value,omitempty"`
	Effect    string `json:"effect"`
	TimeAdded *Time  `json:"timeAdded,omitempty"`
}

type NodeStatus struct {
	Capacity        ResourceList        `json:"capacity,omitempty"`
	Allocatable     ResourceList        `json:"allocatable,omitempty"`
	Conditions      []NodeCondition     `json:"conditions,omitempty"`
	Addresses       []NodeAddress       `json:"addresses,omitempty"`
	DaemonEndpoints NodeDaemonEndpoints `json:"daemonEndpoints,omitempty"`
	NodeInfo        NodeSystemInfo      `json:"nodeInfo,omitempty"`
	// VolumesInUse are the volumes the node's pods have mounted (the
	// kubelet's report); VolumesAttached are the volumes attached to the
	// node (the attach/detach controller's).
	VolumesInUse    []string         `json:"volumesInUse,omitempty"`
	VolumesAttached []AttachedVolume `json:"volumesAttached,omitempty"`
}

// AttachedVolume is one volume attached to a node.
type AttachedVolume struct {
	Name       string `json:"name"`
	DevicePath string `json:"devicePath"`
}

type NodeCondition struct {
	Type               string `json:"type"`
	Status             string `json:"status"`
	LastHeartbeatTime  Time   `json:"lastHeartbeatTime,omitempty"`
	LastTransitionTime Time   `json:"lastTransitionTime,omitempty"`
	Reason             string `json:"reason,omitempty"`
	Message            string `json:"message,omitempty"`
}

type NodeAddress struct {
	Type    string `json:"type"`
	Address string `json:"address"`
}

// NodeDaemonEndpoints says where the node's daemons listen: the kubelet's
// port, which the API server dials for logs, exec and port-forward.
type NodeDaemonEndpoints struct {
	KubeletEndpoint DaemonEndpoint `json:"kubeletEndpoint,omitempty"`
}

// DaemonEndpoint is one daemon's port; upstream's JSON name is "Port",
// capitalised.
type DaemonEndpoint struct {
	Port int32 `json:"Port"`
}

// NodeSystemInfo is what the kubelet reports of its machine, in
// k8s.io/api's field order.
type NodeSystemInfo struct {
	MachineID               string `json:"machineID,omitempty"`
	SystemUUID              string `json:"systemUUID,omitempty"`
	BootID                  string `json:"bootID,omitempty"`
	KernelVersion           string `json:"kernelVersion,omitempty"`
	OSImage                 string `json:"osImage,omitempty"`
	ContainerRuntimeVersion string `json:"containerRuntimeVersion,omitempty"`
	KubeletVersion          string `json:"kubeletVersion,omitempty"`
	// KubeProxyVersion is deprecated; a v1.32 kubelet still fills it with
	// its own version (DisableNodeKubeProxyVersion is off until v1.33).
	KubeProxyVersion string `json:"kubeProxyVersion,omitempty"`
	OperatingSystem  string `json:"operatingSystem,omitempty"`
	Architecture     string `json:"architecture,omitempty"`
}

// ResourceList maps resource names (cpu, memory, pods) to quantities.
type ResourceList map[string]Quantity

// Pod is one or more containers scheduled together on a node.
type Pod struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Spec       PodSpec   `json:"spec,omitempty"`
	Status     PodStatus `json:"status,omitempty"`
}

// PodTemplateSpec is the pod a workload controller stamps out.
type PodTemplateSpec struct {
	ObjectMeta `json:"metadata,omitempty"`
	Spec       PodSpec `json:"spec,omitempty"`
}

type PodSpec struct {
	Volumes                       []Volume          `json:"volumes,omitempty"`
	InitContainers                []Container       `json:"initContainers,omitempty"`
	Containers                    []Container       `json:"containers"`
	RestartPolicy                 string            `json:"restartPolicy,omitempty"`
	TerminationGracePeriodSeconds *int64            `json:"terminationGracePeriodSeconds,omitempty"`
	ActiveDeadlineSeconds         *int64            `json:"activeDeadlineSeconds,omitempty"`
	DNSPolicy                     string            `json:"dnsPolicy,omitempty"`
	NodeSelector                  map[string]string `json:"nodeSelector,omitempty"`
	ServiceAccountName            string            `json:"serviceAccountName,omitempty"`
	// DeprecatedServiceAccount is serviceAccountName's old name, which the
	// API server still writes beside it (and reads when it is alone).
	DeprecatedServiceAccount     string              `json:"serviceAccount,omitempty"`
	AutomountServiceAccountToken *bool               `json:"automountServiceAccountToken,omitempty"`
	NodeName                     string              `json:"nodeName,omitempty"`
	HostNetwork                  bool                `json:"hostNetwork,omitempty"`
	SecurityContext              *PodSecurityContext `json:"securityContext,omitempty"`
	Hostname                     string              `json:"hostname,omitempty"`
	Subdomain                    string              `json:"subdomain,omitempty"`
	Affinity                     *Affinity           `json:"affinity,omitempty"`
	SchedulerName                string              `json:"schedulerName,omitempty"`
	Tolerations                  []Toleration        `json:"tolerations,omitempty"`
	PriorityClassName            string              `json:"priorityClassName,omitempty"`
	Priority                     *int32              `json:"priority,omitempty"`
	EnableServiceLinks           *bool               `json:"enableServiceLinks,omitempty"`
	PreemptionPolicy             *string             `json:"preemptionPolicy,omitempty"`
}

// Preemption policies: whether a pod may evict pods of lower priority to
// be scheduled.
const (
	PreemptLowerPriority = "PreemptLowerPriority"
	PreemptNever         = "Never"
)

// PodSecurityContext is the pod-wide security settings; the simulation
// stores and prints them, and the server defaults an absent one to {}.
type PodSecurityContext struct {
	RunAsUser           *int64          `json:"runAsUser,omitempty"`
	RunAsGroup          *int64          `json:"runAsGroup,omitempty"`
	RunAsNonRoot        *bool           `json:"runAsNonRoot,omitempty"`
	SupplementalGroups  []int64         `json:"supplementalGroups,omitempty"`
	FSGroup             *int64          `json:"fsGroup,omitempty"`
	FSGroupChangePolicy *string         `json:"fsGroupChangePolicy,omitempty"`
	SeccompProfile      *SeccompProfile `json:"seccompProfile,omitempty"`
}

type SeccompProfile struct {
	Type             string  `json:"type"`
	LocalhostProfile *string `json:"localhostProfile,omitempty"`
}

type Volume struct {
	Name                  string                             `json:"name"`
	HostPath              *HostPathVolumeSource              `json:"hostPath,omitempty"`
	EmptyDir              *EmptyDirVolumeSource              `json:"emptyDir,omitempty"`
	PersistentVolumeClaim *PersistentVolumeClaimVolumeSource `json:"persistentVolumeClaim,omitempty"`
	ConfigMap             *ConfigMapVolumeSource             `json:"configMap,omitempty"`
	Secret                *SecretVolumeSource                `json:"secret,omitempty"`
	Ephemeral             *EphemeralVolumeSource             `json:"ephemeral,omitempty"`
	Projected             *ProjectedVolumeSource             `json:"projected,omitempty"`
}

// ProjectedVolumeSource is several sources in one directory: what the
// ServiceAccount admission plugin mounts as kube-api-access-xxxxx.
type ProjectedVolumeSource struct {
	Sources     []VolumeProjection `json:"sources"`
	DefaultMode *int32             `json:"defaultMode,omitempty"`
}

type VolumeProjection struct {
	Secret              *SecretProjection              `json:"secret,omitempty"`
	DownwardAPI         *DownwardAPIProjection         `json:"downwardAPI,omitempty"`
	ConfigMap           *ConfigMapProjection           `json:"configMap,omitempty"`
	ServiceAccountToken *ServiceAccountTokenProjection `json:"serviceAccountToken,omitempty"`
}

type KeyToPath struct {
	Key  string `json:"key"`
	Path string `json:"path"`
	Mode *int32 `json:"mode,omitempty"`
}

type SecretProjection struct {
	Name     string      `json:"name,omitempty"`
	Items    []KeyToPath `json:"items,omitempty"`
	Optional *bool       `json:"optional,omitempty"`
}

type ConfigMapProjection struct {
	Name     string      `json:"name,omitempty"`
	Items    []KeyToPath `json:"items,omitempty"`
	Optional *bool       `json:"optional,omitempty"`
}

type DownwardAPIProjection struct {
	Items []DownwardAPIVolumeFile `json:"items,omitempty"`
}

type DownwardAPIVolumeFile struct {
	Path     string               `json:"path"`
	FieldRef *ObjectFieldSelector `json:"fieldRef,omitempty"`
	Mode     *int32               `json:"mode,omitempty"`
}

type ServiceAccountTokenProjection struct {
	Audience          string `json:"audience,omitempty"`
	ExpirationSeconds *int64 `json:"expirationSeconds,omitempty"`
	Path              string `json:"path"`
}

type HostPathVolumeSource struct {
	Path string `json:"path"`
	Type string `json:"type,omitempty"`
}

type EmptyDirVolumeSource struct {
	Medium    string    `json:"medium,omitempty"`
	SizeLimit *Quantity `json:"sizeLimit,omitempty"`
}

type PersistentVolumeClaimVolumeSource struct {
	ClaimName string `json:"claimName"`
	ReadOnly  bool   `json:"readOnly,omitempty"`
}

// ConfigMapVolumeSource puts a ConfigMap's keys in a volume as files:
// every key, or the Items named, each at its path; DefaultMode is the
// files' mode (0644 when not given).
type ConfigMapVolumeSource struct {
	Name        string      `json:"name,omitempty"`
	Items       []KeyToPath `json:"items,omitempty"`
	DefaultMode *int32      `json:"defaultMode,omitempty"`
	Optional    *bool       `json:"optional,omitempty"`
}

// SecretVolumeSource is the same for a Secret's keys, decoded.
type SecretVolumeSource struct {
	SecretName  string      `json:"secretName,omitempty"`
	Items       []KeyToPath `json:"items,omitempty"`
	DefaultMode *int32      `json:"defaultMode,omitempty"`
	Optional    *bool       `json:"optional,omitempty"`
}

type Container struct {
	Name            string               `json:"name"`
	Image           string               `json:"image,omitempty"`
	Command         []string             `json:"command,omitempty"`
	Args            []string             `json:"args,omitempty"`
	WorkingDir      string               `json:"workingDir,omitempty"`
	Ports           []ContainerPort      `json:"ports,omitempty"`
	Env             []EnvVar             `json:"env,omitempty"`
	Resources       ResourceRequirements `json:"resources,omitempty"`
	VolumeMounts    []VolumeMount        `json:"volumeMounts,omitempty"`
	LivenessProbe   *Probe               `json:"livenessProbe,omitempty"`
	ReadinessProbe  *Probe               `json:"readinessProbe,omitempty"`
	StartupProbe    *Probe               `json:"startupProbe,omitempty"`
	ImagePullPolicy string               `json:"imagePullPolicy,omitempty"`
	// RestartPolicy "Always" on an init container makes it a sidecar
	// (a restartable init container): started in order, not waited on to
	// complete, kept running beside the pod's containers.
	RestartPolicy *string `json:"restartPolicy,omitempty"`
	// TerminationMessagePath and Policy are defaulted by the server and
	// shown by -o yaml; the simulation does not read them.
	TerminationMessagePath   string `json:"terminationMessagePath,omitempty"`
	TerminationMessagePolicy string `json:"terminationMessagePolicy,omitempty"`
	Stdin                    bool   `json:"stdin,omitempty"`
	TTY                      bool   `json:"tty,omitempty"`
}

type ContainerPort struct {
	Name          string `json:"name,omitempty"`
	HostPort      int32  `json:"hostPort,omitempty"`
	ContainerPort int32  `json:"containerPort"`
	Protocol      string `json:"protocol,omitempty"`
}

type EnvVar struct {
	Name      string        `json:"name"`
	Value     string        `json:"value,omitempty"`
	ValueFrom *EnvVarSource `json:"valueFrom,omitempty"`
}

type EnvVarSource struct {
	FieldRef *ObjectFieldSelector `json:"fieldRef,omitempty"`
}

type ObjectFieldSelector struct {
	APIVersion string `json:"apiVersion,omitempty"`
	FieldPath  string `json:"fieldPath"`
}

type ResourceRequirements struct {
	Limits   ResourceList `json:"limits,omitempty"`
	Requests ResourceList `json:"requests,omitempty"`
}

type VolumeMount struct {
	Name      string `json:"name"`
	ReadOnly  bool   `json:"readOnly,omitempty"`
	MountPath string `json:"mountPath"`
	SubPath   string `json:"subPath,omitempty"`
}

type Probe struct {
	Exec                *ExecAction      `json:"exec,omitempty"`
	HTTPGet             *HTTPGetAction   `json:"httpGet,omitempty"`
	TCPSocket           *TCPSocketAction `json:"tcpSocket,omitempty"`
	InitialDelaySeconds int32            `json:"initialDelaySeconds,omitempty"`
	TimeoutSeconds      int32            `json:"timeoutSeconds,omitempty"`
	PeriodSeconds       int32            `json:"periodSeconds,omitempty"`
	SuccessThreshold    int32            `json:"successThreshold,omitempty"`
	FailureThreshold    int32            `json:"failureThreshold,omitempty"`
}

type ExecAction struct {
	Command []string `json:"command,omitempty"`
}

type HTTPGetAction struct {
	Path   string      `json:"path,omitempty"`
	Port   IntOrString `json:"port"`
	Host   string      `json:"host,omitempty"`
	Scheme string      `json:"scheme,omitempty"`
}

type TCPSocketAction struct {
	Port IntOrString `json:"port"`
}

type Toleration struct {
	Key               string `json:"key,omitempty"`
	Operator          string `json:"operator,omitempty"`
	Value             string `json:"value,omitempty"`
	Effect            string `json:"effect,omitempty"`
	TolerationSeconds *int64 `json:"tolerationSeconds,omitempty"`
}

type Affinity struct {
	NodeAffinity *NodeAffinity `json:"nodeAffinity,omitempty"`
}

type NodeAffinity struct {
	RequiredDuringSchedulingIgnoredDuringExecution  *NodeSelector             `json:"requiredDuringSchedulingIgnoredDuringExecution,omitempty"`
	PreferredDuringSchedulingIgnoredDuringExecution []PreferredSchedulingTerm `json:"preferredDuringSchedulingIgnoredDuringExecution,omitempty"`
}

type NodeSelector struct {
	NodeSelectorTerms []NodeSelectorTerm `json:"nodeSelectorTerms"`
}

type NodeSelectorTerm struct {
	MatchExpressions []NodeSelectorRequirement `json:"matchExpressions,omitempty"`
	MatchFields      []NodeSelectorRequirement `json:"matchFields,omitempty"`
}

type NodeSelectorRequirement struct {
	Key      string   `json:"key"`
	Operator string   `json:"operator"`
	Values   []string `json:"values,omitempty"`
}

type PreferredSchedulingTerm struct {
	Weight     int32            `json:"weight"`
	Preference NodeSelectorTerm `json:"preference"`
}

type PodStatus struct {
	Phase             string         `json:"phase,omitempty"`
	Conditions        []PodCondition `json:"conditions,omitempty"`
	Message           string         `json:"message,omitempty"`
	Reason            string         `json:"reason,omitempty"`
	NominatedNodeName string         `json:"nominatedNodeName,omitempty"`
	HostIP            string         `json:"hostIP,omitempty"`
	PodIP             string         `json:"podIP,omitempty"`
	PodIPs            []PodIP        `json:"podIPs,omitempty"`
	StartTime         *Time          `json:"startTime,omitempty"`
	// InitContainerStatuses are the init containers', in spec order.
	InitContainerStatuses []ContainerStatus `json:"initContainerStatuses,omitempty"`
	ContainerStatuses     []ContainerStatus `json:"containerStatuses,omitempty"`
	QOSClass              string            `json:"qosClass,omitempty"`
}

type PodIP struct {
	IP string `json:"ip"`
}

type PodCondition struct {
	Type               string `json:"type"`
	Status             string `json:"status"`
	LastProbeTime      Time   `json:"lastProbeTime,omitempty"`
	LastTransitionTime Time   `json:"lastTransitionTime,omitempty"`
	Reason             string `json:"reason,omitempty"`
	Message            string `json:"message,omitempty"`
}

type ContainerStatus struct {
	Name         string         `json:"name"`
	State        ContainerState `json:"state,omitempty"`
	LastState    ContainerState `json:"lastState,omitempty"`
	Ready        bool           `json:"ready"`
	RestartCount int32          `json:"restartCount"`
	Image        string         `json:"image"`
	ImageID      string         `json:"imageID"`
	ContainerID  string         `json:"containerID,omitempty"`
	Started      *bool          `json:"started,omitempty"`
}

type ContainerState struct {
	Waiting    *ContainerStateWaiting    `json:"waiting,omitempty"`
	Running    *ContainerStateRunning    `json:"running,omitempty"`
	Terminated *ContainerStateTerminated `json:"terminated,omitempty"`
}

type ContainerStateWaiting struct {
	Reason  string `json:"reason,omitempty"`
	Message string `json:"message,omitempty"`
}

type ContainerStateRunning struct {
	StartedAt Time `json:"startedAt,omitempty"`
}

type ContainerStateTerminated struct {
	ExitCode    int32  `json:"exitCode"`
	Reason      string `json:"reason,omitempty"`
	Message     string `json:"message,omitempty"`
	StartedAt   Time   `json:"startedAt,omitempty"`
	FinishedAt  Time   `json:"finishedAt,omitempty"`
	ContainerID string `json:"containerID,omitempty"`
}

// Pod phases and condition types.
const (
	PodPending   = "Pending"
	PodRunning   = "Running"
	PodSucceeded = "Succeeded"
	PodFailed    = "Failed"
	PodUnknown   = "Unknown"

	PodScheduled    = "PodScheduled"
	PodReady        = "Ready"
	ContainersReady = "ContainersReady"
	PodInitialized  = "Initialized"
	// PodReadyToStartContainers: the sandbox is created and its network
	// configured (on by default since v1.29).
	PodReadyToStartContainers = "PodReadyToStartContainers"
)

// Event records something that happened to an object (kubectl get events).
type Event struct {
	TypeMeta           `json:",inline"`
	ObjectMeta         `json:"metadata,omitempty"`
	InvolvedObject     ObjectReference `json:"involvedObject"`
	Reason             string          `json:"reason,omitempty"`
	Message            string          `json:"message,omitempty"`
	Source             EventSource     `json:"source,omitempty"`
	FirstTimestamp     Time            `json:"firstTimestamp,omitempty"`
	LastTimestamp      Time            `json:"lastTimestamp,omitempty"`
	Count              int32           `json:"count,omitempty"`
	Type               string          `json:"type,omitempty"`
	ReportingComponent string          `json:"reportingComponent,omitempty"`
	ReportingInstance  string          `json:"reportingInstance,omitempty"`
}

type EventSource struct {
	Component string `json:"component,omitempty"`
	Host      string `json:"host,omitempty"`
}

// NodeLeaseNamespace holds each node's heartbeat Lease, named after the
// node, which its kubelet renews.
const NodeLeaseNamespace = "kube-node-lease"

// Lease is a coordination.k8s.io/v1 lock: node heartbeats and leader election.
type Lease struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Spec       LeaseSpec `json:"spec,omitempty"`
}

type LeaseSpec struct {
	HolderIdentity       *string    `json:"holderIdentity,omitempty"`
	LeaseDurationSeconds *int32     `json:"leaseDurationSeconds,omitempty"`
	AcquireTime          *MicroTime `json:"acquireTime,omitempty"`
	RenewTime            *MicroTime `json:"renewTime,omitempty"`
	LeaseTransitions     *int32     `json:"leaseTransitions,omitempty"`
}
