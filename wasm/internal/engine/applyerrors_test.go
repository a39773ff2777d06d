package engine

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/controllers"
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/cluster"
	"github.com/kubeloop/kubeloop/core/examples"
	"github.com/kubeloop/kubeloop/core/yaml"
)

func TestApplyErrorsKeepTheDecodersLines(t *testing.T) {
	err := yaml.Errors{{Line: 9, Column: 3, Message: `unknown field "spec.replica"`}, {Line: 12, Message: "x"}}
	assert.Equal(t, []LineError{{9, 3, `unknown field "spec.replica"`}, {12, 0, "x"}}, ApplyErrors("", err))
}

func TestApplyErrorsPlaceFieldErrorsAtTheirLine(t *testing.T) {
	one := api.NewInvalid("Deployment", "nginx-deployment", api.FieldErrors{
		{Type: api.ErrTypeInvalid, Field: "spec.replicas", BadValue: int64(-1), Detail: "must be greater than or equal to 0"},
	})
	got := ApplyErrors(examples.NginxDeployment, one)
	assert.Len(t, got, 1)
	assert.Equal(t, 8, got[0].Line)
	assert.Equal(t, 3, got[0].Column)
	assert.Equal(t, one.Error(), got[0].Message, "one cause: kubectl's message as it is")

	two := api.NewInvalid("Deployment", "nginx-deployment", api.FieldErrors{
		{Type: api.ErrTypeInvalid, Field: "spec.replicas", BadValue: int64(-1), Detail: "must be greater than or equal to 0"},
		{Type: api.ErrTypeInvalid, Field: "spec.template.metadata.labels", BadValue: "app=web", Detail: "`selector` does not match template `labels`"},
	})
	got = ApplyErrors(examples.NginxDeployment, two)
	assert.Len(t, got, 2)
	assert.Equal(t, [2]int{8, 3}, [2]int{got[0].Line, got[0].Column})
	assert.Equal(t, [2]int{14, 7}, [2]int{got[1].Line, got[1].Column})
	assert.Contains(t, got[1].Message, `Deployment "nginx-deployment" is invalid: spec.template.metadata.labels`)
}

func TestApplyErrorsOfOtherKindsHaveNoLine(t *testing.T) {
	assert.Equal(t, []LineError{{Message: "boom"}}, ApplyErrors(examples.NginxDeployment, errors.New("boom")))
	assert.Nil(t, ApplyErrors(examples.NginxDeployment, nil))
}

// TestTheClustersValidationErrorsPointAtTheirField applies what the
// cluster refuses, as the editor does, and finds each error at the key of
// its field.
func TestTheClustersValidationErrorsPointAtTheirField(t *testing.T) {
	tests := []struct {
		name, from, to string
		line, col      int
		message        string
	}{
		{"negative replicas", "replicas: 3", "replicas: -1", 8, 3, "spec.replicas: Invalid value: -1"},
		{"negative port", "containerPort: 80", "containerPort: -1", 21, 11, "containerPort: Invalid value: -1"},
		{"template labels the selector misses", "        app: nginx\n    spec:", "        app: web\n    spec:", 14, 7, "spec.template.metadata.labels: Invalid value"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text := strings.Replace(examples.NginxDeployment, tt.from, tt.to, 1)
			require.NotEqual(t, examples.NginxDeployment, text)
			_, err := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()}).Apply(text)
			got := ApplyErrors(text, err)
			require.Len(t, got, 1, "%v", err)
			assert.Contains(t, got[0].Message, tt.message)
			assert.Equal(t, [2]int{tt.line, tt.col}, [2]int{got[0].Line, got[0].Column})
		})
	}
}
