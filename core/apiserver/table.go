package apiserver

import (
	"strconv"
	"strings"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/apijson"
	"github.com/kubeloop/kubeloop/core/kubectl"
)

// wantsTable reports a request whose Accept asks for a meta.k8s.io Table
// (kubectl get does) before plain JSON.
func wantsTable(r *Request) bool {
	return tableVersion(r) != ""
}

// tableVersion is the meta.k8s.io version of the Table the Accept header
// asks for first ("v1", or "v1beta1" from old clients), or "" when it asks
// for none. kubectl sends
// "application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json".
func tableVersion(r *Request) string {
	for _, accept := range r.Header["Accept"] {
		for _, mediaType := range strings.Split(accept, ",") {
			params := mediaTypeParams(mediaType)
			if params["as"] != "Table" || params["g"] != "meta.k8s.io" {
				continue
			}
			switch v := params["v"]; v {
			case "v1", "v1beta1":
				return v
			}
		}
	}
	return ""
}

// mediaTypeParams reads the parameters of one media type of an Accept
// header: "application/json;as=Table;v=v1" gives as=Table and v=v1.
func mediaTypeParams(mediaType string) map[string]string {
	parts := strings.Split(mediaType, ";")
	params := make(map[string]string, len(parts))
	for _, p := range parts[1:] {
		if k, v, ok := strings.Cut(strings.TrimSpace(p), "="); ok {
			params[strings.ToLower(strings.TrimSpace(k))] = strings.Trim(strings.TrimSpace(v), `"`)
		}
	}
	return params
}

// ListMeta is a list's metadata.
type ListMeta struct {
	ResourceVersion    string `json:"resourceVersion,omitempty"`
	Continue           string `json:"continue,omitempty"`
	RemainingItemCount *int64 `json:"remainingItemCount,omitempty"`
}

// metaTable is a meta.k8s.io Table: the columns, and a row per object.
type metaTable struct {
	Kind              string        `json:"kind"`
	APIVersion        string        `json:"apiVersion"`
	Metadata          ListMeta      `json:"metadata"`
	ColumnDefinitions []tableColumn `json:"columnDefinitions"`
	Rows              []tableRow    `json:"rows"`
}

// tableColumn is a TableColumnDefinition. Priority 0 columns are printed
// by default, priority 1 ones only with -o wide.
type tableColumn struct {
	Name        string `json:"name"`
	Type        string `json:"type"`
	Format      string `json:"format"`
	Description string `json:"description"`
	Priority    int32  `json:"priority"`
}

// tableColumnSpec is a column as table_columns.go lists it: its
// definition, and whether its cells are numbers.
type tableColumnSpec struct {
	Name, Type, Format, Description string
	Priority                        int32
	Integer                         bool
}

// tableRow is a TableRow: its cells (strings and int64s), and the object
// it shows as includeObject asks (null for None).
type tableRow struct {
	Cells  []any   `json:"cells"`
	Object rawJSON `json:"object"`
}

// rawJSON is JSON already written, kept as it is (null when empty).
type rawJSON []byte

func (j rawJSON) MarshalJSON() ([]byte, error) {
	if len(j) == 0 {
		return []byte("null"), nil
	}
	return j, nil
}

// includeObject is how much of each object a Table's rows carry.
type includeObject string

const (
	includeMetadata includeObject = "Metadata" // a PartialObjectMetadata (the default)
	includeWhole    includeObject = "Object"
	includeNone     includeObject = "None"
)

// tableResponse prints objects as a meta.k8s.io Table with the columns
// the sandbox's kubectl prints, every column included (the client hides
// -o wide's), ages as of the simulated now. list is a list's metadata;
// for one object (a GET by name) it is zero, and the Table takes the
// object's resourceVersion, as upstream's table generator does.
func (s *Server) tableResponse(r *Request, kind *api.Kind, objs []api.Object, list ListMeta) *Response {
	include, st := tableInclude(r)
	if st != nil {
		return statusResponse(st)
	}
	t, err := s.table(r, kind, objs, list, include)
	if err != nil {
		return statusResponse(internalError(err.Error()))
	}
	return jsonResponse(200, t)
}

// tableInclude reads includeObject, refusing a value upstream refuses.
func tableInclude(r *Request) (includeObject, *Status) {
	switch include := includeObject(r.Param("includeObject")); include {
	case "":
		return includeMetadata, nil
	case includeMetadata, includeWhole, includeNone:
		return include, nil
	default:
		return "", failure(400, "BadRequest", "Unable to convert to Table as requested: includeObject: Invalid value: "+
			strconv.Quote(string(include))+": must be 'Metadata', 'Object', 'None', or empty", nil)
	}
}

