package patch

import (
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/apijson"
)

func decoded(t *testing.T, s string) any {
	t.Helper()
	v, err := Decode([]byte(s))
	require.NoError(t, err, s)
	return v
}

func encoded(t *testing.T, v any) string {
	t.Helper()
	b, err := apijson.Marshal(v) // the patch code's numbers are apijson.Number
	require.NoError(t, err)
	return string(b)
}

// The examples of RFC 7386, Appendix A.
func TestMergePatchFollowsRFC7386(t *testing.T) {
	for _, tt := range []struct{ doc, patch, want string }{
		{`{"a":"b"}`, `{"a":"c"}`, `{"a":"c"}`},
		{`{"a":"b"}`, `{"b":"c"}`, `{"a":"b","b":"c"}`},
		{`{"a":"b"}`, `{"a":null}`, `{}`},
		{`{"a":"b","b":"c"}`, `{"a":null}`, `{"b":"c"}`},
		{`{"a":["b"]}`, `{"a":"c"}`, `{"a":"c"}`},
		{`{"a":"c"}`, `{"a":["b"]}`, `{"a":["b"]}`},
		{`{"a":{"b":"c"}}`, `{"a":{"b":"d","c":null}}`, `{"a":{"b":"d"}}`},
		{`{"a":[{"b":"c"}]}`, `{"a":[1]}`, `{"a":[1]}`},
		{`["a","b"]`, `["c","d"]`, `["c","d"]`},
		{`{"a":"b"}`, `["c"]`, `["c"]`},
		{`{"a":"foo"}`, `null`, `null`},
		{`{"a":"foo"}`, `"bar"`, `"bar"`},
		{`{"e":null}`, `{"a":1}`, `{"a":1,"e":null}`},
		{`[1,2]`, `{"a":"b","c":null}`, `{"a":"b"}`},
		{`{}`, `{"a":{"bb":{"ccc":null}}}`, `{"a":{"bb":{}}}`},
	} {
		assert.Equal(t, tt.want, encoded(t, Merge(decoded(t, tt.doc), decoded(t, tt.patch))), tt.patch)
	}
}

// Examples from RFC 6902, Appendix A.
func TestJSONPatchFollowsRFC6902(t *testing.T) {
	for _, tt := range []struct{ doc, patch, want, err string }{
		{doc: `{"foo":"bar"}`, patch: `[{"op":"add","path":"/baz","value":"qux"}]`, want: `{"baz":"qux","foo":"bar"}`},
		{doc: `{"foo":["bar","baz"]}`, patch: `[{"op":"add","path":"/foo/1","value":"qux"}]`, want: `{"foo":["bar","qux","baz"]}`},
		{doc: `{"baz":"qux","foo":"bar"}`, patch: `[{"op":"remove","path":"/baz"}]`, want: `{"foo":"bar"}`},
		{doc: `{"foo":["bar","qux","baz"]}`, patch: `[{"op":"remove","path":"/foo/1"}]`, want: `{"foo":["bar","baz"]}`},
		{doc: `{"baz":"qux","foo":"bar"}`, patch: `[{"op":"replace","path":"/baz","value":"boo"}]`, want: `{"baz":"boo","foo":"bar"}`},
		{doc: `{"foo":{"bar":"baz","waldo":"fred"},"qux":{"corge":"grault"}}`, patch: `[{"op":"move","from":"/foo/waldo","path":"/qux/thud"}]`,
			want: `{"foo":{"bar":"baz"},"qux":{"corge":"grault","thud":"fred"}}`},
		{doc: `{"foo":["all","grass","cows","eat"]}`, patch: `[{"op":"move","from":"/foo/1","path":"/foo/3"}]`, want: `{"foo":["all","cows","eat","grass"]}`},
		{doc: `{"baz":"qux","foo":["a",2,"c"]}`, patch: `[{"op":"test","path":"/baz","value":"qux"},{"op":"test","path":"/foo/1","value":2}]`,
			want: `{"baz":"qux","foo":["a",2,"c"]}`},
		{doc: `{"baz":"qux"}`, patch: `[{"op":"test","path":"/baz","value":"bar"}]`, err: "testing value /baz failed: test failed"},
		{doc: `{"foo":"bar"}`, patch: `[{"op":"add","path":"/child","value":{"grandchild":{}}}]`, want: `{"child":{"grandchild":{}},"foo":"bar"}`},
		{doc: `{"foo":"bar"}`, patch: `[{"op":"add","path":"/baz/bat","value":"qux"}]`, err: `jsonpatch add operation does not apply: doc is missing path: "/baz/bat"`},
		{doc: `{"/":9,"~1":10}`, patch: `[{"op":"test","path":"/~01","value":10}]`, want: `{"/":9,"~1":10}`},
		{doc: `{"foo":["bar"]}`, patch: `[{"op":"add","path":"/foo/-","value":["abc","def"]}]`, want: `{"foo":["bar",["abc","def"]]}`},
		{doc: `{"foo":"bar"}`, patch: `[{"op":"copy","from":"/foo","path":"/baz"}]`, want: `{"baz":"bar","foo":"bar"}`},
		{doc: `{"foo":["bar"]}`, patch: `[{"op":"remove","path":"/foo/5"}]`, err: "Unable to access invalid index: 5: invalid index referenced"},
		{doc: `{"foo":"bar"}`, patch: `[{"op":"remove","path":"/nope"}]`, err: "Unable to remove nonexistent key: nope: missing value"},
		{doc: `{"foo":"bar"}`, patch: `[{"op":"frobnicate","path":"/foo"}]`, err: "Unexpected kind: frobnicate"},
	} {
		ops, err := DecodeJSONPatch(decoded(t, tt.patch))
		require.NoError(t, err)
		got, err := ApplyJSONPatch(decoded(t, tt.doc), ops)
		if tt.err != "" {
			assert.EqualError(t, err, tt.err, tt.patch)
			continue
		}
		require.NoError(t, err, tt.patch)
		assert.Equal(t, tt.want, encoded(t, got), tt.patch)
	}
}

