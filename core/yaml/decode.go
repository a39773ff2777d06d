package yaml

import (
	"errors"
	"fmt"
	"reflect"
	"sort"
	"strings"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"
	"github.com/goccy/go-yaml/token"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/apijson"
)

// Decode reads every document of a multi-document YAML text into a typed
// object, in order. Empty and comment-only documents are skipped.
//
// Each document is parsed and checked on its own, so one broken document
// does not hide the problems of the others. On failure the error is Errors
// (every problem found, in text order) and the slice holds the documents
// that decoded cleanly; callers that apply all-or-nothing, as kubectl does
// for a file that does not parse, should ignore it.
//
// Decode never panics: a failure inside the YAML library becomes an Error.
// It never hangs either: a text over MaxBytes, more than MaxDocuments
// documents, nesting deeper than MaxDepth and aliases expanding past
// MaxAliasNodes are refused with an Error that names the limit.
func Decode(text string) ([]api.Object, error) {
	if e := checkSize(text); e != nil {
		return nil, Errors{e}
	}
	var (
		objs []api.Object
		errs Errors
		doc  int
	)
	for _, chunk := range splitDocuments(text) {
		o, docErrs, empty, _ := decodeDocument(chunk, doc)
		if empty {
			continue
		}
		if doc == MaxDocuments {
			errs = append(errs, tooManyDocuments(chunk.startLine))
			break
		}
		if len(docErrs) > 0 {
			errs = append(errs, docErrs...)
		} else {
			objs = append(objs, o)
		}
		doc++
	}
	if len(errs) > 0 {
		return objs, errs
	}
	return objs, nil
}

// chunk is one document's text and the line it starts on in the whole text.
type chunk struct {
	text      string
	startLine int
}

// splitDocuments cuts text at "---" lines. A document keeps its "---" line,
// which may carry content ("--- {a: 1}"); the parser reads it.
func splitDocuments(text string) []chunk {
	text = strings.TrimPrefix(text, "\ufeff")
	var (
		chunks []chunk
		start  int // byte offset of the current chunk
		line   = 1
		first  = 1 // line of the current chunk
	)
	for off := 0; off < len(text); {
		end := strings.IndexByte(text[off:], '\n')
		next := len(text)
		if end >= 0 {
			next = off + end + 1
		}
		if off > 0 && isDocumentStart(text[off:next]) {
			chunks = append(chunks, chunk{text[start:off], first})
			start, first = off, line
		}
		off = next
		line++
	}
	return append(chunks, chunk{text[start:], first})
}

// blank reports a document of nothing but its "---" line, blank lines and
// comments, without parsing it (a paste of many "---" lines stays fast).
func blank(text string) bool {
	text = strings.TrimPrefix(text, "---")
	for line := range strings.SplitSeq(text, "\n") {
		line = strings.TrimLeft(line, " \t\r")
		if line != "" && line[0] != '#' {
			return false
		}
	}
	return true
}

func isDocumentStart(line string) bool {
	rest, ok := strings.CutPrefix(line, "---")
	return ok && (rest == "" || rest[0] == ' ' || rest[0] == '\t' || rest[0] == '\n' || rest[0] == '\r')
}

// decodeDocument decodes one document; empty reports a document with no
// content at all. For a document whose only problems are unknown fields,
// raw is the document as JSON, unknown fields and all (lenient).
func decodeDocument(c chunk, doc int) (obj api.Object, errs Errors, empty bool, raw []byte) {
	if blank(c.text) {
		return nil, nil, true, nil
	}
	d := &docDecoder{doc: doc, lines: strings.Split(c.text, "\n"), startLine: c.startLine}
	defer func() {
		// goccy is a large parser fed arbitrary text; a panic in it must not
		// end the wasm program, so it becomes this document's error.
		if r := recover(); r != nil {
			obj, empty, raw = nil, false, nil
			errs = Errors{{Line: c.startLine, Doc: doc, Message: fmt.Sprintf("cannot read this document: %v", r)}}
		}
	}()
	body, e := d.parse(c.text)
	if e != nil {
		return nil, Errors{e}, false, nil
	}
	if body == nil {
		return nil, nil, true, nil
	}
	obj, errs = d.decode(body)
	return obj, errs, false, d.raw
}