// table builds the Table of objs.
func (s *Server) table(r *Request, kind *api.Kind, objs []api.Object, list ListMeta, include includeObject) (*metaTable, error) {
	specs := columnSpecs(kind)
	t := &metaTable{Kind: "Table", APIVersion: "meta.k8s.io/" + orDefault(tableVersion(r), "v1"), Metadata: list,
		Rows: make([]tableRow, 0, len(objs))}
	if list == (ListMeta{}) && len(objs) == 1 {
		t.Metadata.ResourceVersion = objs[0].GetObjectMeta().ResourceVersion
	}
	t.ColumnDefinitions = make([]tableColumn, len(specs))
	for i, c := range specs {
		t.ColumnDefinitions[i] = tableColumn{Name: c.Name, Type: c.Type, Format: c.Format, Description: c.Description, Priority: c.Priority}
	}
	now := s.c.Now()
	for _, o := range objs {
		obj, err := rowObject(kind, o, include)
		if err != nil {
			return nil, err
		}
		t.Rows = append(t.Rows, tableRow{Cells: tableCells(specs, kubectl.ServerRow(kind, o, now)), Object: obj})
	}
	return t, nil
}

// columnSpecs are a kind's columns: upstream's definitions when they
// match the sandbox kubectl's columns one for one, else definitions made
// from kubectl's headers (so that cells and columns always agree).
func columnSpecs(kind *api.Kind) []tableColumnSpec {
	cols := kubectl.ServerColumns(kind)
	if specs, ok := tableColumns[kind.Kind]; ok && sameColumns(specs, cols) {
		return specs
	}
	specs := make([]tableColumnSpec, len(cols))
	for i, c := range cols {
		specs[i] = tableColumnSpec{Name: titleHeader(c.Header), Type: "string"}
		if c.Wide {
			specs[i].Priority = 1
		}
		if i == 0 && c.Header == "NAME" {
			specs[i].Format, specs[i].Description = "name", nameDescription
		}
	}
	return specs
}

// sameColumns reports definitions that name kubectl's columns, in order,
// with the same priorities.
func sameColumns(specs []tableColumnSpec, cols []kubectl.ServerColumn) bool {
	if len(specs) != len(cols) {
		return false
	}
	for i, c := range cols {
		if strings.ToUpper(specs[i].Name) != c.Header || (specs[i].Priority != 0) != c.Wide {
			return false
		}
	}
	return true
}

// titleHeader turns kubectl's "NOMINATED NODE" back into a column name,
// "Nominated Node" (kubectl upper-cases what the server names).
func titleHeader(h string) string {
	b := []byte(strings.ToLower(h))
	for i := range b {
		if (i == 0 || b[i-1] == ' ' || b[i-1] == '-') && b[i] >= 'a' && b[i] <= 'z' {
			b[i] -= 'a' - 'A'
		}
	}
	return string(b)
}

// tableCells types a row's cells as upstream does: numbers for the
// columns it writes as int64, strings for the rest.
func tableCells(specs []tableColumnSpec, row []string) []any {
	cells := make([]any, len(row))
	for i, v := range row {
		cells[i] = v
		if i < len(specs) && specs[i].Integer {
			if n, err := strconv.ParseInt(v, 10, 64); err == nil {
				cells[i] = n
			}
		}
	}
	return cells
}

// partialObjectMetadata is a row's object by default: the metadata alone.
type partialObjectMetadata struct {
	Kind       string          `json:"kind"`
	APIVersion string          `json:"apiVersion"`
	Metadata   *api.ObjectMeta `json:"metadata"`
}

// rowObject is what a row carries of its object.
func rowObject(kind *api.Kind, o api.Object, include includeObject) (rawJSON, error) {
	switch include {
	case includeNone:
		return nil, nil
	case includeWhole:
		return encodeTypedObject(kind, o)
	}
	return apijson.Marshal(&partialObjectMetadata{Kind: "PartialObjectMetadata", APIVersion: "meta.k8s.io/v1", Metadata: o.GetObjectMeta()})
}

// encodeTypedObject writes an object as the API server does, its kind and
// apiVersion first. Objects the controllers made carry no TypeMeta; the
// stored object is shared and never changed, so the kind is written
// before its fields rather than set on it.
func encodeTypedObject(kind *api.Kind, o api.Object) ([]byte, error) {
	b, err := apijson.Marshal(o)
	if err != nil {
		return nil, err
	}
	if tm := o.GetTypeMeta(); tm.Kind != "" || tm.APIVersion != "" {
		return b, nil
	}
	rest := b[1:]
	head := `{"kind":` + strconv.Quote(kind.Kind) + `,"apiVersion":` + strconv.Quote(kind.APIVersion())
	if len(rest) > 1 {
		head += ","
	}
	return append([]byte(head), rest...), nil
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
