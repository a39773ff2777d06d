package apiserver

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/apijson"
	"github.com/kubeloop/kubeloop/core/store"
)

// deleteOptions is metav1.DeleteOptions as a client sends it, in the
// body (kubectl: {"propagationPolicy":"Background"}) or as query
// parameters; the body's win.
type deleteOptions struct {
	GracePeriodSeconds *int64 `json:"gracePeriodSeconds,omitempty"`
	Preconditions      *struct {
		UID             *string `json:"uid,omitempty"`
		ResourceVersion *string `json:"resourceVersion,omitempty"`
	} `json:"preconditions,omitempty"`
	OrphanDependents  *bool    `json:"orphanDependents,omitempty"`
	PropagationPolicy *string  `json:"propagationPolicy,omitempty"`
	DryRun            []string `json:"dryRun,omitempty"`
}

// readDeleteOptions reads and checks a delete's options.
func readDeleteOptions(r *Request) (deleteOptions, *Response) {
	var o deleteOptions
	if v := r.Param("gracePeriodSeconds"); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return o, statusResponse(badRequest(err.Error()))
		}
		o.GracePeriodSeconds = &n
	}
	if v := r.Param("propagationPolicy"); v != "" {
		o.PropagationPolicy = &v
	}
	if v := r.Param("orphanDependents"); v != "" {
		b, err := strconv.ParseBool(v)
		if err != nil {
			return o, statusResponse(badRequest(err.Error()))
		}
		o.OrphanDependents = &b
	}
	o.DryRun = r.Query["dryRun"]
	if len(skipSpace(r.Body)) > 0 {
		if err := apijson.Unmarshal(r.Body, &o); err != nil {
			return o, unrecognizedOptions(err, r.Body)
		}
	}
	for _, v := range o.DryRun {
		if v != "All" {
			return o, statusResponse(optionsInvalid("DeleteOptions", api.FieldError{Type: api.ErrTypeUnsupported, Field: "dryRun",
				BadValue: o.DryRun, Detail: `supported values: "All"`}))
		}
	}
	if p := o.PropagationPolicy; p != nil {
		switch {
		case *p != store.PropagationForeground && *p != store.PropagationBackground && *p != store.PropagationOrphan:
			return o, statusResponse(optionsInvalid("DeleteOptions", api.FieldError{Type: api.ErrTypeUnsupported, Field: "propagationPolicy",
				BadValue: *p, Detail: `supported values: "Foreground", "Background", "Orphan", "nil"`}))
		case o.OrphanDependents != nil:
			return o, statusResponse(optionsInvalid("DeleteOptions", api.FieldError{Type: api.ErrTypeInvalid, Field: "propagationPolicy",
				BadValue: *p, Detail: "orphanDependents and deletionPropagation cannot be both set"}))
		}
	}
	return o, nil
}

// unrecognizedOptions is upstream's answer to a body that is not
// DeleteOptions: its decoder's error, as a plain 500 with no reason.
func unrecognizedOptions(err error, body []byte) *Response {
	msg := strings.ReplaceAll(err.Error(), "struct field deleteOptions.", "struct field DeleteOptions.")
	if !apijson.Valid(body) {
		msg = "couldn't get version/kind; json parse error: " + msg
	}
	return statusResponse(&Status{Kind: "Status", APIVersion: "v1", Status: "Failure", Message: msg, Code: 500})
}

// storeOptions is what the store's delete takes: the propagation policy
// (a Job's and a ReplicationController's default is to orphan, as
// upstream keeps for their v1 clients), and the grace period (a negative
// one is 1 s, as upstream's pod strategy makes it).
func (o deleteOptions) storeOptions(k *api.Kind) store.DeleteOptions {
	var so store.DeleteOptions
	switch {
	case o.PropagationPolicy != nil:
		so.PropagationPolicy = *o.PropagationPolicy
	case o.OrphanDependents != nil && *o.OrphanDependents:
		so.PropagationPolicy = store.PropagationOrphan
	case o.OrphanDependents == nil && (k.Kind == "Job" || k.Kind == "ReplicationController"):
		so.PropagationPolicy = store.PropagationOrphan
	}
	if g := o.GracePeriodSeconds; g != nil {
		grace := max(*g, 0)
		if *g < 0 {
			grace = 1
		}
		so.GracePeriodSeconds = &grace
	}
	return so
}

