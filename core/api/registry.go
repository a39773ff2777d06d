package api

import (
	"reflect"
	"sort"
	"strings"
	"sync"
)

// Kind describes one kind the sandbox serves: how manifests name it, how
// kubectl names its resource, and how to make an empty one.
type Kind struct {
	Kind       string   // Deployment
	Group      string   // apps ("" for core)
	Version    string   // v1
	Resource   string   // deployments
	Singular   string   // deployment
	ShortNames []string // deploy
	Namespaced bool
	New        func() Object
}

// APIVersion is group/version, or just the version for the core group.
func (k *Kind) APIVersion() string {
	if k.Group == "" {
		return k.Version
	}
	return k.Group + "/" + k.Version
}

// GroupResource is how API errors name the kind: "deployments.apps", "pods".
func (k *Kind) GroupResource() string {
	if k.Group == "" {
		return k.Resource
	}
	return k.Resource + "." + k.Group
}

// The kinds the sandbox serves, one handle each, named for the resource
// in Go's spelling — Pods, ReplicaSets, StorageClasses — except
// EndpointsKind, whose plural would be the type Endpoints' own name. Code
// that names a kind writes its handle, so a misspelt kind does not compile;
// ResourceFor is for names that arrive as text (kubectl arguments, API
// paths). Each is a plain initialised variable, not set by an init func,
// so any package's variables may read them while they are initialised.
var (
	Namespaces                 = &Kind{Kind: "Namespace", Version: "v1", Resource: "namespaces", Singular: "namespace", ShortNames: []string{"ns"}, New: func() Object { return &Namespace{} }}
	Nodes                      = &Kind{Kind: "Node", Version: "v1", Resource: "nodes", Singular: "node", ShortNames: []string{"no"}, New: func() Object { return &Node{} }}
	Pods                       = &Kind{Kind: "Pod", Version: "v1", Resource: "pods", Singular: "pod", ShortNames: []string{"po"}, Namespaced: true, New: func() Object { return &Pod{} }}
	Events                     = &Kind{Kind: "Event", Version: "v1", Resource: "events", Singular: "event", ShortNames: []string{"ev"}, Namespaced: true, New: func() Object { return &Event{} }}
	PersistentVolumes          = &Kind{Kind: "PersistentVolume", Version: "v1", Resource: "persistentvolumes", Singular: "persistentvolume", ShortNames: []string{"pv"}, New: func() Object { return &PersistentVolume{} }}
	PersistentVolumeClaims     = &Kind{Kind: "PersistentVolumeClaim", Version: "v1", Resource: "persistentvolumeclaims", Singular: "persistentvolumeclaim", ShortNames: []string{"pvc"}, Namespaced: true, New: func() Object { return &PersistentVolumeClaim{} }}
	ConfigMaps                 = &Kind{Kind: "ConfigMap", Version: "v1", Resource: "configmaps", Singular: "configmap", ShortNames: []string{"cm"}, Namespaced: true, New: func() Object { return &ConfigMap{} }}
	Secrets                    = &Kind{Kind: "Secret", Version: "v1", Resource: "secrets", Singular: "secret", Namespaced: true, New: func() Object { return &Secret{} }}
	ServiceAccounts            = &Kind{Kind: "ServiceAccount", Version: "v1", Resource: "serviceaccounts", Singular: "serviceaccount", ShortNames: []string{"sa"}, Namespaced: true, New: func() Object { return &ServiceAccount{} }}
	Services                   = &Kind{Kind: "Service", Version: "v1", Resource: "services", Singular: "service", ShortNames: []string{"svc"}, Namespaced: true, New: func() Object { return &Service{} }}
	ReplicationControllers     = &Kind{Kind: "ReplicationController", Version: "v1", Resource: "replicationcontrollers", Singular: "replicationcontroller", ShortNames: []string{"rc"}, Namespaced: true, New: func() Object { return &ReplicationController{} }}
	ResourceQuotas             = &Kind{Kind: "ResourceQuota", Version: "v1", Resource: "resourcequotas", Singular: "resourcequota", ShortNames: []string{"quota"}, Namespaced: true, New: func() Object { return &ResourceQuota{} }}
	EndpointsKind              = &Kind{Kind: "Endpoints", Version: "v1", Resource: "endpoints", Singular: "endpoints", ShortNames: []string{"ep"}, Namespaced: true, New: func() Object { return &Endpoints{} }}
	Deployments                = &Kind{Kind: "Deployment", Group: "apps", Version: "v1", Resource: "deployments", Singular: "deployment", ShortNames: []string{"deploy"}, Namespaced: true, New: func() Object { return &Deployment{} }}
	ReplicaSets                = &Kind{Kind: "ReplicaSet", Group: "apps", Version: "v1", Resource: "replicasets", Singular: "replicaset", ShortNames: []string{"rs"}, Namespaced: true, New: func() Object { return &ReplicaSet{} }}
	DaemonSets                 = &Kind{Kind: "DaemonSet", Group: "apps", Version: "v1", Resource: "daemonsets", Singular: "daemonset", ShortNames: []string{"ds"}, Namespaced: true, New: func() Object { return &DaemonSet{} }}
	ControllerRevisions        = &Kind{Kind: "ControllerRevision", Group: "apps", Version: "v1", Resource: "controllerrevisions", Singular: "controllerrevision", Namespaced: true, New: func() Object { return &ControllerRevision{} }}
	StatefulSets               = &Kind{Kind: "StatefulSet", Group: "apps", Version: "v1", Resource: "statefulsets", Singular: "statefulset", ShortNames: []string{"sts"}, Namespaced: true, New: func() Object { return &StatefulSet{} }}
	StorageClasses             = &Kind{Kind: "StorageClass", Group: "storage.k8s.io", Version: "v1", Resource: "storageclasses", Singular: "storageclass", ShortNames: []string{"sc"}, New: func() Object { return &StorageClass{} }}
	Jobs                       = &Kind{Kind: "Job", Group: "batch", Version: "v1", Resource: "jobs", Singular: "job", Namespaced: true, New: func() Object { return &Job{} }}
	CertificateSigningRequests = &Kind{Kind: "CertificateSigningRequest", Group: "certificates.k8s.io", Version: "v1", Resource: "certificatesigningrequests", Singular: "certificatesigningrequest", ShortNames: []string{"csr"}, New: func() Object { return &CertificateSigningRequest{} }}
	CronJobs                   = &Kind{Kind: "CronJob", Group: "batch", Version: "v1", Resource: "cronjobs", Singular: "cronjob", ShortNames: []string{"cj"}, Namespaced: true, New: func() Object { return &CronJob{} }}
	HorizontalPodAutoscalers   = &Kind{Kind: "HorizontalPodAutoscaler", Group: "autoscaling", Version: "v2", Resource: "horizontalpodautoscalers", Singular: "horizontalpodautoscaler", ShortNames: []string{"hpa"}, Namespaced: true, New: func() Object { return &HorizontalPodAutoscaler{} }}
	PodDisruptionBudgets       = &Kind{Kind: "PodDisruptionBudget", Group: "policy", Version: "v1", Resource: "poddisruptionbudgets", Singular: "poddisruptionbudget", ShortNames: []string{"pdb"}, Namespaced: true, New: func() Object { return &PodDisruptionBudget{} }}
	EndpointSlices             = &Kind{Kind: "EndpointSlice", Group: "discovery.k8s.io", Version: "v1", Resource: "endpointslices", Singular: "endpointslice", Namespaced: true, New: func() Object { return &EndpointSlice{} }}
	Leases                     = &Kind{Kind: "Lease", Group: "coordination.k8s.io", Version: "v1", Resource: "leases", Singular: "lease", Namespaced: true, New: func() Object { return &Lease{} }}
	ClusterRoleBindings        = &Kind{Kind: "ClusterRoleBinding", Group: "rbac.authorization.k8s.io", Version: "v1", Resource: "clusterrolebindings", Singular: "clusterrolebinding", New: func() Object { return &ClusterRoleBinding{} }}
	ClusterRoles               = &Kind{Kind: "ClusterRole", Group: "rbac.authorization.k8s.io", Version: "v1", Resource: "clusterroles", Singular: "clusterrole", New: func() Object { return &ClusterRole{} }}
	RoleBindings               = &Kind{Kind: "RoleBinding", Group: "rbac.authorization.k8s.io", Version: "v1", Resource: "rolebindings", Singular: "rolebinding", Namespaced: true, New: func() Object { return &RoleBinding{} }}
	Roles                      = &Kind{Kind: "Role", Group: "rbac.authorization.k8s.io", Version: "v1", Resource: "roles", Singular: "role", Namespaced: true, New: func() Object { return &Role{} }}
	StorageVersions            = &Kind{Kind: "StorageVersion", Group: "internal.apiserver.k8s.io", Version: "v1alpha1", Resource: "storageversions", Singular: "storageversion", New: func() Object { return &StorageVersion{} }}
)

