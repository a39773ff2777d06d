package yaml

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestFieldPositionPointsAtTheFieldsKey(t *testing.T) {
	type pos struct{ line, col int }
	tests := []struct {
		name, field string
		want        pos
	}{
		{"scalar", "spec.replicas", pos{8, 3}},
		{"nested map", "spec.template.metadata.labels", pos{14, 7}},
		{"map key", "spec.template.metadata.labels[app]", pos{15, 9}},
		{"list item", "spec.template.spec.containers[0]", pos{18, 9}},
		{"field of a list item", "spec.template.spec.containers[0].image", pos{19, 9}},
		{"list in a list item", "spec.template.spec.containers[0].ports[0].containerPort", pos{21, 11}},
		{"field not written: its parent", "spec.strategy", pos{7, 1}},
		{"missing item: the list", "spec.template.spec.containers[3].image", pos{17, 7}},
		{"nothing written: the document", "status.replicas", pos{1, 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			line, col := FieldPosition(deploymentYAML, "Deployment", "nginx-deployment", tt.field)
			assert.Equal(t, tt.want, pos{line, col})
		})
	}
}

func TestFieldPositionPicksTheDocumentOfTheObject(t *testing.T) {
	text := "# two objects\napiVersion: v1\nkind: Pod\nmetadata:\n  name: a\nspec: {containers: []}\n---\n" + deploymentYAML
	line, col := FieldPosition(text, "Deployment", "nginx-deployment", "spec.replicas")
	assert.Equal(t, []int{15, 3}, []int{line, col})
	line, col = FieldPosition(text, "Pod", "a", "spec.containers")
	assert.Equal(t, []int{6, 8}, []int{line, col}, "a flow mapping's key")
	line, col = FieldPosition(text, "Pod", "b", "spec")
	assert.Equal(t, []int{0, 0}, []int{line, col}, "no such object, and several documents")
}

func TestFieldPositionReadsEveryStyleOfYAML(t *testing.T) {
	text := `kind: Deployment   # the kind
metadata: {name: "web", labels: {app.kubernetes.io/name: web}}
spec:
  template:
    spec:
      containers:
        - name: a
          image: x
        -   name: b
            image: "y # not a comment"
            ports: [{containerPort: -1}]
`
	for _, tt := range []struct {
		field     string
		line, col int
	}{
		{"spec.template.spec.containers[0].image", 8, 11},
		{"spec.template.spec.containers[1].image", 10, 13},
		{"spec.template.spec.containers[1].ports[0].containerPort", 11, 22},
		{"metadata.labels[app.kubernetes.io/name]", 2, 34},
	} {
		line, col := FieldPosition(text, "Deployment", "web", tt.field)
		assert.Equal(t, []int{tt.line, tt.col}, []int{line, col}, tt.field)
	}
}

func TestFieldPositionOfTextThatDoesNotParseIsUnknown(t *testing.T) {
	line, col := FieldPosition("kind: [\n", "Deployment", "web", "spec")
	assert.Equal(t, []int{0, 0}, []int{line, col})
}
