package apiserver

import "strings"

// route is what an API path names. A path with no resource is a
// discovery document (/api, /apis, /apis/apps, /apis/apps/v1).
type route struct {
	// Legacy is set under /api (the core group), unset under /apis.
	Legacy      bool
	Group       string // "" for the core group
	Version     string // "" for /api and /apis/GROUP
	Namespace   string // from /namespaces/NS/…; "" for cluster-wide
	Resource    string // "pods"
	Name        string
	Subresource string // "status", "scale", "log", …
}

// parseRoute reads an API path. Paths outside /api and /apis, and paths
// too long to name anything, are not routes (a plain 404, as upstream's
// mux gives).
func parseRoute(path string) (route, bool) {
	parts := splitPath(path)
	var rt route
	switch {
	case len(parts) >= 1 && parts[0] == "api":
		rt.Legacy = true
		parts = parts[1:]
		if len(parts) == 0 {
			return rt, true
		}
		rt.Version, parts = parts[0], parts[1:]
	case len(parts) >= 1 && parts[0] == "apis":
		parts = parts[1:]
		if len(parts) == 0 {
			return rt, true
		}
		rt.Group, parts = parts[0], parts[1:]
		if len(parts) == 0 {
			return rt, true
		}
		rt.Version, parts = parts[0], parts[1:]
	default:
		return rt, false
	}
	// /namespaces/NS/RESOURCE/… names a namespaced resource; /namespaces,
	// /namespaces/NS and /namespaces/NS/status|finalize name namespaces.
	if len(parts) >= 3 && parts[0] == "namespaces" && !(len(parts) == 3 && (parts[2] == "status" || parts[2] == "finalize")) {
		rt.Namespace, parts = parts[1], parts[2:]
	}
	switch len(parts) {
	case 0:
	case 1:
		rt.Resource = parts[0]
	case 2:
		rt.Resource, rt.Name = parts[0], parts[1]
	case 3:
		rt.Resource, rt.Name, rt.Subresource = parts[0], parts[1], parts[2]
	default:
		return rt, false
	}
	return rt, true
}

// splitPath splits a path into its non-empty segments.
func splitPath(path string) []string {
	var parts []string
	for _, p := range strings.Split(path, "/") {
		if p != "" {
			parts = append(parts, p)
		}
	}
	return parts
}