// Kinds lists every kind, in the order `kubectl api-resources` would.
// Adding a kind is a handle above, an entry here, and its types.
var Kinds = []*Kind{
	Namespaces,
	Nodes,
	Pods,
	Events,
	PersistentVolumes,
	PersistentVolumeClaims,
	ConfigMaps,
	Secrets,
	ServiceAccounts,
	Services,
	ReplicationControllers,
	ResourceQuotas,
	EndpointsKind,
	Deployments,
	ReplicaSets,
	DaemonSets,
	ControllerRevisions,
	StatefulSets,
	StorageClasses,
	Jobs,
	CertificateSigningRequests,
	CronJobs,
	HorizontalPodAutoscalers,
	PodDisruptionBudgets,
	EndpointSlices,
	Leases,
	ClusterRoleBindings,
	ClusterRoles,
	RoleBindings,
	Roles,
	StorageVersions,
}

// KindFor finds a kind by apiVersion and kind, as a manifest names it.
func KindFor(apiVersion, kind string) *Kind {
	return kindsByName[kindName{apiVersion, kind}]
}

// kindName is how a manifest names a kind.
type kindName struct{ apiVersion, kind string }

// kindsByName is kindFor's answer for every kind Kinds lists, made once:
// Kinds is a literal no one changes, and every store write and Event asks
// KindFor. A map read needs neither the key joined into one string nor
// sync.Map's hashing of an interface, which together were ~1.5% of the
// 10,000-pod bench's CPU under WebAssembly; a name no kind has is nil,
// as kindFor's scan says.
var kindsByName = func() map[kindName]*Kind {
	m := make(map[kindName]*Kind, len(Kinds))
	for _, k := range Kinds {
		name := kindName{k.APIVersion(), k.Kind}
		if _, dup := m[name]; !dup {
			m[name] = kindFor(name.apiVersion, name.kind) // the first that matches
		}
	}
	return m
}()

