package apiserver

import (
	"encoding/base64"
	"sort"
	"strconv"
	"strings"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/digest"
)

// The catalog is what discovery tells of the API: the kinds the sandbox
// simulates (api.Kinds), grouped and ordered as a real v1.32 API server
// lists them, with what upstream says of each beyond api.Kinds — verbs,
// categories, subresources. A kind added to api.Kinds is served here with
// no change; a group upstream does not know goes after upstream's.

// servedGroup is one API group, its versions the preferred first.
type servedGroup struct {
	name     string // "" for the core group
	versions []servedVersion
}

// servedVersion is one group-version and its resources, by name.
type servedVersion struct {
	version   string
	resources []servedResource
}

// servedResource is one resource of a group-version.
type servedResource struct {
	kind         *api.Kind
	verbs        []string
	categories   []string
	subresources []servedSubresource // by name
}

// servedSubresource is a subresource the sandbox answers.
type servedSubresource struct {
	name string
	// group, version and kind are what it takes and returns; group and
	// version are empty when they are the resource's own.
	group, version, kind string
	verbs                []string
}

// upstreamGroupOrder is the order a real v1.32 API server lists its
// groups in (kube-aggregator's group priorities, highest first), the core
// group first; internal.apiserver.k8s.io is alpha and served only where
// enabled, as the sandbox's StorageVersions are.
var upstreamGroupOrder = []string{
	"", "apiregistration.k8s.io", "apps", "events.k8s.io", "authentication.k8s.io", "authorization.k8s.io",
	"autoscaling", "batch", "certificates.k8s.io", "networking.k8s.io", "policy", "rbac.authorization.k8s.io",
	"storage.k8s.io", "admissionregistration.k8s.io", "apiextensions.k8s.io", "scheduling.k8s.io",
	"coordination.k8s.io", "node.k8s.io", "discovery.k8s.io", "flowcontrol.apiserver.k8s.io",
	"internal.apiserver.k8s.io",
}

// readWriteVerbs are the verbs of a resource stored as objects.
var readWriteVerbs = []string{"create", "delete", "deletecollection", "get", "list", "patch", "update", "watch"}

// upstreamVerbs are the resources whose verbs differ from readWriteVerbs:
// namespaces are deleted one at a time (each is finalized).
var upstreamVerbs = map[string][]string{
	"namespaces": {"create", "delete", "get", "list", "patch", "update", "watch"},
}

// inCategoryAll are the resources `kubectl get all` lists: upstream's
// "all" category, of the kinds the sandbox has.
var inCategoryAll = map[string]bool{
	"pods": true, "replicationcontrollers": true, "services": true,
	"daemonsets.apps": true, "deployments.apps": true, "replicasets.apps": true, "statefulsets.apps": true,
	"horizontalpodautoscalers.autoscaling": true, "cronjobs.batch": true, "jobs.batch": true,
}

// subresourcesOf are the subresources the sandbox answers (status, scale,
// eviction, binding, log, exec), for the resources upstream has them on.
// Upstream's others (attach, portforward, proxy, finalize, approval,
// token, ephemeralcontainers) are left out: a client that saw them
// would try them.
var subresourcesOf = map[string][]string{
	"namespaces": {"status"}, "nodes": {"status"},
	"persistentvolumeclaims": {"status"}, "persistentvolumes": {"status"},
	"pods":                   {"binding", "eviction", "exec", "log", "status"},
	"replicationcontrollers": {"scale", "status"}, "resourcequotas": {"status"}, "services": {"status"},
	"daemonsets.apps": {"status"}, "deployments.apps": {"scale", "status"},
	"replicasets.apps": {"scale", "status"}, "statefulsets.apps": {"scale", "status"},
	"horizontalpodautoscalers.autoscaling":           {"status"},
	"cronjobs.batch":                                 {"status"},
	"jobs.batch":                                     {"status"},
	"certificatesigningrequests.certificates.k8s.io": {"status"},
	"poddisruptionbudgets.policy":                    {"status"},
	"storageversions.internal.apiserver.k8s.io":      {"status"},
}

// subresource describes one subresource of a resource whose kind is kind.
func subresource(name, kind string) servedSubresource {
	switch name {
	case "scale":
		return servedSubresource{name: name, group: "autoscaling", version: "v1", kind: "Scale", verbs: []string{"get", "patch", "update"}}
	case "eviction":
		return servedSubresource{name: name, group: "policy", version: "v1", kind: "Eviction", verbs: []string{"create"}}
	case "binding":
		return servedSubresource{name: name, kind: "Binding", verbs: []string{"create"}}
	case "log":
		return servedSubresource{name: name, kind: kind, verbs: []string{"get"}}
	case "exec":
		return servedSubresource{name: name, kind: "PodExecOptions", verbs: []string{"create", "get"}}
	default: // status
		return servedSubresource{name: name, kind: kind, verbs: []string{"get", "patch", "update"}}
	}
}

