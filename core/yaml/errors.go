package yaml

import (
	"fmt"
	"strings"
)

// Error is one problem in the user's YAML. Line and Column are 1-based and
// count from the start of the whole multi-document text (0 when unknown), so
// an editor can underline the spot.
type Error struct {
	Line, Column int
	// Doc is the 0-based index of the document among the non-empty ones
	// (empty and comment-only documents are not counted).
	Doc     int
	Message string
	// UnknownField is set when the problem is a field the object's type
	// does not have: its path, as the API server's strict decoder names it
	// ("spec.replica").
	UnknownField string
	// UnknownKind is set when the document's kind is none the sandbox
	// serves: what kubectl's resource mapping names in its error.
	UnknownKind *UnknownKind
	// WrongValue is set when the problem is a value of the wrong type
	// ("replicas: three"): kubectl sends it, and the API server's decoder
	// refuses it.
	WrongValue bool
	// KubectlMessage is what kubectl's own YAML reader (go-yaml v2) says of
	// a syntax error, where the sandbox knows its words ("yaml: line 4:
	// found character that cannot start any token"); the editor's Message
	// explains more.
	KubectlMessage string
}

// UnknownKind is a document whose apiVersion and kind no served kind has,
// with the name and namespace it gives itself.
type UnknownKind struct {
	APIVersion, Kind, Name, Namespace string
}

// Error prints "line 7, column 3: unknown field ..." and leaves out what is
// unknown.
func (e *Error) Error() string {
	switch {
	case e.Line == 0:
		return e.Message
	case e.Column == 0:
		return fmt.Sprintf("line %d: %s", e.Line, e.Message)
	}
	return fmt.Sprintf("line %d, column %d: %s", e.Line, e.Column, e.Message)
}

// Errors is every problem Decode found, in document and line order.
type Errors []*Error

func (l Errors) Error() string {
	msgs := make([]string, len(l))
	for i, e := range l {
		msgs[i] = e.Error()
	}
	return strings.Join(msgs, "\n")
}
