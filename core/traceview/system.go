// Package traceview decides what the page's reconcile trace shows by
// default: the reconciles a learner's YAML caused, not the cluster's own
// housekeeping.
package traceview

import "strings"

// housekeeping are the controllers whose reconciles are the cluster's
// upkeep whatever the learner applied: per node (attachdetach, ttl), per
// namespace (serviceaccount, root-ca-cert-publisher), or on timers
// (csrcleaner, podgc, tokencleaner). After applying a Deployment they
// were the trace's first rows, above the deployment's and replicaset's.
var housekeeping = map[string]bool{
	"attachdetach":                         true,
	"ttl":                                  true,
	"csrcleaner":                           true,
	"nodeipam":                             true,
	"podgc":                                true,
	"serviceaccount":                       true,
	"serviceaccount-token":                 true,
	"legacy-service-account-token-cleaner": true,
	"root-ca-cert-publisher":               true,
	"bootstrapsigner":                      true,
	"tokencleaner":                         true,
	"storage-version-gc":                   true,
	"storageversiongc":                     true,
	"clusterrole-aggregation":              true,
}

// System reports a reconcile the trace folds under "system": one of the
// cluster's own objects (DNS, leases, the kube-system namespace, the
// kubernetes Service), or a housekeeping controller's.
func System(controller, key string) bool {
	if housekeeping[controller] {
		return true
	}
	if _, rest, ok := strings.Cut(key, ":"); ok {
		key = rest // the garbage collector's keys: "Kind:namespace/name"
	}
	return strings.HasPrefix(key, "kube-system/") || strings.HasPrefix(key, "kube-node-lease/") ||
		strings.HasPrefix(key, "kube-public/") || key == "kube-system" || key == "kube-node-lease" || key == "kube-public" ||
		strings.HasPrefix(key, "default/kubernetes")
}
