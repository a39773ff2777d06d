package kubectl

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
)

// historyEnv is nginx-deployment (now at nginx:1.9.1) with three
// ReplicaSets as the Deployment controller leaves them after
// `create --record`, a `set image` to 1.9.1 and one to 1.91, then an
// undo: revisions 1 (1.7.9), 3 (1.91) and 4 (1.9.1, formerly 2).
func historyEnv(t *testing.T) *fakeEnv {
	e := newEnv(t)
	d := deployment("nginx-deployment", 3, "nginx:1.9.1")
	d.Annotations = map[string]string{
		revisionAnnotation:    "4",
		ChangeCauseAnnotation: "kubectl set image deployment/nginx-deployment nginx=nginx:1.9.1",
	}
	live := e.create(d).(*api.Deployment)
	api.SetKind(live)
	for _, rs := range []struct {
		hash, image, revision, history, cause string
		replicas                              int32
	}{
		{"5bf87f5f59", "nginx:1.7.9", "1", "", "kubectl create --filename=nginx-deployment.yaml --record=true", 0},
		{"68d9b7b4f5", "nginx:1.91", "3", "", "kubectl set image deployment/nginx-deployment nginx=nginx:1.91", 0},
		{"7d9d8b6d4c", "nginx:1.9.1", "4", "2", "kubectl set image deployment/nginx-deployment nginx=nginx:1.9.1", 3},
	} {
		labels := map[string]string{"app": "nginx", podTemplateHashLabel: rs.hash}
		ann := map[string]string{revisionAnnotation: rs.revision, ChangeCauseAnnotation: rs.cause}
		if rs.history != "" {
			ann["deployment.kubernetes.io/revision-history"] = rs.history
		}
		e.create(&api.ReplicaSet{
			ObjectMeta: api.ObjectMeta{Name: "nginx-deployment-" + rs.hash, Namespace: "default", Labels: labels, Annotations: ann,
				OwnerReferences: []api.OwnerReference{api.NewControllerRef(live)}},
			Spec: api.ReplicaSetSpec{
				Replicas: api.Ptr(rs.replicas),
				Selector: &api.LabelSelector{MatchLabels: labels},
				Template: api.PodTemplateSpec{
					ObjectMeta: api.ObjectMeta{Labels: labels},
					Spec:       api.PodSpec{Containers: []api.Container{{Name: "nginx", Image: rs.image, Ports: []api.ContainerPort{{ContainerPort: 80}}}}},
				},
			},
			Status: api.ReplicaSetStatus{Replicas: rs.replicas, ReadyReplicas: rs.replicas, AvailableReplicas: rs.replicas},
		})
	}
	// A ReplicaSet another owner controls is not part of the history.
	stray := map[string]string{"app": "nginx", podTemplateHashLabel: "stray"}
	e.create(&api.ReplicaSet{
		ObjectMeta: api.ObjectMeta{Name: "stray", Namespace: "default", Labels: stray, Annotations: map[string]string{revisionAnnotation: "9"}},
		Spec: api.ReplicaSetSpec{Replicas: api.Ptr[int32](0), Selector: &api.LabelSelector{MatchLabels: stray},
			Template: api.PodTemplateSpec{ObjectMeta: api.ObjectMeta{Labels: stray}, Spec: api.PodSpec{Containers: []api.Container{{Name: "nginx", Image: "nginx"}}}}},
	})
	return e
}

func TestRolloutHistoryListsRevisionsWithTheirChangeCause(t *testing.T) {
	e := historyEnv(t)
	r := e.run("kubectl rollout history deployment/nginx-deployment")
	assert.Equal(t, lines(
		"deployment.apps/nginx-deployment ",
		"REVISION  CHANGE-CAUSE",
		"1         kubectl create --filename=nginx-deployment.yaml --record=true",
		"3         kubectl set image deployment/nginx-deployment nginx=nginx:1.91",
		"4         kubectl set image deployment/nginx-deployment nginx=nginx:1.9.1",
		"",
	), r.Stdout)
	assert.Empty(t, r.Stderr)
	assert.Equal(t, r.Stdout, e.run("kubectl rollout history deploy nginx-deployment").Stdout)
}

