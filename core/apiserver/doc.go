// Package apiserver answers Kubernetes API requests over a simulated
// cluster, so that the real kubectl, client-go and every tool built on them
// can drive the sandbox: request in, response out.
//
// The handler is pure. It reads no socket, clock or file: a host (cmd/
// kubeloop's `serve --api`, a test, one day the page) decodes the HTTP
// request into a Request, calls Server.Serve while it holds the cluster,
// and writes the Response back. A response that goes on — a watch, an exec
// session — is a Stream the host polls after each advance of the
// simulated clock. Nothing here is safe for concurrent use: the host
// serializes every call on the cluster, as it serializes advancing time.
//
// What a real API server does, and what this one follows:
//   - discovery: /version, /api, /apis, aggregated discovery (apidiscovery.k8s.io/v2)
//     and each group-version's legacy document (discovery.go);
//   - OpenAPI v3 from the sandbox's own types (openapi.go);
//   - CRUD in JSON with selectors, paging, dry runs and optimistic
//     concurrency (resource.go), errors as metav1.Status (status.go);
//   - server-side printing as meta.k8s.io/v1 Table (table.go);
//   - patches and server-side apply (patch.go), watches (watch.go),
//     subresources (subresource.go) and exec (exec.go).
package apiserver
