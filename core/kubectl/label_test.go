package kubectl

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
)

func TestLabelAndAnnotate(t *testing.T) {
	e := clusterEnv(t)
	steps := []struct{ cmd, stdout, stderr string }{
		{"kubectl label pod web tier=frontend", "pod/web labeled\n", ""},
		{"kubectl label pod web tier=frontend", "pod/web not labeled\n", ""},
		{"kubectl label pod web tier=backend", "", "error: 'tier' already has a value (frontend), and --overwrite is false\n"},
		{"kubectl label pod web tier=backend run=x", "",
			"error: ['run' already has a value (web), and --overwrite is false, 'tier' already has a value (frontend), and --overwrite is false]\n"},
		{"kubectl label pod web tier=backend --overwrite", "pod/web labeled\n", ""},
		{"kubectl label pod web tier-", "pod/web unlabeled\n", ""},
		{"kubectl label pod web tier-", "pod/web not labeled\n", "label \"tier\" not found.\n"},
		{"kubectl label pods -l run=web canary=true", "pod/web labeled\n", ""},
		{"kubectl label deploy/nginx-deployment env=prod", "deployment.apps/nginx-deployment labeled\n", ""},
		{"kubectl label pod web", "", "error: at least one label update is required\n"},
		{"kubectl label pod web 'a b=c'", "", "error: invalid label spec: a b=c\n"},
		{"kubectl label pod web app=-bad", "",
			"error: invalid label value: \"app=-bad\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')\n"},
		{"kubectl label pod web a=b a-", "", "error: can not both modify and remove a label in the same command\n"},
		{"kubectl label pods x=y", "", "error: resource(s) were provided, but no name was specified\n"},
		{"kubectl label pod nope x=y", "", "Error from server (NotFound): pods \"nope\" not found\n"},

		{"kubectl annotate deployment nginx-deployment owner=team-a", "deployment.apps/nginx-deployment annotated\n", ""},
		{"kubectl annotate deployment nginx-deployment owner=team-a", "deployment.apps/nginx-deployment annotated\n", ""},
		{"kubectl annotate deployment nginx-deployment owner=team-b", "",
			"error: --overwrite is false but found the following declared annotation(s): 'owner' already has a value (team-a)\n"},
		{"kubectl annotate deployment nginx-deployment owner=team-b --overwrite", "deployment.apps/nginx-deployment annotated\n", ""},
		{"kubectl annotate deployment nginx-deployment kubernetes.io/change-cause='first'", "deployment.apps/nginx-deployment annotated\n", ""},
		{"kubectl annotate deployment nginx-deployment kubernetes.io/change-cause='second'", "deployment.apps/nginx-deployment annotated\n", ""},
		// A prefixed key is removed the same way (kubectl treats every
		// argument ending in "-" as a removal).
		{"kubectl annotate deployment nginx-deployment example.com/owner=a", "deployment.apps/nginx-deployment annotated\n", ""},
		{"kubectl annotate deployment nginx-deployment example.com/owner-", "deployment.apps/nginx-deployment annotated\n", ""},
		{"kubectl annotate deployment nginx-deployment owner-", "deployment.apps/nginx-deployment annotated\n", ""},
		{"kubectl annotate deployment nginx-deployment", "", "error: at least one annotation update is required\n"},
	}
	for _, s := range steps {
		r := e.run(s.cmd)
		assert.Equal(t, s.stdout, r.Stdout, s.cmd)
		assert.Equal(t, s.stderr, r.Stderr, s.cmd)
	}
	o, err := e.st.Get(api.Pods, "default", "web")
	require.NoError(t, err)
	assert.Equal(t, map[string]string{"run": "web", "canary": "true"}, o.GetObjectMeta().Labels)
	o, err = e.st.Get(api.Deployments, "default", "nginx-deployment")
	require.NoError(t, err)
	// The change-cause is the one set by hand: without --record no command
	// writes it.
	assert.Equal(t, map[string]string{"kubernetes.io/change-cause": "second"}, o.GetObjectMeta().Annotations)
	assert.Equal(t, "prod", o.GetObjectMeta().Labels["env"])
}

// kubectl v1.32 writes the change-cause with --record only (its
// RecordFlags give a no-op recorder otherwise): a later command without it
// leaves the recorded cause, as a real cluster showed in the parity run.
func TestOnlyRecordWritesTheChangeCause(t *testing.T) {
	e := clusterEnv(t)
	e.run("kubectl label deploy nginx-deployment a=1")
	o, _ := e.st.Get(api.Deployments, "default", "nginx-deployment")
	assert.NotContains(t, o.GetObjectMeta().Annotations, ChangeCauseAnnotation)
	e.run("kubectl label deploy nginx-deployment b=2 --record")
	o, _ = e.st.Get(api.Deployments, "default", "nginx-deployment")
	assert.Equal(t, "kubectl label deploy nginx-deployment b=2 --record=true", o.GetObjectMeta().Annotations[ChangeCauseAnnotation])
	e.run("kubectl annotate deploy nginx-deployment note=x")
	o, _ = e.st.Get(api.Deployments, "default", "nginx-deployment")
	assert.Equal(t, "kubectl label deploy nginx-deployment b=2 --record=true", o.GetObjectMeta().Annotations[ChangeCauseAnnotation])
	e.run("kubectl annotate deploy nginx-deployment kubernetes.io/change-cause='image updated to 1.9.1'")
	o, _ = e.st.Get(api.Deployments, "default", "nginx-deployment")
	assert.Equal(t, "image updated to 1.9.1", o.GetObjectMeta().Annotations[ChangeCauseAnnotation], "a cause set by hand wins")
}
