package kubectl

import (
	"fmt"
	"strings"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/apijson"
	"github.com/kubeloop/kubeloop/core/yaml"
)

// getOutputFormats are the -o values get prints (real kubectl names more:
// realGetOutputFormats); the template ones are parsed by parseTemplateOutput.
var getOutputFormats = []string{"custom-columns", "json", "jsonpath", "name", "wide", "yaml"}

// getGroup is what `get` found for one kind.
type getGroup struct {
	kind *api.Kind
	objs []api.Object
}

// runGet prints the objects asked for (TYPE[,TYPE] [NAME...] or
// TYPE/NAME...) in the format asked, or starts a watch on them.
func runGet(c *invocation, args []string) {
	pos, f, ok := c.parse(args,
		flagDef{long: "output", short: "o"},
		flagDef{long: "selector", short: "l"},
		flagDef{long: "field-selector"},
		flagDef{long: "all-namespaces", short: "A", boolean: true},
		flagDef{long: "show-labels", boolean: true},
		flagDef{long: "show-kind", boolean: true},
		flagDef{long: "label-columns", short: "L"},
		flagDef{long: "sort-by"},
		flagDef{long: "watch", short: "w", boolean: true},
		flagDef{long: "watch-only", boolean: true},
		flagDef{long: "no-headers", boolean: true},
		flagDef{long: "allow-missing-template-keys", boolean: true, def: "true"},
		flagDef{long: "template"},
		flagDef{long: "show-managed-fields", boolean: true},
	)
	if !ok {
		return
	}
	if len(pos) == 0 {
		c.err.WriteString("You must specify the type of resource to get. Use \"kubectl api-resources\" for a complete list of supported resources.\n\n")
		c.fail("Required resource not specified.\nUse \"kubectl explain <resource>\" for a detailed description of that resource (e.g. kubectl explain pods).\nSee 'kubectl get -h' for help and examples")
		return
	}
	q := getQuery{f: f, sel: readListSelect(f), allNS: f.boolean("all-namespaces"), ns: namespaceOf(f),
		noHeaders: f.boolean("no-headers"), watching: f.boolean("watch") || f.boolean("watch-only")}
	if !c.readGetFormat(&q) {
		return
	}
	reqs, ok := c.getRequests(pos)
	if !ok || !c.checkGetRequests(q, reqs) {
		return
	}
	found, ok := c.fetchGetGroups(q, reqs)
	if !ok {
		return
	}
	defer c.writeGetErrors(found.errs)
	// One object asked by name prints as itself, not as a list.
	single := found.named == 1 && len(reqs) == 1 && len(found.all) == 1
	switch {
	case q.watching:
		c.startGetWatch(q, reqs[0], found)
	case q.templated != nil:
		c.printGetTemplated(q, found, single)
	case q.format == "yaml" || q.format == "json":
		c.printGetDocuments(q, found, single)
	case len(found.all) == 0:
		c.printGetNothingFound(q, reqs, found)
	case q.format == "name":
		for _, o := range found.all {
			c.printf("%s\n", qualifiedName(api.KindOf(o), o.GetObjectMeta().Name))
		}
	default:
		c.printGetTables(q, found, len(reqs) > 1 || f.boolean("show-kind"))
	}
}

// getQuery is how `get` was asked to select and print: its flags, read once.
type getQuery struct {
	f         *flags
	format    string          // -o, with --template joined to a jsonpath
	templated *templateOutput // the parsed template format, or nil
	sel       listSelect
	allNS     bool
	ns        string
	noHeaders bool
	watching  bool // -w or --watch-only
}

// getRequest is one kind asked for, and the names asked of it.
type getRequest struct {
	kind  *api.Kind
	names []string // nil: list
}

// getFound is what the store answered to the requests.
type getFound struct {
	groups []getGroup   // one per request that could be listed or fetched
	all    []api.Object // the objects of all groups, in order
	errs   []string     // the errors to print after the output
	named  int          // how many names were asked
}

