package apiserver

import (
	"fmt"
	"strconv"
	"sync"

	"github.com/kubeloop/kubeloop/core/apijson"
	"github.com/kubeloop/kubeloop/core/digest"
)

// Aggregated discovery (apidiscovery.k8s.io/v2, and v2beta1 which kubectl
// 1.32 still names second): /api and /apis each answer every group and
// resource in one document, so that a client discovers in two requests.

// groupDiscoveryList is APIGroupDiscoveryList. Its kind and apiVersion
// are left empty for the ETag, which upstream takes before setting them.
type groupDiscoveryList struct {
	Kind       string           `json:"kind,omitempty"`
	APIVersion string           `json:"apiVersion,omitempty"`
	Metadata   struct{}         `json:"metadata"`
	Items      []groupDiscovery `json:"items"`
}

// groupDiscovery is APIGroupDiscovery: one group, named in its metadata
// (the core group has no name).
type groupDiscovery struct {
	Metadata discoveryMeta      `json:"metadata"`
	Versions []versionDiscovery `json:"versions,omitempty"`
}

// discoveryMeta is the ObjectMeta of a group, as upstream writes it: a
// name, and a creationTimestamp no one set (null).
type discoveryMeta struct {
	Name              string  `json:"name,omitempty"`
	CreationTimestamp *string `json:"creationTimestamp"`
}

// versionDiscovery is APIVersionDiscovery: one version of a group.
type versionDiscovery struct {
	Version   string              `json:"version"`
	Resources []resourceDiscovery `json:"resources,omitempty"`
	// Freshness is "Current": the sandbox's groups are all its own, never
	// an aggregated server's that could lag.
	Freshness string `json:"freshness,omitempty"`
}

// resourceDiscovery is APIResourceDiscovery.
type resourceDiscovery struct {
	Resource         string                 `json:"resource"`
	ResponseKind     *kindRef               `json:"responseKind"`
	Scope            string                 `json:"scope"`
	SingularResource string                 `json:"singularResource"`
	Verbs            []string               `json:"verbs"`
	ShortNames       []string               `json:"shortNames,omitempty"`
	Categories       []string               `json:"categories,omitempty"`
	Subresources     []subresourceDiscovery `json:"subresources,omitempty"`
}

// subresourceDiscovery is APISubresourceDiscovery.
type subresourceDiscovery struct {
	Subresource  string   `json:"subresource"`
	ResponseKind *kindRef `json:"responseKind"`
	Verbs        []string `json:"verbs"`
}

// kindRef is a GroupVersionKind; an empty group and version are the
// resource's own.
type kindRef struct {
	Group   string `json:"group"`
	Version string `json:"version"`
	Kind    string `json:"kind"`
}

// aggregatedList is the aggregated document of /api (legacy set) or /apis.
func aggregatedList(legacy bool) groupDiscoveryList {
	doc := groupDiscoveryList{Items: []groupDiscovery{}}
	for _, g := range catalog {
		if (g.name == "") == legacy {
			doc.Items = append(doc.Items, aggregatedGroup(g))
		}
	}
	return doc
}

// aggregatedGroup is one group's entry.
func aggregatedGroup(g servedGroup) groupDiscovery {
	item := groupDiscovery{Metadata: discoveryMeta{Name: g.name}}
	for _, v := range g.versions {
		vd := versionDiscovery{Version: v.version, Freshness: "Current"}
		for _, r := range v.resources {
			vd.Resources = append(vd.Resources, aggregatedResource(r))
		}
		item.Versions = append(item.Versions, vd)
	}
	return item
}

// aggregatedResource is one resource with its subresources.
func aggregatedResource(r servedResource) resourceDiscovery {
	k := r.kind
	scope := "Cluster"
	if k.Namespaced {
		scope = "Namespaced"
	}
	rd := resourceDiscovery{
		Resource: k.Resource, ResponseKind: &kindRef{Kind: k.Kind}, Scope: scope, SingularResource: k.Singular,
		Verbs: r.verbs, ShortNames: k.ShortNames, Categories: r.categories,
	}
	for _, sub := range r.subresources {
		rd.Subresources = append(rd.Subresources, subresourceDiscovery{
			Subresource: sub.name, ResponseKind: &kindRef{Group: sub.group, Version: sub.version, Kind: sub.kind}, Verbs: sub.verbs,
		})
	}
	return rd
}

// aggregatedResponse writes an aggregated document as upstream does: with
// its ETag (the SHA-512 of its JSON, before kind and apiVersion are set),
// Vary: Accept, and public caching; a client that names the same ETag in
// If-None-Match gets 304 and no body.
func aggregatedResponse(r *Request, rep representation, legacy bool) *Response {
	docs := aggregatedDocuments()[legacy]
	header := map[string]string{"ETag": docs.etag, "Vary": "Accept", "Cache-Control": "public"}
	if r.HeaderValue("If-None-Match") == docs.etag {
		return &Response{Code: 304, Header: header}
	}
	var body []byte
	if wantsPretty(r) {
		doc := docs.doc
		doc.Kind, doc.APIVersion = "APIGroupDiscoveryList", rep.aggregatedAPIVersion()
		var err error
		if body, err = apijson.MarshalIndent(doc, "", "  "); err != nil {
			return statusResponse(internalError(err.Error()))
		}
	} else {
		body = append(body, docs.compact[rep]...) // a copy: the made document stays as made
	}
	header["Content-Type"] = rep.aggregatedMediaType()
	return &Response{Code: 200, Header: header, Body: body}
}

// aggregatedDocument is /api's or /apis's aggregated document, made once:
// it depends only on api.Kinds, and kubectl asks for it on every command
// it runs without a cache.
type aggregatedDocument struct {
	doc     groupDiscoveryList
	etag    string                    // quoted
	compact map[representation][]byte // as upstream writes it for each version
}

// aggregatedDocuments holds both documents, by legacy (/api) or not.
var aggregatedDocuments = sync.OnceValue(func() map[bool]aggregatedDocument {
	docs := map[bool]aggregatedDocument{}
	for _, legacy := range []bool{true, false} {
		d := aggregatedDocument{doc: aggregatedList(legacy), compact: map[representation][]byte{}}
		unversioned, err := apijson.Marshal(d.doc)
		if err != nil {
			panic(err) // plain structs of strings: cannot fail
		}
		d.etag = strconv.Quote(discoveryETag(unversioned))
		for _, rep := range []representation{aggregatedV2, aggregatedV2beta1} {
			doc := d.doc
			doc.Kind, doc.APIVersion = "APIGroupDiscoveryList", rep.aggregatedAPIVersion()
			b, err := apijson.Marshal(doc)
			if err != nil {
				panic(err)
			}
			d.compact[rep] = append(b, '\n')
		}
		docs[legacy] = d
	}
	return docs
})

// discoveryETag is upstream's: the SHA-512 of a document's JSON, in
// upper-case hex.
func discoveryETag(json []byte) string {
	return fmt.Sprintf("%X", digest.SHA512(json))
}
