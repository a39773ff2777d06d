package kubectl

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/apijson"
	"github.com/kubeloop/kubeloop/core/cluster"
)

// jsonOrderLines are client-side commands whose -o json is a typed object
// kubectl built itself: printed in its Go type's field order, kind first.
var jsonOrderLines = []string{
	"create deployment x --image=nginx --dry-run=client -o json",
	"create deployment web --image=nginx:1.25 --replicas=3 --port=80 --dry-run=client -o json",
	"create service clusterip my-svc --tcp=5678:8080 --dry-run=client -o json",
	"create service nodeport np --tcp=80:8080 --dry-run=client -o json",
	"create configmap cfg --from-literal=a=1 --from-literal=b=2 --dry-run=client -o json",
	"create job j --image=busybox --dry-run=client -o json",
	"create namespace ns1 --dry-run=client -o json",
}

// realKubectlForJSONOrder returns the path of the real kubectl, or skips
// the test when it is not installed and KUBELOOP_REQUIRE_KUBECTL is unset.
func realKubectlForJSONOrder(t *testing.T) string {
	t.Helper()
	if runtime.GOOS == "js" {
		t.Skip("no processes under GOOS=js")
	}
	path, err := exec.LookPath("kubectl")
	if err != nil {
		if os.Getenv("KUBELOOP_REQUIRE_KUBECTL") != "" {
			t.Fatalf("KUBELOOP_REQUIRE_KUBECTL is set but kubectl is not on PATH: %v", err)
		}
		t.Skip("the real kubectl is not on PATH (set KUBELOOP_REQUIRE_KUBECTL=1 to require it)")
	}
	return path
}

// runRealKubectlForJSONOrder runs the real kubectl with an empty kubeconfig:
// --dry-run=client needs no server.
func runRealKubectlForJSONOrder(t *testing.T, kubectl, line string) string {
	t.Helper()
	config := filepath.Join(t.TempDir(), "config")
	require.NoError(t, os.WriteFile(config, nil, 0o600))
	cmd := exec.Command(kubectl, strings.Fields(line)...)
	cmd.Env = append(os.Environ(), "KUBECONFIG="+config)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	require.NoError(t, cmd.Run(), "kubectl %s: %s", line, stderr.String())
	return stdout.String()
}

// TestDryRunJSONIsRealKubectlsByteForByte holds the typed -o json of
// kubectl's generators to the real kubectl's: kind before apiVersion, then
// each type's fields in upstream's order.
func TestDryRunJSONIsRealKubectlsByteForByte(t *testing.T) {
	kubectl := realKubectlForJSONOrder(t)
	c := cluster.New(cluster.Options{Seed: 1})
	for _, line := range jsonOrderLines {
		t.Run(line, func(t *testing.T) {
			want := runRealKubectlForJSONOrder(t, kubectl, line)
			got := c.Kubectl("kubectl "+line, "")
			require.Equal(t, 0, got.ExitCode, got.Stderr)
			assert.Equal(t, want, got.Stdout)
		})
	}
}

// TestGetJSONKeysAreSorted: kubectl get -o json prints what the server sent
// decoded as an unstructured map, so every object's keys are in
// alphabetical order, all the way down — for one object and for a List.
func TestGetJSONKeysAreSorted(t *testing.T) {
	e := newEnv(t)
	e.run("kubectl create deployment web --image=nginx --replicas=2")
	e.c.RunUntilIdle(100)
	for _, line := range []string{
		"kubectl get deployment web -o json",
		"kubectl get pods -o json",
		"kubectl get deployments -o json",
	} {
		out := e.run(line)
		assert.True(t, strings.HasPrefix(out, "{\n    \"apiVersion\": "), "%s starts with apiVersion:\n%s", line, out)
		v, err := apijson.Generic(apijson.RawMessage(out))
		require.NoError(t, err)
		sorted, err := apijson.MarshalIndent(v, "", "    ")
		require.NoError(t, err)
		assert.Equal(t, string(sorted)+"\n", out, "%s: keys sorted at every level", line)
	}
}
