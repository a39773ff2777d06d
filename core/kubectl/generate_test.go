package kubectl

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/api"
)

// What `--dry-run=client -o yaml` prints, as kubectl v1.3x prints it: the
// object its generator built, no defaults, no namespace unless -n.
func TestGeneratorsDryRunClient(t *testing.T) {
	for _, tc := range []struct{ line, want string }{
		{"kubectl run nginx --image=nginx --dry-run=client -o yaml", `apiVersion: v1
kind: Pod
metadata:
  creationTimestamp: null
  labels:
    run: nginx
  name: nginx
spec:
  containers:
  - image: nginx
    name: nginx
    resources: {}
  dnsPolicy: ClusterFirst
  restartPolicy: Always
status: {}
`},
		{"kubectl create deployment web --image=nginx:1.25 --replicas=3 --port=80 --dry-run=client -o yaml", `apiVersion: apps/v1
kind: Deployment
metadata:
  creationTimestamp: null
  labels:
    app: web
  name: web
spec:
  replicas: 3
  selector:
    matchLabels:
      app: web
  strategy: {}
  template:
    metadata:
      creationTimestamp: null
      labels:
        app: web
    spec:
      containers:
      - image: nginx:1.25
        name: nginx
        ports:
        - containerPort: 80
        resources: {}
status: {}
`},
		{"kubectl create job hello -n kube-system --image=busybox --dry-run=client -o yaml -- echo hi", `apiVersion: batch/v1
kind: Job
metadata:
  creationTimestamp: null
  name: hello
  namespace: kube-system
spec:
  template:
    metadata:
      creationTimestamp: null
    spec:
      containers:
      - command:
        - echo
        - hi
        image: busybox
        name: hello
        resources: {}
      restartPolicy: Never
status: {}
`},
		{"kubectl create namespace lab --dry-run", "namespace/lab created (dry run)\n"},
		{"kubectl create serviceaccount bot --dry-run=client -o name", "serviceaccount/bot\n"},
		{"kubectl create deploy web --image=nginx --dry-run=true", "deployment.apps/web created (dry run)\n"},
	} {
		t.Run(tc.line, func(t *testing.T) {
			e := newEnv(t)
			before := e.st.Revision()
			r := e.run(tc.line)
			assert.Equal(t, 0, r.ExitCode, r.Stderr)
			assert.Equal(t, tc.want, r.Stdout)
			assert.Equal(t, before, e.st.Revision(), "a dry run writes nothing")
		})
	}
}

func TestCreateDeployment(t *testing.T) {
	e := newEnv(t)
	r := e.run("kubectl create deployment web --image=nginx:1.25 --image=registry.example/team/side_car@sha256:0a1b --replicas=2")
	require.Equal(t, 0, r.ExitCode, r.Stderr)
	assert.Equal(t, "deployment.apps/web created\n", r.Stdout)
	o, err := e.st.Get(api.Deployments, "default", "web")
	require.NoError(t, err)
	d := o.(*api.Deployment)
	assert.Equal(t, map[string]string{"app": "web"}, d.Labels)
	assert.Equal(t, map[string]string{"app": "web"}, d.Spec.Selector.MatchLabels)
	assert.Equal(t, map[string]string{"app": "web"}, d.Spec.Template.Labels)
	assert.Equal(t, int32(2), *d.Spec.Replicas)
	require.Len(t, d.Spec.Template.Spec.Containers, 2)
	assert.Equal(t, "nginx", d.Spec.Template.Spec.Containers[0].Name)
	assert.Equal(t, "side-car", d.Spec.Template.Spec.Containers[1].Name)
	assert.Empty(t, d.Spec.Template.Spec.Containers[0].Ports, "no --port, no ports")

	r = e.run("kubectl create deployment one -n kube-system --image=busybox -o name -- sleep 3600")
	require.Equal(t, 0, r.ExitCode, r.Stderr)
	assert.Equal(t, "deployment.apps/one\n", r.Stdout)
	o, err = e.st.Get(api.Deployments, "kube-system", "one")
	require.NoError(t, err)
	assert.Equal(t, int32(1), *o.(*api.Deployment).Spec.Replicas, "one replica by default")
	assert.Equal(t, []string{"sleep", "3600"}, o.(*api.Deployment).Spec.Template.Spec.Containers[0].Command)

	// -n before the verb, and a command after "--": the namespace is a
	// flag, not part of the command.
	r = e.run("kubectl -n kube-system create deployment two --image=busybox -- sleep 3600")
	require.Equal(t, 0, r.ExitCode, r.Stderr)
	o, err = e.st.Get(api.Deployments, "kube-system", "two")
	require.NoError(t, err)
	assert.Equal(t, []string{"sleep", "3600"}, o.(*api.Deployment).Spec.Template.Spec.Containers[0].Command)

	r = e.run("kubectl create deployment web --image=nginx")
	assert.Equal(t, 1, r.ExitCode)
	assert.Equal(t, "error: failed to create deployment: deployments.apps \"web\" already exists\n", r.Stderr)
}

