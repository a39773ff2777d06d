package apiserver

import (
	"strings"

	"github.com/kubeloop/kubeloop/core/apijson"
)

// What server-side apply needs of the schema: how each list merges and
// which objects are atomic (owned and replaced whole). Upstream reads it
// from the types' OpenAPI (x-kubernetes-list-type, -list-map-keys,
// -map-type); this table holds what the v1.32 API server's OpenAPI says of
// the built-in types, by field name and, where the name is ambiguous, by
// its parent. A list the table does not name is atomic, as upstream's
// default.

type listType int

const (
	atomicList listType = iota
	setList             // x-kubernetes-list-type: set
	mapList             // x-kubernetes-list-type: map, items keyed
)

// listShape is how one list merges.
type listShape struct {
	typ  listType
	keys []string // the item's key fields, for a map list
	// protocolDefault: the key field "protocol" defaults to TCP (ports).
	protocolDefault bool
	// atomicItems: each item is owned whole (OwnerReference,
	// LocalObjectReference).
	atomicItems bool
}

// listShapeAt is the shape of the list at path (field names from the
// object's root) in an object of kind.
func listShapeAt(kind string, path []string) listShape {
	field := path[len(path)-1]
	parent := ""
	if len(path) >= 2 {
		parent = path[len(path)-2]
	}
	named := func(keys ...string) listShape { return listShape{typ: mapList, keys: keys} }
	switch field {
	case "containers", "initContainers", "ephemeralContainers", "env", "volumes", "resourceClaims",
		"schedulingGates", "claims", "allocatedResourcesStatus", "resourceClaimStatuses":
		return named("name")
	case "volumeMounts":
		return named("mountPath")
	case "volumeDevices":
		return named("devicePath")
	case "hostAliases", "podIPs":
		return named("ip")
	case "topologySpreadConstraints":
		return named("topologyKey", "whenUnsatisfiable")
	case "ownerReferences":
		return listShape{typ: mapList, keys: []string{"uid"}, atomicItems: true}
	case "imagePullSecrets":
		if len(path) == 1 { // a ServiceAccount's
			return listShape{}
		}
		return listShape{typ: mapList, keys: []string{"name"}, atomicItems: true}
	case "secrets":
		if kind == "ServiceAccount" {
			return listShape{typ: mapList, keys: []string{"name"}, atomicItems: true}
		}
	case "finalizers":
		if parent == "metadata" {
			return listShape{typ: setList}
		}
	case "conditions":
		if kind != "Job" && parent == "status" {
			return named("type")
		}
	case "addresses":
		if kind == "Node" {
			return named("type")
		}
		if kind == "EndpointSlice" {
			return listShape{typ: setList}
		}
	case "podCIDRs", "failed", "succeeded", "volumeLifecycleModes":
		return listShape{typ: setList}
	case "ports":
		if strings.HasSuffix(parent, "ontainers") {
			return listShape{typ: mapList, keys: []string{"containerPort", "protocol"}, protocolDefault: true}
		}
		if kind == "Service" && parent == "spec" {
			return listShape{typ: mapList, keys: []string{"port", "protocol"}, protocolDefault: true}
		}
	}
	return listShape{}
}

// atomicObject reports an object field owned and replaced whole: label
// selectors, object references, a pod's nodeSelector (upstream's
// x-kubernetes-map-type: atomic).
func atomicObject(path []string) bool {
	switch path[len(path)-1] {
	case "selector", "podSelector", "namespaceSelector", "labelSelector", "nodeSelector", "roleRef",
		"secretKeyRef", "configMapKeyRef", "fieldRef", "resourceFieldRef", "secretRef", "targetRef",
		"involvedObject", "regarding", "related", "requiredDuringSchedulingIgnoredDuringExecution":
		return true
	}
	return false
}

// itemKey is the path element of a map list's item: its key fields as
// JSON, `k:{"containerPort":80,"protocol":"TCP"}`; ok is unset when the
// item lacks a key field.
func itemKey(shape listShape, item any) (string, bool) {
	m, isMap := item.(map[string]any)
	if !isMap {
		return "", false
	}
	key := map[string]any{}
	for _, k := range shape.keys {
		v, has := m[k]
		if !has && k == "protocol" && shape.protocolDefault {
			v, has = "TCP", true
		}
		if !has {
			if len(shape.keys) == 1 {
				return "", false
			}
			continue
		}
		key[k] = v
	}
	b, err := apijson.Marshal(key)
	if err != nil {
		return "", false
	}
	return "k:" + string(b), true
}

// valueKey is the path element of a set list's item, `v:"x"`.
func valueKey(item any) string { return "v:" + jsonText(item) }
