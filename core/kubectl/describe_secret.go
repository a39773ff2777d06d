package kubectl

import (
	"maps"
	"slices"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
)

// describeSecret is kubectl's Secret describer: the data's sizes, never
// its values — except a service-account token, printed decoded. (Keys
// sorted here; upstream prints them in map order.)
func describeSecret(_ *invocation, o api.Object, _ []*api.Event, _ time.Time) string {
	s := o.(*api.Secret)
	return tabbed(func(w *prefixWriter) {
		printObjectMeta(w, &s.ObjectMeta)
		w.write(0, "\nType:\t%s\n", s.Type)
		w.write(0, "\nData\n====\n")
		for _, k := range slices.Sorted(maps.Keys(s.Data)) {
			v := s.SecretValue(k)
			if k == "token" && s.Type == "kubernetes.io/service-account-token" {
				w.write(0, "%s:\t%s\n", k, v)
				continue
			}
			w.write(0, "%s:\t%d bytes\n", k, len(v))
		}
	})
}

func registerDescribeSecret() { kindDescribers["Secret"] = describeSecret }
