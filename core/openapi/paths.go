package openapi

import (
	"reflect"
	"strings"

	"github.com/kubeloop/kubeloop/core/api"
)

// PathItem is the operations on one path.
type PathItem struct {
	Get        *Operation   `json:"get,omitempty"`
	Put        *Operation   `json:"put,omitempty"`
	Post       *Operation   `json:"post,omitempty"`
	Delete     *Operation   `json:"delete,omitempty"`
	Patch      *Operation   `json:"patch,omitempty"`
	Parameters []*Parameter `json:"parameters,omitempty"`
}

// Operation is one verb on a path, with the kind it acts on.
type Operation struct {
	Tags        []string             `json:"tags"`
	Description string               `json:"description"`
	OperationID string               `json:"operationId"`
	Parameters  []*Parameter         `json:"parameters,omitempty"`
	RequestBody *RequestBody         `json:"requestBody,omitempty"`
	Responses   map[string]*Response `json:"responses"`
	Action      string               `json:"x-kubernetes-action"`
	Kind        GroupVersionKind     `json:"x-kubernetes-group-version-kind"`
}

// Parameter is a path or query parameter.
type Parameter struct {
	Name        string  `json:"name"`
	In          string  `json:"in"`
	Description string  `json:"description,omitempty"`
	Required    bool    `json:"required,omitempty"`
	Schema      *Schema `json:"schema"`
}

// RequestBody is what an operation accepts, by content type.
type RequestBody struct {
	Content  map[string]*MediaType `json:"content"`
	Required bool                  `json:"required,omitempty"`
}

// Response is one status code's answer, by content type.
type Response struct {
	Description string                `json:"description"`
	Content     map[string]*MediaType `json:"content,omitempty"`
}

// MediaType is the schema of a body in one content type.
type MediaType struct {
	Schema *Schema `json:"schema"`
}

// scalable are the kinds with a scale subresource.
var scalable = map[string]bool{"Deployment": true, "ReplicaSet": true, "StatefulSet": true, "ReplicationController": true}

// paths adds the paths of kind k, whose schema is named schema: its
// collection (list, create, delete a collection), each object (read,
// replace, patch, delete), its status and scale subresources, and for a
// namespaced kind the list across namespaces.
func (c *components) paths(out map[string]*PathItem, k *api.Kind, schema string) {
	prefix := "/apis/" + k.APIVersion()
	if k.Group == "" {
		prefix = "/api/" + k.Version
	}
	gvk := GroupVersionKind{Group: k.Group, Kind: k.Kind, Version: k.Version}
	op := operations{c: c, k: k, gvk: gvk, schema: schema, tag: tagOf(k)}
	collection := prefix + "/" + k.Resource
	scope := []*Parameter{}
	if k.Namespaced {
		// The one operation across namespaces has its parameters on the
		// path, as upstream writes it.
		all := op.list("ForAllNamespaces")
		all.Parameters = nil
		out[collection] = &PathItem{Get: all, Parameters: append(append([]*Parameter{}, listParameters...), pretty)}
		collection = prefix + "/namespaces/{namespace}/" + k.Resource
		scope = []*Parameter{namespaceParameter}
	}
	item := collection + "/{name}"
	nameParam := &Parameter{Name: "name", In: "path", Description: "name of the " + k.Kind, Required: true, Schema: queryString()}
	out[collection] = &PathItem{Get: op.list(""), Post: op.create(), Parameters: append(scope, pretty)}
	if k.Kind != "Namespace" { // no one request deletes every namespace
		out[collection].Delete = op.deleteCollection()
	}
	itemParams := append([]*Parameter{nameParam}, append(scope, pretty)...)
	out[item] = &PathItem{
		Get: op.read(""), Put: op.replace(""), Patch: op.patch(""), Delete: op.delete(),
		Parameters: itemParams,
	}
	if _, ok := reflect.TypeOf(k.New()).Elem().FieldByName("Status"); ok {
		out[item+"/status"] = &PathItem{Get: op.read("Status"), Put: op.replace("Status"), Patch: op.patch("Status"), Parameters: itemParams}
	}
	if scalable[k.Kind] {
		sc := op
		sc.schema = c.helper(scale{})
		sc.gvk = GroupVersionKind{Group: "autoscaling", Kind: "Scale", Version: "v1"}
		out[item+"/scale"] = &PathItem{Get: sc.read("Scale"), Put: sc.replace("Scale"), Patch: sc.patch("Scale"), Parameters: itemParams}
	}
}

// tagOf is upstream's tag of a group-version's operations: "apps_v1",
// "core_v1", "rbacAuthorization_v1".
func tagOf(k *api.Kind) string {
	g := groupWords(k.Group)
	return strings.ToLower(g[:1]) + g[1:] + "_" + k.Version
}

