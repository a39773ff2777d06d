package kubectl

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
)

// Cases from upstream's TestDeploymentStatusViewerStatus, plus the
// progress deadline.
func TestDeploymentStatusViewer(t *testing.T) {
	tests := []struct {
		name       string
		generation int64
		replicas   int32
		status     api.DeploymentStatus
		msg        string
		done       bool
		err        string
	}{
		{"not all updated", 0, 1, api.DeploymentStatus{ObservedGeneration: 1, Replicas: 1, UpdatedReplicas: 0, AvailableReplicas: 1},
			"Waiting for deployment \"foo\" rollout to finish: 0 out of 1 new replicas have been updated...\n", false, ""},
		{"old replicas pending termination", 1, 1, api.DeploymentStatus{ObservedGeneration: 1, Replicas: 2, UpdatedReplicas: 1, AvailableReplicas: 2},
			"Waiting for deployment \"foo\" rollout to finish: 1 old replicas are pending termination...\n", false, ""},
		{"updated not available", 1, 2, api.DeploymentStatus{ObservedGeneration: 1, Replicas: 2, UpdatedReplicas: 2, AvailableReplicas: 1, UnavailableReplicas: 1},
			"Waiting for deployment \"foo\" rollout to finish: 1 of 2 updated replicas are available...\n", false, ""},
		{"rolled out", 1, 2, api.DeploymentStatus{ObservedGeneration: 1, Replicas: 2, UpdatedReplicas: 2, AvailableReplicas: 2},
			"deployment \"foo\" successfully rolled out\n", true, ""},
		{"spec not observed", 2, 2, api.DeploymentStatus{ObservedGeneration: 1, Replicas: 2, UpdatedReplicas: 2, AvailableReplicas: 2},
			"Waiting for deployment spec update to be observed...\n", false, ""},
		{"progress deadline", 1, 2, api.DeploymentStatus{ObservedGeneration: 1, Replicas: 2, UpdatedReplicas: 1,
			Conditions: []api.DeploymentCondition{{Type: api.DeploymentProgressing, Status: "False", Reason: "ProgressDeadlineExceeded"}}},
			"", false, "deployment \"foo\" exceeded its progress deadline"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := &api.Deployment{ObjectMeta: api.ObjectMeta{Name: "foo", Namespace: "bar", Generation: tt.generation},
				Spec: api.DeploymentSpec{Replicas: api.Ptr(tt.replicas)}, Status: tt.status}
			msg, done, err := DeploymentStatus(d)
			assert.Equal(t, tt.msg, msg)
			assert.Equal(t, tt.done, done)
			if tt.err == "" {
				assert.NoError(t, err)
			} else {
				assert.EqualError(t, err, tt.err)
			}
		})
	}
}

// rollingTick plays a rolling update of nginx-deployment: every 5 seconds
// one more new replica is updated and available and an old one goes.
func rollingTick(e *fakeEnv) func(now time.Time) {
	step := 0
	return func(now time.Time) {
		if now.Second()%5 != 0 {
			return
		}
		step++
		e.update("deploy", "default", "nginx-deployment", func(o api.Object) {
			d := o.(*api.Deployment)
			d.Status.ObservedGeneration = d.Generation
			switch {
			case step == 1:
				d.Status.Replicas, d.Status.UpdatedReplicas, d.Status.AvailableReplicas = 4, 1, 3
			case step == 2:
				d.Status.Replicas, d.Status.UpdatedReplicas, d.Status.AvailableReplicas = 4, 2, 3
			case step == 3:
				d.Status.Replicas, d.Status.UpdatedReplicas, d.Status.AvailableReplicas = 4, 3, 3
			case step == 4:
				d.Status.Replicas, d.Status.UpdatedReplicas, d.Status.AvailableReplicas = 3, 3, 2
			default:
				d.Status.Replicas, d.Status.UpdatedReplicas, d.Status.AvailableReplicas = 3, 3, 3
			}
		})
	}
}

func TestRolloutStatusFollowsTheRollout(t *testing.T) {
	e := clusterEnv(t)
	r := e.run("kubectl set image deployment/nginx-deployment nginx=nginx:1.9.1")
	require.Equal(t, "deployment.apps/nginx-deployment image updated\n", r.Stdout)
	e.tick = rollingTick(e)
	start := e.clk.Now()
	r = e.run("kubectl rollout status deployment/nginx-deployment")
	assert.Equal(t, lines(
		"Waiting for deployment spec update to be observed...",
		"Waiting for deployment \"nginx-deployment\" rollout to finish: 1 out of 3 new replicas have been updated...",
		"Waiting for deployment \"nginx-deployment\" rollout to finish: 2 out of 3 new replicas have been updated...",
		"Waiting for deployment \"nginx-deployment\" rollout to finish: 1 old replicas are pending termination...",
		"Waiting for deployment \"nginx-deployment\" rollout to finish: 2 of 3 updated replicas are available...",
		"deployment \"nginx-deployment\" successfully rolled out",
	), r.Stdout)
	assert.Empty(t, r.Stderr)
	assert.Equal(t, 0, r.ExitCode)
	assert.Equal(t, 25*time.Second, e.clk.Now().Sub(start))
}

func TestRolloutStatusTimesOut(t *testing.T) {
	e := clusterEnv(t)
	e.run("kubectl scale deploy nginx-deployment --replicas=5")
	r := e.run("kubectl rollout status deploy nginx-deployment --timeout=30s")
	assert.Equal(t, "Waiting for deployment spec update to be observed...\n", r.Stdout)
	assert.Equal(t, "error: timed out waiting for the condition\n", r.Stderr)
	assert.Equal(t, 1, r.ExitCode)

	r = e.run("kubectl rollout status deploy/nginx-deployment --watch=false")
	assert.Equal(t, "Waiting for deployment spec update to be observed...\n", r.Stdout)
	assert.Equal(t, 0, r.ExitCode)

	r = e.run("kubectl rollout status deploy/nope")
	assert.Equal(t, "Error from server (NotFound): deployments.apps \"nope\" not found\n", r.Stderr)
	r = e.run("kubectl rollout frob deploy/nginx-deployment")
	assert.Equal(t, "error: unknown command \"frob\"\nSee 'kubectl rollout -h' for help and examples\n", r.Stderr)
}

// Without --timeout real kubectl waits until interrupted; kubeloop stops
// after rolloutStatusMax of simulated time, with its own note instead of
// kubectl's "timed out" error.
func TestRolloutStatusWithoutTimeoutStopsWithANote(t *testing.T) {
	e := clusterEnv(t)
	e.run("kubectl scale deploy nginx-deployment --replicas=5")
	start := e.clk.Now()
	r := e.run("kubectl rollout status deploy nginx-deployment")
	assert.Equal(t, "Waiting for deployment spec update to be observed...\n", r.Stdout)
	assert.Equal(t, "kubeloop: stopped waiting after 15m0s of simulated time; a real kubectl would keep waiting until the rollout finishes or is interrupted\n", r.Stderr)
	assert.Equal(t, 1, r.ExitCode)
	assert.Equal(t, rolloutStatusMax, e.clk.Now().Sub(start))
	require.NotNil(t, r.StoppedWaiting, "the page prints its own note")
	assert.Equal(t, rolloutStatusMax, r.StoppedWaiting.After)
	assert.Equal(t, r.Stderr, StoppedWaitingNote(*r.StoppedWaiting))
}