func TestGeneratorErrors(t *testing.T) {
	for _, tc := range []struct{ line, stderr string }{
		{"kubectl create deployment web", "Error: required flag(s) \"image\" not set\nSee 'kubectl create deployment --help' for usage.\n"},
		{"kubectl create deployment --image=nginx", "error: exactly one NAME is required, got 0\nSee 'kubectl create deployment -h' for help and examples\n"},
		{"kubectl create deployment web --image=a --image=b -- sleep 1", "error: cannot specify multiple --image options and command\n"},
		{"kubectl create deployment web --image=nginx --dry-run=maybe", "error: Invalid dry-run value (maybe). Must be \"none\", \"server\", or \"client\".\n"},
		{"kubectl create job x --image=busybox -o wide", "error: unable to match a printer suitable for the output format \"wide\", allowed formats are: go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml\n"},
		{"kubectl create job x --image=busybox -o go-template={{.kind}}", "error: -o go-template is not simulated by kubeloop's kubectl; it prints -o json, -o name, -o yaml\n"},
		{"kubectl run sh -it --image=busybox --dry-run=client", "error: --dry-run=[server|client] can't be used with attached containers options (--attach, --stdin, or --tty)\n"},
	} {
		t.Run(tc.line, func(t *testing.T) {
			e := newEnv(t)
			before := e.st.Revision()
			r := e.run(tc.line)
			assert.Equal(t, 1, r.ExitCode)
			assert.Equal(t, tc.stderr, r.Stderr)
			assert.Equal(t, before, e.st.Revision())
		})
	}
	r := newEnv(t).run("kubectl create job x --image=busybox --dry-run=server")
	assert.Equal(t, 1, r.ExitCode)
	assert.Contains(t, r.Stderr, "--dry-run=server is not simulated")
}

// Container names as kubectl derives them from images.
func TestContainersFor(t *testing.T) {
	names := func(images ...string) []string {
		var out []string
		for _, c := range containersFor(images, nil) {
			out = append(out, c.Name)
		}
		return out
	}
	assert.Equal(t, []string{"nginx"}, names("nginx"))
	assert.Equal(t, []string{"nginx"}, names("nginx:1.25"))
	assert.Equal(t, []string{"app"}, names("registry.example:5000/team/app:v2"))
	assert.Equal(t, []string{"my-app"}, names("my_app@sha256:abcd"))
	dup := names("busybox", "busybox:1.36")
	require.Len(t, dup, 2)
	assert.Equal(t, "busybox", dup[0])
	assert.Regexp(t, `^busybox-[bcdfghjklmnpqrstvwxz2456789]{5}$`, dup[1])
	assert.Equal(t, dup, names("busybox", "busybox:1.36"), "the same images, the same names")
}

