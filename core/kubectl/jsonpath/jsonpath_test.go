package jsonpath

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/apijson"
)

// nodesList is the input of the JSONPath table in Kubernetes' documentation
// (reference/kubectl/jsonpath), whose rows the cases below follow.
const nodesList = `{
  "kind": "List",
  "items":[
    {
      "kind":"None",
      "metadata":{
        "name":"127.0.0.1",
        "labels":{"kubernetes.io/hostname":"127.0.0.1"}
      },
      "status":{
        "capacity":{"cpu":"4"},
        "addresses":[{"type": "LegacyHostIP", "address":"127.0.0.1"}]
      }
    },
    {
      "kind":"None",
      "metadata":{"name":"127.0.0.2"},
      "status":{
        "capacity":{"cpu":"8"},
        "addresses":[
          {"type": "LegacyHostIP", "address":"127.0.0.2"},
          {"type": "another", "address":"127.0.0.3"}
        ]
      }
    }
  ],
  "users":[
    {
      "name": "myself",
      "user": {}
    },
    {
      "name": "e2e",
      "user": {"username": "admin", "password": "secret"}
    }
  ]
}`

func decode(t *testing.T, text string) any {
	t.Helper()
	var v any
	require.NoError(t, apijson.Decode([]byte(text), &v, apijson.Options{UseNumber: true}))
	return v
}

func decodeForFuzz(text string) any {
	var v any
	if err := apijson.Decode([]byte(text), &v, apijson.Options{UseNumber: true}); err != nil {
		panic(err)
	}
	return v
}

func execute(t *testing.T, tmpl string, data any, allowMissing bool) (string, error) {
	t.Helper()
	p, err := Parse(tmpl)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	err = p.Execute(&b, data, allowMissing)
	return b.String(), err
}

func TestDocumentedTable(t *testing.T) {
	data := decode(t, nodesList)
	for _, c := range []struct{ tmpl, want string }{
		{`kind is {.kind}`, `kind is List`},
		{`{"{"}`, `{`},
		{`{.kind}`, `List`},
		{`{['kind']}`, `List`},
		{`{$.kind}`, `List`},
		{`{..name}`, `127.0.0.1 127.0.0.2 myself e2e`},
		{`{.items[*].metadata.name}`, `127.0.0.1 127.0.0.2`},
		{`{.users[0].name}`, `myself`},
		{`{.items[*]['metadata.name', 'status.capacity']}`, `127.0.0.1 127.0.0.2 {"cpu":"4"} {"cpu":"8"}`},
		{`{.users[?(@.name=="e2e")].user.password}`, `secret`},
		{`{range .items[*]}[{.metadata.name}, {.status.capacity}] {end}`, `[127.0.0.1, {"cpu":"4"}] [127.0.0.2, {"cpu":"8"}] `},
		{`{.users[-1:].name}`, `e2e`},
		{`{.users[0:1].name}`, `myself`},
		{`{.items[0].status.addresses[*].address}`, `127.0.0.1`},
		{`{.items[*].status.addresses[?(@.type=="another")].address}`, `127.0.0.3`},
		{`{.items[*].metadata.labels.kubernetes\.io/hostname}`, `127.0.0.1`},
		{`{.users[?(@.user.username)].name}`, `e2e`},
		{`{.users[*].user}`, `{} {"password":"secret","username":"admin"}`},
		{`{range .users[*]}{.name}{"\t"}{end}`, "myself\te2e\t"},
		{`{.items[0].status.addresses}`, `[{"address":"127.0.0.1","type":"LegacyHostIP"}]`},
		{`{.users[0,1].name}`, `myself e2e`},
		{`plain text`, `plain text`},
	} {
		got, err := execute(t, c.tmpl, data, true)
		if assert.NoError(t, err, c.tmpl) {
			assert.Equal(t, c.want, got, c.tmpl)
		}
	}
}

