package apiserver

import (
	"strconv"
	"strings"

	"github.com/kubeloop/kubeloop/core/api"
)

// InputStream is a Stream the client talks back to: an exec session. A
// Response with Code 101 and an InputStream asks the host to upgrade the
// connection to a WebSocket (RFC 6455) with the subprotocol in its
// Sec-WebSocket-Protocol header. Each frame Poll returns is one binary
// message to send; each binary message the client sends goes to Input;
// when Poll reports done the host closes the WebSocket. The host calls
// Input and Poll while it holds the cluster, as it calls Serve.
type InputStream interface {
	Stream
	// Input takes one message from the client, channel byte first.
	Input(msg []byte)
}

// The channels of the Kubernetes remote-command protocol: each WebSocket
// message starts with one of them.
const (
	chanStdin  = 0
	chanStdout = 1
	chanStderr = 2
	chanError  = 3 // the exec's end, as a Status
	chanResize = 4 // terminal sizes, as JSON (ignored: the shell has no screen)
	// chanClose, in v5, is the client's "this channel ends": [255, 0]
	// closes stdin, which v4 cannot say.
	chanClose = 255
)

// The subprotocols exec speaks, the newest first.
const (
	protocolV5 = "v5.channel.k8s.io"
	protocolV4 = "v4.channel.k8s.io"
)

// exec answers pods/exec (and pods/attach, which runs the container's own
// command): a WebSocket session on the remote-command protocol that runs
// the command in the sandbox's shell. Failures before the session are the
// HTTP answers a real API server gives, so kubectl prints what it prints
// against a real cluster.
func (s *Server) exec(r *Request, rt route) *Response {
	if r.Method != "GET" && r.Method != "POST" {
		return statusResponse(failure(405, "MethodNotAllowed", "the server does not allow this method on the requested resource", nil))
	}
	p, resp := s.execPod(rt)
	if resp != nil {
		return resp
	}
	opts, st := readExecOptions(r, rt, p)
	if st != nil {
		return statusResponse(st)
	}
	if !containerRunning(p, opts.container) {
		// The kubelet refuses the upgrade in plain text; kubectl, falling
		// back to SPDY, prints "unable to upgrade connection: " before it.
		return &Response{Code: 404, Header: map[string]string{"Content-Type": "text/plain; charset=utf-8"},
			Body: []byte("container not found (" + strconv.Quote(opts.container) + ")")}
	}
	proto, ok := execSubprotocol(r)
	if !ok {
		return statusResponse(failure(400, "BadRequest",
			"Upgrade request required: this server speaks exec over WebSocket only ("+protocolV5+", "+protocolV4+")", nil))
	}
	sess := s.newExecSession(rt.Namespace, rt.Name, opts, proto)
	return &Response{Code: 101, Header: map[string]string{
		"Upgrade": "websocket", "Connection": "Upgrade", "Sec-WebSocket-Protocol": proto}, Stream: sess}
}

// execPod finds the pod an exec names and refuses one that has ended.
func (s *Server) execPod(rt route) (*api.Pod, *Response) {
	o, err := s.c.Store().Get(api.Pods, rt.Namespace, rt.Name)
	if err != nil {
		return nil, statusResponse(failure(404, "NotFound", `pods "`+rt.Name+`" not found`, &StatusDetails{Name: rt.Name, Kind: "pods"}))
	}
	p := o.(*api.Pod)
	if p.Status.Phase == api.PodSucceeded || p.Status.Phase == api.PodFailed {
		return nil, statusResponse(failure(400, "BadRequest",
			"cannot exec into a container in a completed pod; current phase is "+string(p.Status.Phase), nil))
	}
	return p, nil
}

// execOptions are PodExecOptions (and PodAttachOptions) from the query.
type execOptions struct {
	attach                bool
	command               []string
	container             string
	stdin, stdout, stderr bool
	tty                   bool
}

// readExecOptions reads the query as the API server does, and picks the
// container: the only one, or the one named.
func readExecOptions(r *Request, rt route, p *api.Pod) (execOptions, *Status) {
	flag := func(name string) bool { v := r.Param(name); return v == "true" || v == "1" }
	o := execOptions{
		attach:  rt.Subresource == "attach",
		command: r.Query["command"],
		stdin:   flag("stdin"), stdout: flag("stdout"), stderr: flag("stderr"), tty: flag("tty"),
		container: r.Param("container"),
	}
	if !o.attach && len(o.command) == 0 {
		return o, failure(400, "BadRequest", "you must specify at least 1 command", nil)
	}
	if !o.stdin && !o.stdout && !o.stderr {
		return o, failure(400, "BadRequest", "you must specify at least 1 of stdin, stdout, stderr", nil)
	}
	if o.tty && o.stderr {
		o.stderr = false // a terminal has one output: stderr goes to stdout
	}
	names := make([]string, len(p.Spec.Containers))
	for i, c := range p.Spec.Containers {
		names[i] = c.Name
	}
	switch {
	case o.container == "" && len(names) == 1:
		o.container = names[0]
	case o.container == "":
		return o, failure(400, "BadRequest", "a container name must be specified for pod "+p.Name+", choose one of: ["+strings.Join(names, " ")+"]", nil)
	default:
		found := false
		for _, n := range names {
			found = found || n == o.container
		}
		if !found {
			return o, failure(400, "BadRequest", "container "+o.container+" is not valid for pod "+p.Name, nil)
		}
	}
	return o, nil
}

// containerRunning reports whether a container of p has started and not
// ended: only then is there a process to exec beside.
func containerRunning(p *api.Pod, name string) bool {
	for _, cs := range p.Status.ContainerStatuses {
		if cs.Name == name {
			return cs.State.Running != nil
		}
	}
	return false
}

// execSubprotocol picks the subprotocol of a WebSocket upgrade: v5 when the
// client offers it, else v4. A request that is no WebSocket upgrade (SPDY,
// or none) is refused.
func execSubprotocol(r *Request) (string, bool) {
	if !strings.EqualFold(r.HeaderValue("Upgrade"), "websocket") {
		return "", false
	}
	var offered []string
	for _, h := range r.Header["Sec-Websocket-Protocol"] {
		for _, p := range strings.Split(h, ",") {
			offered = append(offered, strings.TrimSpace(p))
		}
	}
	for _, want := range []string{protocolV5, protocolV4} {
		for _, p := range offered {
			if p == want {
				return want, true
			}
		}
	}
	return "", false
}
