package apiserver

import (
	"errors"
	"fmt"
	"reflect"
	"sort"
	"strings"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/apijson"
	"github.com/kubeloop/kubeloop/core/patch"
	"github.com/kubeloop/kubeloop/core/yaml"
)

// apply answers server-side apply (PATCH with application/apply-patch+yaml,
// `kubectl apply --server-side`): the body is the manager's whole intent
// for the object. Its fields are merged into the live object (which is
// created if missing); the manager owns exactly the fields it applied;
// fields it applied before and no longer does, and no one else owns, are
// removed; changing a field another manager owns is a 409 conflict unless
// force=true, which takes the field over.
func (s *Server) apply(r *Request, rt route, kind *api.Kind) *Response {
	manager := r.Param("fieldManager")
	if manager == "" {
		return statusResponse(failure(422, "Invalid", `PatchOptions.meta.k8s.io "" is invalid: fieldManager: Required value: is required for apply patch`,
			&StatusDetails{Group: "meta.k8s.io", Kind: "PatchOptions", Causes: []StatusCause{{Type: "FieldValueRequired", Message: "Required value: is required for apply patch", Field: "fieldManager"}}}))
	}
	if st := checkDryRun(r); st != nil {
		return statusResponse(st)
	}
	cfg, st := s.decodeApplied(r, rt, kind)
	if st != nil {
		return statusResponse(st)
	}
	w := walker{kind: kind.Kind}
	applied := newFieldSet()
	w.applied(ownedPart(cfg), nil, nil, applied)
	live, err := s.c.Store().Get(kind, rt.Namespace, rt.Name)
	if err != nil {
		if !api.IsNotFound(err) {
			return statusResponse(storeFailure(err, kind, kind.Resource, rt.Name))
		}
		return s.applyCreate(r, rt, kind, cfg, manager, applied)
	}
	return s.applyUpdate(r, kind, live, cfg, manager, applied, r.Param("force") == "true")
}

// decodeApplied reads the applied configuration (YAML or JSON) and checks
// it names the object of the URL, with fields its kind has.
func (s *Server) decodeApplied(r *Request, rt route, kind *api.Kind) (map[string]any, *Status) {
	j, err := yaml.ToJSON(string(r.Body))
	if err != nil {
		return nil, failure(400, "BadRequest", "error decoding YAML: "+err.Error(), nil)
	}
	v, err := patch.Decode(j)
	if err != nil {
		return nil, failure(400, "BadRequest", jsonSyntaxError(err), nil)
	}
	cfg, ok := v.(map[string]any)
	if !ok {
		return nil, failure(400, "BadRequest", fmt.Sprintf("json: cannot unmarshal %s into Go value of type map[string]interface {}", patch.JSONKind(v)), nil)
	}
	apiVersion, _ := cfg["apiVersion"].(string)
	kindName, _ := cfg["kind"].(string)
	if apiVersion != kind.APIVersion() || kindName != kind.Kind {
		group, version := "", apiVersion
		if i := strings.IndexByte(apiVersion, '/'); i >= 0 {
			group, version = apiVersion[:i], apiVersion[i+1:]
		}
		return nil, failure(400, "BadRequest", fmt.Sprintf("invalid object type: %s/%s, Kind=%s", group, version, kindName), nil)
	}
	meta, _ := cfg["metadata"].(map[string]any)
	name, _ := meta["name"].(string)
	if name != rt.Name {
		return nil, failure(400, "BadRequest", fmt.Sprintf("the name of the object (%s) does not match the name on the URL (%s)", name, rt.Name), nil)
	}
	namespace, _ := meta["namespace"].(string)
	if namespace != "" && kind.Namespaced && namespace != rt.Namespace {
		return nil, failure(400, "BadRequest", "the namespace of the provided object does not match the namespace sent on the request", nil)
	}
	if unknown := patch.UnknownFields(cfg, reflect.TypeOf(kind.New())); len(unknown) > 0 {
		return nil, failure(500, "", fmt.Sprintf("failed to create typed patch object (%s/%s; %s, Kind=%s): .%s: field not declared in schema",
			namespace, name, apiVersion, kindName, unknown[0]), nil)
	}
	if _, err := decodeInto(kind, cfg); err != nil {
		return nil, failure(500, "", fmt.Sprintf("failed to create typed patch object (%s/%s; %s, Kind=%s): %s", namespace, name, apiVersion, kindName, typedError(err)), nil)
	}
	// The status of the main resource is not the applier's to set.
	delete(cfg, "status")
	delete(meta, "managedFields")
	return cfg, nil
}

