//go:build js && wasm

package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestPathValuesReadCompactAndCommentedYAML(t *testing.T) {
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
	values := pathValues(splitDocs(text)[0].lines)
	assert.Equal(t, "Deployment", values["kind"])
	assert.Equal(t, "web", values["metadata.name"])
	assert.Equal(t, "y # not a comment", values["spec.template.spec.containers[1].image"])
}
