package kubectl

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// kubectl run --port sets the container's port; a port that is not a
// decimal 32-bit number is refused and nothing is created.
func TestRunPort(t *testing.T) {
	e := newEnv(t)
	r := e.run("kubectl run web --image=nginx --port=8080")
	assert.Equal(t, "pod/web created\n", r.Stdout)
	assert.Contains(t, e.run("kubectl get pod web -o yaml").Stdout, "    ports:\n    - containerPort: 8080\n      protocol: TCP\n")

	for _, bad := range []string{"http", "0x50", "99999999999"} {
		r = e.run("kubectl run bad --image=nginx --port=" + bad)
		assert.Equal(t, "error: invalid port \""+bad+"\"\n", r.Stderr, bad)
		assert.Contains(t, e.run("kubectl get pod bad").Stderr, "NotFound", bad)
	}
}

// kubectl run checks --image against the reference grammar before it
// makes anything (upstream's TestRunValidations, "test invalid image
// name"); the words are a real v1.32 kubectl's (../shared/oracle).
func TestRunRefusesAnImageThatIsNoReference(t *testing.T) {
	e := newEnv(t)
	for image, want := range map[string]string{
		"<img>":       "error: Invalid image name \"<img>\": invalid reference format\n",
		"Nginx:1.25":  "error: Invalid image name \"Nginx:1.25\": invalid reference format\n",
		"nginx:1.25:": "error: Invalid image name \"nginx:1.25:\": invalid reference format\n",
	} {
		r := e.run("kubectl run bad --image='" + image + "'")
		assert.Equal(t, want, r.Stderr, image)
		assert.Equal(t, 1, r.ExitCode, image)
		assert.Contains(t, e.run("kubectl get pod bad").Stderr, "NotFound", image)
	}
	for _, image := range []string{"nginx", "registry.k8s.io/pause:3.9", "localhost:5000/web@sha256:" + strings.Repeat("a", 64)} {
		r := e.run("kubectl run ok --image=" + image)
		assert.Equal(t, "pod/ok created\n", r.Stdout, image)
		e.run("kubectl delete pod ok")
	}
}
