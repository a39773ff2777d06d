package apiserver

import (
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/apijson"
	"github.com/kubeloop/kubeloop/core/kubectl"
)

// statusSubresource answers the status subresource: GET reads the object, PUT and
// PATCH change only its status (the store's UpdateStatus keeps the rest
// as stored), as controllers and kubectl's --subresource=status do.
func (s *Server) statusSubresource(r *Request, rt route, kind *api.Kind) *Response {
	switch r.Method {
	case "GET":
		live, err := s.c.Store().Get(kind, rt.Namespace, rt.Name)
		if err != nil {
			return statusResponse(storeFailure(err, kind, kind.Resource, rt.Name))
		}
		return typedObjectResponse(200, kind, live)
	case "PUT":
		in := kind.New()
		if resp := decodeSubresourceBody(r, in, kind.Kind, kind.Version); resp != nil {
			return resp
		}
		return s.writeStatus(rt, kind, in)
	case "PATCH":
		typ := patchType(r)
		if typ == "" {
			return unsupportedPatch(r)
		}
		live, err := s.c.Store().Get(kind, rt.Namespace, rt.Name)
		if err != nil {
			return statusResponse(storeFailure(err, kind, kind.Resource, rt.Name))
		}
		doc, err := encodeTypedObject(kind, live)
		if err != nil {
			return statusResponse(internalError(err.Error()))
		}
		patched, resp := applySubresourcePatch(doc, typ, r.Body)
		if resp != nil {
			return resp
		}
		in := kind.New()
		if err := apijson.Unmarshal(patched, in); err != nil {
			return statusResponse(failure(422, "Invalid", err.Error(), nil))
		}
		return s.writeStatus(rt, kind, in)
	}
	return subresourceMethodNotAllowed()
}

// writeStatus stores in's status on the object the route names.
func (s *Server) writeStatus(rt route, kind *api.Kind, in api.Object) *Response {
	m := in.GetObjectMeta()
	if resp := checkBodyNames(rt, m); resp != nil {
		return resp
	}
	m.Namespace = rt.Namespace
	out, err := s.c.Store().UpdateStatus(in)
	if err != nil {
		return statusResponse(storeFailure(err, kind, kind.Resource, rt.Name))
	}
	return typedObjectResponse(200, kind, out)
}

// checkBodyNames refuses a body that names another object than the URL.
func checkBodyNames(rt route, m *api.ObjectMeta) *Response {
	if m.Name != rt.Name {
		return subresourceBadRequest("the name of the object (" + m.Name + ") does not match the name on the URL (" + rt.Name + ")")
	}
	if m.Namespace != "" && m.Namespace != rt.Namespace {
		return subresourceBadRequest("the namespace of the provided object does not match the namespace sent on the request")
	}
	return nil
}

// applySubresourcePatch patches a subresource's JSON, with the API
// server's answers to a patch that cannot be read or does not apply.
func applySubresourcePatch(doc []byte, typ string, patch []byte) ([]byte, *Response) {
	out, err := kubectl.PatchDocument(doc, typ, patch)
	switch {
	case err == kubectl.ErrPatchNotApplicable:
		return nil, statusResponse(failure(422, "Invalid", err.Error(), nil))
	case err != nil:
		return nil, subresourceBadRequest(err.Error())
	}
	return out, nil
}

// typedObjectResponse writes an object as the API server does.
func typedObjectResponse(code int, kind *api.Kind, o api.Object) *Response {
	b, err := encodeTypedObject(kind, o)
	if err != nil {
		return statusResponse(internalError(err.Error()))
	}
	return &Response{Code: code, Header: map[string]string{"Content-Type": "application/json"}, Body: b}
}
