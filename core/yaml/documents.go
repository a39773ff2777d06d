package yaml

import (
	"errors"

	"github.com/goccy/go-yaml/ast"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/apijson"
)

// Document is one non-empty document of a multi-document text, decoded on
// its own.
type Document struct {
	// Object is the decoded object, or nil when the document could not be
	// decoded. A document whose only problems are ones kubectl leaves to
	// the API server — unknown fields, values of the wrong type — has its
	// Object too, decoded without them, so that a caller acting as kubectl
	// can name it and answer as the server does (kubectl itself reads
	// manifests loosely).
	Object api.Object
	// Errors are the document's problems, with line and column; nil when
	// it decoded cleanly.
	Errors Errors
	// JSON is the document as JSON, as written, when its problems are the
	// server's to find: what kubectl would send (and record as the
	// last-applied configuration).
	JSON []byte
}

// ForTheServer reports a document kubectl sends as it is, for the API
// server to refuse: it has problems, and all are unknown fields or values
// of the wrong type.
func (d Document) ForTheServer() bool {
	return d.Object != nil && len(d.Errors) > 0 && forTheServer(d.Errors)
}

// UnknownFields are the paths of the document's unknown fields, in text
// order; nil when it has none.
func (d Document) UnknownFields() []string {
	var paths []string
	for _, e := range d.Errors {
		if e.UnknownField != "" {
			paths = append(paths, e.UnknownField)
		}
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

func forTheServer(errs Errors) bool {
	for _, e := range errs {
		if e.UnknownField == "" && !e.WrongValue {
			return false
		}
	}
	return true
}

// lenient decodes m into kind ignoring the fields it does not have and
// leaving values of the wrong type unset; nil if even that fails.
func (d *docDecoder) lenient(m *ast.MappingNode, kind *api.Kind) api.Object {
	b, e := d.toJSON(m)
	if e != nil {
		return nil
	}
	obj := kind.New()
	var typeErr *apijson.UnmarshalTypeError
	if err := apijson.Decode(b, obj, apijson.Options{}); err != nil && !errors.As(err, &typeErr) {
		return nil
	}
	d.raw = b
	return obj
}
