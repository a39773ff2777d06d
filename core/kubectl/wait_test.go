package kubectl

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
)

// --for's forms and errors, as kubectl parses them (the waiting itself is
// tests/transcripts/testdata/wait.txt, on a running cluster).
func TestWaitConditionForms(t *testing.T) {
	d := &api.Deployment{ObjectMeta: api.ObjectMeta{Name: "web", Generation: 2},
		Status: api.DeploymentStatus{ObservedGeneration: 2, ReadyReplicas: 3, Conditions: []api.DeploymentCondition{
			{Type: "Available", Status: "True"}, {Type: "Progressing", Status: "True", Reason: "NewReplicaSetAvailable"}}}}
	api.SetKind(d)
	for _, c := range []struct {
		forFlag string
		met     bool
	}{
		{"condition=Available", true},
		{"condition=available", true}, // case folded
		{"condition=Available=true", true},
		{"condition=Available=False", false},
		{"condition=Unknown", false},
		{"jsonpath={.status.readyReplicas}=3", true},
		{"jsonpath=.status.readyReplicas=2", false},
		{"jsonpath={.status.conditions[?(@.type==\"Progressing\")].reason}=NewReplicaSetAvailable", true},
		{"jsonpath={.status.readyReplicas}", true},
		{"jsonpath={.status.nothing}", false},
	} {
		cond, err := parseWaitCondition(c.forFlag)
		if !assert.NoError(t, err, c.forFlag) {
			continue
		}
		met, err := cond.check(d)
		assert.NoError(t, err, c.forFlag)
		assert.Equal(t, c.met, met, c.forFlag)
	}

	// A condition written for an older generation is not the answer yet.
	d.Generation = 3
	cond, err := parseWaitCondition("condition=Available")
	require.NoError(t, err)
	met, err := cond.check(d)
	require.NoError(t, err)
	assert.False(t, met, "status.observedGeneration 2 < generation 3")

	for flag, want := range map[string]string{
		"ready":                  `unrecognized condition: "ready"`,
		"jsonpath=":              "jsonpath expression cannot be empty",
		"jsonpath={.a}=":         "jsonpath wait has to have a value after equal sign, like --for=jsonpath='{.status.readyReplicas}'=3",
		"jsonpath={.a}=1=2":      "jsonpath wait format must be --for=jsonpath='{.status.readyReplicas}'=3 or --for=jsonpath='{.status.readyReplicas}'",
		"jsonpath={.status}":     "",
		"jsonpath={.a}{.b}=true": "unexpected path string, expected a 'name1.name2' or '.name1.name2' or '{name1.name2}' or '{.name1.name2}'",
		// The quotes are the shell's: typed into a shell, kubectl gets none.
		"jsonpath='{.status.readyReplicas}'=3": "unexpected path string, expected a 'name1.name2' or '.name1.name2' or '{name1.name2}' or '{.name1.name2}'",
	} {
		cond, err := parseWaitCondition(flag)
		if want == "" {
			require.NoError(t, err)
			_, err = cond.check(d)
			assert.NoError(t, err, "a value to exist may be an object")
			continue
		}
		assert.EqualError(t, err, want, flag)
	}
	cond, err = parseWaitCondition("jsonpath={.status}=x")
	require.NoError(t, err)
	_, err = cond.check(d)
	assert.EqualError(t, err, "jsonpath leads to a nested object or list which is not supported")
	cond, err = parseWaitCondition("jsonpath={.status.conditions[*].type}=Available")
	require.NoError(t, err)
	_, err = cond.check(d)
	assert.EqualError(t, err, "given jsonpath expression matches more than one value")
}
