package kubectl

import (
	"fmt"

	"github.com/kubeloop/kubeloop/core/api"
)

func registerRolloutStatefulSet() {
	statusViewers["StatefulSet"] = func(o api.Object) (string, bool, error) { return StatefulSetStatus(o.(*api.StatefulSet)) }
	historyViewers["StatefulSet"] = revisionHistory
	rollbackers["StatefulSet"] = func(c *invocation, o api.Object, to int64) (string, api.Object, error) {
		s := o.(*api.StatefulSet)
		t, skip, err := revisionRollbackTemplate(c, s, &s.Spec.Template, to)
		if t == nil {
			return skip, nil, err
		}
		next := api.DeepCopy(s)
		next.Spec.Template = *t
		next.ResourceVersion = ""
		return "rolled back", next, nil
	}
}

// StatefulSetStatus is kubectl's status viewer for a StatefulSet: only
// RollingUpdate sets have a rollout to watch; with a partition, the
// rollout is done when every pod at or above it is updated.
func StatefulSetStatus(s *api.StatefulSet) (msg string, done bool, err error) {
	if s.Spec.UpdateStrategy.Type != api.RollingUpdateStatefulSetStrategyType {
		return "", true, fmt.Errorf("rollout status is only available for %s strategy type", api.RollingUpdateStatefulSetStrategyType)
	}
	st := s.Status
	if st.ObservedGeneration == 0 || s.Generation > st.ObservedGeneration {
		return "Waiting for statefulset spec update to be observed...\n", false, nil
	}
	if s.Spec.Replicas != nil && st.ReadyReplicas < *s.Spec.Replicas {
		return fmt.Sprintf("Waiting for %d pods to be ready...\n", *s.Spec.Replicas-st.ReadyReplicas), false, nil
	}
	if ru := s.Spec.UpdateStrategy.RollingUpdate; ru != nil {
		if s.Spec.Replicas != nil && ru.Partition != nil {
			if want := *s.Spec.Replicas - *ru.Partition; st.UpdatedReplicas < want {
				return fmt.Sprintf("Waiting for partitioned roll out to finish: %d out of %d new pods have been updated...\n", st.UpdatedReplicas, want), false, nil
			}
		}
		return fmt.Sprintf("partitioned roll out complete: %d new pods have been updated...\n", st.UpdatedReplicas), true, nil
	}
	if st.UpdateRevision != st.CurrentRevision {
		return fmt.Sprintf("waiting for statefulset rolling update to complete %d pods at revision %s...\n", st.UpdatedReplicas, st.UpdateRevision), false, nil
	}
	return fmt.Sprintf("statefulset rolling update complete %d pods at revision %s...\n", st.CurrentReplicas, st.CurrentRevision), true, nil
}
