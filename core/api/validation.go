package api

import (
	"fmt"
	"reflect"
)

const (
	subdomainMsg = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')"
	labelMsg     = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')"
)

// Validate checks an object as the API server's validation does, after
// defaulting. old is the stored object on update (nil on create), for the
// immutable fields. It returns an Invalid StatusError, or nil.
func Validate(o, old Object) error {
	var errs FieldErrors
	m := o.GetObjectMeta()
	validateName(&errs, o, m.Name)
	switch x := o.(type) {
	case *Pod:
		validatePodSpec(&errs, "spec", &x.Spec)
	case *Deployment:
		validateDeployment(&errs, x, old)
	case *StatefulSet, *PersistentVolume, *PersistentVolumeClaim, *StorageClass:
		validateStorageKinds(&errs, x, old)
	case *ReplicaSet:
		validateReplicaSet(&errs, x, old)
	case *Job:
		validateJob(&errs, x, old)
	case *CronJob:
		validateCronJob(&errs, x, old)
	case *DaemonSet:
		validateDaemonSet(&errs, x, old)
	case *Service:
		validateService(&errs, x, old)
	case *ReplicationController:
		validateReplicationController(&errs, x)
	case *ResourceQuota:
		validateResourceQuota(&errs, x)
	case *PodDisruptionBudget:
		validatePodDisruptionBudget(&errs, x)
	case *HorizontalPodAutoscaler:
		validateHPA(&errs, x)
	case *Role, *ClusterRole, *RoleBinding, *ClusterRoleBinding:
		validateRBAC(&errs, x)
	case *CertificateSigningRequest:
		validateCSR(&errs, x)
	case *Secret:
		validateSecret(&errs, x)
	case *ConfigMap:
		validateConfigMap(&errs, x)
	}
	if len(errs) == 0 {
		return nil
	}
	kind := o.GetTypeMeta().Kind
	if k := KindOf(o); k != nil {
		kind = k.Kind
	}
	return NewInvalid(kind, m.Name, errs)
}

func validateName(errs *FieldErrors, o Object, name string) {
	if name == "" {
		errs.required("metadata.name", "name or generateName is required")
		return
	}
	if _, isNS := o.(*Namespace); isNS {
		if len(name) > 63 || !IsDNS1123Label(name) {
			errs.invalid("metadata.name", name, labelMsg)
		}
		return
	}
	if _, ok := o.(interface{ pathSegmentName() }); ok {
		if msg := validPathSegmentName(name); msg != "" {
			errs.invalid("metadata.name", name, msg)
		}
		return
	}
	if len(name) > 253 || !IsDNS1123Subdomain(name) {
		errs.invalid("metadata.name", name, subdomainMsg)
	}
}

func validatePodSpec(errs *FieldErrors, path string, s *PodSpec) {
	validateVolumeFiles(errs, path, s)
	validateEphemeralVolumes(errs, path, s)
	if len(s.Containers) == 0 {
		errs.required(path+".containers", "")
	}
	seen := map[string]bool{}
	for i, c := range s.Containers {
		p := fmt.Sprintf("%s.containers[%d]", path, i)
		if c.Name == "" {
			errs.required(p+".name", "")
		} else if !IsDNS1123Label(c.Name) {
			errs.invalid(p+".name", c.Name, labelMsg)
		} else if seen[c.Name] {
			*errs = append(*errs, FieldError{Type: "Duplicate value", Field: p + ".name", BadValue: c.Name})
		}
		seen[c.Name] = true
		if c.Image == "" {
			errs.required(p+".image", "")
		}
		for j, port := range c.Ports {
			if port.ContainerPort < 1 || port.ContainerPort > 65535 {
				errs.invalid(fmt.Sprintf("%s.ports[%d].containerPort", p, j), port.ContainerPort, "must be between 1 and 65535, inclusive")
			}
		}
		for j, e := range c.Env {
			if e.Name == "" {
				errs.required(fmt.Sprintf("%s.env[%d].name", p, j), "")
			} else if !IsRelaxedEnvVarName(e.Name) {
				errs.invalid(fmt.Sprintf("%s.env[%d].name", p, j), e.Name, RelaxedEnvVarNameMsg)
			}
		}
		validateResources(errs, p+".resources", c.Resources)
	}
	for i, c := range s.InitContainers {
		validateResources(errs, fmt.Sprintf("%s.initContainers[%d].resources", path, i), c.Resources)
	}
	switch s.RestartPolicy {
	case "Always", "OnFailure", "Never":
	default:
		errs.unsupported(path+".restartPolicy", s.RestartPolicy, "Always", "OnFailure", "Never")
	}
}

