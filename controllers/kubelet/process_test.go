package kubelet

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/kubeloop/kubeloop/core/api"
)

func TestWhatAContainersProcessDoes(t *testing.T) {
	s := time.Second
	sh := func(script string) []string { return []string{"sh", "-c", script} }
	tests := []struct {
		name    string
		image   string
		command []string
		args    []string
		forever bool
		runs    time.Duration
		exit    int32
	}{
		{"nginx serves", "nginx:1.7.9", nil, nil, true, 0, 0},
		{"an image the table does not know serves", "example.com/team/app:v1", nil, nil, true, 0, 0},
		{"fluentd serves", "quay.io/fluentd_elasticsearch/fluentd:v2.5.2", nil, nil, true, 0, 0},
		{"pause serves", "registry.k8s.io/pause:3.9", nil, nil, true, 0, 0},
		{"busybox without a command: sh exits at once", "busybox:1.36", nil, nil, false, 0, 0},
		{"perl without a command exits at once", "perl:5.34.0", nil, nil, false, 0, 0},
		{"sleep N", "busybox", []string{"sleep", "3600"}, nil, false, time.Hour, 0},
		{"sleep in args", "busybox:1.28", nil, []string{"sleep", "30"}, false, 30 * s, 0},
		{"sleep with a unit", "busybox", []string{"sleep", "1m"}, nil, false, time.Minute, 0},
		{"sleep infinity", "busybox", []string{"sleep", "infinity"}, nil, true, 0, 0},
		{"a script ends with its last command's status", "busybox", sh("echo start; sleep 5; false"), nil, false, 5 * s, 1},
		{"false then true is 0", "busybox", sh("false; true"), nil, false, 0, 0},
		{"exit stops the script", "busybox", sh("sleep 2; exit 3; sleep 100"), nil, false, 2 * s, 3},
		{"&& skips after a failure", "busybox", sh("false && sleep 100"), nil, false, 0, 1},
		{"|| runs after a failure", "busybox", sh("false || sleep 3"), nil, false, 3 * s, 0},
		{"command and args together", "busybox", []string{"/bin/sh", "-c"}, []string{"sleep 4; exit 1"}, false, 4 * s, 1},
		{"a for loop runs per word", "busybox", sh("for i in 1 2 3; do echo $i; sleep 1; done"), nil, false, 3 * s, 0},
		{"a while loop runs forever", "busybox", sh("while true; do echo hi; sleep 1; done"), nil, true, 0, 0},
		{"tail -f runs forever", "busybox", []string{"tail", "-f", "/dev/null"}, nil, true, 0, 0},
		{"a long sleep after work", "busybox", sh("echo Hello; sleep 3600"), nil, false, time.Hour, 0},
		{"nginx started by a script serves", "nginx", sh("echo hi > /usr/share/nginx/html/index.html; exec nginx -g 'daemon off;'"), nil, true, 0, 0},
		{"the Job lesson's pi", "perl:5.34.0", []string{"perl", "-Mbignum=bpi", "-wle", "print bpi(2000)"}, nil, false, 5 * s, 0},
		{"kubeloop/crash ignores its command", "kubeloop/crash", []string{"sleep", "3600"}, nil, false, s, 1},
		{"kubeloop/unready serves", "kubeloop/unready:v1", nil, nil, true, 0, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := processFor(&api.Container{Name: "c", Image: tc.image, Command: tc.command, Args: tc.args})
			assert.Equal(t, tc.forever, p.forever, "forever")
			if !tc.forever {
				assert.Equal(t, tc.runs, p.runs, "runs")
				assert.Equal(t, tc.exit, p.exitCode, "exit code")
			}
		})
	}
}

func TestScriptsChangeTheFilesExecProbesRead(t *testing.T) {
	p := run([]string{"/bin/sh", "-c", "touch /tmp/healthy; sleep 30; rm -f /tmp/healthy; sleep 600"})
	assert.True(t, p.fileExists("/tmp/healthy", 0))
	assert.True(t, p.fileExists("/tmp/healthy", 29*time.Second))
	assert.False(t, p.fileExists("/tmp/healthy", 30*time.Second))
	assert.False(t, p.fileExists("/tmp/other", 0))
	assert.Equal(t, 630*time.Second, p.runs)

	p = run([]string{"sh", "-c", "sleep 10; echo ok > /tmp/ready; sleep 3600"})
	assert.False(t, p.fileExists("/tmp/ready", 9*time.Second))
	assert.True(t, p.fileExists("/tmp/ready", 10*time.Second))
}

func TestTheCatalogKnowsTheLessonsTags(t *testing.T) {
	for _, image := range []string{
		"nginx:1.7.9", "nginx:1.9.1", "nginx:1.14.2", "nginx:1.16.1", "nginx:1.25", "nginx:1.27", "nginx:latest", "nginx",
		"nginx:alpine", "busybox:1.28", "busybox:1.28.4", "busybox:1.36", "busybox", "httpd", "httpd:2.4", "redis", "redis:7",
		"docker.io/library/nginx:1.25", "k8s.gcr.io/fluentd-elasticsearch:1.20", "quay.io/fluentd_elasticsearch/fluentd:v2.5.2",
		"registry.k8s.io/pause:3.9", "perl:5.34.0", "perl",
		"kubeloop/crash", "kubeloop/crash:v1", "kubeloop/slow-start:latest", "kubeloop/unready:v1",
		"example.com/anything:any-tag",
		// Tags a learner copies from a tutorial or the image's page.
		"nginx:1.28", "nginx:1.29.1", "nginx:1.27.3-alpine", "nginx:1.24.0", "nginx:1.9.11", "nginx:stable-alpine",
		"nginx:mainline", "nginx:alpine-slim", "nginx:1", "busybox:1.37", "busybox:1.36.1-musl", "busybox:glibc",
		"redis:7.4", "redis:8-alpine", "alpine:3.22", "postgres:17.2", "postgres:16-alpine", "mysql:8.4", "ubuntu:24.04",
		"httpd:2.4.62-alpine", "perl:5.40-slim",
	} {
		_, err := pull(image)
		assert.NoError(t, err, image)
	}
	// Typos, versions that never were, and a variant without its dash.
	for _, image := range []string{"nginx:1.91", "nginx:1.9.16", "nginx:1.30", "nginx:1.27.05", "nginx:lastest", "nginx:1.27alpine",
		"nginx:2", "busybox:1.38", "busybox:1.28.5", "redis:9", "postgres:19", "ubuntu:23.11", "kubeloop/crash:v1-alpine"} {
		_, err := pull(image)
		assert.ErrorContains(t, err, ": not found", image)
	}
	_, err := pull("nginx:1.91")
	assert.EqualError(t, err, `failed to pull and unpack image "docker.io/library/nginx:1.91": failed to resolve reference "docker.io/library/nginx:1.91": docker.io/library/nginx:1.91: not found`)
	_, err = pull("kubeloop/crash:v2")
	assert.EqualError(t, err, `failed to pull and unpack image "docker.io/kubeloop/crash:v2": failed to resolve reference "docker.io/kubeloop/crash:v2": docker.io/kubeloop/crash:v2: not found`)
	_, err = pull("quay.io/fluentd_elasticsearch/fluentd:v9")
	assert.ErrorContains(t, err, `quay.io/fluentd_elasticsearch/fluentd:v9: not found`)
}