func TestRolloutHistoryRevisionPrintsItsPodTemplate(t *testing.T) {
	e := historyEnv(t)
	r := e.run("kubectl rollout history deployment/nginx-deployment --revision=3")
	assert.Equal(t, "deployment.apps/nginx-deployment with revision #3\n"+
		"Pod Template:\n"+
		"  Labels:\tapp=nginx\n"+
		"\tpod-template-hash=68d9b7b4f5\n"+
		"  Annotations:\tkubernetes.io/change-cause: kubectl set image deployment/nginx-deployment nginx=nginx:1.91\n"+
		"  Containers:\n"+
		"   nginx:\n"+
		"    Image:\tnginx:1.91\n"+
		"    Port:\t80/TCP\n"+
		"    Host Port:\t0/TCP\n"+
		"    Environment:\t<none>\n"+
		"    Mounts:\t<none>\n"+
		"  Volumes:\t<none>\n"+
		"  Node-Selectors:\t<none>\n"+
		"  Tolerations:\t<none>\n"+
		"\n", r.Stdout)
}

func TestRolloutHistoryErrors(t *testing.T) {
	tests := []struct{ cmd, stdout, stderr string }{
		{"kubectl rollout history deployment/nginx-deployment --revision=2", "", "error: unable to find the specified revision\n"},
		{"kubectl rollout history deployment/nginx-deployment --revision=-1", "", "error: revision must be a positive integer: -1\n"},
		{"kubectl rollout history deployment/nope", "", "Error from server (NotFound): deployments.apps \"nope\" not found\n"},
		{"kubectl rollout history rs/stray", "", "error: no history viewer has been implemented for \"ReplicaSet.apps\"\n"},
		{"kubectl rollout history", "", "error: required resource not specified\n"},
		{"kubectl rollout history deployment/nginx-deployment --revision=x", "",
			"Error: invalid argument \"x\" for \"--revision\" flag: strconv.ParseInt: parsing \"x\": invalid syntax\nSee 'kubectl rollout history --help' for usage.\n"},
	}
	for _, tt := range tests {
		e := historyEnv(t)
		r := e.run(tt.cmd)
		assert.Equal(t, tt.stdout, r.Stdout, tt.cmd)
		assert.Equal(t, tt.stderr, r.Stderr, tt.cmd)
		assert.Equal(t, 1, r.ExitCode, tt.cmd)
	}
}

func TestRolloutHistoryWithoutReplicaSets(t *testing.T) {
	e := newEnv(t)
	e.create(deployment("web", 1, "nginx"))
	r := e.run("kubectl rollout history deployment web")
	assert.Equal(t, "deployment.apps/web \nNo rollout history found.\n", r.Stdout)
}