// validateWorkload holds the rules Deployments and ReplicaSets share.
func validateWorkload(errs *FieldErrors, replicas *int32, sel *LabelSelector, tmpl *PodTemplateSpec, oldSel *LabelSelector, kind string) {
	if replicas != nil && *replicas < 0 {
		errs.invalid("spec.replicas", int64(*replicas), "must be greater than or equal to 0")
	}
	if sel == nil {
		errs.required("spec.selector", "")
	} else if s, err := sel.AsSelector(); err != nil {
		errs.invalid("spec.selector", sel, err.Error())
	} else if s.Empty() {
		errs.invalid("spec.selector", sel, "empty selector is invalid for "+kind)
	} else if !s.Matches(tmpl.Labels) {
		errs.invalid("spec.template.metadata.labels", tmpl.Labels, "`selector` does not match template `labels`")
	}
	if oldSel != nil && sel != nil && !reflect.DeepEqual(oldSel, sel) {
		errs.invalid("spec.selector", sel, "field is immutable")
	}
	validatePodSpec(errs, "spec.template.spec", &tmpl.Spec)
}

func validateDeployment(errs *FieldErrors, d *Deployment, old Object) {
	var oldSel *LabelSelector
	if o, ok := old.(*Deployment); ok {
		oldSel = o.Spec.Selector
	}
	validateWorkload(errs, d.Spec.Replicas, d.Spec.Selector, &d.Spec.Template, oldSel, "deployment")
	if rp := d.Spec.Template.Spec.RestartPolicy; rp != "Always" && rp != "" {
		*errs = filterField(*errs, "spec.template.spec.restartPolicy")
		errs.unsupported("spec.template.spec.restartPolicy", rp, "Always")
	}
	switch d.Spec.Strategy.Type {
	case RollingUpdateDeploymentStrategyType:
		ru := d.Spec.Strategy.RollingUpdate
		if ru != nil {
			surge := validateIntOrPercent(errs, "spec.strategy.rollingUpdate.maxSurge", ru.MaxSurge)
			unavail := validateIntOrPercent(errs, "spec.strategy.rollingUpdate.maxUnavailable", ru.MaxUnavailable)
			if surge == 0 && unavail == 0 && ru.MaxSurge != nil && ru.MaxUnavailable != nil {
				errs.invalid("spec.strategy.rollingUpdate.maxUnavailable", formatIntOrString(ru.MaxUnavailable), "may not be 0 when `maxSurge` is 0")
			}
		}
	case RecreateDeploymentStrategyType:
		if d.Spec.Strategy.RollingUpdate != nil {
			*errs = append(*errs, FieldError{Type: ErrTypeForbidden, Field: "spec.strategy.rollingUpdate", Detail: "may not be specified when strategy `type` is 'Recreate'"})
		}
	default:
		errs.unsupported("spec.strategy.type", d.Spec.Strategy.Type, RecreateDeploymentStrategyType, RollingUpdateDeploymentStrategyType)
	}
	if d.Spec.MinReadySeconds < 0 {
		errs.invalid("spec.minReadySeconds", int64(d.Spec.MinReadySeconds), "must be greater than or equal to 0")
	}
	if p := d.Spec.ProgressDeadlineSeconds; p != nil && *p <= d.Spec.MinReadySeconds {
		errs.invalid("spec.progressDeadlineSeconds", int64(*p), "must be greater than minReadySeconds")
	}
	if r := d.Spec.RevisionHistoryLimit; r != nil && *r < 0 {
		errs.invalid("spec.revisionHistoryLimit", int64(*r), "must be greater than or equal to 0")
	}
}

