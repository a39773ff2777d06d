package yaml

import (
	"sort"
	"strings"
	"testing"

	goyaml "github.com/goccy/go-yaml"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/apijson"
)

// The scalar styles go-yaml v2 (and so kubectl) picks.
func TestEmitQuotesStringsAsGoYAMLv2(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"nginx", "nginx"},
		{"nginx:1.7.9", "nginx:1.7.9"},
		{"25%", "25%"},
		{"it's", "it's"},
		{"a#b", "a#b"},
		{"-c", "-c"},
		{"/usr/share/nginx/html", "/usr/share/nginx/html"},
		{"ReplicaSet \"x\" is progressing.", `ReplicaSet "x" is progressing.`},
		// Would read back as another type: double quotes.
		{"", `""`},
		{"1", `"1"`},
		{"-1", `"-1"`},
		{"1.5", `"1.5"`},
		{"1e3", `"1e3"`},
		{"0x1F", `"0x1F"`},
		{"1_000", `"1_000"`},
		{".5", `".5"`},
		{".inf", `".inf"`},
		{"true", `"true"`},
		{"False", `"False"`},
		{"yes", `"yes"`},
		{"y", `"y"`},
		{"off", `"off"`},
		{"null", `"null"`},
		{"~", `"~"`},
		{"<<", `"<<"`},
		{"2026-01-01T00:00:00Z", `"2026-01-01T00:00:00Z"`},
		{"2026-01-01", `"2026-01-01"`},
		{"1:20", `"1:20"`},
		{"99999999999999999999999", `"99999999999999999999999"`},
		// Cannot be plain: single quotes.
		{"a: b", "'a: b'"},
		{"a:", "'a:'"},
		{"- x", "'- x'"},
		{"-", "'-'"},
		{"*", "'*'"},
		{"&a", "'&a'"},
		{"!tag", "'!tag'"},
		{"@x", "'@x'"},
		{"%x", "'%x'"},
		{"`x", "'`x'"},
		{"{a}", "'{a}'"},
		{"[a]", "'[a]'"},
		{"#c", "'#c'"},
		{"a #c", "'a #c'"},
		{"'q", "'''q'"},
		{`"q`, `'"q'`},
		{" lead", "' lead'"},
		{"trail ", "'trail '"},
		{"---", "'---'"},
		{"? x", "'? x'"},
		{"|", "'|'"},
		{">", "'>'"},
		// Cannot be single-quoted either: double quotes with escapes.
		{"tab\there", `"tab\there"`},
		{"bell\a", `"bell\a"`},
		{"nul\x00", `"nul\0"`},
		{"esc\x1b", `"esc\e"`},
		{"\u00a0nbsp", "\u00a0nbsp"}, // no-break space is printable
		{"bom\ufeff", `"bom\uFEFF"`},
		{"emoji \U0001F600", `"emoji \U0001F600"`},
		{"cr\r\n", `"cr\r\n"`},
		{"back\\slash\ttab", `"back\\slash\ttab"`},
		// Non-ASCII letters are printable and stay as they are.
		{"héllo wörld", "héllo wörld"},
		{"日本", "日本"},
	} {
		got := emitDocument(map[string]any{"k": tc.in})
		assert.Equal(t, "k: "+tc.want+"\n", got, "%q", tc.in)
	}
}

func TestEmitMultiLineStringsAsLiteralBlocks(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"a\nb\n", "k: |\n  a\n  b\nnext: 1\n"},
		{"a\nb", "k: |-\n  a\n  b\nnext: 1\n"},
		{"a\n\n", "k: |+\n  a\n\nnext: 1\n"},
		{"\n", "k: \"\\n\"\nnext: 1\n"}, // only newlines: quoted, so goccy reads it back
		{"a\n\nb\n", "k: |\n  a\n\n  b\nnext: 1\n"},
		{"  indented\nx\n", "k: |2\n    indented\n  x\nnext: 1\n"},
		{"\nfirst empty", "k: |2-\n\n  first empty\nnext: 1\n"},
		// A space before a newline cannot survive a block: double quotes.
		{"a \nb", `k: "a \nb"` + "\nnext: 1\n"},
		{"a\n b", "k: |-\n  a\n   b\nnext: 1\n"},
		// An indentation digit with kept blank lines ("|2+"): goccy cannot
		// read it back, so double quotes (FuzzEmitString found it).
		{"\n0\n\n", "k: \"\\n0\\n\\n\"\nnext: 1\n"},
		{" a\nb\n\n", "k: \" a\\nb\\n\\n\"\nnext: 1\n"},
	} {
		got := emitDocument(map[string]any{"k": tc.in, "next": apijson.Number("1")})
		assert.Equal(t, tc.want, got, "%q", tc.in)
	}
	// In a list, the block is indented under the item.
	assert.Equal(t, "k:\n- |\n  a\n  b\n- x\n", emitDocument(map[string]any{"k": []any{"a\nb\n", "x"}}))
	// A multi-line key cannot be a block: double quotes.
	assert.Equal(t, "\"a\\nb\": 1\n", emitDocument(map[string]any{"a\nb": apijson.Number("1")}))
}