func TestStrategicMergeUsesMergeKeys(t *testing.T) {
	for _, tt := range []struct{ doc, patch, want string }{
		// Containers, and the ports and env inside them, merge on their keys.
		{`{"spec":{"containers":[{"name":"a","image":"x","ports":[{"containerPort":80},{"containerPort":443}]}]}}`,
			`{"spec":{"containers":[{"name":"a","ports":[{"containerPort":443,"name":"https"}]}]}}`,
			`{"spec":{"containers":[{"image":"x","name":"a","ports":[{"containerPort":80},{"containerPort":443,"name":"https"}]}]}}`},
		{`{"env":[{"name":"A","value":"1"},{"name":"B","value":"2"}]}`, `{"env":[{"name":"B","$patch":"delete"}]}`,
			`{"env":[{"name":"A","value":"1"}]}`},
		// Lists without a merge key are replaced.
		{`{"tolerations":[{"key":"a"}],"args":["x"]}`, `{"tolerations":[{"key":"b"}],"args":["y"]}`, `{"args":["y"],"tolerations":[{"key":"b"}]}`},
		// $patch: replace replaces a map or a list; finalizers merge as a set.
		{`{"strategy":{"type":"RollingUpdate","rollingUpdate":{"maxSurge":1}}}`, `{"strategy":{"$patch":"replace","type":"Recreate"}}`,
			`{"strategy":{"type":"Recreate"}}`},
		{`{"volumes":[{"name":"a"},{"name":"b"}]}`, `{"volumes":[{"$patch":"replace"},{"name":"c"}]}`, `{"volumes":[{"name":"c"}]}`},
		{`{"finalizers":["a"]}`, `{"finalizers":["b","a"]}`, `{"finalizers":["a","b"]}`},
		{`{"a":{"b":1}}`, `{"a":{"$patch":"delete"}}`, `{}`},
		{`{"a":1,"b":2,"c":3}`, `{"$retainKeys":["a","c"],"c":4}`, `{"a":1,"c":4}`},
	} {
		got, err := strategic(decoded(t, tt.doc).(map[string]any), decoded(t, tt.patch).(map[string]any), nil)
		require.NoError(t, err, tt.patch)
		assert.Equal(t, tt.want, encoded(t, got), tt.patch)
	}
}

func TestUnknownFieldsFollowJSONTags(t *testing.T) {
	v := decoded(t, `{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"x","labelz":{}},
		"spec":{"replicas":1,"strategy":{"rollingUpdate":{"maxSurge":"25%"}},"template":{"spec":{"containers":[{"name":"a","resources":{"limits":{"cpu":"1"}}},{"nme":"b"}]}}},
		"status":{"bogus":1}}`)
	assert.Equal(t, []string{"metadata.labelz", "spec.template.spec.containers[1].nme", "status.bogus"},
		UnknownFields(v, reflect.TypeOf(&api.Deployment{})))
}

// $setElementOrder, as client-side apply sends it, orders the merged list
// as apimachinery's strategicpatch normalizes it: the patch's order, with
// items only the live list has after the item they followed.
func TestSetElementOrderOrdersTheMergedList(t *testing.T) {
	for _, tt := range []struct{ doc, patch, want string }{
		{`{"containers":[{"name":"a"},{"name":"b"}]}`,
			`{"$setElementOrder/containers":[{"name":"b"},{"name":"a"}],"containers":[{"name":"b","image":"x"}]}`,
			`{"containers":[{"image":"x","name":"b"},{"name":"a"}]}`},
		{`{"containers":[{"name":"a"},{"name":"live"},{"name":"b"}]}`,
			`{"$setElementOrder/containers":[{"name":"c"},{"name":"b"},{"name":"a"}],"containers":[{"name":"c"}]}`,
			`{"containers":[{"name":"c"},{"name":"b"},{"name":"a"},{"name":"live"}]}`},
		{`{"finalizers":["a","b"]}`, `{"$setElementOrder/finalizers":["c","b","a"],"finalizers":["c"]}`, `{"finalizers":["c","b","a"]}`},
	} {
		got, err := Strategic(decoded(t, tt.doc).(map[string]any), decoded(t, tt.patch).(map[string]any))
		require.NoError(t, err, tt.patch)
		assert.Equal(t, tt.want, encoded(t, got), tt.patch)
	}
}
