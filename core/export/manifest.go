package export

import (
	"strings"

	"github.com/kubeloop/kubeloop/core/store"
	"github.com/kubeloop/kubeloop/core/yaml"
)

// Manifest writes the learner's objects in s (Objects) as one
// multi-document YAML for `kubectl apply -f`, each as Object cleans it, and
// says how many it wrote. No objects gives "" and 0. The error is Object's.
func Manifest(s *store.Store) (text string, count int, err error) {
	var b strings.Builder
	objs := Objects(s)
	for i, o := range objs {
		tree, err := Object(o)
		if err != nil {
			return "", 0, err
		}
		if i > 0 {
			b.WriteString("---\n")
		}
		b.WriteString(yaml.EncodeValue(tree))
	}
	return b.String(), len(objs), nil
}
