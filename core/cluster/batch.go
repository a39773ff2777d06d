package cluster

import (
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/store"
)

// admitJob is the API server's part in a new Job: it assigns the uid now
// (the real server fills it before the Job strategy runs) and generates
// the selector batch.kubernetes.io/controller-uid=<uid> and the template
// labels from it, unless manualSelector is set.
func admitJob(s *store.Store) store.AdmissionFunc {
	return func(op store.Operation, obj, _ api.Object) error {
		j, ok := obj.(*api.Job)
		if !ok || op != store.OpCreate {
			return nil
		}
		j.UID = s.NewUID()
		api.GenerateJobSelector(j)
		return nil
	}
}

// dryRunAdmitJob stands in for admitJob in a dry run, which must not draw
// a uid: a new Job's selector is generated from a placeholder.
func dryRunAdmitJob(o, old api.Object) {
	if j, ok := o.(*api.Job); ok && old == nil {
		j.UID = "00000000-0000-4000-8000-000000000000"
		api.GenerateJobSelector(j)
	}
}