// typedError words a value of the wrong type as structured-merge-diff
// does where it can (".spec.replicas: expected numeric (int or float),
// got string"), else as the decoder did.
func typedError(err error) string {
	var te *apijson.UnmarshalTypeError
	if !errors.As(err, &te) || te.Field == "" {
		return err.Error()
	}
	got := strings.Fields(te.Value)[0]
	switch te.Type.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Uint, reflect.Uint8,
		reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Float32, reflect.Float64:
		return fmt.Sprintf(".%s: expected numeric (int or float), got %s", te.Field, got)
	}
	return "." + te.Field + ": " + err.Error()
}

// ownedPart is what of an applied configuration a manager owns: without
// the type, the server's metadata and, left empty by that, the metadata.
func ownedPart(cfg map[string]any) map[string]any {
	out := stripIgnored(cfg)
	if m, ok := out["metadata"].(map[string]any); ok && len(m) == 0 {
		delete(out, "metadata")
	}
	return out
}

// applyCreate creates the object an apply names, owned by its applier.
func (s *Server) applyCreate(r *Request, rt route, kind *api.Kind, cfg map[string]any, manager string, applied *fieldSet) *Response {
	if kind.Namespaced {
		meta, _ := cfg["metadata"].(map[string]any)
		if meta == nil {
			meta = map[string]any{}
			cfg["metadata"] = meta
		}
		meta["namespace"] = rt.Namespace
	}
	o, err := decodeInto(kind, cfg)
	if err != nil {
		return statusResponse(failure(400, "BadRequest", err.Error(), nil))
	}
	t := api.NewTime(s.c.Now())
	entry := &managerEntry{name: manager, operation: "Apply", apiVersion: kind.APIVersion(), time: &t, set: applied}
	o.GetObjectMeta().ManagedFields = writeManagers([]*managerEntry{entry})
	if r.Param("dryRun") == "All" {
		api.Default(o)
		if err := api.Validate(o, nil); err != nil {
			return statusResponse(storeFailure(err, kind, kind.Resource, rt.Name))
		}
		return patchedObjectResponse(201, o)
	}
	stored, err := s.c.Store().Create(o)
	if err != nil {
		return statusResponse(storeFailure(err, kind, kind.Resource, rt.Name))
	}
	return patchedObjectResponse(201, stored)
}

// applyUpdate applies cfg to live.
func (s *Server) applyUpdate(r *Request, kind *api.Kind, live api.Object, cfg map[string]any, manager string, applied *fieldSet, force bool) *Response {
	w := walker{kind: kind.Kind}
	now := s.c.Now()
	entries := readManagers(live.GetObjectMeta())
	if len(entries) == 0 {
		// An object no one tracked yet: as upstream, what it holds is
		// first owned by "before-first-apply".
		changed, removed := newFieldSet(), newFieldSet()
		w.compare(objectFields(kind.New()), objectFields(live), nil, nil, changed, removed)
		e := entryFor(&entries, "before-first-apply", "Update", kind.APIVersion(), "")
		e.set = changed
		t := api.NewTime(now)
		e.time = &t
	}
	raw, err := patchEncode(live)
	if err != nil {
		return statusResponse(internalError(err.Error()))
	}
	liveJSON, _ := patch.Decode(raw)
	merged, _ := w.merge(liveJSON, cfg, nil).(map[string]any)

	self := entryFor(&entries, manager, "Apply", kind.APIVersion(), "")
	last := self.set
	self.set = applied
	for _, p := range last.paths() {
		if !ownedAtOrUnder(entries, p) {
			merged, _ = w.removePath(merged, nil, p).(map[string]any)
		}
	}

	changed, removed := newFieldSet(), newFieldSet()
	w.compare(stripIgnored(liveJSON.(map[string]any)), stripIgnored(merged), nil, nil, changed, removed)
	var conflicts []conflict
	for _, e := range entries {
		if e == self {
			continue
		}
		for _, p := range e.set.intersect(changed).paths() {
			conflicts = append(conflicts, conflict{e, p})
		}
	}
	if len(conflicts) > 0 && !force {
		conflicts = withoutClientSideApplied(w, live, manager, conflicts)
		if len(conflicts) > 0 {
			return statusResponse(conflictStatus(conflicts))
		}
	}
	for _, e := range entries {
		if e != self {
			e.set.minus(changed)
			e.set.minus(removed)
		}
	}

	next, err := decodeInto(kind, merged)
	if err != nil {
		return statusResponse(failure(400, "BadRequest", err.Error(), nil))
	}
	api.Default(next)
	if !changed.empty() || !removed.empty() || self.time == nil {
		t := api.NewTime(now)
		self.time = &t
	}
	next.GetObjectMeta().ManagedFields = writeManagers(entries)
	return s.writePatched(r, kind, live, next)
}

