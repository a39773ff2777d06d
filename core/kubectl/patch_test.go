package kubectl

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
)

func TestPatchCommand(t *testing.T) {
	tests := []struct {
		name, cmd, stdout, stderr string
		check                     func(t *testing.T, d *api.Deployment)
	}{
		{name: "strategic: one container's image, merged by name",
			cmd:    `kubectl patch deployment nginx-deployment -p '{"spec":{"template":{"spec":{"containers":[{"name":"nginx","image":"nginx:1.9.1"}]}}}}'`,
			stdout: "deployment.apps/nginx-deployment patched\n",
			check: func(t *testing.T, d *api.Deployment) {
				c := d.Spec.Template.Spec.Containers
				require.Len(t, c, 1)
				assert.Equal(t, "nginx:1.9.1", c[0].Image)
				assert.Equal(t, []api.ContainerPort{{ContainerPort: 80, Protocol: "TCP"}}, c[0].Ports, "the rest of the container stays")
			}},
		{name: "strategic: a new container is added",
			cmd:    `kubectl patch deploy nginx-deployment -p '{"spec":{"template":{"spec":{"containers":[{"name":"sidecar","image":"busybox"}]}}}}'`,
			stdout: "deployment.apps/nginx-deployment patched\n",
			check: func(t *testing.T, d *api.Deployment) {
				require.Len(t, d.Spec.Template.Spec.Containers, 2)
				assert.Equal(t, "sidecar", d.Spec.Template.Spec.Containers[1].Name)
			}},
		{name: "strategic: $patch delete removes a container",
			cmd:    `kubectl patch deploy nginx-deployment -p '{"spec":{"template":{"spec":{"containers":[{"name":"nginx","$patch":"delete"},{"name":"web","image":"nginx"}]}}}}'`,
			stdout: "deployment.apps/nginx-deployment patched\n",
			check: func(t *testing.T, d *api.Deployment) {
				require.Len(t, d.Spec.Template.Spec.Containers, 1)
				assert.Equal(t, "web", d.Spec.Template.Spec.Containers[0].Name)
			}},
		{name: "strategic: replicas and strategy merge",
			cmd:    `kubectl patch deployment nginx-deployment -p '{"spec":{"replicas":5,"strategy":{"rollingUpdate":{"maxSurge":1}}}}'`,
			stdout: "deployment.apps/nginx-deployment patched\n",
			check: func(t *testing.T, d *api.Deployment) {
				assert.Equal(t, int32(5), *d.Spec.Replicas)
				assert.Equal(t, api.FromInt(1), *d.Spec.Strategy.RollingUpdate.MaxSurge)
				assert.Equal(t, api.FromString("25%"), *d.Spec.Strategy.RollingUpdate.MaxUnavailable, "untouched fields stay")
			}},
		{name: "strategic: written as YAML",
			cmd:    `kubectl patch deployment nginx-deployment -p 'spec: {replicas: 2}'`,
			stdout: "deployment.apps/nginx-deployment patched\n",
			check:  func(t *testing.T, d *api.Deployment) { assert.Equal(t, int32(2), *d.Spec.Replicas) }},
		{name: "strategic: YAML booleans read as kubectl reads them",
			cmd:    `kubectl patch deployment nginx-deployment -p 'spec: {paused: yes}'`,
			stdout: "deployment.apps/nginx-deployment patched\n",
			check:  func(t *testing.T, d *api.Deployment) { assert.True(t, d.Spec.Paused) }},
		{name: "strategic: a patch that is not YAML",
			cmd:    `kubectl patch deployment nginx-deployment -p 'spec: [1'`,
			stderr: "error: unable to parse \"spec: [1\": line 1, column 7: sequence end token ']' not found\n"},
		{name: "strategic: a patch that changes nothing",
			cmd:    `kubectl patch deployment nginx-deployment -p '{"spec":{"replicas":3}}'`,
			stdout: "deployment.apps/nginx-deployment patched (no change)\n"},
		{name: "strategic: status is not patched through the main resource",
			cmd:    `kubectl patch deployment nginx-deployment -p '{"status":{"replicas":9}}'`,
			stdout: "deployment.apps/nginx-deployment patched (no change)\n"},
		{name: "merge: lists are replaced whole",
			cmd:    `kubectl patch deployment nginx-deployment --type=merge -p '{"spec":{"template":{"spec":{"containers":[{"name":"nginx","image":"nginx:1.9.1"}]}}}}'`,
			stdout: "deployment.apps/nginx-deployment patched\n",
			check: func(t *testing.T, d *api.Deployment) {
				assert.Empty(t, d.Spec.Template.Spec.Containers[0].Ports, "the container was replaced")
			}},
		{name: "merge: null removes a field",
			cmd:    `kubectl patch deployment nginx-deployment --type merge -p '{"metadata":{"labels":{"app":null,"tier":"web"}}}'`,
			stdout: "deployment.apps/nginx-deployment patched\n",
			check: func(t *testing.T, d *api.Deployment) {
				assert.Equal(t, map[string]string{"tier": "web"}, d.Labels)
			}},
		{name: "json: replace by path",
			cmd:    `kubectl patch deployment nginx-deployment --type=json -p '[{"op":"replace","path":"/spec/template/spec/containers/0/image","value":"nginx:1.9.1"},{"op":"test","path":"/spec/replicas","value":3}]'`,
			stdout: "deployment.apps/nginx-deployment patched\n",
			check: func(t *testing.T, d *api.Deployment) {
				assert.Equal(t, "nginx:1.9.1", d.Spec.Template.Spec.Containers[0].Image)
			}},
		// A JSON patch that does not apply is a bare 422 from the server;
		// kubectl's checkErr prints its message (real v1.32 output).
		{name: "json: a failed test",
			cmd:    `kubectl patch deployment nginx-deployment --type=json -p '[{"op":"test","path":"/spec/replicas","value":4}]'`,
			stderr: "The request is invalid: the server rejected our request due to an error in our request\n"},
		{name: "json: replace of a missing key",
			cmd:    `kubectl patch deployment nginx-deployment --type=json -p '[{"op":"replace","path":"/spec/paused2","value":true}]'`,
			stderr: "The request is invalid: the server rejected our request due to an error in our request\n"},
		{name: "json: remove of a missing path",
			cmd:    `kubectl patch deployment nginx-deployment --type=json -p '[{"op":"remove","path":"/metadata/labels/missing"}]'`,
			stderr: "The request is invalid: the server rejected our request due to an error in our request\n"},
		{name: "json: an object instead of a list",
			cmd:    `kubectl patch deployment nginx-deployment --type=json -p '{"spec":{}}'`,
			stderr: "Error from server (BadRequest): json: cannot unmarshal object into Go value of type jsonpatch.Patch\n"},
		{name: "an unknown field",
			cmd:    `kubectl patch deployment nginx-deployment -p '{"spec":{"updateStrategy":{"rollingUpdate":{"partition":1}}}}'`,
			stderr: "The request is invalid: patch: Invalid value: \"map[spec:map[updateStrategy:map[rollingUpdate:map[partition:1]]]]\": strict decoding error: unknown field \"spec.updateStrategy\"\n"},
		{name: "a field spelled in the wrong case",
			cmd:    `kubectl patch deployment nginx-deployment -p '{"spec":{"template":{"spec":{"containers":[{"name":"nginx","Image":"x"}]}}}}'`,
			stderr: "The request is invalid: patch: Invalid value: \"map[spec:map[template:map[spec:map[containers:[map[Image:x name:nginx]]]]]]\": strict decoding error: unknown field \"spec.template.spec.containers[0].Image\"\n"},
		{name: "a value of the wrong type",
			cmd:    `kubectl patch deployment nginx-deployment -p '{"spec":{"replicas":"three"}}'`,
			stderr: "The request is invalid: patch: Invalid value: \"map[spec:map[replicas:three]]\": json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32\n"},
		{name: "a list item without its merge key",
			cmd:    `kubectl patch deployment nginx-deployment -p '{"spec":{"template":{"spec":{"containers":[{"image":"nginx:1.25"}]}}}}'`,
			stderr: "Error from server: map: map[image:nginx:1.25] does not contain declared merge key: name\n"},
		{name: "a renamed object",
			cmd:    `kubectl patch deployment nginx-deployment -p '{"metadata":{"name":"other"}}'`,
			stderr: "Error from server (BadRequest): the name of the object (other) does not match the name on the URL (nginx-deployment)\n"},
		{name: "an invalid result",
			cmd:    `kubectl patch deployment nginx-deployment -p '{"spec":{"replicas":-1}}'`,
			stderr: "The Deployment \"nginx-deployment\" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0\n"},
		{name: "not an object", cmd: `kubectl patch deployment nginx-deployment -p '[1]'`,
			stderr: "Error from server (BadRequest): json: cannot unmarshal array into Go value of type map[string]interface {}\n"},
		{name: "no patch", cmd: "kubectl patch deployment nginx-deployment",
			stderr: "error: must specify --patch or --patch-file containing the contents of the patch\n"},
		{name: "a bad type", cmd: "kubectl patch deployment nginx-deployment -p '{}' --type=foo",
			stderr: "error: --type must be one of [json merge strategic], not \"foo\"\n"},
		{name: "no name", cmd: "kubectl patch deployment -p '{}'",
			stderr: "error: resource(s) were provided, but no name was specified\n"},
		{name: "not found", cmd: "kubectl patch deployment nope -p '{}'",
			stderr: "Error from server (NotFound): deployments.apps \"nope\" not found\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := clusterEnv(t)
			r := e.run(tt.cmd)
			assert.Equal(t, tt.stdout, r.Stdout)
			assert.Equal(t, tt.stderr, r.Stderr)
			if tt.stderr != "" {
				assert.Equal(t, 1, r.ExitCode)
			}
			if tt.check != nil {
				tt.check(t, getDeployment(t, e, "nginx-deployment"))
			}
		})
	}
}

