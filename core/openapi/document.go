package openapi

import (
	"crypto/sha512"
	"encoding/hex"
	"reflect"
	"strings"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/apijson"
	"github.com/kubeloop/kubeloop/core/explain"
)

// Document is one group-version's OpenAPI v3 document.
type Document struct {
	OpenAPI    string               `json:"openapi"`
	Info       Info                 `json:"info"`
	Paths      map[string]*PathItem `json:"paths"`
	Components Components           `json:"components"`
}

// Info names the API and its version.
type Info struct {
	Title   string `json:"title"`
	Version string `json:"version"`
}

// Components hold the document's schemas by name.
type Components struct {
	Schemas map[string]*Schema `json:"schemas"`
}

// Path is where the index files a group-version's document: "api/v1",
// "apis/apps/v1" (under /openapi/v3/).
func Path(apiVersion string) string {
	if !strings.Contains(apiVersion, "/") {
		return "api/" + apiVersion
	}
	return "apis/" + apiVersion
}

// Build writes the document of the kinds of one group-version ("v1",
// "apps/v1"), with descriptions from docs (nil for none). It returns nil
// for a group-version no kind has.
func Build(apiVersion string, docs explain.Docs) *Document {
	group, version, ok := strings.Cut(apiVersion, "/")
	if !ok {
		group, version = "", apiVersion
	}
	c := newComponents(packageOf(group, version), docs)
	paths := map[string]*PathItem{}
	for _, k := range api.Kinds {
		if k.APIVersion() == apiVersion {
			c.paths(paths, k, c.kind(k))
		}
	}
	if len(paths) == 0 {
		return nil
	}
	return &Document{
		OpenAPI:    "3.0.0",
		Info:       Info{Title: "Kubernetes", Version: minorVersion(api.KubernetesVersion)},
		Paths:      paths,
		Components: Components{Schemas: c.schemas},
	}
}

// minorVersion is "1.31" for "v1.31.4", as upstream's info.version reads.
func minorVersion(v string) string {
	v = strings.TrimPrefix(v, "v")
	if major, rest, ok := strings.Cut(v, "."); ok {
		minor, _, _ := strings.Cut(rest, ".")
		return major + "." + minor
	}
	return v
}

// Spec is every group-version's document, encoded, with its hash.
type Spec struct {
	// Paths lists the documents' paths in api.Kinds' order.
	Paths     []string
	documents map[string][]byte
	hashes    map[string]string
}

// BuildSpec writes the documents of every group-version kubeloop serves.
func BuildSpec(docs explain.Docs) *Spec {
	s := &Spec{documents: map[string][]byte{}, hashes: map[string]string{}}
	for _, k := range api.Kinds {
		path := Path(k.APIVersion())
		if _, done := s.documents[path]; done {
			continue
		}
		b, err := apijson.Marshal(Build(k.APIVersion(), docs))
		if err != nil {
			panic(err) // plain structs, strings and maps: cannot fail
		}
		sum := sha512.Sum512(b)
		s.Paths = append(s.Paths, path)
		s.documents[path] = b
		s.hashes[path] = strings.ToUpper(hex.EncodeToString(sum[:]))
	}
	return s
}

// Document is the encoded document at path ("apis/apps/v1") and its hash,
// as the index and the ETag name it.
func (s *Spec) Document(path string) (body []byte, hash string, ok bool) {
	body, ok = s.documents[path]
	return body, s.hashes[path], ok
}

// Index is the document at /openapi/v3: each group-version's path, with
// the URL that fetches it at its current hash.
func (s *Spec) Index() []byte {
	type entry struct {
		ServerRelativeURL string `json:"serverRelativeURL"`
	}
	paths := map[string]entry{}
	for _, p := range s.Paths {
		paths[p] = entry{"/openapi/v3/" + p + "?hash=" + s.hashes[p]}
	}
	b, err := apijson.Marshal(struct {
		Paths map[string]entry `json:"paths"`
	}{paths})
	if err != nil {
		panic(err)
	}
	return b
}

// DocsIdentity is a comparable value that names docs, for a cache of the
// documents built with them: the same map (or pointer) gives the same
// value. It is nil for docs it cannot tell apart, which a cache must not
// keep.
func DocsIdentity(docs explain.Docs) any {
	if docs == nil {
		return docsNone{}
	}
	v := reflect.ValueOf(docs)
	switch v.Kind() {
	case reflect.Map, reflect.Pointer:
		return docsAt{v.Type(), v.Pointer()}
	}
	if v.Type().Comparable() {
		return docs
	}
	return nil
}

type (
	docsNone struct{}
	docsAt   struct {
		t reflect.Type
		p uintptr
	}
)
