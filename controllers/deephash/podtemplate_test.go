package deephash

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/apijson"
)

// vectorFile is what tests/podhash writes: templates as a real API server
// stores them, hashed by upstream's code at one k8s.io/api version.
type vectorFile struct {
	APIVersion string `json:"k8sIoAPI"`
	Vectors    []struct {
		Name     string          `json:"name"`
		Template json.RawMessage `json:"template"`
		Hash     string          `json:"hash"`
		Hash0    string          `json:"hashCollision0"`
		Hash1    string          `json:"hashCollision1"`
		Printout string          `json:"printout"`
	} `json:"vectors"`
}

// TestPodTemplateHashMatchesUpstream checks every vector of every release:
// the printout byte for byte, then the hashes with no collision count, 0
// and 1 (upstream's TestComputeHash covers the same three).
func TestPodTemplateHashMatchesUpstream(t *testing.T) {
	files, err := filepath.Glob("../deployment/testdata/podhash/v1.*.json")
	require.NoError(t, err)
	require.Len(t, files, 2)
	for _, file := range files {
		raw, err := os.ReadFile(file)
		require.NoError(t, err)
		var vf vectorFile
		require.NoError(t, json.Unmarshal(raw, &vf))
		minor := minorOf(strings.TrimSuffix(filepath.Base(file), ".json"))
		require.NotEmpty(t, vf.Vectors)
		for _, v := range vf.Vectors {
			t.Run(vf.APIVersion+"/"+v.Name, func(t *testing.T) {
				var tmpl api.PodTemplateSpec
				require.NoError(t, apijson.Unmarshal(v.Template, &tmpl))
				var b strings.Builder
				PrintPodTemplate(&b, &tmpl, minor)
				require.Equal(t, v.Printout, b.String())
				assert.Equal(t, v.Hash, PodTemplateHash(&tmpl, nil, minor))
				assert.Equal(t, v.Hash0, PodTemplateHash(&tmpl, api.Ptr[int32](0), minor))
				assert.Equal(t, v.Hash1, PodTemplateHash(&tmpl, api.Ptr[int32](1), minor))
			})
		}
	}
}
