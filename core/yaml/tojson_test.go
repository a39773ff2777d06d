package yaml

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	goyaml "github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"
	"github.com/goccy/go-yaml/token"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/apijson"
)

// The JSON a mapping becomes is what sigs.k8s.io/yaml gives kubectl: YAML
// 1.1 scalars, aliases expanded, merge keys applied, numbers as
// encoding/json writes float64s.
func TestToJSON(t *testing.T) {
	for _, tc := range []struct{ name, yaml, json string }{
		{"strings and numbers", "a: x\nb: 8080\nc: \"8080\"\nd: 1.50\ne: 1e3\n", `{"a":"x","b":8080,"c":"8080","d":1.5,"e":1000}`},
		{"YAML 1.1 booleans", "a: yes\nb: No\nc: on\nd: true\ne: 'yes'\n", `{"a":true,"b":false,"c":true,"d":true,"e":"yes"}`},
		{"nulls", "a:\nb: ~\nc: null\nd: \"\"\n", `{"a":null,"b":null,"c":null,"d":""}`},
		{"integers in other bases", "a: 0x1F\nb: 0o17\nc: 1_000\n", `{"a":31,"b":15,"c":1000}`},
		{"a decimal past 64 bits is a float", "a: 123456789012345678901234\n", `{"a":1.2345678901234569e+23}`},
		{"timestamps stay strings", "a: 2024-01-02T03:04:05Z\nb: 2024-01-02\n", `{"a":"2024-01-02T03:04:05Z","b":"2024-01-02"}`},
		{"block scalars", "a: |\n  x\n  y\nb: >-\n  p\n  q\n", `{"a":"x\ny\n","b":"p q"}`},
		{"flow collections", "a: {b: [1, two, {c: d}]}\n", `{"a":{"b":[1,"two",{"c":"d"}]}}`},
		{"explicit string tag", "a: !!str 1\nb: !!str true\n", `{"a":"1","b":"true"}`},
		{"alias repeats its anchor", "a: &x {b: 1}\nc: *x\n", `{"a":{"b":1},"c":{"b":1}}`},
		{"the closest anchor before an alias", "a: &x 1\nb: *x\nc: &x 2\nd: *x\n", `{"a":1,"b":1,"c":2,"d":2}`},
		{"merge key adds what is not set", "base: &b {x: 1, y: 2}\nm:\n  <<: *b\n  y: 3\n", `{"base":{"x":1,"y":2},"m":{"y":3,"x":1}}`},
		{"earlier merges win", "a: &a {x: 1}\nb: &b {x: 2, y: 2}\nm:\n  <<: [*a, *b]\n", `{"a":{"x":1},"b":{"x":2,"y":2},"m":{"x":1,"y":2}}`},
		{"inline merge", "m:\n  <<: {x: 1}\n  z: 0\n", `{"m":{"z":0,"x":1}}`},
		{"quoted strings escaped", "a: \"<b> & \\\"q\\\"\"\n", `{"a":"\u003cb\u003e \u0026 \"q\""}`},
		// goccy's scanner calls these numbers; YAML 1.1, kubectl's, does not.
		{"not numbers to YAML 1.1", "a: ++.0\nb: -+1\nc: 0x\n", `{"a":"++.0","b":"-+1","c":"0x"}`},
		{"nor as keys", "++.0: a\n0001: b\n", `{"++.0":"a","1":"b"}`},
		{"numbers to both", "a: +1\nb: 0x1F\nc: 1_000\nd: -.5\ne: 1e3\n", `{"a":1,"b":31,"c":1000,"d":-0.5,"e":1000}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, e := toJSONOf(t, tc.yaml)
			require.Nil(t, e)
			assert.Equal(t, tc.json, string(got))
		})
	}
}

func TestToJSONRefuses(t *testing.T) {
	for _, tc := range []struct{ name, yaml, msg string }{
		{"infinity", "a: .inf\n", ".inf cannot be sent to the API server: JSON has no infinity or NaN"},
		{"alias before its anchor", "a: *x\nb: &x 1\n", `unknown anchor "x": an alias (*x) must come after its anchor (&x)`},
		{"merge of a scalar", "m:\n  <<: 1\n", "a merge key (<<) takes a map or a list of maps, not a number"},
		{"a hexadecimal past 64 bits", "a: 0x1ffffffffffffffffffff\n", "the number 0x1ffffffffffffffffffff does not fit in 64 bits"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, e := toJSONOf(t, tc.yaml)
			require.NotNil(t, e)
			assert.Equal(t, tc.msg, e.Message)
			assert.NotZero(t, e.Line)
		})
	}
}

func toJSONOf(t *testing.T, text string) ([]byte, *Error) {
	t.Helper()
	d := &docDecoder{lines: strings.Split(text, "\n"), startLine: 1}
	body := parseBody(t, d, text)
	require.NotNil(t, body)
	return d.toJSON(body)
}

// parseBody is d.parse, which must succeed; nil for a document with
// nothing but a tag or directive (Decode skips it too).
func parseBody(t testing.TB, d *docDecoder, text string) ast.Node {
	t.Helper()
	body, e := d.parse(text)
	require.Nil(t, e)
	return body
}

// goccyDecode is how Decode turned a checked document into an object before
// it went through JSON: goccy's reflection decoder, strict, with kubectl's
// booleans and the api types' UnmarshalJSON. The two must agree on every
// manifest that does not use merge keys (goccy lets a later key override
// a merged one; YAML, go-yaml and kubeloop let the mapping's own key win).
func goccyDecode(t testing.TB, text string) ([]api.Object, error) {
	t.Helper()
	var objs []api.Object
	for _, c := range splitDocuments(text) {
		if blank(c.text) {
			continue
		}
		d := &docDecoder{lines: strings.Split(c.text, "\n"), startLine: c.startLine}
		body := parseBody(t, d, c.text)
		if body == nil {
			continue
		}
		m, ok := unwrap(body).(*ast.MappingNode)
		require.True(t, ok)
		kind, errs := d.kindOf(m)
		require.Empty(t, errs)
		obj := kind.New()
		dec := goyaml.NewDecoder(strings.NewReader(""), goyaml.Strict(), goyaml.UseJSONUnmarshaler(),
			goyaml.CustomUnmarshaler(func(v *bool, b []byte) error {
				*v, _ = parseBool(strings.TrimSpace(string(b)))
				return nil
			}),
			goyaml.CustomUnmarshaler(func(v *api.Time, b []byte) error {
				j, err := goyaml.YAMLToJSON(b)
				if err != nil {
					return err
				}
				return v.UnmarshalJSON([]byte(strings.TrimSpace(string(j))))
			}))
		if err := dec.DecodeFromNode(m, obj); err != nil {
			return nil, err
		}
		objs = append(objs, obj)
	}
	return objs, nil
}

// Every manifest the lessons and transcripts apply decodes to the same
// object through JSON as through goccy's decoder.
func TestDecodeAgreesWithGoccyOnEveryManifest(t *testing.T) {
	texts := []string{deploymentYAML, replicaSetYAML, podYAML, namespaceYAML, multiDocYAML}
	for _, glob := range []string{"../../site/lessons/text/*.txt", "../../tests/transcripts/testdata/*.txt"} {
		files, err := filepath.Glob(glob)
		require.NoError(t, err)
		require.NotEmpty(t, files, glob)
		for _, f := range files {
			b, err := os.ReadFile(f)
			require.NoError(t, err)
			texts = append(texts, heredocs(string(b))...)
		}
	}
	decoded := 0
	for _, text := range texts {
		objs, err := Decode(text)
		if err != nil || strings.Contains(text, "<<") {
			continue // a transcript's deliberate mistake, or a merge key
		}
		want, err := goccyDecode(t, text)
		require.NoError(t, err)
		require.Equal(t, want, objs, text)
		decoded += len(objs)
	}
	assert.Greater(t, decoded, 50, "manifests compared")
}

// heredocs finds the YAML a transcript feeds kubectl between "<<EOF" and
// "EOF".
func heredocs(s string) []string {
	var out []string
	for {
		_, rest, ok := strings.Cut(s, "<<EOF\n")
		if !ok {
			return out
		}
		body, after, ok := strings.Cut(rest, "\nEOF")
		if !ok {
			return out
		}
		out = append(out, body+"\n")
		s = after
	}
}

// FuzzDecodeAgreesWithGoccy: what decodes through JSON decodes to the same
// object through goccy's reflection decoder, merge keys aside, and numbers
// written other than as JSON writes them: `memory: 1e3` reaches a real API
// server as 1000, which goccy handed to the quantity as "1e3".
func FuzzDecodeAgreesWithGoccy(f *testing.F) {
	for _, s := range []string{deploymentYAML, replicaSetYAML, podYAML, namespaceYAML, multiDocYAML,
		"apiVersion: v1\nkind: Pod\nmetadata: &m {name: a, labels: {a: 'yes'}}\nspec: {containers: [{name: a, image: b, tty: yes}]}\n",
		"apiVersion: apps/v1\nkind: Deployment\nspec:\n  replicas: 0x10\n  paused: on\n  template: {spec: {containers: [{resources: {limits: {cpu: 1.50, memory: 1e3}}}]}}\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if strings.Contains(text, "<<") {
			return
		}
		objs, err := Decode(text)
		if err != nil || hasNonCanonicalNumber(text) {
			return
		}
		want, err := goccyDecode(t, text)
		if err != nil {
			return // goccy refuses some nulls JSON takes: `metadata: &m` (null)
		}
		if !reflect.DeepEqual(want, objs) {
			t.Fatalf("%q: goccy and JSON disagree", text)
		}
	})
}

// hasNonCanonicalNumber reports a number in text written otherwise than
// JSON writes it (1e3, 1.50, 0x10, 080), or a plain scalar that YAML 1.1
// reads as something goccy reads as a string (08 is 8, yes is true).
func hasNonCanonicalNumber(text string) bool {
	found := false
	for _, c := range splitDocuments(text) {
		file, err := parser.ParseBytes([]byte(c.text), 0)
		if err != nil {
			continue
		}
		for _, doc := range file.Docs {
			ast.Walk(numberVisitor(func(tk *token.Token, v any) {
				b, err := apijson.Marshal(v)
				found = found || err != nil || string(b) != tk.Value
			}), doc)
		}
	}
	return found
}

type numberVisitor func(*token.Token, any)

func (v numberVisitor) Visit(n ast.Node) ast.Visitor {
	switch x := n.(type) {
	case *ast.FloatNode:
		v(x.Token, x.Value)
	case *ast.IntegerNode:
		v(x.Token, x.Value)
	case *ast.StringNode:
		if isPlain(x.Token) && resolvePlain(x.Value) != kindString {
			v(x.Token, struct{}{})
		}
	}
	return v
}
