package job

import (
	"fmt"
	"slices"

	"github.com/kubeloop/kubeloop/core/api"
)

// matchPodFailurePolicy finds the first rule a failed pod matches. It
// returns the Job's failure message for a FailJob rule, whether the
// failure counts against backoffLimit, and the action taken ("" when no
// rule matched: the failure counts).
func matchPodFailurePolicy(policy *api.PodFailurePolicy, pod *api.Pod) (failJob *string, count bool, action string) {
	if policy == nil {
		return nil, true, ""
	}
	for i, r := range policy.Rules {
		var msg string
		switch {
		case r.OnExitCodes != nil:
			cs := matchExitCodes(pod, r.OnExitCodes)
			if cs == nil {
				continue
			}
			msg = fmt.Sprintf("Container %s for pod %s/%s failed with exit code %d matching %s rule at index %d",
				cs.Name, pod.Namespace, pod.Name, cs.State.Terminated.ExitCode, r.Action, i)
		case len(r.OnPodConditions) > 0:
			cond := matchPodConditions(pod, r.OnPodConditions)
			if cond == nil {
				continue
			}
			msg = fmt.Sprintf("Pod %s/%s has condition %s matching %s rule at index %d", pod.Namespace, pod.Name, cond.Type, r.Action, i)
		default:
			continue
		}
		switch r.Action {
		case api.PodFailurePolicyActionIgnore:
			return nil, false, r.Action
		case api.PodFailurePolicyActionCount, api.PodFailurePolicyActionFailIndex:
			return nil, true, r.Action
		case api.PodFailurePolicyActionFailJob:
			return &msg, true, r.Action
		}
	}
	return nil, true, ""
}

// matchExitCodes returns the first terminated container (not exit 0)
// whose exit code the requirement matches.
func matchExitCodes(pod *api.Pod, req *api.PodFailurePolicyOnExitCodesRequirement) *api.ContainerStatus {
	for i := range pod.Status.ContainerStatuses {
		cs := &pod.Status.ContainerStatuses[i]
		t := cs.State.Terminated
		if t == nil || t.ExitCode == 0 {
			continue
		}
		if req.ContainerName != nil && *req.ContainerName != cs.Name {
			continue
		}
		in := slices.Contains(req.Values, t.ExitCode)
		if (req.Operator == api.PodFailurePolicyOpIn && in) || (req.Operator == api.PodFailurePolicyOpNotIn && !in) {
			return cs
		}
	}
	return nil
}

func matchPodConditions(pod *api.Pod, patterns []api.PodFailurePolicyOnPodConditionsPattern) *api.PodCondition {
	for _, want := range patterns {
		status := want.Status
		if status == "" {
			status = api.ConditionTrue
		}
		if c := pod.Condition(want.Type); c != nil && c.Status == status {
			return c
		}
	}
	return nil
}
