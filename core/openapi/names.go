package openapi

import (
	"reflect"
	"strings"

	"github.com/kubeloop/kubeloop/core/api"
)

// Packages of the upstream types kubeloop's own types stand for.
const (
	metaPackage      = "io.k8s.apimachinery.pkg.apis.meta.v1"
	intstrName       = "io.k8s.apimachinery.pkg.util.intstr.IntOrString"
	quantityName     = "io.k8s.apimachinery.pkg.api.resource.Quantity"
	timeName         = metaPackage + ".Time"
	microTimeName    = metaPackage + ".MicroTime"
	rawExtensionName = "io.k8s.apimachinery.pkg.runtime.RawExtension"
)

// metaTypes are the structs of k8s.io/apimachinery's meta/v1, which every
// group shares.
var metaTypes = map[string]bool{
	"ObjectMeta": true, "ListMeta": true, "OwnerReference": true, "ManagedFieldsEntry": true,
	"LabelSelector": true, "LabelSelectorRequirement": true, "Condition": true,
}

// renamed are the structs kubeloop names differently from upstream.
var renamed = map[string]string{
	"ImagePullSecret":   "LocalObjectReference",
	"HPABehavior":       "HorizontalPodAutoscalerBehavior",
	"EndpointSlicePort": "EndpointPort",
}

// packageOf is upstream's Go package, as OpenAPI names it, of a group's
// types: "io.k8s.api.apps.v1".
func packageOf(group, version string) string {
	short := "core"
	switch {
	case group == "internal.apiserver.k8s.io":
		short = "apiserverinternal"
	case group != "":
		short, _, _ = strings.Cut(group, ".")
	}
	return "io.k8s.api." + short + "." + version
}

// owners gives each struct type the package of the first kind of api.Kinds
// that reaches it. Kinds lists the core group first, so a type the core
// group uses (PodTemplateSpec, ObjectReference) belongs to core/v1, as
// upstream's do; a type only one other group reaches is that group's.
var owners = func() map[reflect.Type]string {
	m := map[reflect.Type]string{}
	for _, k := range api.Kinds {
		walkStructs(reflect.TypeOf(k.New()).Elem(), func(t reflect.Type) bool {
			if _, seen := m[t]; seen {
				return false
			}
			m[t] = packageOf(k.Group, k.Version)
			return true
		})
	}
	return m
}()

// sharedTypes are kubeloop's structs that stand for two upstream types of
// different groups: the name each package gives it. Its own group's
// document names it as that group does.
var sharedTypes = map[string]map[string]string{
	"ReplicaSetCondition": {
		"io.k8s.api.apps.v1": "ReplicaSetCondition",
		"io.k8s.api.core.v1": "ReplicationControllerCondition",
	},
}

// componentName is the name upstream gives struct type t's schema in the
// document of package docPackage.
func componentName(t reflect.Type, docPackage string) string {
	if n, ok := helperNames[t]; ok {
		return n
	}
	name := t.Name()
	if byPackage, ok := sharedTypes[name]; ok {
		if n, ok := byPackage[docPackage]; ok {
			return docPackage + "." + n
		}
	}
	if metaTypes[name] {
		return metaPackage + "." + name
	}
	if r, ok := renamed[name]; ok {
		name = r
	}
	pkg, ok := owners[t]
	if !ok {
		pkg = packageOf("", "v1")
	}
	return pkg + "." + name
}

// walkStructs calls visit on t and, while visit returns true, on every
// struct type t's fields reach.
func walkStructs(t reflect.Type, visit func(reflect.Type) bool) {
	t = deref(t)
	switch t.Kind() {
	case reflect.Slice, reflect.Array, reflect.Map:
		walkStructs(t.Elem(), visit)
		return
	case reflect.Struct:
	default:
		return
	}
	if scalars[t] != nil || !visit(t) {
		return
	}
	for i := 0; i < t.NumField(); i++ {
		if f := t.Field(i); f.IsExported() && f.Tag.Get("json") != "-" {
			walkStructs(f.Type, visit)
		}
	}
}

func deref(t reflect.Type) reflect.Type {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t
}
