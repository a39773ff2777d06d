package yaml

import (
	"strings"
	"testing"

	goyaml "github.com/goccy/go-yaml"

	"github.com/kubeloop/kubeloop/core/apijson"
)

// FuzzDecode: no input makes Decode panic, every error carries a message,
// and whatever decodes encodes and decodes again.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{
		deploymentYAML, replicaSetYAML, podYAML, namespaceYAML, multiDocYAML,
		"", "---", "---\n---\n", "# c", "...", "- a\n- b\n", "hello", "{}", "[]", "null", "~",
		"apiVersion: v1\nkind: Namespace\nmetadata:\n\tname: x\n",
		"apiVersion: v1\nkind: Foo\n",
		"apiVersion: v1\nkind: Pod\nkind: Pod\n",
		"apiVersion: v1\nkind: Pod\nspec:\n  containers: {a: b}\n",
		"apiVersion: v1\nkind: Pod\nspec:\n  containers:\n  - name: [x\n",
		"apiVersion: v1\nkind: Pod\nmetadata: &m {name: a}\nspec: *m\n",
		"apiVersion: v1\nkind: Pod\nmetadata:\n  <<: {name: a}\n",
		"apiVersion: !!str v1\nkind: !!str Pod\nmetadata: !!map {name: !!str 1}\n",
		"apiVersion: v1\nkind: Pod\nmetadata:\n  labels:\n    ? a\n    : b\n",
		"apiVersion: v1\nkind: Pod\nmetadata:\n  annotations:\n    a: |\n      x\n    b: >-\n      y\n",
		"--- {apiVersion: v1, kind: Namespace, metadata: {name: a}}\n",
		"apiVersion: apps/v1\nkind: Deployment\nspec:\n  replicas: 1e99\n  strategy: {rollingUpdate: {maxSurge: 1.5}}\n",
		"apiVersion: v1\nkind: Pod\nspec:\n  containers:\n  - resources: {limits: {cpu: [1]}}\n",
		"\ufeffapiVersion: v1\r\nkind: Namespace\r\n",
		"%YAML 1.2\n---\napiVersion: v1\nkind: Namespace\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		objs, err := Decode(text)
		if err != nil {
			errs, ok := err.(Errors)
			if !ok || len(errs) == 0 {
				t.Fatalf("error is %T %v, want non-empty Errors", err, err)
			}
			for _, e := range errs {
				if e.Message == "" {
					t.Fatalf("empty message in %v", errs)
				}
				if strings.HasPrefix(e.Message, "cannot read this document") {
					t.Fatalf("recovered panic: %v", e)
				}
			}
		}
		for _, o := range objs {
			out, err := Encode(o)
			if err != nil {
				t.Fatalf("Encode: %v", err)
			}
			if _, err := Decode(out); err != nil {
				t.Fatalf("decoded object does not round-trip: %v\n%s", err, out)
			}
		}
	})
}

// FuzzEmitString: every string the emitter writes reads back unchanged, as
// kubectl reads YAML (1.1: ToJSON's reading), and parses as YAML for a
// second parser too. goccy's value is not compared: it reads YAML 1.2 and
// is lenient besides (`++.0` is 0 to it, a string to kubectl, which writes
// it unquoted).
func FuzzEmitString(f *testing.F) {
	for _, s := range []string{"", "a", "a: b", "1", "yes", "a\nb", " a", "\t", "#", strings.Repeat("ab ", 40)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !isValidUTF8(s) {
			return // JSON, the emitter's only source, never holds invalid UTF-8
		}
		text := emitDocument(map[string]any{"key": s, "list": []any{s}})
		var other map[string]any
		if err := goyaml.Unmarshal([]byte(text), &other); err != nil {
			t.Fatalf("%q emitted as\n%s\ndoes not parse: %v", s, text, err)
		}
		js, err := ToJSON(text)
		if err != nil {
			t.Fatalf("%q emitted as\n%s\ndoes not read back: %v", s, text, err)
		}
		var out map[string]any
		if err := apijson.Unmarshal(js, &out); err != nil {
			t.Fatalf("%q emitted as\n%s\nreads as JSON %s: %v", s, text, js, err)
		}
		if out["key"] != s || len(out["list"].([]any)) != 1 || out["list"].([]any)[0] != s {
			t.Fatalf("%q emitted as\n%s\nreads back as %s", s, text, js)
		}
	})
}

func isValidUTF8(s string) bool { return strings.ToValidUTF8(s, "\x00") == s }