func TestEmitCollections(t *testing.T) {
	v := map[string]any{
		"emptyMap":  map[string]any{},
		"emptyList": []any{},
		"nested":    map[string]any{"list": []any{map[string]any{"b": apijson.Number("2"), "a": nil}, []any{"x", []any{}}, true}},
		"float":     apijson.Number("1.5"),
		"big":       apijson.Number("18446744073709551615"),
		"exp":       apijson.Number("1e+21"),
	}
	assert.Equal(t, `big: 18446744073709551615
emptyList: []
emptyMap: {}
exp: 1e+21
float: 1.5
nested:
  list:
  - a: null
    b: 2
  - - x
    - []
  - true
`, emitDocument(v))
	assert.Equal(t, "{}\n", emitDocument(map[string]any{}))
	assert.Equal(t, "[]\n", emitDocument([]any{}))
	assert.Equal(t, "- a\n- - b\n", emitDocument([]any{"a", []any{"b"}}))
}

func TestEmitFoldsLongLinesPastColumn80(t *testing.T) {
	msg := `ReplicaSet "nginx-deployment-66b6c48dd5" has successfully progressed and it took a while`
	got := emitDocument(map[string]any{"status": map[string]any{"conditions": []any{map[string]any{"message": msg}}}})
	assert.Equal(t, `status:
  conditions:
  - message: ReplicaSet "nginx-deployment-66b6c48dd5" has successfully progressed
      and it took a while
`, got)

	got = emitDocument(map[string]any{"k": strings.Repeat("word ", 20) + "a: b"})
	assert.Equal(t, "k: 'word word word word word word word word word word word word word word word word\n  word word word word a: b'\n", got)

	got = emitDocument(map[string]any{"k": strings.Repeat("word ", 17) + "\t"})
	assert.Equal(t, "k: \"word word word word word word word word word word word word word word word word\n  word \\t\"\n", got)

	// A word longer than the line is not cut; the next space folds.
	long := strings.Repeat("x", 100)
	assert.Equal(t, "k: "+long+"\n  y\n", emitDocument(map[string]any{"k": long + " y"}))
	// Keys never fold.
	assert.Equal(t, long+" y: 1\n", emitDocument(map[string]any{long + " y": apijson.Number("1")}))
}

func TestKeyOrderIsGoYAMLv2Natural(t *testing.T) {
	keys := []string{"b", "a10", "a2", "A", "a", "a-b", "a_b", "a.b", "a1", "1", "10", "9", "Z", "~", "aB", "ab"}
	sort.Slice(keys, func(i, j int) bool { return keyLess(keys[i], keys[j]) })
	// Non-letters before letters; digit runs by value, and a non-digit
	// counts as 0 against a digit run ("~" < "1", "a_b" < "a1").
	assert.Equal(t, []string{"~", "1", "9", "10", "A", "Z", "a", "a-b", "a.b", "a_b", "a1", "a2", "a10", "aB", "ab", "b"}, keys)
}

// Whatever the string, the emitted YAML reads back as that string.
func TestEmittedStringsReadBack(t *testing.T) {
	samples := []string{
		"", " ", "  ", "\n", "\n\n", " \n", "\n ", "a\n", "a \n b", "x\ty", "\t", "'", `"`, "\\", "#", "a #", "a:", ":a",
		"- ", "-", "--", "---", "...", "? ", "?", "@", "`", "%", "!", "&", "*", "|", ">", "{", "}", "[", "]", ",", "a,b",
		"null", "Null", "~", "yes", "No", "on", "OFF", "1", "0o17", "0b101", "+1", "-.inf", ".NaN", "1:2", "2026-1-2",
		"\u2028", "\u0085", "\ufeff", "\x7f", "\x01", "é", "\U0001F600", strings.Repeat("long words ", 30),
		strings.Repeat("x", 90) + "  " + strings.Repeat("y", 10), strings.Repeat("a ", 50) + " ", "a\n\n\n",
		"\n0\n\n", " 0\n\n", "\n\n0\n\n\n",
		strings.Repeat("0", 75) + " '  ", strings.Repeat("x ", 50) + "\t", strings.Repeat("é ", 50) + "\\ ",
	}
	for _, s := range samples {
		assertReadsBack(t, s)
	}
}

func assertReadsBack(t *testing.T, s string) {
	t.Helper()
	in := map[string]any{"key": s, s: "value", "list": []any{s}}
	text := emitDocument(in)
	var out map[string]any
	if !assert.NoError(t, goyaml.Unmarshal([]byte(text), &out), "%q emitted as\n%s", s, text) {
		return
	}
	assert.Equal(t, s, out["key"], "%q emitted as\n%s", s, text)
	assert.Equal(t, "value", out[s], "key %q emitted as\n%s", s, text)
	assert.Equal(t, []any{s}, out["list"], "%q emitted as\n%s", s, text)
}

// A long single-quoted string is folded at blanks, but never just before a
// quote: goccy drops the blank after a ” that starts a continuation line
// (FuzzEmitString found it).
func TestEmitSingleQuotedFoldKeepsQuotesOnTheLine(t *testing.T) {
	s := strings.Repeat("0", 75) + " ' #"
	got := emitDocument(map[string]any{"k": s})
	assert.Equal(t, "k: '"+strings.Repeat("0", 75)+" ''\n  #'\n", got, "folded after the quote, not before it")
	js, err := ToJSON(got)
	require.NoError(t, err)
	assert.Equal(t, `{"k":"`+s+`"}`, string(js))
}
