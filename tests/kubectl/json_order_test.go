package kubectl

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/apijson"
)

// TestGetJSONKeysAreSorted: kubectl get -o json prints what the server sent
// decoded as an unstructured map, so every object's keys are in
// alphabetical order, all the way down — for one object and for a List.
func TestGetJSONKeysAreSorted(t *testing.T) {
	e := newEnv(t)
	e.run("kubectl create deployment web --image=nginx --replicas=2")
	e.c.RunUntilIdle(100)
	for _, line := range []string{
		"kubectl get deployment web -o json",
		"kubectl get pods -o json",
		"kubectl get deployments -o json",
	} {
		out := e.run(line)
		assert.True(t, strings.HasPrefix(out, "{\n    \"apiVersion\": "), "%s starts with apiVersion:\n%s", line, out)
		v, err := apijson.Generic(apijson.RawMessage(out))
		require.NoError(t, err)
		sorted, err := apijson.MarshalIndent(v, "", "    ")
		require.NoError(t, err)
		assert.Equal(t, string(sorted)+"\n", out, "%s: keys sorted at every level", line)
	}
}
