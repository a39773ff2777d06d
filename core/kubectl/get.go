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
	format := f.str("output")
	if t := f.str("template"); t != "" && format == "jsonpath" {
		format += "=" + t // -o jsonpath --template=…, the same as -o jsonpath=…
	}
	noHeaders := f.boolean("no-headers")
	templated, isTemplate, err := parseTemplateOutput(format, f.boolean("allow-missing-template-keys"), !noHeaders)
	if err != nil {
		c.fail("%v", err)
		return
	}
	if !isTemplate {
		if err := checkOutputFormat(format, realGetOutputFormats, getOutputFormats); err != nil {
			c.fail("%v", err)
			return
		}
	}
	sel := readListSelect(f)
	allNS := f.boolean("all-namespaces")
	ns := namespaceOf(f)

	// What was asked: TYPE[,TYPE] [NAME...] or TYPE/NAME...
	type request struct {
		kind  *api.Kind
		names []string // nil: list
	}
	var reqs []*request
	byKind := map[*api.Kind]*request{}
	add := func(k *api.Kind, name string, named bool) {
		r := byKind[k]
		if r == nil {
			r = &request{kind: k}
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
				return
			}
			k := c.resolveKind(typ)
			if k == nil {
				return
			}
			add(k, name, true)
		}
	} else {
		for _, typ := range strings.Split(pos[0], ",") {
			if typ == "" {
				continue
			}
			kinds := categoryAll()
			if typ != "all" {
				k := c.resolveKind(typ)
				if k == nil {
					return
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
	}
	for _, r := range reqs {
		if r.names != nil && sel.given() {
			c.fail("name cannot be provided when a selector is specified")
			return
		}
	}
	watching := f.boolean("watch") || f.boolean("watch-only")
	if watching && (len(reqs) != 1 || len(reqs[0].names) > 1) {
		found := len(reqs)
		if found == 1 {
			found = len(reqs[0].names)
		}
		c.fail("watch is only supported on individual resources and resource collections, but %d resources were found", found)
		return
	}
	st := c.env.Store()
	var groups []getGroup
	var errs []string
	named := 0
	for _, r := range reqs {
		space := ns
		if !r.kind.Namespaced || (allNS && r.names == nil) {
			space = ""
		}
		g := getGroup{kind: r.kind}
		if r.names != nil {
			for _, name := range r.names {
				named++
				o, err := st.Get(r.kind, space, name)
				if err != nil {
					errs = append(errs, formatError(err, "", ""))
					continue
				}
				g.objs = append(g.objs, o)
			}
		} else if err := sel.check(r.kind); err != nil {
			errs = append(errs, formatError(err, "", ""))
			continue
		} else {
			for _, o := range st.List(r.kind, space) {
				if sel.matches(o) {
					g.objs = append(g.objs, o)
				}
			}
		}
		if by := f.str("sort-by"); by != "" && len(r.names) == 0 {
			if err := sortObjects(g.objs, by); err != nil {
				c.fail("%v", err)
				return
			}
		}
		groups = append(groups, g)
	}
	defer func() {
		for _, e := range errs {
			c.err.WriteString(e)
			c.code = 1
		}
	}()
	var all []api.Object
	for _, g := range groups {
		all = append(all, g.objs...)
	}
	if watching {
		if len(errs) > 0 {
			return
		}
		r := reqs[0]
		space := ns
		if !r.kind.Namespaced || (allNS && r.names == nil) {
			space = ""
		}
		w := newWatch(st, r.kind, space, r.names, sel, format, allNS && r.kind.Namespaced, f.boolean("show-labels"))
		w.labelColumns = labelColumns(f)
		w.template = templated
		w.noHeaders = noHeaders
		if !f.boolean("watch-only") {
			c.out.WriteString(w.print(all, true))
		}
		c.watch = w
		return
	}
	if templated != nil {
		if len(all) == 0 && len(errs) > 0 {
			return
		}
		// Built apart, so that a failing template prints nothing of it;
		// bounded, so that one past the limit stops there.
		b := boundedBuilder{max: outputLimit + 1}
		if err := templated.print(&b, all, named == 1 && len(reqs) == 1 && len(all) == 1); err != nil {
			c.fail("%v", err)
			return
		}
		for _, p := range b.pieces {
			c.out.WriteString(p)
		}
		return
	}
	switch format {
	case "yaml", "json":
		if !f.boolean("show-managed-fields") {
			all = withoutManagedFields(all)
		}
		if named == 1 && len(reqs) == 1 && len(all) == 1 {
			c.printObject(all[0], format)
			return
		}
		if len(all) == 0 && len(errs) > 0 {
			return
		}
		c.printList(all, format)
		return
	}
	if len(all) == 0 {
		if len(errs) == 0 {
			if allNS || !anyNamespaced(reqs, func(r *request) *api.Kind { return r.kind }) {
				c.err.WriteString("No resources found\n")
			} else {
				fmt.Fprintf(&c.err, "No resources found in %s namespace.\n", ns)
			}
		}
		return
	}
	if format == "name" {
		for _, o := range all {
			c.printf("%s\n", qualifiedName(api.KindOf(o), o.GetObjectMeta().Name))
		}
		return
	}
	withKind := len(reqs) > 1 || f.boolean("show-kind")
	first := true
	for _, g := range groups {
		if len(g.objs) == 0 {
			continue
		}
		if !first {
			c.out.WriteString("\n")
		}
		first = false
		rows := tableRows(g, c.env.Store().Clock().Now(), format == "wide", allNS && g.kind.Namespaced,
			f.boolean("show-labels"), withKind, labelColumns(f)...)
		if noHeaders {
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