// readGetFormat sets q's output format and template, and reports whether
// they are valid (having printed the error if not).
func (c *invocation) readGetFormat(q *getQuery) bool {
	q.format = q.f.str("output")
	if t := q.f.str("template"); t != "" && q.format == "jsonpath" {
		q.format += "=" + t // -o jsonpath --template=…, the same as -o jsonpath=…
	}
	templated, isTemplate, err := parseTemplateOutput(q.format, q.f.boolean("allow-missing-template-keys"), !q.noHeaders)
	if err != nil {
		c.fail("%v", err)
		return false
	}
	if !isTemplate {
		if err := checkOutputFormat(q.format, realGetOutputFormats, getOutputFormats); err != nil {
			c.fail("%v", err)
			return false
		}
	}
	q.templated = templated
	return true
}

// getRequests are the kinds and names the positional arguments ask for,
// one request per kind in the order first named; false if an argument is
// wrong (the error printed).
func (c *invocation) getRequests(pos []string) ([]*getRequest, bool) {
	var reqs []*getRequest
	byKind := map[*api.Kind]*getRequest{}
	add := func(k *api.Kind, name string, named bool) {
		r := byKind[k]
		if r == nil {
			r = &getRequest{kind: k}
			byKind[k] = r
			reqs = append(reqs, r)
		}
		if named {
			r.names = append(r.names, name)
		}
	}
	if strings.Contains(pos[0], "/") {
		for _, p := range pos {
			typ, name, found := strings.Cut(p, "/")
			if !found {
				c.fail("there is no need to specify a resource type as a separate argument when passing arguments in resource/name form (e.g. 'kubectl get resource/<resource_name>' instead of 'kubectl get resource resource/<resource_name>'")
				return nil, false
			}
			k := c.resolveKind(typ)
			if k == nil {
				return nil, false
			}
			add(k, name, true)
		}
		return reqs, true
	}
	for _, typ := range strings.Split(pos[0], ",") {
		if typ == "" {
			continue
		}
		kinds := categoryAll()
		if typ != "all" {
			k := c.resolveKind(typ)
			if k == nil {
				return nil, false
			}
			kinds = []*api.Kind{k}
		}
		for _, k := range kinds {
			if len(pos) == 1 {
				add(k, "", false)
			}
			for _, name := range pos[1:] {
				add(k, name, true)
			}
		}
	}
	return reqs, true
}

// checkGetRequests reports whether the requests go with the flags: no
// names beside a selector, and a watch on one kind and at most one name.
func (c *invocation) checkGetRequests(q getQuery, reqs []*getRequest) bool {
	for _, r := range reqs {
		if r.names != nil && q.sel.given() {
			c.fail("name cannot be provided when a selector is specified")
			return false
		}
	}
	if q.watching && (len(reqs) != 1 || len(reqs[0].names) > 1) {
		found := len(reqs)
		if found == 1 {
			found = len(reqs[0].names)
		}
		c.fail("watch is only supported on individual resources and resource collections, but %d resources were found", found)
		return false
	}
	return true
}

// namespaceFor is the namespace a request reads: none for a cluster-scoped
// kind or a list across all namespaces.
func (q getQuery) namespaceFor(r *getRequest) string {
	if !r.kind.Namespaced || (q.allNS && r.names == nil) {
		return ""
	}
	return q.ns
}

// fetchGetGroups gets the named objects and lists the rest, sorted as
// --sort-by asks; false if the sort key is wrong (the error printed).
func (c *invocation) fetchGetGroups(q getQuery, reqs []*getRequest) (getFound, bool) {
	st := c.env.Store()
	var found getFound
	for _, r := range reqs {
		space := q.namespaceFor(r)
		g := getGroup{kind: r.kind}
		if r.names != nil {
			for _, name := range r.names {
				found.named++
				o, err := st.Get(r.kind, space, name)
				if err != nil {
					found.errs = append(found.errs, formatError(err, "", ""))
					continue
				}
				g.objs = append(g.objs, o)
			}
		} else if err := q.sel.check(r.kind); err != nil {
			found.errs = append(found.errs, formatError(err, "", ""))
			continue
		} else {
			for _, o := range st.List(r.kind, space) {
				if q.sel.matches(o) {
					g.objs = append(g.objs, o)
				}
			}
		}
		if by := q.f.str("sort-by"); by != "" && len(r.names) == 0 {
			if err := sortObjects(g.objs, by); err != nil {
				c.fail("%v", err)
				return found, false
			}
		}
		found.groups = append(found.groups, g)
	}
	for _, g := range found.groups {
		found.all = append(found.all, g.objs...)
	}
	return found, true
}

