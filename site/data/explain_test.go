package data

import (
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/explain"
)

// Every field of the generated schema, and every kind, is described in
// every language of the page.
func TestEveryFieldIsDescribedInEveryLanguage(t *testing.T) {
	s := explain.Default()
	for _, lang := range Languages {
		docs, err := ExplainDocs(lang)
		require.NoError(t, err)
		var missing []string
		fields := 0
		for name, st := range s.Structs {
			for _, f := range st.Fields {
				fields++
				if strings.TrimSpace(docs.Field(name, f.Name)) == "" {
					missing = append(missing, name+"."+f.Name)
				}
			}
		}
		for _, k := range api.Kinds {
			if docs.Type(k.Kind) == "" {
				missing = append(missing, k.Kind)
			}
		}
		sort.Strings(missing)
		assert.Empty(t, missing, "%s: described nowhere", lang)
		assert.Greater(t, fields, 500, "the walk must see the schema")
	}
}

// The files hold no key the schema does not have: a renamed field must not
// leave its description behind.
func TestNoDescriptionOfAFieldThatDoesNotExist(t *testing.T) {
	s := explain.Default()
	names := map[string]bool{}
	for _, st := range s.Structs {
		for _, f := range st.Fields {
			names[f.Name] = true
		}
	}
	for _, lang := range Languages {
		docs, err := ExplainDocs(lang)
		require.NoError(t, err)
		for key := range docs {
			structName, field, isField := strings.Cut(key, ".")
			switch {
			case !isField:
				assert.NotNil(t, s.Struct(key), "%s: %q is no struct", lang, key)
			case structName == "":
				assert.True(t, names[field], "%s: no struct has a field %q", lang, field)
			default:
				st := s.Struct(structName)
				if assert.NotNil(t, st, "%s: %q", lang, key) {
					assert.NotNil(t, st.Field(field), "%s: %q is no field", lang, key)
				}
			}
		}
	}
}

// Both languages describe the same keys, so neither falls back to a
// generic description where the other has a specific one.
func TestLanguagesHaveTheSameKeys(t *testing.T) {
	en := MustExplainDocs("en")
	zh := MustExplainDocs("zh-CN")
	for k := range en {
		assert.Contains(t, zh, k)
	}
	for k := range zh {
		assert.Contains(t, en, k)
	}
}
