package kubectl

import (
	"time"

	"github.com/kubeloop/kubeloop/core/api"
)

// StorageVersion has no table columns of its own upstream: the API
// server's default table, NAME and CREATED AT.
func registerColumnsStorageVersion() {
	printers["StorageVersion"] = columns{
		headers: []string{"NAME", "CREATED AT"},
		row: func(o api.Object, _ time.Time, _ bool) []string {
			m := o.GetObjectMeta()
			return []string{m.Name, m.CreationTimestamp.UTC().Format(time.RFC3339)}
		},
	}
}
