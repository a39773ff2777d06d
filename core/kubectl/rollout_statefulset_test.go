package kubectl

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
)

// The cases of upstream's TestStatefulSetStatusViewerStatus.
func TestStatefulSetStatusViewer(t *testing.T) {
	rolling := api.StatefulSetUpdateStrategy{Type: api.RollingUpdateStatefulSetStrategyType}
	partition2 := api.StatefulSetUpdateStrategy{Type: api.RollingUpdateStatefulSetStrategyType,
		RollingUpdate: &api.RollingUpdateStatefulSetStrategy{Partition: api.Ptr[int32](2)}}
	tests := []struct {
		name       string
		generation int64
		strategy   api.StatefulSetUpdateStrategy
		status     api.StatefulSetStatus
		msg        string
		done, err  bool
	}{
		{name: "on delete returns an error", generation: 1,
			strategy: api.StatefulSetUpdateStrategy{Type: api.OnDeleteStatefulSetStrategyType},
			status:   api.StatefulSetStatus{ObservedGeneration: 1, ReadyReplicas: 1},
			done:     true, err: true},
		{name: "unobserved update is not complete", generation: 2, strategy: rolling,
			status: api.StatefulSetStatus{ObservedGeneration: 1, Replicas: 3, ReadyReplicas: 3, CurrentReplicas: 3},
			msg:    "Waiting for statefulset spec update to be observed...\n"},
		{name: "if all pods are not ready the update is not complete", generation: 1, strategy: rolling,
			status: api.StatefulSetStatus{ObservedGeneration: 2, Replicas: 3, ReadyReplicas: 2, CurrentReplicas: 3},
			msg:    "Waiting for 1 pods to be ready...\n"},
		{name: "partition update completes when all replicas above the partition are updated", generation: 1, strategy: partition2,
			status: api.StatefulSetStatus{ObservedGeneration: 2, Replicas: 3, ReadyReplicas: 3, CurrentReplicas: 2, UpdatedReplicas: 1},
			msg:    "partitioned roll out complete: 1 new pods have been updated...\n", done: true},
		{name: "partition update is in progress if all pods above the partition have not been updated", generation: 1, strategy: partition2,
			status: api.StatefulSetStatus{ObservedGeneration: 2, Replicas: 3, ReadyReplicas: 3, CurrentReplicas: 3},
			msg:    "Waiting for partitioned roll out to finish: 0 out of 1 new pods have been updated...\n"},
		{name: "update completes when all replicas are current", generation: 1, strategy: rolling,
			status: api.StatefulSetStatus{ObservedGeneration: 2, Replicas: 3, ReadyReplicas: 3, CurrentReplicas: 3, UpdatedReplicas: 3,
				CurrentRevision: "foo", UpdateRevision: "foo"},
			msg: "statefulset rolling update complete 3 pods at revision foo...\n", done: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := &api.StatefulSet{ObjectMeta: api.ObjectMeta{Name: "foo", Namespace: "default", Generation: tc.generation},
				Spec: api.StatefulSetSpec{Replicas: api.Ptr[int32](3), UpdateStrategy: tc.strategy}, Status: tc.status}
			msg, done, err := StatefulSetStatus(s)
			assert.Equal(t, tc.err, err != nil, "error: %v", err)
			assert.Equal(t, tc.msg, msg)
			if !tc.done {
				assert.False(t, done)
			}
		})
	}
	_, _, err := StatefulSetStatus(&api.StatefulSet{Spec: api.StatefulSetSpec{UpdateStrategy: api.StatefulSetUpdateStrategy{Type: api.OnDeleteStatefulSetStrategyType}}})
	assert.EqualError(t, err, "rollout status is only available for RollingUpdate strategy type")
}