func TestCreateConfigMapAndSecret(t *testing.T) {
	e := newEnv(t)
	e.files["app.properties"] = "color=blue\n"
	r := e.run("kubectl create configmap app --from-file=app.properties --from-file=raw=app.properties --from-literal=mode=dev --dry-run=client -o yaml")
	require.Equal(t, 0, r.ExitCode, r.Stderr)
	assert.Equal(t, `apiVersion: v1
data:
  app.properties: |
    color=blue
  mode: dev
  raw: |
    color=blue
kind: ConfigMap
metadata:
  creationTimestamp: null
  name: app
`, r.Stdout)
	r = e.run("kubectl create cm app --from-literal=mode=dev")
	require.Equal(t, 0, r.ExitCode, r.Stderr)
	assert.Equal(t, "configmap/app created\n", r.Stdout)
	o, err := e.st.Get(api.ConfigMaps, "default", "app")
	require.NoError(t, err)
	assert.Equal(t, map[string]string{"mode": "dev"}, o.(*api.ConfigMap).Data)

	r = e.run("kubectl create secret generic db --from-literal=password=s3cret --type=kubeloop/example")
	require.Equal(t, 0, r.ExitCode, r.Stderr)
	assert.Equal(t, "secret/db created\n", r.Stdout)
	o, err = e.st.Get(api.Secrets, "default", "db")
	require.NoError(t, err)
	assert.Equal(t, "czNjcmV0", o.(*api.Secret).Data["password"])
	assert.Equal(t, "s3cret", o.(*api.Secret).SecretValue("password"))
	assert.Equal(t, "kubeloop/example", o.(*api.Secret).Type)

	for line, stderr := range map[string]string{
		"kubectl create cm x --from-literal=nokey":                  "error: invalid literal source nokey, expected key=value\n",
		"kubectl create cm x --from-literal=a=1 --from-literal=a=2": "error: cannot add key \"a\", another key by that name already exists in Data for ConfigMap \"x\"\n",
		"kubectl create cm x --from-file=missing.txt":               "error: error reading missing.txt: no such file or directory\n",
		"kubectl create secret generic x --from-literal=a/b=1":      "error: \"a/b\" is not a valid key name for a Secret: a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')\n",
		"kubectl create configmap x --from-literal=..=1":            "error: \"..\" is not a valid key name for a ConfigMap: must not be '..'\n",
	} {
		before := e.st.Revision()
		r := e.run(line)
		assert.Equal(t, 1, r.ExitCode, line)
		assert.Equal(t, stderr, r.Stderr, line)
		assert.Equal(t, before, e.st.Revision(), line)
	}
}

// A generator finds its subcommand past the flags before it, as cobra
// does, and --save-config writes the object as kubectl built it.
func TestCreateFlagsBeforeTheGeneratorAndSaveConfig(t *testing.T) {
	e := newEnv(t)
	r := e.run("kubectl create -n kube-system deployment web --image=nginx")
	require.Equal(t, 0, r.ExitCode, r.Stderr)
	assert.Equal(t, "deployment.apps/web created\n", r.Stdout)
	_, err := e.st.Get(api.Deployments, "kube-system", "web")
	require.NoError(t, err)

	r = e.run("kubectl create --save-config namespace dev")
	require.Equal(t, 0, r.ExitCode, r.Stderr)
	o, err := e.st.Get(api.Namespaces, "", "dev")
	require.NoError(t, err)
	assert.Equal(t, `{"kind":"Namespace","apiVersion":"v1","metadata":{"name":"dev","creationTimestamp":null},"spec":{},"status":{}}`+"\n",
		o.GetObjectMeta().Annotations[LastAppliedAnnotation])

	r = e.run("kubectl create deployment api --image=nginx --save-config --dry-run=client -o yaml")
	require.Equal(t, 0, r.ExitCode, r.Stderr)
	assert.Contains(t, r.Stdout, "kubectl.kubernetes.io/last-applied-configuration: |\n      {\"kind\":\"Deployment\",\"apiVersion\":\"apps/v1\",\"metadata\":{\"name\":\"api\",\"creationTimestamp\":null,\"labels\":{\"app\":\"api\"}}")

	r = e.run("kubectl create -f")
	assert.Equal(t, "Error: flag needs an argument: 'f' in -f\nSee 'kubectl create --help' for usage.\n", r.Stderr, "create -f is not a generator")
}

// kubectl create KIND wraps a refused create in its own words, each
// generator its own (k8s.io/kubectl's create_*.go), while create namespace
// prints the server's error as it is. The expected lines are what kubectl
// v1.32 printed against the v1.32.13 oracle for the same commands.
func TestCreateGeneratorsWordARefusedCreate(t *testing.T) {
	e := newEnv(t)
	for _, tc := range []struct{ line, want string }{
		{"kubectl create deployment dupe --image=nginx", "error: failed to create deployment: deployments.apps \"dupe\" already exists\n"},
		{"kubectl create secret generic s1 --from-literal=a=b", "error: failed to create secret secrets \"s1\" already exists\n"},
		{"kubectl create service clusterip svc1 --tcp=80", "error: failed to create ClusterIP service: services \"svc1\" already exists\n"},
		{"kubectl create quota q --hard=pods=2", "error: failed to create quota: resourcequotas \"q\" already exists\n"},
		{"kubectl create namespace default", "Error from server (AlreadyExists): namespaces \"default\" already exists\n"},
	} {
		if !strings.HasSuffix(tc.line, "default") {
			first := e.run(tc.line)
			require.Equal(t, 0, first.ExitCode, "%s: %s", tc.line, first.Stderr)
		}
		r := e.run(tc.line)
		assert.Equal(t, 1, r.ExitCode, tc.line)
		assert.Equal(t, tc.want, r.Stderr, tc.line)
	}
}