func TestNumbersAndComparisons(t *testing.T) {
	data := decode(t, `{"items":[{"n":"a","r":1,"ok":true},{"n":"b","r":3,"ok":false},{"n":"c","r":10}]}`)
	for _, c := range []struct{ tmpl, want string }{
		{`{.items[*].r}`, `1 3 10`},
		{`{.items[?(@.r>2)].n}`, `b c`},
		{`{.items[?(@.r<=3)].n}`, `a b`},
		{`{.items[?(@.r!=3)].n}`, `a c`},
		{`{.items[?(@.ok==true)].n}`, `a`},
		{`{.items[?(@.n<"b")].n}`, `a`},
		{`{.items[::2].n}`, `a c`},
		{`{.items[1:].n}`, `b c`},
		{`{.items[5:5].n}`, ``},
	} {
		got, err := execute(t, c.tmpl, data, true)
		if assert.NoError(t, err, c.tmpl) {
			assert.Equal(t, c.want, got, c.tmpl)
		}
	}
}

func TestMissingKeys(t *testing.T) {
	data := decode(t, `{"metadata":{"name":"web"}}`)
	got, err := execute(t, `{.metadata.name}/{.metadata.namespace}/{.spec.x}`, data, true)
	require.NoError(t, err)
	assert.Equal(t, "web//", got, "kubectl's default: a missing field prints nothing")
	_, err = execute(t, `{.metadata.namespace}`, data, false)
	assert.EqualError(t, err, "namespace is not found")
}

func TestExecutionErrors(t *testing.T) {
	data := decode(t, nodesList)
	for _, c := range []struct{ tmpl, want string }{
		{`{.items[5]}`, "array index out of bounds: index 5, length 2"},
		{`{.items[0:3]}`, "array index out of bounds: index 2, length 2"},
		{`{.items[1:0]}`, "starting index 1 is greater than ending index 0"},
		{`{.items[0:2:0]}`, "step must be > 0"},
		{`{.kind[0]}`, "string is not array or slice"},
		{`{.users[?(@.name==1)]}`, "incompatible types for comparison"},
	} {
		_, err := execute(t, c.tmpl, data, true)
		assert.EqualError(t, err, c.want, c.tmpl)
	}
}

func TestParseErrors(t *testing.T) {
	for _, c := range []struct{ tmpl, want string }{
		{`{.items[}`, "error parsing jsonpath {.items[}, unclosed array expect ]"},
		{`{.kind`, "error parsing jsonpath {.kind, unclosed action"},
		{`{end}`, "error parsing jsonpath {end}, not in range, nothing to end"},
		{`{range .items[*]}{.kind}`, "error parsing jsonpath {range .items[*]}{.kind}, unclosed range: missing {end}"},
		{`{.items[x]}`, "error parsing jsonpath {.items[x]}, invalid array index x"},
	} {
		_, err := Parse(c.tmpl)
		assert.EqualError(t, err, c.want, c.tmpl)
	}
}

func TestNestedRange(t *testing.T) {
	data := decode(t, nodesList)
	got, err := execute(t, `{range .items[*]}{.metadata.name}:{range .status.addresses[*]} {.address}{end};{end}`, data, true)
	require.NoError(t, err)
	assert.Equal(t, "127.0.0.1: 127.0.0.1;127.0.0.2: 127.0.0.2 127.0.0.3;", got)
}

func TestResultsPerExpression(t *testing.T) {
	p, err := Parse(`{.items[*].metadata.name}`)
	require.NoError(t, err)
	got, err := p.Results(decode(t, nodesList), true)
	require.NoError(t, err)
	assert.Equal(t, [][]any{{"127.0.0.1", "127.0.0.2"}}, got)
}

// Recursive descent over its own results grows as a power of the object's
// depth: past maxValues it is an error, not the page's memory.
func TestTooManyValues(t *testing.T) {
	items := make([]any, 200)
	for i := range items {
		var v any = map[string]any{"name": "p"}
		for range 30 {
			v = map[string]any{"spec": v}
		}
		items[i] = v
	}
	data := map[string]any{"items": items}
	got, err := execute(t, `{..name}`, data, true)
	require.NoError(t, err)
	assert.Len(t, strings.Fields(got), 200)
	_, err = execute(t, `{..*..*..*}`, data, true)
	assert.EqualError(t, err, "the template gives more than 1048576 values")
}