// resourceLookups memoises ResourceFor, which every Event calls, rather
// than scan Kinds and build strings each time. Only hits are kept (Kinds
// is fixed after init).
var resourceLookups sync.Map

func kindFor(apiVersion, kind string) *Kind {
	for _, k := range Kinds {
		if k.Kind == kind && k.APIVersion() == apiVersion {
			return k
		}
	}
	return nil
}

// KindOf finds the kind of a Go object.
func KindOf(o Object) *Kind {
	t := o.GetTypeMeta()
	if t.APIVersion == "" && t.Kind == "" {
		// No kind names an empty one: the Go type alone decides, so its
		// answer is kept per type. Objects made by controllers and the
		// store's Events carry no TypeMeta, and every write asks.
		return kindOfType(o)
	}
	if k := KindFor(t.APIVersion, t.Kind); k != nil {
		return k
	}
	return kindOfType(o)
}

// typeKinds memoises kindOfType per Go type (nil answers included) for
// the types kindsByType does not hold.
var typeKinds sync.Map

// kindsByType is kindOfType's answer for the Go type of every kind Kinds
// lists, made once (as kindsByName): a plain map read, not sync.Map's.
var kindsByType = func() map[reflect.Type]*Kind {
	m := make(map[reflect.Type]*Kind, len(Kinds))
	for _, k := range Kinds {
		o := k.New()
		if _, dup := m[reflect.TypeOf(o)]; !dup {
			m[reflect.TypeOf(o)] = kindOfTypeName(o)
		}
	}
	return m
}()

// kindOfType is the kind whose name is o's Go type's name, if any.
func kindOfType(o Object) *Kind {
	rt := reflect.TypeOf(o)
	if k, ok := kindsByType[rt]; ok {
		return k
	}
	if k, ok := typeKinds.Load(rt); ok {
		return k.(*Kind)
	}
	found := kindOfTypeName(o)
	typeKinds.Store(rt, found)
	return found
}

// kindOfTypeName is the first kind named as o's Go type is, if any.
func kindOfTypeName(o Object) *Kind {
	name := strings.TrimPrefix(typeName(o), "*")
	for _, k := range Kinds {
		if k.Kind == name {
			return k
		}
	}
	return nil
}

// ResourceFor resolves what a kubectl user types — "pods", "pod", "po",
// "Deployment", "deployments.apps" — to a kind.
func ResourceFor(name string) *Kind {
	if k, ok := resourceLookups.Load(name); ok {
		return k.(*Kind)
	}
	k := resourceFor(name)
	if k != nil {
		resourceLookups.Store(name, k)
	}
	return k
}

func resourceFor(name string) *Kind {
	n := strings.ToLower(name)
	for _, k := range Kinds {
		full := []string{k.Resource, k.Singular, strings.ToLower(k.Kind), k.GroupResource(), k.Singular + "." + k.Group}
		for _, s := range append(full, k.ShortNames...) {
			if s == n {
				return k
			}
		}
	}
	return nil
}

// KnownKinds lists the kinds' names, sorted, for error messages.
func KnownKinds() []string {
	var names []string
	for _, k := range Kinds {
		names = append(names, k.Kind)
	}
	sort.Strings(names)
	return names
}

// SetKind fills an object's TypeMeta from its Go type.
func SetKind(o Object) {
	if k := KindOf(o); k != nil {
		t := o.GetTypeMeta()
		t.APIVersion, t.Kind = k.APIVersion(), k.Kind
	}
}

// KindOfType is the kind whose objects have Go type T (*Pod: Pods), or nil
// if no kind has: generic code names a kind by its type parameter alone.
func KindOfType[T Object]() *Kind { return kindsByType[reflect.TypeFor[T]()] }
