package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/yaml"
)

const nginx = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx-deployment
spec:
  replicas: 3
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx:1.7.9
`

func TestRunReadsFilesRelativeToTheScript(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "manifests"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "manifests", "nginx.yaml"), []byte(nginx), 0o644))
	script := filepath.Join(dir, "lesson.txt")
	require.NoError(t, os.WriteFile(script, []byte("kubectl apply -f manifests/nginx.yaml\nsim settle\nkubectl get deployments\n"), 0o644))

	var out, errOut strings.Builder
	code := run([]string{"run", script}, nil, &out, &errOut)
	assert.Equal(t, 0, code, errOut.String())
	assert.Contains(t, out.String(), "$ kubectl apply -f manifests/nginx.yaml\ndeployment.apps/nginx-deployment created\n")
	assert.Regexp(t, `nginx-deployment\s+3/3\s+3\s+3`, out.String())
}

func TestRunPrintsKubectlHelp(t *testing.T) {
	var out, errOut strings.Builder
	code := run([]string{"run", "-"}, strings.NewReader("kubectl rollout undo --help\n"), &out, &errOut)
	assert.Equal(t, 0, code, errOut.String())
	assert.Contains(t, out.String(), "$ kubectl rollout undo --help\nRoll back to a previous rollout.\n")
}

func TestRunFromStdinIsDeterministic(t *testing.T) {
	script := "kubectl apply -f - <<EOF\n" + nginx + "EOF\nsim settle\nkubectl get pods\n"
	outputs := make([]string, 2)
	for i := range outputs {
		var out, errOut strings.Builder
		require.Equal(t, 0, run([]string{"run", "--seed", "42", "-"}, strings.NewReader(script), &out, &errOut), errOut.String())
		outputs[i] = out.String()
	}
	assert.Equal(t, outputs[0], outputs[1], "same seed, same script: same output")
	assert.Equal(t, 3, strings.Count(outputs[0], "Running"))
}

func TestRunFailsOnMissingScript(t *testing.T) {
	var out, errOut strings.Builder
	assert.Equal(t, 1, run([]string{"run", filepath.Join(t.TempDir(), "nope.txt")}, nil, &out, &errOut))
	assert.Contains(t, errOut.String(), "nope.txt")
}

func TestRunFailsOnMalformedScript(t *testing.T) {
	var out, errOut strings.Builder
	code := run([]string{"run", "-"}, strings.NewReader("kubectl apply -f - <<EOF\nkind: Pod\n"), &out, &errOut)
	assert.Equal(t, 1, code, "an unterminated heredoc is a script error")
	assert.NotEmpty(t, errOut.String())
}

func TestRunUsage(t *testing.T) {
	var out, errOut strings.Builder
	assert.Equal(t, 2, run([]string{"run"}, nil, &out, &errOut))
	assert.Contains(t, errOut.String(), "usage: kubeloop run")
}

// TestRunReplaysASavedSessionWithItsSeed: kubeloop-session.txt, as the
// page saves it, runs with the seed its first line names: the same pods
// as the same script run with --seed.
func TestRunReplaysASavedSessionWithItsSeed(t *testing.T) {
	body := "kubectl apply -f - <<EOF\n" + nginx + "EOF\nsim settle\nkubectl get pods\n"
	file := filepath.Join(t.TempDir(), "kubeloop-session.txt")
	require.NoError(t, os.WriteFile(file, []byte("# kubeloop session, seed 42 (replay: kubeloop run kubeloop-session.txt)\n"+body), 0o644))
	var out, errOut strings.Builder
	require.Equal(t, 0, run([]string{"run", file}, nil, &out, &errOut), errOut.String())
	var want, wantErr strings.Builder
	require.Equal(t, 0, run([]string{"run", "--seed", "42", "-"}, strings.NewReader(body), &want, &wantErr), wantErr.String())
	var other strings.Builder
	require.Equal(t, 0, run([]string{"run", "-"}, strings.NewReader(body), &other, &wantErr))
	pods := func(s string) string { return s[strings.LastIndex(s, "$ kubectl get pods"):] }
	assert.Equal(t, pods(want.String()), pods(out.String()), "seed 42, from the session's first line")
	assert.NotEqual(t, pods(other.String()), pods(out.String()), "another seed names the pods otherwise")
}

// A -f file over the page's limit is refused at once, without being read
// whole (kubectl apply -f /dev/zero must not fill the memory), and the run
// fails naming the limit.
func TestRunRefusesAnOversizedFile(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.yaml")
	require.NoError(t, os.WriteFile(big, append([]byte(nginx), strings.Repeat("#", yaml.MaxBytes)...), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "nginx.yaml"), []byte(nginx), 0o644))
	script := filepath.Join(dir, "lesson.txt")
	require.NoError(t, os.WriteFile(script, []byte("kubectl apply -f big.yaml\nkubectl apply -f nginx.yaml\n"), 0o644))

	var out, errOut strings.Builder
	start := time.Now()
	assert.Equal(t, 1, run([]string{"run", script}, nil, &out, &errOut))
	assert.Less(t, time.Since(start), 5*time.Second)
	assert.Contains(t, errOut.String(), big+" is larger than 1 MiB (1048576 bytes), the most kubectl -f reads here")
	assert.Contains(t, out.String(), "$ kubectl apply -f big.yaml\nerror: "+big+" is larger than 1 MiB", "the transcript says why, not that the file is missing")
	assert.Contains(t, out.String(), "$ kubectl apply -f nginx.yaml\ndeployment.apps/nginx-deployment created", "a file within the limit is read as before")
}

func TestReadBoundedStopsAtTheLimit(t *testing.T) {
	file := filepath.Join(t.TempDir(), "f")
	require.NoError(t, os.WriteFile(file, []byte("12345"), 0o644))
	b, err := readBounded(file, 5)
	require.NoError(t, err)
	assert.Equal(t, "12345", string(b), "exactly the limit is read")
	_, err = readBounded(file, 4)
	var tooLarge *tooLargeError
	assert.ErrorAs(t, err, &tooLarge)
	_, err = readBounded(filepath.Join(t.TempDir(), "nope"), 4)
	assert.ErrorIs(t, err, os.ErrNotExist)
}

// --pace lets time pass as a person types: a foreground deletion started
// with --wait=false has finished by the next command, as on a real cluster.
func TestRunPaceModelsTimeBetweenCommands(t *testing.T) {
	script := "kubectl create deployment fg --image=nginx:1.25 --replicas=2\nsim settle\n" +
		"kubectl delete deployment fg --cascade=foreground --wait=false\nkubectl get deploy fg\n"
	var out, errOut strings.Builder
	code := run([]string{"run", "--pace", "1s", "-"}, strings.NewReader(script), &out, &errOut)
	assert.Equal(t, 0, code, errOut.String())
	assert.True(t, strings.HasSuffix(out.String(), "$ kubectl get deploy fg\nError from server (NotFound): deployments.apps \"fg\" not found\n"), out.String())

	out.Reset()
	code = run([]string{"run", "-"}, strings.NewReader(script), &out, &errOut)
	assert.Equal(t, 0, code, errOut.String())
	assert.Regexp(t, `\$ kubectl get deploy fg\nNAME .*\nfg `, out.String())
}
