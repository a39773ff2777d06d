package api

// Default fills the fields admission defaults on create and update, per
// UPSTREAM.md: what `kubectl get -o yaml` shows that the user did not write.
func Default(o Object) {
	SetKind(o)
	switch x := o.(type) {
	case *Namespace:
		// The namespace lifecycle's finalizer, which the server adds to every
		// namespace; phase Active until it is deleted.
		if len(x.Spec.Finalizers) == 0 {
			x.Spec.Finalizers = []string{"kubernetes"}
		}
		if x.Status.Phase == "" {
			x.Status.Phase = "Active"
		}
		// The server labels every namespace with its own name.
		if x.Name != "" && x.Labels["kubernetes.io/metadata.name"] != x.Name {
			if x.Labels == nil {
				x.Labels = map[string]string{}
			}
			x.Labels["kubernetes.io/metadata.name"] = x.Name
		}
	case *Pod:
		defaultPodSpec(&x.Spec, true)
	case *Secret:
		defaultSecret(x)
	case *Deployment:
		defaultDeployment(x)
	case *StatefulSet, *PersistentVolume, *PersistentVolumeClaim, *StorageClass:
		defaultStorageKinds(x)
	case *Job:
		defaultJob(x)
	case *CronJob:
		defaultCronJob(x)
	case *DaemonSet:
		defaultDaemonSet(x)
	case *Service:
		defaultService(x)
	case *EndpointSlice:
		defaultEndpointSlice(x)
	case *ReplicationController:
		defaultReplicationController(x)
	case *HorizontalPodAutoscaler:
		defaultHPA(x)
	case *ReplicaSet:
		if x.Spec.Replicas == nil {
			x.Spec.Replicas = Ptr[int32](1)
		}
		defaultPodSpec(&x.Spec.Template.Spec, false)
	}
}

func defaultDeployment(d *Deployment) {
	s := &d.Spec
	if s.Replicas == nil {
		s.Replicas = Ptr[int32](1)
	}
	if s.Strategy.Type == "" {
		s.Strategy.Type = RollingUpdateDeploymentStrategyType
	}
	if s.Strategy.Type == RollingUpdateDeploymentStrategyType {
		if s.Strategy.RollingUpdate == nil {
			s.Strategy.RollingUpdate = &RollingUpdateDeployment{}
		}
		if s.Strategy.RollingUpdate.MaxSurge == nil {
			s.Strategy.RollingUpdate.MaxSurge = Ptr(FromString("25%"))
		}
		if s.Strategy.RollingUpdate.MaxUnavailable == nil {
			s.Strategy.RollingUpdate.MaxUnavailable = Ptr(FromString("25%"))
		}
	}
	if s.RevisionHistoryLimit == nil {
		s.RevisionHistoryLimit = Ptr[int32](10)
	}
	if s.ProgressDeadlineSeconds == nil {
		s.ProgressDeadlineSeconds = Ptr[int32](600)
	}
	defaultPodSpec(&s.Template.Spec, false)
}

// defaultPodSpec applies pod defaults. Default tolerations are added by
// admission to pods only (not to templates), as DefaultTolerationSeconds does.
func defaultPodSpec(s *PodSpec, isPod bool) {
	if s.RestartPolicy == "" {
		s.RestartPolicy = "Always"
	}
	if s.TerminationGracePeriodSeconds == nil {
		s.TerminationGracePeriodSeconds = Ptr[int64](30)
	}
	if s.DNSPolicy == "" {
		s.DNSPolicy = "ClusterFirst"
	}
	if s.SchedulerName == "" {
		s.SchedulerName = "default-scheduler"
	}
	if s.SecurityContext == nil {
		s.SecurityContext = &PodSecurityContext{}
	}
	// The server reads the old name when the new one is absent, and
	// always writes both.
	if s.ServiceAccountName == "" {
		s.ServiceAccountName = s.DeprecatedServiceAccount
	}
	s.DeprecatedServiceAccount = s.ServiceAccountName
	for i := range s.Volumes {
		defaultVolumeModes(&s.Volumes[i])
	}
	for i := range s.InitContainers {
		defaultContainer(&s.InitContainers[i])
	}
	for i := range s.Containers {
		defaultContainer(&s.Containers[i])
	}
	if isPod {
		// Service links are defaulted on pods, not on templates.
		if s.EnableServiceLinks == nil {
			s.EnableServiceLinks = Ptr(true)
		}
		// A pod (not a template) whose container sets a limit but not the
		// request gets the request equal to the limit.
		for _, cs := range [][]Container{s.InitContainers, s.Containers} {
			for i := range cs {
				r := &cs[i].Resources
				for k, v := range r.Limits {
					if _, ok := r.Requests[k]; !ok {
						if r.Requests == nil {
							r.Requests = ResourceList{}
						}
						r.Requests[k] = v
					}
				}
			}
		}
		for _, key := range []string{"node.kubernetes.io/not-ready", "node.kubernetes.io/unreachable"} {
			if !toleratesKey(s.Tolerations, key) {
				s.Tolerations = append(s.Tolerations, Toleration{Key: key, Operator: "Exists", Effect: "NoExecute", TolerationSeconds: Ptr[int64](300)})
			}
		}
	}
}