// writeGetErrors prints the errors of the objects not found, after the
// output, and makes the command fail if there were any.
func (c *invocation) writeGetErrors(errs []string) {
	for _, e := range errs {
		c.err.WriteString(e)
		c.code = 1
	}
}

// startGetWatch prints what was found (unless --watch-only) and leaves the
// watch on request r for the caller to keep printing.
func (c *invocation) startGetWatch(q getQuery, r *getRequest, found getFound) {
	if len(found.errs) > 0 {
		return
	}
	w := newWatch(c.env.Store(), r.kind, q.namespaceFor(r), r.names, q.sel, q.format, q.allNS && r.kind.Namespaced, q.f.boolean("show-labels"))
	w.labelColumns = labelColumns(q.f)
	w.template = q.templated
	w.noHeaders = q.noHeaders
	if !q.f.boolean("watch-only") {
		c.out.WriteString(w.print(found.all, true))
	}
	c.watch = w
}

// printGetTemplated prints what was found through a template format
// (jsonpath, go-template, custom-columns), all of it or none.
func (c *invocation) printGetTemplated(q getQuery, found getFound, single bool) {
	if len(found.all) == 0 && len(found.errs) > 0 {
		return
	}
	// Built apart, so that a failing template prints nothing of it;
	// bounded, so that one past the limit stops there.
	b := boundedBuilder{max: outputLimit + 1}
	if err := q.templated.print(&b, found.all, single); err != nil {
		c.fail("%v", err)
		return
	}
	for _, p := range b.pieces {
		c.out.WriteString(p)
	}
}

// printGetDocuments prints what was found as YAML or JSON: one object as
// itself, more as a List.
func (c *invocation) printGetDocuments(q getQuery, found getFound, single bool) {
	all := found.all
	if !q.f.boolean("show-managed-fields") {
		all = withoutManagedFields(all)
	}
	if single {
		c.printObject(all[0], q.format)
		return
	}
	if len(all) == 0 && len(found.errs) > 0 {
		return
	}
	c.printList(all, q.format)
}

// printGetNothingFound says that a list found nothing, unless an error
// says more.
func (c *invocation) printGetNothingFound(q getQuery, reqs []*getRequest, found getFound) {
	if len(found.errs) != 0 {
		return
	}
	if q.allNS || !anyNamespaced(reqs, func(r *getRequest) *api.Kind { return r.kind }) {
		c.err.WriteString("No resources found\n")
	} else {
		fmt.Fprintf(&c.err, "No resources found in %s namespace.\n", q.ns)
	}
}

// printGetTables prints one table per kind found, a blank line between.
func (c *invocation) printGetTables(q getQuery, found getFound, withKind bool) {
	first := true
	for _, g := range found.groups {
		if len(g.objs) == 0 {
			continue
		}
		if !first {
			c.out.WriteString("\n")
		}
		first = false
		rows := tableRows(g, c.env.Store().Clock().Now(), q.format == "wide", q.allNS && g.kind.Namespaced,
			q.f.boolean("show-labels"), withKind, labelColumns(q.f)...)
		if q.noHeaders {
			rows = rows[1:]
		}
		c.out.WriteString(formatTable(rows))
	}
}

// categoryAll is what "kubectl get all" lists: the resources in the "all"
// category, in the order API discovery serves them (core, apps,
// autoscaling, batch; each group's resources alphabetically). Listed even
// when empty, they make a table of several kinds, so every row is named
// kind/name.
func categoryAll() []*api.Kind {
	var kinds []*api.Kind
	for _, r := range []string{"pods", "replicationcontrollers", "services", "daemonsets", "deployments",
		"replicasets", "statefulsets", "horizontalpodautoscalers", "cronjobs", "jobs"} {
		kinds = append(kinds, api.ResourceFor(r))
	}
	return kinds
}