// parse reads a document's syntax tree within the limits; body is nil
// when the document holds nothing.
func (d *docDecoder) parse(text string) (body ast.Node, e *Error) {
	// Shifting the tokens makes the parser's line numbers those of the
	// whole text, in positions and in its messages alike.
	if end, deep := flowTooDeep(text); deep {
		if _, e := d.tokenize(text[:end], d.startLine-1); e != nil {
			return nil, e
		}
	}
	tokens, e := d.tokenize(text, d.startLine-1)
	if e != nil {
		return nil, e
	}
	file, err := parser.Parse(tokens, 0)
	if err != nil {
		return nil, d.syntaxError(err)
	}
	for _, dn := range file.Docs {
		if dn.Body == nil {
			continue
		}
		if body != nil {
			return nil, d.at(dn.Body, "a document may hold one object; separate objects with a \"---\" line")
		}
		body = dn.Body
	}
	if body == nil {
		return nil, nil
	}
	if e := d.checkAliases(body); e != nil {
		return nil, e
	}
	return body, nil
}

type docDecoder struct {
	doc       int
	lines     []string // the document's own lines, for finding tabs
	startLine int
	aliases   map[*ast.AliasNode]ast.Node // what each alias stands for (checkAliases)
	raw       []byte                      // the document as JSON, when lenient decoded it
}

func (d *docDecoder) errorAt(tk *token.Token, msg string) *Error {
	e := &Error{Doc: d.doc, Message: msg}
	if tk != nil {
		e.Line, e.Column = tk.Position.Line, tk.Position.Column
	}
	return e
}

func (d *docDecoder) at(n ast.Node, msg string) *Error { return d.errorAt(startToken(n), msg) }

func (d *docDecoder) decode(body ast.Node) (api.Object, Errors) {
	m, ok := unwrap(body).(*ast.MappingNode)
	if !ok {
		return nil, Errors{d.at(body, fmt.Sprintf(
			"a document must be a mapping with apiVersion, kind and metadata, not a %s", nodeKind(body)))}
	}
	kind, errs := d.kindOf(m)
	if len(errs) > 0 {
		return nil, errs
	}
	c := &checker{doc: d.doc}
	c.check(m, reflect.TypeOf(kind.New()), "")
	if len(c.errs) > 0 {
		sort.SliceStable(c.errs, func(i, j int) bool {
			a, b := c.errs[i], c.errs[j]
			return a.Line < b.Line || (a.Line == b.Line && a.Column < b.Column)
		})
		if forTheServer(c.errs) {
			// kubectl sends it as it is; the caller may answer as the
			// server does.
			return d.lenient(m, kind), c.errs
		}
		return nil, c.errs
	}
	b, e := d.toJSON(m)
	if e != nil {
		return nil, Errors{e}
	}
	obj := kind.New()
	// The checker has refused everything the JSON decoder would, with
	// positions; the decoder's own errors are a backstop.
	if err := apijson.Decode(b, obj, apijson.Options{DisallowUnknownFields: true}); err != nil {
		return nil, Errors{d.at(m, err.Error())}
	}
	return obj, nil
}

// kindOf reads apiVersion and kind from the top-level mapping and finds
// the kind, with kubectl's wording when it cannot.
func (d *docDecoder) kindOf(m *ast.MappingNode) (*api.Kind, Errors) {
	var apiVersion, kind string
	var versionNode, kindNode ast.Node
	var errs Errors
	for _, mv := range m.Values {
		key := keyString(mv.Key)
		if key != "apiVersion" && key != "kind" {
			continue
		}
		value := d.resolve(mv.Value)
		s, ok := stringValue(value)
		if !ok {
			errs = append(errs, d.at(mv.Value, fmt.Sprintf("%s must be a string, not a %s", key, nodeKind(value))))
			continue
		}
		if key == "kind" {
			kind, kindNode = s, mv.Value
		} else {
			apiVersion, versionNode = s, mv.Value
		}
	}
	if len(errs) > 0 {
		return nil, errs
	}
	if apiVersion == "" {
		errs = append(errs, d.at(m, "apiVersion is not set"))
	}
	if kind == "" {
		errs = append(errs, d.at(m, "kind is not set"))
	}
	if len(errs) > 0 {
		return nil, errs
	}
	if k := api.KindFor(apiVersion, kind); k != nil {
		return k, nil
	}
	msg := fmt.Sprintf("no matches for kind %q in version %q", kind, apiVersion)
	unknown := &UnknownKind{APIVersion: apiVersion, Kind: kind}
	unknown.Name, unknown.Namespace = d.metadataNames(m)
	err := d.unknownKind(msg, kind, versionNode, kindNode)
	err.UnknownKind = unknown
	return nil, Errors{err}
}