// revisionsEnv is a StatefulSet web and a DaemonSet agent, each with the
// ControllerRevisions their controllers leave after two templates
// (nginx:1.9.1, then nginx:1.16.1), the second current.
func revisionsEnv(t0 *testing.T) *fakeEnv {
	e := newEnv(t0)
	tmpl := func(image string) api.PodTemplateSpec {
		return api.PodTemplateSpec{ObjectMeta: api.ObjectMeta{Labels: map[string]string{"app": "nginx"}},
			Spec: api.PodSpec{Containers: []api.Container{{Name: "nginx", Image: image}}}}
	}
	sel := &api.LabelSelector{MatchLabels: map[string]string{"app": "nginx"}}
	sts := e.create(&api.StatefulSet{ObjectMeta: api.ObjectMeta{Name: "web", Namespace: "default"},
		Spec: api.StatefulSetSpec{Replicas: api.Ptr[int32](2), Selector: sel, ServiceName: "nginx", Template: tmpl("nginx:1.16.1")}})
	ds := e.create(&api.DaemonSet{ObjectMeta: api.ObjectMeta{Name: "agent", Namespace: "default"},
		Spec: api.DaemonSetSpec{Selector: sel, Template: tmpl("nginx:1.16.1")}})
	for _, owner := range []api.Object{sts, ds} {
		api.SetKind(owner)
		live := &sts.(*api.StatefulSet).Spec.Template
		if d, ok := owner.(*api.DaemonSet); ok {
			live = &d.Spec.Template
		}
		for i, image := range []string{"nginx:1.9.1", "nginx:1.16.1"} {
			// The revision holds the stored (defaulted) template.
			t := api.DeepCopy(&api.Pod{ObjectMeta: live.ObjectMeta, Spec: live.Spec})
			t.Spec.Containers[0].Image = image
			var m map[string]any
			b, _ := json.Marshal(api.PodTemplateSpec{ObjectMeta: t.ObjectMeta, Spec: t.Spec})
			require.NoError(t0, json.Unmarshal(b, &m))
			m["$patch"] = "replace"
			data, _ := json.Marshal(map[string]any{"spec": map[string]any{"template": m}})
			e.create(&api.ControllerRevision{ObjectMeta: api.ObjectMeta{
				Name: owner.GetObjectMeta().Name + "-" + string(rune('a'+i)), Namespace: "default",
				OwnerReferences: []api.OwnerReference{api.NewControllerRef(owner)}},
				Data: []byte(data), Revision: int64(i + 1)})
		}
	}
	return e
}

// rollout history and undo read a StatefulSet's (and a DaemonSet's)
// ControllerRevisions as upstream's history viewer and rollbacker do.
func TestRolloutHistoryAndUndoFromControllerRevisions(t *testing.T) {
	for _, target := range []string{"statefulset/web", "sts/web", "daemonset/agent"} {
		t.Run(target, func(t *testing.T) {
			e := revisionsEnv(t)
			qualified := "statefulset.apps/web"
			if target == "daemonset/agent" {
				qualified = "daemonset.apps/agent"
			}
			r := e.run("kubectl rollout history " + target)
			assert.Equal(t, qualified+" \nREVISION  CHANGE-CAUSE\n1         <none>\n2         <none>\n\n", r.Stdout)
			r = e.run("kubectl rollout history " + target + " --revision=1")
			assert.Contains(t, r.Stdout, qualified+" with revision #1\nPod Template:\n  Labels:\tapp=nginx\n")
			assert.Contains(t, r.Stdout, "Image:\tnginx:1.9.1\n")
			r = e.run("kubectl rollout history " + target + " --revision=7")
			assert.Equal(t, "error: unable to find the specified revision\n", r.Stderr)

			r = e.run("kubectl rollout undo " + target + " --to-revision=2")
			assert.Equal(t, qualified+" skipped rollback (current template already matches revision 2)\n", r.Stdout)
			r = e.run("kubectl rollout undo " + target + " --to-revision=5")
			assert.Equal(t, "error: unable to find specified revision 5 in history\n", r.Stderr)
			r = e.run("kubectl rollout undo " + target)
			assert.Equal(t, qualified+" rolled back\n", r.Stdout)
			r = e.run("kubectl rollout history " + target + " --revision=0")
			assert.Contains(t, r.Stdout, "REVISION")
			r = e.run("kubectl get " + target + " -o yaml")
			assert.Contains(t, r.Stdout, "image: nginx:1.9.1")
		})
	}
}

// set image reaches every workload with a pod template: DaemonSets and
// CronJobs (spec.jobTemplate.spec.template) too.
func TestSetImageOnDaemonSetAndCronJob(t *testing.T) {
	e := revisionsEnv(t)
	e.create(&api.CronJob{ObjectMeta: api.ObjectMeta{Name: "hello", Namespace: "default"},
		Spec: api.CronJobSpec{Schedule: "* * * * *", JobTemplate: api.JobTemplateSpec{Spec: api.JobSpec{Template: api.PodTemplateSpec{
			Spec: api.PodSpec{RestartPolicy: "OnFailure", Containers: []api.Container{{Name: "hello", Image: "busybox"}}}}}}}})
	r := e.run("kubectl set image daemonset/agent nginx=nginx:1.25")
	assert.Equal(t, "daemonset.apps/agent image updated\n", r.Stdout, r.Stderr)
	r = e.run("kubectl set image cronjob/hello hello=busybox:1.36")
	assert.Equal(t, "cronjob.batch/hello image updated\n", r.Stdout, r.Stderr)
	assert.Contains(t, e.run("kubectl get ds agent -o yaml").Stdout, "image: nginx:1.25")
	assert.Contains(t, e.run("kubectl get cronjob hello -o yaml").Stdout, "image: busybox:1.36")
}
