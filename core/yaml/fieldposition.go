package yaml

import (
	"strconv"
	"strings"

	"github.com/goccy/go-yaml/ast"
)

// FieldPosition finds where text writes the field an API error names — a
// field path such as "spec.template.spec.containers[0].image" or
// "metadata.labels[app]" — in the document that holds the object kind/name
// (the only document, when no document names it). Line and column are
// 1-based in the whole text, as Error's, and point at the field's key (a
// list item's first key), so that an editor underlines the field itself.
// A field that is not written is placed at the nearest enclosing field that
// is, and a path nothing of which is written at the start of the document.
// It is 0, 0 when no document holds the object or the text does not parse.
func FieldPosition(text, kind, name, path string) (line, column int) {
	if checkSize(text) != nil {
		return 0, 0
	}
	var bodies []*ast.MappingNode
	doc := 0
	for _, c := range splitDocuments(text) {
		if blank(c.text) {
			continue
		}
		if body := parseMapping(c, doc); body != nil {
			if mappingNames(body, kind, name) {
				return positionIn(body, path)
			}
			bodies = append(bodies, body)
		}
		doc++
	}
	if doc == 1 && len(bodies) == 1 {
		return positionIn(bodies[0], path)
	}
	return 0, 0
}

// parseMapping parses one document within Decode's limits; nil when it
// does not parse or is not a mapping.
func parseMapping(c chunk, doc int) (m *ast.MappingNode) {
	defer func() {
		if recover() != nil { // as decodeDocument: goccy must not end the program
			m = nil
		}
	}()
	d := &docDecoder{doc: doc, lines: strings.Split(c.text, "\n"), startLine: c.startLine}
	body, e := d.parse(c.text)
	if e != nil || body == nil {
		return nil
	}
	m, _ = unwrap(body).(*ast.MappingNode)
	return m
}

// mappingNames reports a document whose kind and metadata.name are kind
// and name.
func mappingNames(m *ast.MappingNode, kind, name string) bool {
	k, ok := stringValue(valueOf(m, "kind"))
	if !ok || k != kind {
		return false
	}
	meta, _ := unwrap(valueOf(m, "metadata")).(*ast.MappingNode)
	n, ok := stringValue(valueOf(meta, "name"))
	return ok && n == name
}

// valueOf is the value of key in m, or nil.
func valueOf(m *ast.MappingNode, key string) ast.Node {
	if mv := entryOf(m, key); mv != nil {
		return mv.Value
	}
	return nil
}

func entryOf(m *ast.MappingNode, key string) *ast.MappingValueNode {
	if m == nil {
		return nil
	}
	for _, mv := range m.Values {
		if keyString(mv.Key) == key {
			return mv
		}
	}
	return nil
}

// positionIn walks path down from the document's mapping as far as it is
// written and returns where the last field found starts.
func positionIn(doc *ast.MappingNode, path string) (line, column int) {
	at := startToken(doc)
	var n ast.Node = doc
	for _, seg := range pathSegments(path) {
		var next ast.Node
		switch x := unwrap(n).(type) {
		case *ast.MappingNode:
			if mv := entryOf(x, seg); mv != nil {
				at, next = startToken(mv.Key), mv.Value
			}
		case *ast.SequenceNode:
			if i, err := strconv.Atoi(seg); err == nil && i >= 0 && i < len(x.Values) {
				at, next = startToken(x.Values[i]), x.Values[i]
			}
		}
		if next == nil {
			break
		}
		n = next
	}
	if at == nil {
		return 0, 0
	}
	return at.Position.Line, at.Position.Column
}

// pathSegments splits a field path as the API server spells it: fields
// joined by dots, list indexes and map keys in brackets ("a.b[0].c",
// "metadata.labels[app.kubernetes.io/name]").
func pathSegments(path string) []string {
	var segs []string
	for path != "" {
		switch path[0] {
		case '.':
			path = path[1:]
		case '[':
			end := strings.IndexByte(path, ']')
			if end < 0 {
				return append(segs, path[1:])
			}
			segs = append(segs, path[1:end])
			path = path[end+1:]
		default:
			end := strings.IndexAny(path, ".[")
			if end < 0 {
				end = len(path)
			}
			segs = append(segs, path[:end])
			path = path[end:]
		}
	}
	return segs
}