// unknownKind words an unknown kind for the editor, with a hint: the
// apiVersion a served kind of that name has, a kind differing only in
// case, or the kinds there are.
func (d *docDecoder) unknownKind(msg, kind string, versionNode, kindNode ast.Node) *Error {
	for _, k := range api.Kinds {
		switch {
		case k.Kind == kind:
			return d.at(versionNode, fmt.Sprintf("%s: %s is served as apiVersion: %s", msg, kind, k.APIVersion()))
		case strings.EqualFold(k.Kind, kind):
			return d.at(kindNode, fmt.Sprintf("%s: did you mean kind: %s? (kinds are case-sensitive)", msg, k.Kind))
		}
	}
	return d.at(kindNode, fmt.Sprintf("%s: supported kinds are %s", msg, strings.Join(api.KnownKinds(), ", ")))
}

// metadataNames are metadata.name and metadata.namespace as written, or "".
func (d *docDecoder) metadataNames(m *ast.MappingNode) (name, namespace string) {
	for _, mv := range m.Values {
		meta, ok := unwrap(d.resolve(mv.Value)).(*ast.MappingNode)
		if keyString(mv.Key) != "metadata" || !ok {
			continue
		}
		for _, f := range meta.Values {
			s, _ := stringValue(d.resolve(f.Value))
			switch keyString(f.Key) {
			case "name":
				name = s
			case "namespace":
				namespace = s
			}
		}
	}
	return name, namespace
}

// positionInMessage finds go-yaml's first "[line:column]" in msg: where
// it starts and ends, and the two numbers.
func positionInMessage(msg string) (start, end int, line, col string, ok bool) {
	for i := strings.IndexByte(msg, '['); i >= 0; {
		digits := func(j int) int {
			for j < len(msg) && msg[j] >= '0' && msg[j] <= '9' {
				j++
			}
			return j
		}
		if a := digits(i + 1); a > i+1 && a < len(msg) && msg[a] == ':' {
			if b := digits(a + 1); b > a+1 && b < len(msg) && msg[b] == ']' {
				return i, b + 1, msg[i+1 : a], msg[a+1 : b], true
			}
		}
		next := strings.IndexByte(msg[i+1:], '[')
		if next < 0 {
			break
		}
		i += 1 + next
	}
	return 0, 0, "", "", false
}

// withPositionsInWords rewrites every "[line:column]" of msg as "line L,
// column C".
func withPositionsInWords(msg string) string {
	var b strings.Builder
	for {
		start, end, line, col, ok := positionInMessage(msg)
		if !ok {
			b.WriteString(msg)
			return b.String()
		}
		b.WriteString(msg[:start])
		b.WriteString("line " + line + ", column " + col)
		msg = msg[end:]
	}
}

// parseError is what the YAML parser's errors have: the token it stopped
// at and a message without the source excerpt it prints.
type parseError interface {
	error
	GetToken() *token.Token
	GetMessage() string
}

// syntaxError turns a parse failure into an Error, explaining the two
// mistakes hand-written YAML makes most: tabs and repeated keys.
func (d *docDecoder) syntaxError(err error) *Error {
	var ye parseError
	if !errors.As(err, &ye) {
		return &Error{Line: d.startLine, Doc: d.doc, Message: err.Error()}
	}
	e := d.errorAt(ye.GetToken(), ye.GetMessage())
	if line, col, ok := d.tabIndent(e.Line); ok {
		e.Line, e.Column = line, col
		e.Message = "tabs are not allowed for indentation in YAML; indent with spaces"
		e.KubectlMessage = fmt.Sprintf("yaml: line %d: found character that cannot start any token", d.readerLine(line))
		return e
	}
	msg := ye.GetMessage()
	if strings.HasPrefix(msg, "mapping key ") && strings.Contains(msg, " already defined at ") {
		key, at, _ := strings.Cut(strings.TrimPrefix(msg, "mapping key "), " already defined at ")
		if _, _, line, _, ok := positionInMessage(at); ok {
			msg = fmt.Sprintf("duplicate key %s (first defined at line %s)", key, line)
		}
	}
	e.Message = withPositionsInWords(msg)
	return e
}

