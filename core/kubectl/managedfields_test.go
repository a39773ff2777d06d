package kubectl

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/kubeloop/kubeloop/core/api"
)

// An object written through the API server carries managedFields; kubectl
// get -o yaml|json leaves them out unless --show-managed-fields.
func TestGetHidesManagedFieldsUnlessAsked(t *testing.T) {
	e := newEnv(t)
	cm := &api.ConfigMap{ObjectMeta: api.ObjectMeta{Name: "cfg", Namespace: "default", ManagedFields: []api.ManagedFieldsEntry{
		{Manager: "kubectl", Operation: "Apply", APIVersion: "v1", FieldsType: "FieldsV1", FieldsV1: []byte(`{"f:data":{"f:a":{}}}`)},
	}}, Data: map[string]string{"a": "1"}}
	e.create(cm)
	for _, line := range []string{"kubectl get cm cfg -o yaml", "kubectl get cm -o json", "kubectl get cm cfg -o json"} {
		out := e.run(line).Stdout
		assert.Contains(t, out, "cfg", line)
		assert.NotContains(t, out, "managedFields", line)
	}
	out := e.run("kubectl get cm cfg -o yaml --show-managed-fields").Stdout
	assert.Contains(t, out, "  managedFields:\n  - apiVersion: v1\n    fieldsType: FieldsV1\n    fieldsV1:\n      f:data:\n        f:a: {}\n    manager: kubectl\n    operation: Apply\n")
	st, _ := e.st.Get(api.ConfigMaps, "default", "cfg")
	assert.Len(t, st.GetObjectMeta().ManagedFields, 1, "the stored object keeps them")
}
