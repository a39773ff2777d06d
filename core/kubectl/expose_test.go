package kubectl

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/kubeloop/kubeloop/core/api"
)

// kubectl expose builds the Service client-side, as a generator does: the
// object's labels, its selector, the port and (unless --target-port says
// otherwise) the same target port, TCP; --dry-run=client prints it and
// sends nothing.
func TestExposeDryRun(t *testing.T) {
	e := newEnv(t)
	d := deployment("web", 2, "nginx")
	e.create(d)
	before := e.st.Revision()
	r := e.run("kubectl expose deployment web --port=80 --dry-run=client -o yaml")
	assert.Equal(t, "", r.Stderr)
	assert.Equal(t, `apiVersion: v1
kind: Service
metadata:
  creationTimestamp: null
  labels:
    app: nginx
  name: web
spec:
  ports:
  - port: 80
    protocol: TCP
    targetPort: 80
  selector:
    app: nginx
status:
  loadBalancer: {}
`, r.Stdout)
	assert.Equal(t, "service/web exposed (dry run)\n", e.run("kubectl expose deployment web --dry-run=client").Stdout)
	assert.Equal(t, before, e.st.Revision(), "a dry run stores nothing")

	r = e.run("kubectl expose deployment web --port=8080 --target-port=http --name=web2 -o name")
	assert.Equal(t, "service/web2\n", r.Stdout)
	o, err := e.st.Get(api.Services, "default", "web2")
	if assert.NoError(t, err) {
		assert.Equal(t, api.FromString("http"), o.(*api.Service).Spec.Ports[0].TargetPort)
	}
	assert.Equal(t, "service/web exposed\n", e.run("kubectl expose deployment web").Stdout)
}