func anyNamespaced[T any](xs []T, kind func(T) *api.Kind) bool {
	for _, x := range xs {
		if kind(x).Namespaced {
			return true
		}
	}
	return false
}

// tableRows are the header and one row per object of a table; each of
// labelCols (-L) adds a column of that label's values, headed by its
// name after any prefix, upper-cased.
func tableRows(g getGroup, now time.Time, wide, nsColumn, showLabels, withKind bool, labelCols ...string) [][]string {
	head := headersFor(g.kind, wide)
	if nsColumn {
		head = append([]string{"NAMESPACE"}, head...)
	}
	for _, l := range labelCols {
		head = append(head, strings.ToUpper(l[strings.LastIndexByte(l, '/')+1:]))
	}
	if showLabels {
		head = append(head, "LABELS")
	}
	rows := [][]string{head}
	nameCol := 0
	if g.kind.Kind == "Event" {
		nameCol = -1
	}
	for _, o := range g.objs {
		r := rowFor(g.kind, o, now, wide)
		if withKind && nameCol == 0 {
			r[0] = qualifiedName(g.kind, r[0])
		}
		if nsColumn {
			r = append([]string{o.GetObjectMeta().Namespace}, r...)
		}
		for _, l := range labelCols {
			r = append(r, o.GetObjectMeta().Labels[l])
		}
		if showLabels {
			r = append(r, labelsColumn(o.GetObjectMeta().Labels))
		}
		rows = append(rows, r)
	}
	return rows
}

// printObject prints one object read from the API server as -o yaml or
// -o json: kubectl holds it unstructured, so its keys print sorted.
func (c *invocation) printObject(o api.Object, format string) {
	c.printEncoded(o, format, yaml.EncodeJSON)
}

// printEncoded prints o as -o yaml, or as -o json written by encodeJSON.
func (c *invocation) printEncoded(o api.Object, format string, encodeJSON func(api.Object) (string, error)) {
	var text string
	var err error
	if format == "yaml" {
		text, err = yaml.Encode(o)
	} else {
		text, err = encodeJSON(o)
	}
	if err != nil {
		c.fail("%v", err)
		return
	}
	c.out.WriteString(withNewline(text))
}

// printList prints objects as a kind: List, as kubectl does for more than
// one object (or none) in -o yaml and -o json.
func (c *invocation) printList(objs []api.Object, format string) {
	if format == "yaml" {
		text, err := yaml.EncodeList(objs)
		if err != nil {
			c.fail("%v", err)
			return
		}
		c.out.WriteString(withNewline(text))
		return
	}
	items := make([]apijson.RawMessage, 0, len(objs))
	for _, o := range objs {
		text, err := yaml.EncodeJSON(o)
		if err != nil {
			c.fail("%v", err)
			return
		}
		items = append(items, apijson.RawMessage(text))
	}
	list := map[string]any{
		"apiVersion": "v1",
		"kind":       "List",
		"items":      items,
		"metadata":   map[string]any{"resourceVersion": ""},
	}
	b, err := apijson.MarshalIndent(list, "", "    ")
	if err != nil {
		c.fail("%v", err)
		return
	}
	c.out.WriteString(string(b) + "\n")
}

func withNewline(s string) string {
	if s != "" && !strings.HasSuffix(s, "\n") {
		return s + "\n"
	}
	return s
}

// labelColumns are the labels -L/--label-columns asked for, in order:
// the flag repeats and takes comma-separated lists.
func labelColumns(f *flags) []string {
	var out []string
	for _, u := range f.uses {
		if u.name != "label-columns" {
			continue
		}
		for _, l := range strings.Split(u.value, ",") {
			if l = strings.TrimSpace(l); l != "" {
				out = append(out, l)
			}
		}
	}
	return out
}
