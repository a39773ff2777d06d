package kubectl

import (
	"fmt"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
)

// The table printers of ConfigMaps and Secrets, with kubectl's columns:
// how many keys they hold, and a Secret's type.

func registerColumnsConfig() {
	printers["ConfigMap"] = columns{
		headers: []string{"NAME", "DATA", "AGE"},
		row: func(o api.Object, now time.Time, _ bool) []string {
			c := o.(*api.ConfigMap)
			return []string{c.Name, fmt.Sprint(len(c.Data) + len(c.BinaryData)), age(c.CreationTimestamp, now)}
		},
	}
	printers["Secret"] = columns{
		headers: []string{"NAME", "TYPE", "DATA", "AGE"},
		row: func(o api.Object, now time.Time, _ bool) []string {
			s := o.(*api.Secret)
			return []string{s.Name, s.Type, fmt.Sprint(len(s.Data)), age(s.CreationTimestamp, now)}
		},
	}
}
