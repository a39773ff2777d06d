package yaml

import (
	"github.com/goccy/go-yaml/ast"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/apijson"
)

// Document is one non-empty document of a multi-document text, decoded on
// its own.
type Document struct {
	// Object is the decoded object, or nil when the document could not be
	// decoded. A document whose only problems are unknown fields has its
	// Object too, decoded without them, so that a caller acting as kubectl
	// can name it and send it to a server that answers as a strict decoder
	// does (kubectl itself reads manifests loosely and leaves unknown fields
	// to the API server's field validation).
	Object api.Object
	// Errors are the document's problems, with line and column; nil when
	// it decoded cleanly.
	Errors Errors
	// JSON is the document as JSON, unknown fields included, when they are
	// its only problems: what kubectl would send (and record as the
	// last-applied configuration).
	JSON []byte
}

// UnknownFields are the paths of the document's unknown fields when they
// are its only problems, in text order; nil otherwise.
func (d Document) UnknownFields() []string {
	if len(d.Errors) == 0 || !onlyUnknownFields(d.Errors) {
		return nil
	}
	paths := make([]string, len(d.Errors))
	for i, e := range d.Errors {
		paths[i] = e.UnknownField
	}
	return paths
}

// DecodeDocuments decodes each non-empty document of text as Decode does,
// under the same limits, and reports each document's outcome on its own.
// A text over the size limit is one Document with the error.
func DecodeDocuments(text string) []Document {
	if e := checkSize(text); e != nil {
		return []Document{{Errors: Errors{e}}}
	}
	var docs []Document
	for _, chunk := range splitDocuments(text) {
		o, errs, empty, raw := decodeDocument(chunk, len(docs))
		if empty {
			continue
		}
		if len(docs) == MaxDocuments {
			docs = append(docs, Document{Errors: Errors{tooManyDocuments(chunk.startLine)}})
			break
		}
		docs = append(docs, Document{Object: o, Errors: errs, JSON: raw})
	}
	return docs
}

func onlyUnknownFields(errs Errors) bool {
	for _, e := range errs {
		if e.UnknownField == "" {
			return false
		}
	}
	return true
}

// lenient decodes m into kind ignoring the fields it does not have; nil if
// even that fails.
func (d *docDecoder) lenient(m *ast.MappingNode, kind *api.Kind) api.Object {
	b, e := d.toJSON(m)
	if e != nil {
		return nil
	}
	obj := kind.New()
	if err := apijson.Decode(b, obj, apijson.Options{}); err != nil {
		return nil
	}
	d.raw = b
	return obj
}