// withoutClientSideApplied leaves out the conflicts `kubectl apply
// --server-side` may override: as upstream's lastAppliedManager, kubectl
// (the manager "kubectl") moving an object from client-side apply takes
// over the fields its last-applied-configuration annotation sets. If
// every conflict is such a field the apply goes on, forced.
func withoutClientSideApplied(w walker, live api.Object, manager string, cs []conflict) []conflict {
	last, ok := live.GetObjectMeta().Annotations[lastAppliedAnnotation]
	if manager != "kubectl" || !ok || last == "" {
		return cs
	}
	v, err := patch.Decode([]byte(last))
	cfg, isMap := v.(map[string]any)
	if err != nil || !isMap {
		return cs
	}
	allowed := newFieldSet()
	w.applied(ownedPart(cfg), nil, nil, allowed)
	var left []conflict
	for _, c := range cs {
		if !allowed.has(c.path) {
			left = append(left, c)
		}
	}
	return left
}

// lastAppliedAnnotation is where client-side apply keeps what it applied.
const lastAppliedAnnotation = "kubectl.kubernetes.io/last-applied-configuration"

// ownedAtOrUnder reports a path some manager owns, or owns something
// under: such a field stays when its applier lets it go.
func ownedAtOrUnder(entries []*managerEntry, path []string) bool {
	for _, e := range entries {
		n := e.set
		for _, el := range path {
			if n = n.children[el]; n == nil {
				break
			}
		}
		if n != nil && !n.empty() {
			return true
		}
	}
	return false
}

// decodeInto decodes JSON into a new object of kind.
func decodeInto(kind *api.Kind, v map[string]any) (api.Object, error) {
	b, err := apijson.Marshal(v)
	if err != nil {
		return nil, err
	}
	o := kind.New()
	if err := apijson.Unmarshal(b, o); err != nil {
		return nil, err
	}
	api.SetKind(o)
	return o, nil
}

// conflict is a field an apply would change that another manager owns.
type conflict struct {
	owner *managerEntry
	path  []string
}

// conflictStatus is the 409 upstream's field manager answers, its message
// grouping the fields by manager.
func conflictStatus(cs []conflict) *Status {
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].owner.describe() < cs[j].owner.describe() })
	details := &StatusDetails{}
	for _, c := range cs {
		details.Causes = append(details.Causes, StatusCause{Type: "FieldManagerConflict", Message: "conflict with " + c.owner.describe(), Field: pathString(c.path)})
	}
	var msg string
	if len(cs) == 1 {
		msg = fmt.Sprintf("Apply failed with 1 conflict: conflict with %s: %s", cs[0].owner.describe(), pathString(cs[0].path))
	} else {
		var lines []string
		for i, c := range cs {
			if i == 0 || cs[i-1].owner != c.owner {
				lines = append(lines, fmt.Sprintf("conflicts with %s:", c.owner.describe()))
			}
			lines = append(lines, "- "+pathString(c.path))
		}
		msg = fmt.Sprintf("Apply failed with %d conflicts: %s", len(cs), strings.Join(lines, "\n"))
	}
	return failure(409, "Conflict", msg, details)
}
