package cluster

import "github.com/kubeloop/kubeloop/core/export"

// Export returns the objects the learner made, as the manifest they would
// write for `kubectl apply -f` on a real cluster (see package export): no
// status, no server fields, no defaults, no objects the controllers made;
// what was changed since with kubectl scale, set image, label or annotate is
// kept. An empty cluster gives "". The error is a last-applied annotation
// that is not JSON.
func (c *Cluster) Export() (string, error) {
	text, _, err := export.Manifest(c.store)
	return text, err
}