func TestPatchRecordsTheChangeCause(t *testing.T) {
	e := clusterEnv(t)
	e.run(`kubectl patch deployment nginx-deployment -p '{"spec":{"replicas":4}}' --record`)
	assert.Equal(t, `kubectl patch deployment nginx-deployment --patch={"spec":{"replicas":4}} --record=true`,
		getDeployment(t, e, "nginx-deployment").Annotations[ChangeCauseAnnotation])
}

// FuzzPatch checks that no patch, of any type, makes applying it panic, and
// that what it accepts decodes to an object that encodes again.
func FuzzPatch(f *testing.F) {
	for _, s := range []string{
		`{"spec":{"template":{"spec":{"containers":[{"name":"nginx","image":"nginx:1.9.1"}]}}}}`,
		`{"spec":{"replicas":5,"strategy":{"$patch":"replace"}}}`,
		`[{"op":"add","path":"/metadata/labels/x","value":"y"},{"op":"move","from":"/spec/replicas","path":"/spec/minReadySeconds"}]`,
		`[{"op":"remove","path":"/spec/template/spec/containers/0"}]`,
		`{"metadata":{"$retainKeys":["name"]},"spec":{"template":{"spec":{"containers":[{"name":"x","$patch":"delete"}]}}}}`,
		`spec: {replicas: 2}`, `null`, `[`, `{"spec":null}`, `[{"op":"copy","from":"","path":"/spec/x"}]`,
	} {
		for typ := range 3 {
			f.Add(uint8(typ), s)
		}
	}
	live := api.Object(deployment("nginx-deployment", 3, "nginx:1.7.9"))
	api.Default(live)
	f.Fuzz(func(t *testing.T, typ uint8, text string) {
		patch, err := parsePatch(text)
		if err != nil {
			return
		}
		next, errText := applyPatch(live, []string{"strategic", "merge", "json"}[typ%3], patch)
		if errText != "" {
			assert.Nil(t, next)
			return
		}
		_, err = json.Marshal(next)
		assert.NoError(t, err)
	})
}