// checkPreconditions refuses a delete whose preconditions the stored
// object does not meet, in upstream's words (which name the kind, not the
// resource).
func (o deleteOptions) checkPreconditions(k *api.Kind, old api.Object) *Status {
	if o.Preconditions == nil {
		return nil
	}
	m := old.GetObjectMeta()
	what := qualifiedKind(k)
	conflict := func(msg string) *Status {
		return failure(409, api.ReasonConflict, fmt.Sprintf("Operation cannot be fulfilled on %s %q: %s", what, m.Name, msg),
			&StatusDetails{Name: m.Name, Group: k.Group, Kind: k.Kind})
	}
	if u := o.Preconditions.UID; u != nil && *u != m.UID {
		return conflict(fmt.Sprintf("the UID in the precondition (%s) does not match the UID in record (%s). The object might have been deleted and then recreated", *u, m.UID))
	}
	if rv := o.Preconditions.ResourceVersion; rv != nil && *rv != m.ResourceVersion {
		return conflict(fmt.Sprintf("the ResourceVersion in the precondition (%s) does not match the ResourceVersion in record (%s). The object might have been modified", *rv, m.ResourceVersion))
	}
	return nil
}

// returnsDeletedObject lists the kinds whose delete answers with the
// object even when it is gone at once (upstream's ReturnDeletedObject);
// the others answer with a Success Status. An object that stays —
// Terminating, or held by finalizers — is always returned.
var returnsDeletedObject = map[string]bool{
	"Pod": true, "Service": true, "ServiceAccount": true, "Namespace": true, "PersistentVolume": true,
	"PersistentVolumeClaim": true, "ResourceQuota": true, "StorageClass": true,
}

// delete answers DELETE on an object.
func (s *Server) delete(r *Request, rt route, kind *api.Kind) *Response {
	opts, miss := readDeleteOptions(r)
	if miss != nil {
		return miss
	}
	o, gone, st := s.deleteOne(kind, rt.Namespace, rt.Name, opts)
	if st != nil {
		return statusResponse(st)
	}
	if gone && !returnsDeletedObject[kind.Kind] {
		m := o.GetObjectMeta()
		return deleted(kind, m.Name, m.UID)
	}
	return objectResponse(200, kind, o)
}

// deleteOne deletes one object (or, in a dry run, finds it), and reports
// whether it is gone.
func (s *Server) deleteOne(kind *api.Kind, namespace, name string, opts deleteOptions) (api.Object, bool, *Status) {
	st := s.c.Store()
	old, err := st.Get(kind, namespace, name)
	if err != nil {
		return nil, false, apiStatus(err, kind)
	}
	if failed := opts.checkPreconditions(kind, old); failed != nil {
		return nil, false, failed
	}
	if len(opts.DryRun) > 0 {
		return old, true, nil
	}
	o, err := st.Delete(kind, namespace, name, opts.storeOptions(kind))
	if err != nil {
		return nil, false, apiStatus(err, kind)
	}
	_, err = st.Get(kind, namespace, name)
	return o, err != nil, nil
}

// deleteCollection answers DELETE on a collection: every object the
// selectors keep is deleted with the same options, and the answer is the
// list of them as each delete left it.
func (s *Server) deleteCollection(r *Request, rt route, kind *api.Kind) *Response {
	q, miss := s.readListQuery(r, kind)
	if miss != nil {
		return miss
	}
	opts, miss := readDeleteOptions(r)
	if miss != nil {
		return miss
	}
	objs, _, miss := s.listAt(q, rt, kind)
	if miss != nil {
		return miss
	}
	var out []api.Object
	for _, o := range objs {
		m := o.GetObjectMeta()
		d, _, st := s.deleteOne(kind, m.Namespace, m.Name, opts)
		if st != nil {
			if st.Code == 404 {
				continue // gone meanwhile (a cascade), as upstream skips it
			}
			return statusResponse(st)
		}
		out = append(out, d)
	}
	return listResponse(kind, out, ListMeta{ResourceVersion: strconv.FormatInt(s.c.Store().Revision(), 10)})
}