func TestRolloutUndo(t *testing.T) {
	tests := []struct {
		name, cmd, stdout, stderr string
		image, cause              string // the Deployment's afterwards
	}{
		{name: "to the previous revision", cmd: "kubectl rollout undo deployment/nginx-deployment",
			stdout: "deployment.apps/nginx-deployment rolled back\n",
			image:  "nginx:1.91", cause: "kubectl set image deployment/nginx-deployment nginx=nginx:1.91"},
		{name: "to a revision", cmd: "kubectl rollout undo deployment/nginx-deployment --to-revision=1",
			stdout: "deployment.apps/nginx-deployment rolled back\n",
			image:  "nginx:1.7.9", cause: "kubectl create --filename=nginx-deployment.yaml --record=true"},
		{name: "to the current template", cmd: "kubectl rollout undo deployment/nginx-deployment --to-revision=4",
			stdout: "deployment.apps/nginx-deployment skipped rollback (current template already matches revision 4)\n",
			image:  "nginx:1.9.1", cause: "kubectl set image deployment/nginx-deployment nginx=nginx:1.9.1"},
		{name: "to a revision no longer kept", cmd: "kubectl rollout undo deployment/nginx-deployment --to-revision=2",
			stderr: "error: unable to find specified revision 2 in history\n",
			image:  "nginx:1.9.1", cause: "kubectl set image deployment/nginx-deployment nginx=nginx:1.9.1"},
		{name: "to a negative revision", cmd: "kubectl rollout undo deployment/nginx-deployment --to-revision=-3",
			stderr: "error: unable to find specified revision -3 in history\n",
			image:  "nginx:1.9.1", cause: "kubectl set image deployment/nginx-deployment nginx=nginx:1.9.1"},
		{name: "not a deployment", cmd: "kubectl rollout undo rs/stray",
			stderr: "error: no rollbacker has been implemented for \"ReplicaSet.apps\"\n",
			image:  "nginx:1.9.1", cause: "kubectl set image deployment/nginx-deployment nginx=nginx:1.9.1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := historyEnv(t)
			r := e.run(tt.cmd)
			assert.Equal(t, tt.stdout, r.Stdout)
			assert.Equal(t, tt.stderr, r.Stderr)
			o, err := e.st.Get(api.Deployments, "default", "nginx-deployment")
			require.NoError(t, err)
			d := o.(*api.Deployment)
			assert.Equal(t, tt.image, d.Spec.Template.Spec.Containers[0].Image)
			assert.Equal(t, map[string]string{"app": "nginx"}, d.Spec.Template.Labels, "no pod-template-hash")
			assert.Equal(t, tt.cause, d.Annotations[ChangeCauseAnnotation])
			assert.Equal(t, "4", d.Annotations[revisionAnnotation], "the Deployment keeps its own revision")
		})
	}
}

func TestRolloutUndoNeedsHistory(t *testing.T) {
	e := newEnv(t)
	e.create(deployment("web", 1, "nginx"))
	r := e.run("kubectl rollout undo deployment/web")
	assert.Equal(t, "error: no rollout history found for deployment \"web\"\n", r.Stderr)
	assert.Equal(t, 1, r.ExitCode)
}

func TestPauseResumeRestart(t *testing.T) {
	e := historyEnv(t)
	steps := []struct{ cmd, stdout, stderr string }{
		{"kubectl rollout resume deployment/nginx-deployment", "", "error: deployments.apps \"nginx-deployment\" is not paused\n"},
		{"kubectl rollout pause deployment/nginx-deployment", "deployment.apps/nginx-deployment paused\n", ""},
		{"kubectl rollout pause deployment/nginx-deployment", "", "error: deployments.apps \"nginx-deployment\" is already paused\n"},
		{"kubectl rollout undo deployment/nginx-deployment", "",
			"error: you cannot rollback a paused deployment; resume it first with 'kubectl rollout resume' and try again\n"},
		{"kubectl rollout restart deployment/nginx-deployment", "",
			"error: deployments.apps \"nginx-deployment\" can't restart paused deployment (run rollout resume first)\n"},
		{"kubectl rollout resume deploy/nginx-deployment", "deployment.apps/nginx-deployment resumed\n", ""},
		{"kubectl rollout restart deployment nginx-deployment", "deployment.apps/nginx-deployment restarted\n", ""},
		{"kubectl rollout pause rs/stray", "", "error: replicasets.apps \"stray\" pausing is not supported\n"},
		{"kubectl rollout pause deployment/nope", "", "Error from server (NotFound): deployments.apps \"nope\" not found\n"},
		{"kubectl rollout pause", "", "error: required resource not specified\n"},
	}
	for _, s := range steps {
		r := e.run(s.cmd)
		assert.Equal(t, s.stdout, r.Stdout, s.cmd)
		assert.Equal(t, s.stderr, r.Stderr, s.cmd)
	}
	o, err := e.st.Get(api.Deployments, "default", "nginx-deployment")
	require.NoError(t, err)
	d := o.(*api.Deployment)
	assert.False(t, d.Spec.Paused)
	assert.Equal(t, "2026-01-01T00:00:00Z", d.Spec.Template.Annotations[restartedAtAnnotation])
}
