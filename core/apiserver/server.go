package apiserver

import (
	"fmt"
	"strings"

	"github.com/kubeloop/kubeloop/core/cluster"
)

// Request is one HTTP request as the host decoded it.
type Request struct {
	Method string // GET, POST, PUT, PATCH, DELETE
	// Path is the URL's path, unescaped: "/api/v1/namespaces/default/pods".
	Path string
	// Query holds the URL's query parameters, decoded.
	Query map[string][]string
	// Header holds the request's headers by canonical name ("Accept",
	// "Content-Type"), each with its values.
	Header map[string][]string
	Body   []byte
}

// Param is the first value of a query parameter, or "".
func (r *Request) Param(name string) string {
	if v := r.Query[name]; len(v) > 0 {
		return v[0]
	}
	return ""
}

// HeaderValue is the first value of a header, or "".
func (r *Request) HeaderValue(name string) string {
	if v := r.Header[name]; len(v) > 0 {
		return v[0]
	}
	return ""
}

// Response is what the host writes back.
type Response struct {
	Code   int
	Header map[string]string
	Body   []byte
	// Stream, when set, is a response that goes on after Body (a watch):
	// the host writes Body, then polls Stream after each advance of the
	// clock until it ends or the client goes away.
	Stream Stream
}

// Stream is a response that goes on: a watch's events, an exec session's
// output.
type Stream interface {
	// Poll returns the frames ready since the last call, each to be
	// written (and flushed) whole, and whether the stream has ended.
	Poll() (frames [][]byte, done bool)
	// Close ends the stream early (the client went away).
	Close()
}

// Options configure a Server.
type Options struct {
	// ServerAddress is the URL clients reach the server at
	// ("https://127.0.0.1:6443"), for discovery's serverAddressByClientCIDRs.
	ServerAddress string
}

// Server answers API requests over one cluster.
type Server struct {
	c    *cluster.Cluster
	opts Options
}

// New returns a server over c.
func New(c *cluster.Cluster, opts Options) *Server {
	return &Server{c: c, opts: opts}
}

// Serve answers one request. It never panics: a failure inside becomes the
// 500 a real API server returns, with the cause in its message.
func (s *Server) Serve(r *Request) (resp *Response) {
	defer func() {
		if p := recover(); p != nil {
			resp = statusResponse(internalError(fmt.Sprint(p)))
		}
	}()
	switch {
	case r.Path == "/version" || r.Path == "/version/":
		return s.version(r)
	case r.Path == "/openapi/v3" || strings.HasPrefix(r.Path, "/openapi/v3/"):
		return s.openAPI(r)
	}
	rt, ok := parseRoute(r.Path)
	if !ok {
		return notFoundPage()
	}
	r, miss := fromProtobuf(r)
	if miss != nil {
		return miss
	}
	if rt.Resource == "" {
		return s.discovery(r, rt)
	}
	return s.resource(r, rt)
}