// readerLine is a line of the whole text as kubectl's YAML reader numbers
// it: from the document's first line, its "---" line left out (k8s.io/
// apimachinery's YAMLReader drops the separator).
func (d *docDecoder) readerLine(line int) int {
	n := line - d.startLine + 1
	if len(d.lines) > 0 && isDocumentStart(d.lines[0]+"\n") {
		n--
	}
	return n
}

// tabIndent finds the first line up to errLine (or anywhere, if errLine is
// unknown) whose indentation holds a tab. YAML forbids tabs there, and the
// parser's own message ("found character that cannot start any token")
// does not say so.
func (d *docDecoder) tabIndent(errLine int) (line, col int, ok bool) {
	for i, l := range d.lines {
		n := d.startLine + i
		if errLine > 0 && n > errLine {
			break
		}
		for j := 0; j < len(l) && (l[j] == ' ' || l[j] == '\t'); j++ {
			if l[j] == '\t' {
				return n, j + 1, true
			}
		}
	}
	return 0, 0, false
}

// unwrap looks through anchors and tags to the node they decorate.
func unwrap(n ast.Node) ast.Node {
	for {
		switch x := n.(type) {
		case *ast.AnchorNode:
			n = x.Value
		case *ast.TagNode:
			n = x.Value
		default:
			return n
		}
	}
}

// startToken is where a node begins for a reader: a mapping's first key,
// not the colon goccy records.
func startToken(n ast.Node) *token.Token {
	switch x := n.(type) {
	case *ast.MappingNode:
		if len(x.Values) > 0 && !x.IsFlowStyle {
			return startToken(x.Values[0].Key)
		}
		return x.Start
	case *ast.MappingValueNode:
		return startToken(x.Key)
	case *ast.SequenceNode:
		return x.Start
	case *ast.LiteralNode:
		return x.Start
	case *ast.AnchorNode:
		return x.Start
	case *ast.TagNode:
		return x.Start
	case *ast.AliasNode:
		return x.Start
	case nil:
		return nil
	}
	return n.GetToken()
}

// keyString is a mapping key as JSON would name it.
func keyString(k ast.MapKeyNode) string {
	switch x := unwrap(k).(type) {
	case *ast.StringNode:
		return x.Value
	case *ast.MappingKeyNode:
		if s, ok := x.Value.(*ast.StringNode); ok {
			return s.Value
		}
	}
	if tk := k.GetToken(); tk != nil {
		return tk.Value
	}
	return k.String()
}

// resolve is what n stands for: the anchored value when n is an alias
// (checkAliases recorded it), else n.
func (d *docDecoder) resolve(n ast.Node) ast.Node {
	if a, ok := unwrap(n).(*ast.AliasNode); ok {
		if target, found := d.aliases[a]; found {
			return target
		}
	}
	return n
}

// stringValue is n's text when n is a string scalar, in any of YAML's
// styles: plain, quoted, or a block scalar.
func stringValue(n ast.Node) (string, bool) {
	switch x := unwrap(n).(type) {
	case *ast.StringNode:
		return x.Value, true
	case *ast.LiteralNode: // a block scalar: "|-" or ">-" and the lines under it
		return x.Value.Value, true
	case *ast.NullNode:
		return "", true // "kind: null" is as good as no kind
	}
	return "", false
}

// nodeKind names a node's type in the words of an error message.
func nodeKind(n ast.Node) string {
	switch x := unwrap(n).(type) {
	case *ast.MappingNode, *ast.MappingValueNode:
		return "map"
	case *ast.SequenceNode:
		return "list"
	case *ast.IntegerNode, *ast.FloatNode, *ast.InfinityNode, *ast.NanNode:
		return "number"
	case *ast.BoolNode:
		return "bool"
	case *ast.NullNode:
		return "null"
	case *ast.StringNode:
		if isPlain(x.Token) {
			switch resolvePlain(x.Value) {
			case kindBool:
				return "bool"
			case kindInt, kindFloat:
				return "number"
			}
		}
		return "string"
	case *ast.LiteralNode:
		return "string"
	case *ast.AliasNode:
		return "alias"
	}
	return "value"
}

// isPlain reports an unquoted scalar token.
func isPlain(tk *token.Token) bool {
	return tk != nil && tk.Type != token.SingleQuoteType && tk.Type != token.DoubleQuoteType
}
