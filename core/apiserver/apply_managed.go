package apiserver

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/patch"
)

// metadata.managedFields: which manager set which fields. Every write
// through the API server records it as upstream's field manager does: an
// Update (create, update, patch) gives its manager the fields it added or
// changed and takes them from every other manager; an Apply gives its
// manager exactly the fields it applied (apply.go).

// managerEntry is one entry of metadata.managedFields, its set decoded.
type managerEntry struct {
	name, operation, apiVersion, subresource string
	time                                     *api.Time
	set                                      *fieldSet
}

// same reports the entry of one manager: upstream's manager identifier,
// which leaves the time out, and the apiVersion for an applier.
func (e *managerEntry) same(name, operation, apiVersion, subresource string) bool {
	return e.name == name && e.operation == operation && e.subresource == subresource &&
		(operation == "Apply" || e.apiVersion == apiVersion)
}

// describe is how a conflict names the manager: "kubectl-create" using
// apps/v1 for an updater, the applier's name alone.
func (e *managerEntry) describe() string {
	s := fmt.Sprintf("%q", e.name)
	if e.subresource != "" {
		s += fmt.Sprintf(" with subresource %q", e.subresource)
	}
	if e.operation == "Update" {
		s += " using " + e.apiVersion
	}
	return s
}

func readManagers(m *api.ObjectMeta) []*managerEntry {
	out := make([]*managerEntry, 0, len(m.ManagedFields))
	for _, f := range m.ManagedFields {
		out = append(out, &managerEntry{name: f.Manager, operation: f.Operation, apiVersion: f.APIVersion,
			subresource: f.Subresource, time: f.Time, set: parseFieldsV1(f.FieldsV1)})
	}
	return out
}

// writeManagers encodes the entries that own something, in upstream's
// order: appliers first, then by time, manager and subresource.
func writeManagers(entries []*managerEntry) []api.ManagedFieldsEntry {
	var kept []*managerEntry
	for _, e := range entries {
		if !e.set.empty() {
			kept = append(kept, e)
		}
	}
	sort.SliceStable(kept, func(i, j int) bool {
		p, q := kept[i], kept[j]
		if p.operation != q.operation {
			return p.operation < q.operation
		}
		if ps, qs := unixOf(p.time), unixOf(q.time); ps != qs {
			return ps < qs
		}
		if p.name != q.name {
			return p.name < q.name
		}
		return p.subresource < q.subresource
	})
	var out []api.ManagedFieldsEntry
	for _, e := range kept {
		out = append(out, api.ManagedFieldsEntry{Manager: e.name, Operation: e.operation, APIVersion: e.apiVersion,
			Time: e.time, FieldsType: "FieldsV1", FieldsV1: e.set.fieldsV1(), Subresource: e.subresource})
	}
	return out
}

func unixOf(t *api.Time) int64 {
	if t == nil {
		return 0
	}
	return t.Unix()
}

// entryFor returns the entry of a manager, added if missing.
func entryFor(entries *[]*managerEntry, name, operation, apiVersion, subresource string) *managerEntry {
	for _, e := range *entries {
		if e.same(name, operation, apiVersion, subresource) {
			e.apiVersion = apiVersion
			return e
		}
	}
	e := &managerEntry{name: name, operation: operation, apiVersion: apiVersion, subresource: subresource, set: newFieldSet()}
	*entries = append(*entries, e)
	return e
}

// objectFields is an object's JSON without what no manager owns.
func objectFields(o api.Object) map[string]any {
	raw, err := patchEncode(o)
	if err != nil {
		return map[string]any{}
	}
	v, err := patch.Decode(raw)
	if err != nil {
		return map[string]any{}
	}
	m, _ := v.(map[string]any)
	return stripIgnored(m)
}

// trackUpdate records an Update by manager that turns live into next (live
// nil for a create) in next's managedFields. next must be defaulted, as
// the server stores it. As upstream, an object that has no managed fields
// (one the sandbox's own kubectl or controllers made) is not tracked on
// update: tracking starts with a create or an apply through the API.
func trackUpdate(kind *api.Kind, live, next api.Object, manager, subresource string, now time.Time) {
	nm := next.GetObjectMeta()
	var entries []*managerEntry
	old := kind.New()
	if live != nil {
		if len(live.GetObjectMeta().ManagedFields) == 0 {
			nm.ManagedFields = nil
			return
		}
		entries = readManagers(live.GetObjectMeta())
		old = live
	}
	w := walker{kind: kind.Kind}
	changed, removed := newFieldSet(), newFieldSet()
	w.compare(objectFields(old), objectFields(next), nil, nil, changed, removed)
	for _, e := range entries {
		e.set.minus(changed)
		e.set.minus(removed)
	}
	if !changed.empty() {
		e := entryFor(&entries, manager, "Update", kind.APIVersion(), subresource)
		e.set.union(changed)
		t := api.NewTime(now)
		e.time = &t
	}
	nm.ManagedFields = writeManagers(entries)
}

// managerFromRequest is the fieldManager parameter, or, as upstream,
// the User-Agent up to its first "/" ("kubectl" for kubectl/v1.32.4 …).
func managerFromRequest(r *Request) string {
	if m := r.Param("fieldManager"); m != "" {
		return m
	}
	ua := r.HeaderValue("User-Agent")
	if i := strings.Index(ua, "/"); i >= 0 {
		ua = ua[:i]
	}
	return ua
}