// groupWords is a group as operation IDs spell it: "Apps",
// "RbacAuthorization", "Core" for the core group.
func groupWords(group string) string {
	if group == "" {
		return "Core"
	}
	var b strings.Builder
	for _, w := range strings.Split(strings.TrimSuffix(group, ".k8s.io"), ".") {
		b.WriteString(strings.ToUpper(w[:1]) + w[1:])
	}
	return b.String()
}

// operations writes the operations on one kind (or on its subresource).
type operations struct {
	c      *components
	k      *api.Kind
	gvk    GroupVersionKind
	schema string
	tag    string
}

// id is an operation's ID: verb, group-version, scope, kind, suffix:
// "readAppsV1NamespacedDeploymentStatus".
func (o operations) id(verb, suffix string) string {
	scope := ""
	if o.k.Namespaced && suffix != "ForAllNamespaces" {
		scope = "Namespaced"
	}
	if verb == "deleteCollection" {
		verb, scope = "delete", "Collection"+scope
	}
	return verb + groupWords(o.k.Group) + strings.ToUpper(o.k.Version[:1]) + o.k.Version[1:] + scope + o.k.Kind + suffix
}

func (o operations) op(verb, suffix, action, description string, params []*Parameter) *Operation {
	return &Operation{
		Tags: []string{o.tag}, Description: description, OperationID: o.id(verb, suffix),
		Parameters: params, Action: action, Kind: o.gvk,
	}
}

func (o operations) list(suffix string) *Operation {
	op := o.op("list", suffix, "list", "list or watch objects of kind "+o.k.Kind, listParameters)
	op.Responses = responses(map[string]string{"200": o.schema + "List"}, "application/json;stream=watch")
	return op
}

func (o operations) create() *Operation {
	op := o.op("create", "", "post", "create a "+o.k.Kind, writeParameters)
	op.RequestBody = body(o.schema)
	op.Responses = responses(map[string]string{"200": o.schema, "201": o.schema, "202": o.schema})
	return op
}

func (o operations) deleteCollection() *Operation {
	op := o.op("deleteCollection", "", "deletecollection", "delete collection of "+o.k.Kind, deleteCollectionParameters)
	op.RequestBody = &RequestBody{Content: map[string]*MediaType{"*/*": {Schema: ref(o.c.helper(deleteOptions{}))}}}
	op.Responses = responses(map[string]string{"200": o.c.helper(status{})})
	return op
}

func (o operations) read(sub string) *Operation {
	what := "the specified " + o.k.Kind
	if sub != "" {
		what = strings.ToLower(sub) + " of " + what
	}
	op := o.op("read", sub, "get", "read "+what, nil)
	op.Responses = responses(map[string]string{"200": o.schema})
	return op
}

func (o operations) replace(sub string) *Operation {
	what := "the specified " + o.k.Kind
	if sub != "" {
		what = strings.ToLower(sub) + " of " + what
	}
	op := o.op("replace", sub, "put", "replace "+what, writeParameters)
	op.RequestBody = body(o.schema)
	op.Responses = responses(map[string]string{"200": o.schema, "201": o.schema})
	return op
}

func (o operations) patch(sub string) *Operation {
	what := "the specified " + o.k.Kind
	if sub != "" {
		what = strings.ToLower(sub) + " of " + what
	}
	op := o.op("patch", sub, "patch", "partially update "+what, patchParameters)
	patchSchema := ref(o.c.helper(patch{}))
	op.RequestBody = &RequestBody{Required: true, Content: map[string]*MediaType{
		"application/apply-patch+yaml":           {Schema: patchSchema},
		"application/json-patch+json":            {Schema: patchSchema},
		"application/merge-patch+json":           {Schema: patchSchema},
		"application/strategic-merge-patch+json": {Schema: patchSchema},
	}}
	op.Responses = responses(map[string]string{"200": o.schema, "201": o.schema})
	return op
}

func (o operations) delete() *Operation {
	op := o.op("delete", "", "delete", "delete a "+o.k.Kind, deleteParameters)
	op.RequestBody = &RequestBody{Content: map[string]*MediaType{"*/*": {Schema: ref(o.c.helper(deleteOptions{}))}}}
	st := o.c.helper(status{})
	op.Responses = responses(map[string]string{"200": st, "202": st})
	return op
}

// body is a request body of one schema, in any content type.
func body(schema string) *RequestBody {
	return &RequestBody{Required: true, Content: map[string]*MediaType{"*/*": {Schema: ref(schema)}}}
}

// responses are the answers by status code, each the named schema in JSON
// and YAML (and the extra content types given), and 401.
func responses(codes map[string]string, extra ...string) map[string]*Response {
	out := map[string]*Response{"401": {Description: "Unauthorized"}}
	for code, schema := range codes {
		content := map[string]*MediaType{}
		for _, t := range append([]string{"application/json", "application/yaml"}, extra...) {
			content[t] = &MediaType{Schema: ref(schema)}
		}
		out[code] = &Response{Description: statusText[code], Content: content}
	}
	return out
}

var statusText = map[string]string{"200": "OK", "201": "Created", "202": "Accepted"}
