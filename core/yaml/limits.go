package yaml

import (
	"fmt"
	"io"
	"math"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/scanner"
	"github.com/goccy/go-yaml/token"
)

// The limits below keep a hostile or mistaken paste from hanging the page:
// each is far above what a lesson's manifests need, and each is checked
// before the work it bounds, in time linear in the text.
const (
	// MaxBytes is the largest text Decode reads (1 MiB).
	MaxBytes = 1 << 20
	// MaxDocuments is how many non-empty documents one text may hold.
	MaxDocuments = 1000
	// MaxDepth bounds the nesting of lists and maps in a document, after
	// alias expansion. Real manifests nest about fifteen levels deep; the
	// YAML parser slows down quadratically with depth.
	MaxDepth = 64
	// MaxValues bounds the keys and scalars of one document, counting
	// those that aliases repeat ("billion laughs": each level of aliases
	// repeating the one below multiplies the size). Aliases may also
	// repeat at most MaxBytes of scalar text. A lesson's biggest manifest
	// holds a few hundred.
	MaxValues = 10000
	// MaxMapKeys bounds the keys of one map (labels, annotations, …): the
	// parser's time grows with the square of their number.
	MaxMapKeys = 1000
)

// checkSize refuses a text over MaxBytes before any parsing.
func checkSize(text string) *Error {
	if len(text) <= MaxBytes {
		return nil
	}
	return sizeError(len(text))
}

// SizeError is Decode's refusal of a text of n bytes, over MaxBytes, for a
// caller that knows the size before it holds the text (the page, whose
// text is still in JavaScript).
func SizeError(n int) error { return Errors{sizeError(n)} }

func sizeError(n int) *Error {
	return &Error{Message: fmt.Sprintf("the YAML is %s; kubeloop accepts at most 1 MiB per apply", mebibytes(n))}
}

// mebibytes prints n bytes as MiB with one decimal, rounded up, so that
// anything over the limit never reads as "1.0 MiB".
func mebibytes(n int) string {
	return fmt.Sprintf("%.1f MiB", math.Ceil(float64(n)*10/(1<<20))/10)
}

func tooManyDocuments(line int) *Error {
	return &Error{Line: line, Doc: MaxDocuments, Message: fmt.Sprintf(
		"document %d starts here; kubeloop applies at most %d documents at once (split the text into several applies)",
		MaxDocuments+1, MaxDocuments)}
}

// tokenize reads a document's tokens, shifted down by lineOffset lines so
// that positions count from the start of the whole text, and checks the
// limits the parser needs before it sees them, stopping at the first
// token past one: its cost grows with the square of the nesting depth and
// of the number of keys in one map.
func (d *docDecoder) tokenize(text string, lineOffset int) (token.Tokens, *Error) {
	var (
		open   nesting
		values int
		prev   *token.Token
		tokens token.Tokens
		s      scanner.Scanner
	)
	s.Init(text)
	for {
		batch, err := s.Scan()
		if err == io.EOF {
			return tokens, nil
		}
		for _, tk := range batch {
			tk.Position.Line += lineOffset
			tokens.Add(tk)
			if isScalar(tk.Type) {
				values++
				if values > MaxValues {
					return nil, d.errorAt(tk, fmt.Sprintf("this document holds more than %d values (keys and scalars); kubeloop accepts at most %d per document", MaxValues, MaxValues))
				}
			}
			if !open.note(tk, prev) {
				return nil, d.errorAt(prev, fmt.Sprintf("this map has more than %d keys; kubeloop accepts at most %d keys in one map", MaxMapKeys, MaxMapKeys))
			}
			if open.depth() > MaxDepth {
				return nil, d.errorAt(tk, fmt.Sprintf("lists and maps are nested more than %d levels deep here; kubeloop accepts at most %d levels", MaxDepth, MaxDepth))
			}
			prev = tk
		}
	}
}

// isScalar reports a token that is a key or scalar value, as MaxValues
// counts them.
func isScalar(t token.Type) bool {
	switch t {
	case token.StringType, token.SingleQuoteType, token.DoubleQuoteType, token.NullType, token.ImplicitNullType,
		token.InfinityType, token.NanType, token.IntegerType, token.BinaryIntegerType, token.OctetIntegerType,
		token.HexIntegerType, token.FloatType, token.BoolType:
		return true
	}
	return false
}

// nesting is the lists and maps open at a token, and the keys of each.
// Flow collections count their brackets; block collections are tracked by
// the column of their "- " entries and keys, as indentation nests them.
type nesting struct {
	stack []openCollection
	flow  int // flow collections on the stack
}

// openCollection is one list or map on the nesting stack.
type openCollection struct {
	col, keys int
	seq, flow bool
}

// depth is how many lists and maps are open.
func (n *nesting) depth() int { return len(n.stack) }

// note follows tk, the token after prev, into or out of collections. It
// reports false when tk adds a key past MaxMapKeys to a map.
func (n *nesting) note(tk, prev *token.Token) bool {
	switch tk.Type {
	case token.SequenceStartType, token.MappingStartType:
		n.stack = append(n.stack, openCollection{seq: tk.Type == token.SequenceStartType, flow: true})
		n.flow++
	case token.SequenceEndType, token.MappingEndType:
		n.closeFlow()
	case token.SequenceEntryType:
		if n.flow == 0 {
			return n.enter(tk.Position.Column, true)
		}
	case token.MappingKeyType:
		if n.flow == 0 {
			return n.enter(tk.Position.Column, false)
		}
	case token.MappingValueType:
		switch {
		case n.flow > 0:
			return n.key()
		case prev != nil:
			return n.enter(prev.Position.Column, false)
		}
	}
	return true
}

