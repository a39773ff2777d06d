package apiserver

import (
	"bytes"
	"fmt"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/apijson"
)

// create answers POST on a collection: 201 with the stored object, or
// with what would be stored under ?dryRun=All.
func (s *Server) create(r *Request, rt route, kind *api.Kind) *Response {
	dry, miss := readDryRun(r, "CreateOptions")
	if miss != nil {
		return miss
	}
	obj, warnings, miss := readObject(r, kind, "CreateOptions")
	if miss != nil {
		return miss
	}
	m := obj.GetObjectMeta()
	if kind.Namespaced {
		if m.Namespace != "" && m.Namespace != rt.Namespace {
			return warningHeader(statusResponse(badRequest(namespaceMismatch)), warnings)
		}
		m.Namespace = rt.Namespace
	} else {
		m.Namespace = ""
	}
	return warningHeader(s.createObject(r, kind, obj, dry), warnings)
}

// createObject creates obj (its namespace set), or in a dry run answers
// with what would be created.
func (s *Server) createObject(r *Request, kind *api.Kind, obj api.Object, dry bool) *Response {
	api.Default(obj)
	s.recordManager(r, kind, nil, obj)
	var stored api.Object
	var err error
	if dry {
		stored, err = s.dryCreate(kind, obj)
	} else {
		stored, err = s.c.Store().Create(obj)
	}
	if err != nil {
		return statusResponse(apiStatus(err, kind))
	}
	return objectResponse(201, kind, stored)
}

// createsOnUpdate lists the kinds whose PUT of a missing object creates
// it (upstream's AllowCreateOnUpdate), as the real server showed for
// each; for the others it is NotFound.
var createsOnUpdate = map[string]bool{
	"Lease": true, "Service": true, "Endpoints": true, "Event": true,
	"Role": true, "RoleBinding": true, "ClusterRole": true, "ClusterRoleBinding": true,
}

const namespaceMismatch = "the namespace of the provided object does not match the namespace sent on the request"

// dryCreate is a create that stores nothing: the object defaulted,
// validated and named as the store would, with a uid and creation time
// but no resourceVersion (upstream's dry run leaves it empty). Admission
// plugins, which may allocate (a Service's cluster IP) or count (quota),
// are not run.
func (s *Server) dryCreate(kind *api.Kind, o api.Object) (api.Object, error) {
	st := s.c.Store()
	m := o.GetObjectMeta()
	if kind.Namespaced {
		if _, err := st.Get(api.Namespaces, "", m.Namespace); err != nil {
			return nil, err
		}
	}
	if m.ResourceVersion != "" {
		return nil, api.NewBadRequest("resourceVersion should not be set on objects to be created")
	}
	if m.Name == "" && m.GenerateName != "" {
		m.Name = m.GenerateName + st.NameSuffix()
	}
	api.Default(o)
	if err := api.Validate(o, nil); err != nil {
		return nil, err
	}
	if _, err := st.Get(kind, m.Namespace, m.Name); err == nil {
		return nil, api.NewAlreadyExists(kind, m.Name)
	}
	m.UID = st.NewUID()
	m.CreationTimestamp = api.NewTime(st.Clock().Now())
	if api.HasField(o, "Spec") && kind.Group != "" && kind.Kind != "Lease" {
		m.Generation = 1
	}
	return o, nil
}

