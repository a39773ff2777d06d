package apiserver

import (
	"sort"
	"strings"
)

// The legacy discovery documents (meta/v1): what a client that does not
// ask for aggregated discovery reads, one request per group-version.

// apiVersions is metav1.APIVersions, /api's document. Upstream writes it
// with a kind and no apiVersion.
type apiVersions struct {
	Kind                       string          `json:"kind"`
	Versions                   []string        `json:"versions"`
	ServerAddressByClientCIDRs []serverAddress `json:"serverAddressByClientCIDRs"`
}

// serverAddress tells clients in a network where to reach the server.
type serverAddress struct {
	ClientCIDR    string `json:"clientCIDR"`
	ServerAddress string `json:"serverAddress"`
}

// apiGroupList is metav1.APIGroupList, /apis's document.
type apiGroupList struct {
	Kind       string     `json:"kind"`
	APIVersion string     `json:"apiVersion"`
	Groups     []apiGroup `json:"groups"`
}

// apiGroup is metav1.APIGroup, /apis/GROUP's document and an entry of
// /apis's.
type apiGroup struct {
	Kind             string         `json:"kind,omitempty"`
	APIVersion       string         `json:"apiVersion,omitempty"`
	Name             string         `json:"name"`
	Versions         []groupVersion `json:"versions"`
	PreferredVersion groupVersion   `json:"preferredVersion"`
}

// groupVersion is metav1.GroupVersionForDiscovery.
type groupVersion struct {
	GroupVersion string `json:"groupVersion"`
	Version      string `json:"version"`
}

// apiResourceList is metav1.APIResourceList, a group-version's document.
// Upstream writes /api/v1's with no apiVersion.
type apiResourceList struct {
	Kind         string        `json:"kind"`
	APIVersion   string        `json:"apiVersion,omitempty"`
	GroupVersion string        `json:"groupVersion"`
	Resources    []apiResource `json:"resources"`
}

// apiResource is metav1.APIResource: a resource, or a subresource named
// "resource/subresource" with no singular name.
type apiResource struct {
	Name               string   `json:"name"`
	SingularName       string   `json:"singularName"`
	Namespaced         bool     `json:"namespaced"`
	Group              string   `json:"group,omitempty"`
	Version            string   `json:"version,omitempty"`
	Kind               string   `json:"kind"`
	Verbs              []string `json:"verbs"`
	ShortNames         []string `json:"shortNames,omitempty"`
	Categories         []string `json:"categories,omitempty"`
	StorageVersionHash string   `json:"storageVersionHash,omitempty"`
}

// legacyAPIVersions is /api's document.
func (s *Server) legacyAPIVersions() apiVersions {
	core, _ := findGroup("")
	doc := apiVersions{Kind: "APIVersions", ServerAddressByClientCIDRs: s.serverAddresses()}
	for _, v := range core.versions {
		doc.Versions = append(doc.Versions, v.version)
	}
	return doc
}

// serverAddresses is where every client reaches the server: the host and
// port of Options.ServerAddress, as upstream writes its own (no scheme).
func (s *Server) serverAddresses() []serverAddress {
	addr := s.opts.ServerAddress
	if _, rest, ok := strings.Cut(addr, "://"); ok {
		addr = rest
	}
	addr, _, _ = strings.Cut(addr, "/")
	if addr == "" {
		return nil
	}
	return []serverAddress{{ClientCIDR: "0.0.0.0/0", ServerAddress: addr}}
}

// legacyGroupList is /apis's document: every group but the core one.
func legacyGroupList() apiGroupList {
	doc := apiGroupList{Kind: "APIGroupList", APIVersion: "v1", Groups: []apiGroup{}}
	for _, g := range catalog {
		if g.name != "" {
			doc.Groups = append(doc.Groups, legacyGroup(g))
		}
	}
	return doc
}

// legacyGroup is a group's entry in /apis (the document of /apis/GROUP
// adds its kind and apiVersion).
func legacyGroup(g servedGroup) apiGroup {
	doc := apiGroup{Name: g.name}
	for _, v := range g.versions {
		doc.Versions = append(doc.Versions, groupVersion{GroupVersion: g.name + "/" + v.version, Version: v.version})
	}
	doc.PreferredVersion = doc.Versions[0]
	return doc
}

// legacyResourceList is a group-version's document: its resources and
// their subresources, by name.
func legacyResourceList(group string, v servedVersion) apiResourceList {
	doc := apiResourceList{Kind: "APIResourceList", APIVersion: "v1", GroupVersion: group + "/" + v.version, Resources: []apiResource{}}
	if group == "" {
		doc.APIVersion, doc.GroupVersion = "", v.version
	}
	for _, r := range v.resources {
		k := r.kind
		doc.Resources = append(doc.Resources, apiResource{
			Name: k.Resource, SingularName: k.Singular, Namespaced: k.Namespaced, Kind: k.Kind,
			Verbs: r.verbs, ShortNames: k.ShortNames, Categories: r.categories, StorageVersionHash: storageVersionHash(k),
		})
		for _, sub := range r.subresources {
			doc.Resources = append(doc.Resources, apiResource{
				Name: k.Resource + "/" + sub.name, Namespaced: k.Namespaced,
				Group: sub.group, Version: sub.version, Kind: sub.kind, Verbs: sub.verbs,
			})
		}
	}
	// Upstream sorts every entry by its whole name, subresources included.
	sort.SliceStable(doc.Resources, func(i, j int) bool { return doc.Resources[i].Name < doc.Resources[j].Name })
	// Upstream sorts every entry by its whole name, subresources included.
	sort.SliceStable(doc.Resources, func(i, j int) bool { return doc.Resources[i].Name < doc.Resources[j].Name })
	return doc
}
