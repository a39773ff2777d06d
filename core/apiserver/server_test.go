package apiserver

import (
	"testing"

	"github.com/kubeloop/kubeloop/controllers"
	"github.com/kubeloop/kubeloop/core/cluster"
	"github.com/stretchr/testify/assert"
)

func newServer(t *testing.T) *Server {
	t.Helper()
	c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()})
	c.Start()
	return New(c, Options{ServerAddress: "https://127.0.0.1:6443"})
}

func TestAPathNoHandlerServesIsAPlain404(t *testing.T) {
	s := newServer(t)
	resp := s.Serve(&Request{Method: "GET", Path: "/nothing-here"})
	assert.Equal(t, 404, resp.Code)
	assert.Equal(t, "404 page not found\n", string(resp.Body))
}