// closeFlow ends the innermost flow collection, and the block collections
// opened inside it. A closing bracket with none open changes nothing.
func (n *nesting) closeFlow() {
	if n.flow == 0 {
		return
	}
	for !n.stack[len(n.stack)-1].flow {
		n.stack = n.stack[:len(n.stack)-1]
	}
	n.stack = n.stack[:len(n.stack)-1]
	n.flow--
}

// enter notes a block entry ("- " or a key) at col, and reports false
// as key does.
func (n *nesting) enter(col int, seq bool) bool {
	for len(n.stack) > 0 {
		top := n.stack[len(n.stack)-1]
		// Deeper entries have ended; a key at the column of a list
		// nested under a key ends that list.
		if top.col > col || (top.col == col && top.seq && !seq) {
			n.stack = n.stack[:len(n.stack)-1]
			continue
		}
		if top.col == col && top.seq == seq {
			return n.key() // the next entry of the same collection
		}
		break
	}
	n.stack = append(n.stack, openCollection{col: col, seq: seq})
	return n.key()
}

// key counts one more key in the collection on top of the stack, and
// reports whether a map still holds at most MaxMapKeys.
func (n *nesting) key() bool {
	top := &n.stack[len(n.stack)-1]
	if top.seq {
		return true
	}
	top.keys++
	return top.keys <= MaxMapKeys
}

// extent is the size of a node with its aliases expanded.
type extent struct {
	values, bytes, height int // scalars (keys too), their text, nesting
}

// saturated caps extents so that nested aliases cannot overflow an int.
const saturated = 1 << 50

func (e extent) plus(o extent) extent {
	return extent{min(e.values+o.values, saturated), min(e.bytes+o.bytes, saturated), max(e.height, o.height)}
}

// aliasWalk measures a document as the decoder would see it with every
// alias replaced by its anchor's value, without building it, and stops at
// the first alias that takes the document past MaxValues, MaxBytes of
// repeated text, or MaxDepth. On the way it finds the anchor each alias
// names: the closest one before it in the text. An anchor is recorded
// after its own value, so an alias inside that value cannot recurse.
type aliasWalk struct {
	d       *docDecoder
	anchors map[string]anchor
	values  int // scalars so far, aliases expanded
	bytes   int // text aliases have repeated so far
	err     *Error
}

// anchor is an anchored value and its size.
type anchor struct {
	value ast.Node
	size  extent
}

// checkAliases bounds what the document's aliases expand to, and records
// in d.aliases what each alias stands for.
func (d *docDecoder) checkAliases(body ast.Node) *Error {
	d.aliases = map[*ast.AliasNode]ast.Node{}
	w := &aliasWalk{d: d, anchors: map[string]anchor{}}
	w.walk(body, 1)
	return w.err
}

func (w *aliasWalk) walk(n ast.Node, depth int) extent {
	if w.err != nil || n == nil {
		return extent{}
	}
	switch x := n.(type) {
	case *ast.AnchorNode:
		e := w.walk(x.Value, depth)
		if tk := x.Name.GetToken(); tk != nil {
			w.anchors[tk.Value] = anchor{x.Value, e}
		}
		return e
	case *ast.AliasNode:
		tk := x.Value.GetToken()
		if tk == nil {
			return extent{values: 1, height: 1} // the decoder reports it
		}
		a, ok := w.anchors[tk.Value]
		if !ok {
			return extent{values: 1, height: 1}
		}
		w.d.aliases[x] = a.value
		e := a.size
		w.values = min(w.values+e.values, saturated)
		w.bytes = min(w.bytes+e.bytes, saturated)
		w.check(x, tk.Value, e, depth)
		return e
	case *ast.TagNode:
		return w.walk(x.Value, depth)
	case *ast.MappingKeyNode:
		return w.walk(x.Value, depth)
	case *ast.MappingNode:
		e := extent{height: 1}
		for _, mv := range x.Values {
			e = e.plus(w.walk(mv, depth))
		}
		return e
	case *ast.MappingValueNode:
		e := w.walk(x.Key, depth+1).plus(w.walk(x.Value, depth+1))
		e.height++
		return e
	case *ast.SequenceNode:
		var e extent
		for _, v := range x.Values {
			e = e.plus(w.walk(v, depth+1))
		}
		e.height++
		return e
	}
	w.values++
	e := extent{values: 1, height: 1}
	if tk := n.GetToken(); tk != nil {
		e.bytes = len(tk.Value)
	}
	return e
}

func (w *aliasWalk) check(at ast.Node, name string, e extent, depth int) {
	var msg string
	switch {
	case w.values > MaxValues:
		msg = fmt.Sprintf("alias *%s takes this document past %d values; kubeloop accepts at most %d values per document, counting the values aliases repeat",
			name, MaxValues, MaxValues)
	case w.bytes > MaxBytes:
		msg = fmt.Sprintf("alias *%s takes the text aliases repeat in this document past 1 MiB; kubeloop accepts at most 1 MiB of repeated text per document", name)
	case depth-1+e.height > MaxDepth:
		msg = fmt.Sprintf("alias *%s nests lists and maps more than %d levels deep here; kubeloop accepts at most %d levels", name, MaxDepth, MaxDepth)
	default:
		return
	}
	w.err = w.d.at(at, msg)
}
