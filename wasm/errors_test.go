//go:build js && wasm

package main

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/yaml"
)

func TestFieldLineFindsTheFieldOfAValidationError(t *testing.T) {
	tests := []struct {
		name, field string
		want        int
	}{
		{"scalar", "spec.replicas", 8},
		{"nested map", "spec.template.metadata.labels", 14},
		{"list item", "spec.template.spec.containers[0]", 18},
		{"field of a list item", "spec.template.spec.containers[0].image", 19},
		{"list in a list item", "spec.template.spec.containers[0].ports[0].containerPort", 21},
		{"field not written: its parent", "spec.strategy", 7},
		{"missing item: the list", "spec.template.spec.containers[3].image", 17},
		{"nothing written", "status.replicas", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, fieldLine(courseManifest, "Deployment", "nginx-deployment", tt.field))
		})
	}
}

func TestFieldLinePicksTheDocumentOfTheObject(t *testing.T) {
	text := "# two objects\napiVersion: v1\nkind: Pod\nmetadata:\n  name: a\nspec: {}\n---\n" + courseManifest
	assert.Equal(t, 15, fieldLine(text, "Deployment", "nginx-deployment", "spec.replicas"))
	assert.Equal(t, 6, fieldLine(text, "Pod", "a", "spec.containers"))
	assert.Equal(t, 0, fieldLine(text, "Pod", "b", "spec"), "no such object, and several documents")
}

func TestFieldLineReadsCompactAndCommentedYAML(t *testing.T) {
	text := `kind: Deployment   # the kind
metadata:
  name: "web"
spec:
  template:
    spec:
      containers:
        - name: a
          image: x
        -   name: b
            image: "y # not a comment"
`
	assert.Equal(t, 9, fieldLine(text, "Deployment", "web", "spec.template.spec.containers[0].image"))
	assert.Equal(t, 11, fieldLine(text, "Deployment", "web", "spec.template.spec.containers[1].image"))
	assert.Equal(t, "y # not a comment", pathValues(splitDocs(text)[0].lines)["spec.template.spec.containers[1].image"])
}

func TestApplyErrorsKeepTheDecodersLines(t *testing.T) {
	err := yaml.Errors{{Line: 9, Column: 3, Message: `unknown field "spec.replica"`}, {Line: 12, Message: "x"}}
	assert.Equal(t, []lineError{{9, 3, `unknown field "spec.replica"`}, {12, 0, "x"}}, applyErrors("", err))
}

func TestApplyErrorsPlaceFieldErrorsAtTheirLine(t *testing.T) {
	one := api.NewInvalid("Deployment", "nginx-deployment", api.FieldErrors{
		{Type: api.ErrTypeInvalid, Field: "spec.replicas", BadValue: int64(-1), Detail: "must be greater than or equal to 0"},
	})
	got := applyErrors(courseManifest, one)
	assert.Len(t, got, 1)
	assert.Equal(t, 8, got[0].Line)
	assert.Equal(t, one.Error(), got[0].Message, "one cause: kubectl's message as it is")

	two := api.NewInvalid("Deployment", "nginx-deployment", api.FieldErrors{
		{Type: api.ErrTypeInvalid, Field: "spec.replicas", BadValue: int64(-1), Detail: "must be greater than or equal to 0"},
		{Type: api.ErrTypeInvalid, Field: "spec.template.metadata.labels", BadValue: "app=web", Detail: "`selector` does not match template `labels`"},
	})
	got = applyErrors(courseManifest, two)
	assert.Len(t, got, 2)
	assert.Equal(t, 8, got[0].Line)
	assert.Equal(t, 14, got[1].Line)
	assert.Contains(t, got[1].Message, `Deployment "nginx-deployment" is invalid: spec.template.metadata.labels`)
}

func TestApplyErrorsOfOtherKindsHaveNoLine(t *testing.T) {
	assert.Equal(t, []lineError{{Message: "boom"}}, applyErrors(courseManifest, errors.New("boom")))
	assert.Nil(t, applyErrors(courseManifest, nil))
}