// update answers PUT on an object: 200 with the stored object. A
// resourceVersion in the body must be the stored one (409 Conflict
// otherwise); without one the update is unconditional, as upstream
// allows for the kinds the sandbox serves.
func (s *Server) update(r *Request, rt route, kind *api.Kind) *Response {
	dry, miss := readDryRun(r, "UpdateOptions")
	if miss != nil {
		return miss
	}
	obj, warnings, miss := readObject(r, kind, "UpdateOptions")
	if miss != nil {
		return miss
	}
	m := obj.GetObjectMeta()
	switch {
	case m.Name == "":
		return warningHeader(statusResponse(badRequest(fmt.Sprintf("the name of the object (%s based on URL) was undeterminable: name must be provided", rt.Name))), warnings)
	case m.Name != rt.Name:
		return warningHeader(statusResponse(badRequest(fmt.Sprintf("the name of the object (%s) does not match the name on the URL (%s)", m.Name, rt.Name))), warnings)
	case kind.Namespaced && m.Namespace != "" && m.Namespace != rt.Namespace:
		return warningHeader(statusResponse(badRequest(namespaceMismatch)), warnings)
	}
	m.Namespace = rt.Namespace
	live, err := s.c.Store().Get(kind, rt.Namespace, rt.Name)
	if err != nil && createsOnUpdate[kind.Kind] {
		return warningHeader(s.createObject(r, kind, obj, dry), warnings)
	}
	if err == nil {
		api.Default(obj)
		s.recordManager(r, kind, live, obj)
	}
	var stored api.Object
	if dry {
		stored, err = s.dryUpdate(kind, obj)
	} else {
		stored, err = s.updateIfChanged(kind, obj)
	}
	if err != nil {
		return warningHeader(statusResponse(apiStatus(err, kind)), warnings)
	}
	return warningHeader(objectResponse(200, kind, stored), warnings)
}

// updateIfChanged stores o, unless it is what is stored already: then, as
// upstream, nothing is written and the stored object, at its
// resourceVersion, is the answer (a replace of what was read changes
// nothing).
func (s *Server) updateIfChanged(kind *api.Kind, o api.Object) (api.Object, error) {
	next, err := s.dryUpdate(kind, api.DeepCopyObject(o))
	if err != nil {
		return nil, err
	}
	live, err := s.c.Store().Get(kind, next.GetObjectMeta().Namespace, next.GetObjectMeta().Name)
	if err != nil {
		return nil, err
	}
	a, errA := apijson.Marshal(withoutTypeMeta(next))
	b, errB := apijson.Marshal(withoutTypeMeta(live))
	if errA == nil && errB == nil && bytes.Equal(a, b) {
		return live, nil
	}
	return s.c.Store().Update(o)
}

// dryUpdate is an update that stores nothing: the object as the store
// would keep it (status and the server's metadata from the stored one,
// defaulted, validated), at the stored resourceVersion.
func (s *Server) dryUpdate(kind *api.Kind, o api.Object) (api.Object, error) {
	m := o.GetObjectMeta()
	old, err := s.c.Store().Get(kind, m.Namespace, m.Name)
	if err != nil {
		return nil, err
	}
	om := old.GetObjectMeta()
	if m.ResourceVersion != "" && m.ResourceVersion != om.ResourceVersion {
		return nil, api.NewConflict(kind, m.Name)
	}
	api.ShareField(o, old, "Status")
	m.UID, m.CreationTimestamp, m.DeletionTimestamp = om.UID, om.CreationTimestamp, om.DeletionTimestamp
	m.DeletionGracePeriodSeconds, m.Generation, m.ResourceVersion = om.DeletionGracePeriodSeconds, om.Generation, om.ResourceVersion
	api.Default(o)
	if err := api.Validate(o, old); err != nil {
		return nil, err
	}
	if api.HasField(o, "Spec") && om.Generation > 0 && !api.EqualField(o, old, "Spec") {
		m.Generation = om.Generation + 1
	}
	return o, nil
}

// readDryRun reads ?dryRun: absent, or All; anything else is refused as
// upstream's options validation refuses it.
func readDryRun(r *Request, options string) (bool, *Response) {
	values := r.Query["dryRun"]
	for _, v := range values {
		if v != "All" {
			return false, statusResponse(optionsInvalid(options, api.FieldError{Type: api.ErrTypeUnsupported, Field: "dryRun",
				BadValue: values, Detail: `supported values: "All"`}))
		}
	}
	return len(values) > 0, nil
}

// recordManager records in next's managedFields the fields this write's
// manager (?fieldManager, else the User-Agent's product: "kubectl") set
// over live (nil for a create), as upstream's field manager does for an
// Update, so that a later server-side apply knows whom it conflicts with.
// next must be defaulted, as it will be stored.
func (s *Server) recordManager(r *Request, kind *api.Kind, live, next api.Object) {
	trackUpdate(kind, live, next, managerFromRequest(r), "", s.c.Now())
}