func validateReplicaSet(errs *FieldErrors, rs *ReplicaSet, old Object) {
	var oldSel *LabelSelector
	if o, ok := old.(*ReplicaSet); ok {
		oldSel = o.Spec.Selector
	}
	validateWorkload(errs, rs.Spec.Replicas, rs.Spec.Selector, &rs.Spec.Template, oldSel, "replicaset")
}

// validateIntOrPercent checks a maxSurge/maxUnavailable value and returns
// it as a number (percent or int) for the both-zero rule.
func validateIntOrPercent(errs *FieldErrors, path string, v *IntOrString) int {
	if v == nil {
		return -1
	}
	if !v.IsString {
		if v.IntVal < 0 {
			errs.invalid(path, int64(v.IntVal), "must be greater than or equal to 0")
		}
		return int(v.IntVal)
	}
	n, err := v.ScaledValue(100, false)
	if err != nil {
		errs.invalid(path, v.StrVal, "a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')")
		return -1
	}
	if n < 0 {
		errs.invalid(path, v.StrVal, "must be greater than or equal to 0")
	} else if n > 100 {
		errs.invalid(path, v.StrVal, "must not be greater than 100%")
	}
	return n
}

func formatIntOrString(v *IntOrString) any {
	if v.IsString {
		return v.StrVal
	}
	return int64(v.IntVal)
}

func filterField(errs FieldErrors, field string) FieldErrors {
	out := errs[:0]
	for _, e := range errs {
		if e.Field != field {
			out = append(out, e)
		}
	}
	return out
}

// EnvVarNameMsg is kubectl's rule for an environment variable's name
// (kubectl set env checks it before it sends anything), which was the API
// server's too until v1.32 relaxed it.
const EnvVarNameMsg = "a valid environment variable name must consist of alphabetic characters, digits, '_', '-', or '.', and must not start with a digit (e.g. 'my.env-name',  or 'MY_ENV.NAME',  or 'MyEnvName1', regex used for validation is '[-._a-zA-Z][-._a-zA-Z0-9]*')"

// IsEnvVarName reports whether name matches [-._a-zA-Z][-._a-zA-Z0-9]*.
func IsEnvVarName(name string) bool {
	for i, r := range name {
		letter := r == '-' || r == '.' || r == '_' || (r|0x20 >= 'a' && r|0x20 <= 'z')
		if !letter && (i == 0 || r < '0' || r > '9') {
			return false
		}
	}
	return name != ""
}

// RelaxedEnvVarNameMsg is the API server's rule for an environment
// variable's name since v1.32, where RelaxedEnvironmentVariableValidation is
// on by default.
const RelaxedEnvVarNameMsg = "a valid environment variable name must consist only of printable ASCII characters other than '='"

// IsRelaxedEnvVarName reports whether name is printable ASCII without '='.
func IsRelaxedEnvVarName(name string) bool {
	for _, r := range name {
		if r < ' ' || r > '~' || r == '=' {
			return false
		}
	}
	return name != ""
}

// validateResources holds a container's requests and limits to the API
// server's rules: no amount below zero (limits checked first, as upstream
// does), and no request above its limit.
func validateResources(errs *FieldErrors, path string, r ResourceRequirements) {
	for _, name := range sortedResourceNames(r.Limits) {
		validateNonnegative(errs, path+".limits["+name+"]", r.Limits[name])
	}
	for _, name := range sortedResourceNames(r.Requests) {
		req := r.Requests[name]
		validateNonnegative(errs, path+".requests["+name+"]", req)
		if limit, ok := r.Limits[name]; ok && req.Cmp(limit) > 0 {
			errs.invalid(path+".requests", req.String(), fmt.Sprintf("must be less than or equal to %s limit of %s", name, limit.String()))
		}
	}
}

// validateNonnegative is upstream's ValidateNonnegativeQuantity.
func validateNonnegative(errs *FieldErrors, path string, q Quantity) {
	if q.Sign() < 0 {
		errs.invalid(path, q.String(), "must be greater than or equal to 0")
	}
}