// catalog is every served group, in upstream's order. api.Kinds is fixed
// after init, so it is made once.
var catalog = buildCatalog(api.Kinds)

// buildCatalog groups kinds by group and version.
func buildCatalog(kinds []*api.Kind) []servedGroup {
	byGroup := map[string]map[string][]servedResource{}
	for _, k := range kinds {
		if byGroup[k.Group] == nil {
			byGroup[k.Group] = map[string][]servedResource{}
		}
		byGroup[k.Group][k.Version] = append(byGroup[k.Group][k.Version], resourceOf(k))
	}
	var groups []servedGroup
	for name, versions := range byGroup {
		g := servedGroup{name: name}
		for v, resources := range versions {
			sort.Slice(resources, func(i, j int) bool { return resources[i].kind.Resource < resources[j].kind.Resource })
			g.versions = append(g.versions, servedVersion{version: v, resources: resources})
		}
		sort.Slice(g.versions, func(i, j int) bool { return versionPrecedes(g.versions[i].version, g.versions[j].version) })
		groups = append(groups, g)
	}
	sort.Slice(groups, func(i, j int) bool { return groupPrecedes(groups[i].name, groups[j].name) })
	return groups
}

// resourceOf is what discovery says of one kind.
func resourceOf(k *api.Kind) servedResource {
	gr := k.GroupResource()
	r := servedResource{kind: k, verbs: readWriteVerbs}
	if v, ok := upstreamVerbs[gr]; ok {
		r.verbs = v
	}
	if inCategoryAll[gr] {
		r.categories = []string{"all"}
	}
	for _, name := range subresourcesOf[gr] {
		r.subresources = append(r.subresources, subresource(name, k.Kind))
	}
	return r
}

// groupPrecedes orders groups as upstream lists them; groups upstream does
// not know come last, by name.
func groupPrecedes(a, b string) bool {
	ia, ib := groupRank(a), groupRank(b)
	if ia != ib {
		return ia < ib
	}
	return a < b
}

func groupRank(group string) int {
	for i, g := range upstreamGroupOrder {
		if g == group {
			return i
		}
	}
	return len(upstreamGroupOrder)
}

// versionPrecedes orders versions as Kubernetes does (GA before beta
// before alpha, higher numbers first, other strings last by name): the
// first is the group's preferred version.
func versionPrecedes(a, b string) bool {
	ra, na, qa, oka := versionParts(a)
	rb, nb, qb, okb := versionParts(b)
	switch {
	case oka != okb:
		return oka
	case !oka:
		return a < b
	case ra != rb:
		return ra > rb
	case na != nb:
		return na > nb
	default:
		return qa > qb
	}
}

// versionParts reads "v2", "v1beta1", "v1alpha2" into the stability (GA
// 2, beta 1, alpha 0), the major number and the pre-release number.
func versionParts(v string) (stability, major, minor int, ok bool) {
	rest, ok := strings.CutPrefix(v, "v")
	if !ok {
		return 0, 0, 0, false
	}
	i := 0
	for i < len(rest) && rest[i] >= '0' && rest[i] <= '9' {
		i++
	}
	major, err := strconv.Atoi(rest[:i])
	if err != nil || major == 0 {
		return 0, 0, 0, false
	}
	if i == len(rest) {
		return 2, major, 0, true
	}
	for s, label := range []string{"alpha", "beta"} {
		if n, found := strings.CutPrefix(rest[i:], label); found {
			if minor, err := strconv.Atoi(n); err == nil && minor > 0 {
				return s, major, minor, true
			}
		}
	}
	return 0, 0, 0, false
}

// findGroup is the served group of that name.
func findGroup(name string) (servedGroup, bool) {
	for _, g := range catalog {
		if g.name == name {
			return g, true
		}
	}
	return servedGroup{}, false
}

// findVersion is the served group-version, if the server has it.
func findVersion(group, version string) (servedVersion, bool) {
	g, ok := findGroup(group)
	if !ok {
		return servedVersion{}, false
	}
	for _, v := range g.versions {
		if v.version == version {
			return v, true
		}
	}
	return servedVersion{}, false
}

// storageVersionHash is upstream's name for the version a kind is stored
// in: the first 8 bytes of the SHA-256 of "group/version/kind", in base64.
// Every kind the sandbox has is stored in the version it is served in.
func storageVersionHash(k *api.Kind) string {
	sum := digest.SHA256([]byte(k.Group + "/" + k.Version + "/" + k.Kind))
	return base64.StdEncoding.EncodeToString(sum[:8])
}