// defaultContainer is SetDefaults_Container and its ports' and probes'
// defaults: the API server applies them to init containers (sidecars
// included) as to app containers, and a template stores them, so they are
// part of what names its ReplicaSet.
func defaultContainer(c *Container) {
	if c.ImagePullPolicy == "" {
		if imageTag(c.Image) == "latest" {
			c.ImagePullPolicy = "Always"
		} else {
			c.ImagePullPolicy = "IfNotPresent"
		}
	}
	for j := range c.Ports {
		if c.Ports[j].Protocol == "" {
			c.Ports[j].Protocol = "TCP"
		}
	}
	for _, p := range []*Probe{c.ReadinessProbe, c.LivenessProbe, c.StartupProbe} {
		defaultProbe(p)
	}
	if c.TerminationMessagePath == "" {
		c.TerminationMessagePath = "/dev/termination-log"
	}
	if c.TerminationMessagePolicy == "" {
		c.TerminationMessagePolicy = "File"
	}
}

// defaultVolumeModes gives configMap, secret and projected volumes their
// files' mode, 0644, as upstream's defaults do, and fills a projected
// volume's downward API items.
func defaultVolumeModes(v *Volume) {
	var mode **int32
	switch {
	case v.ConfigMap != nil:
		mode = &v.ConfigMap.DefaultMode
	case v.Secret != nil:
		mode = &v.Secret.DefaultMode
	case v.Projected != nil:
		mode = &v.Projected.DefaultMode
		defaultProjected(v.Projected)
	default:
		return
	}
	if *mode == nil {
		*mode = Ptr[int32](0o644)
	}
}

// defaultProjected fills a projected volume's downward API items'
// field apiVersion, as the API server does.
func defaultProjected(p *ProjectedVolumeSource) {
	for _, src := range p.Sources {
		if src.DownwardAPI == nil {
			continue
		}
		for j := range src.DownwardAPI.Items {
			if f := src.DownwardAPI.Items[j].FieldRef; f != nil && f.APIVersion == "" {
				f.APIVersion = "v1"
			}
		}
	}
}

// defaultProbe fills a probe's timing as the API server does.
func defaultProbe(p *Probe) {
	if p == nil {
		return
	}
	if p.TimeoutSeconds == 0 {
		p.TimeoutSeconds = 1
	}
	if p.PeriodSeconds == 0 {
		p.PeriodSeconds = 10
	}
	if p.SuccessThreshold == 0 {
		p.SuccessThreshold = 1
	}
	if p.FailureThreshold == 0 {
		p.FailureThreshold = 3
	}
	if p.HTTPGet != nil && p.HTTPGet.Scheme == "" {
		p.HTTPGet.Scheme = "HTTP"
	}
}

func toleratesKey(ts []Toleration, key string) bool {
	for _, t := range ts {
		if (t.Key == key || (t.Key == "" && t.Operator == "Exists")) && (t.Effect == "" || t.Effect == "NoExecute") {
			return true
		}
	}
	return false
}

// imageTag returns the tag of an image reference, "latest" when none.
func imageTag(image string) string {
	ref := image
	if i := lastIndexByte(ref, '@'); i >= 0 {
		return ref[i+1:]
	}
	slash := lastIndexByte(ref, '/')
	if i := lastIndexByte(ref, ':'); i > slash {
		return ref[i+1:]
	}
	return "latest"
}

func lastIndexByte(s string, c byte) int {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == c {
			return i
		}
	}
	return -1
}
