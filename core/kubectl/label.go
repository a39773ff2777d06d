package kubectl

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/apijson"
)

// This file is `kubectl label` and `kubectl annotate`: KEY=VALUE sets,
// KEY- removes, an existing different value needs --overwrite.

// metaEdit is one label or annotation command being run.
type metaEdit struct {
	noun    string // "label" or "annotation"
	set     map[string]string
	order   []string // keys of set, as given
	remove  []string
	targets []string // the resource arguments
}

// parseMetaEdit splits the positional arguments into resources, KEY=VALUE
// and KEY- as kubectl does.
func parseMetaEdit(noun string, pos []string) (*metaEdit, error) {
	e := &metaEdit{noun: noun, set: map[string]string{}}
	for _, p := range pos {
		switch {
		case strings.Contains(p, "="):
			k, v, _ := strings.Cut(p, "=")
			if noun == "label" {
				if err := validLabel(p, k, v); err != nil {
					return nil, err
				}
			} else if k == "" {
				return nil, fmt.Errorf("invalid annotation format: %s", p)
			}
			if _, dup := e.set[k]; !dup {
				e.order = append(e.order, k)
			}
			e.set[k] = v
		case strings.HasSuffix(p, "-") && p != "-":
			// As kubectl: any argument ending in "-" removes a key, a
			// prefixed one (example.com/key-) too.
			e.remove = append(e.remove, strings.TrimSuffix(p, "-"))
		default:
			e.targets = append(e.targets, p)
		}
	}
	if len(e.set) == 0 && len(e.remove) == 0 {
		return nil, fmt.Errorf("at least one %s update is required", noun)
	}
	for _, k := range e.remove {
		if _, ok := e.set[k]; ok {
			return nil, fmt.Errorf("can not both modify and remove %s in the same command", map[string]string{"label": "a label", "annotation": "an annotation"}[noun])
		}
	}
	return e, nil
}

// validLabel checks a label's key and value with kubectl's messages.
func validLabel(spec, k, v string) error {
	if len(v) > 63 || !api.IsLabelValue(v) {
		return fmt.Errorf("invalid label value: %q: a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')", spec)
	}
	name := k
	if prefix, n, ok := strings.Cut(k, "/"); ok {
		if prefix == "" || len(prefix) > 253 || !api.IsDNS1123Subdomain(prefix) {
			return fmt.Errorf("invalid label spec: %s", spec)
		}
		name = n
	}
	if len(name) > 63 || !api.IsQualifiedNamePart(name) {
		return fmt.Errorf("invalid label spec: %s", spec)
	}
	return nil
}

func runLabel(c *invocation, args []string) { c.runMetaEdit("label", args) }

func runAnnotate(c *invocation, args []string) { c.runMetaEdit("annotation", args) }

// runMetaEdit is `kubectl label` or `kubectl annotate` (noun "label" or
// "annotation"): the edit applied to each object named or selected.
func (c *invocation) runMetaEdit(noun string, args []string) {
	pos, f, ok := c.parse(args,
		flagDef{long: "overwrite", boolean: true},
		flagDef{long: "all", boolean: true},
		flagDef{long: "selector", short: "l"},
		flagDef{long: "field-selector"},
		recordFlag,
	)
	if !ok {
		return
	}
	edit, err := parseMetaEdit(noun, pos)
	if err != nil {
		c.fail("%v", err)
		return
	}
	ts, ok := c.metaEditTargets(edit.targets, f)
	if !ok {
		return
	}
	verb := map[string]string{"label": "label", "annotation": "annotate"}[noun]
	cause := changeCause([]string{verb}, pos, f)
	for _, t := range ts {
		if !c.editMeta(t, edit, f, cause) {
			return
		}
	}
}

// metaEditTargets are the objects the resource arguments name, or those
// -l, --field-selector or --all select of a kind named alone; false when
// there are none (said on stderr) or they cannot be found.
func (c *invocation) metaEditTargets(args []string, f *flags) ([]target, bool) {
	if len(args) == 0 {
		c.fail("one or more resources must be specified as <resource> <name> or <resource>/<name>")
		return nil, false
	}
	ts, kindOnly, ok := c.targets(args)
	if !ok {
		return nil, false
	}
	if kindOnly != nil {
		objs, ok := c.selected(kindOnly, f, namespaceFor(kindOnly, f))
		if !ok {
			return nil, false
		}
		for _, o := range objs {
			ts = append(ts, target{kindOnly, o.GetObjectMeta().Name})
		}
		if len(ts) == 0 {
			fmt.Fprintf(&c.err, "No resources found in %s namespace.\n", namespaceOf(f))
			return nil, false
		}
	}
	return ts, true
}

// editMeta applies the edit to one object, writes it when that changed
// it, and says what became of it as kubectl does; false when it failed.
func (c *invocation) editMeta(t target, edit *metaEdit, f *flags, cause string) bool {
	live, ok := c.live(t, f)
	if !ok {
		return false
	}
	o := api.DeepCopyObject(live)
	m := o.GetObjectMeta()
	fields := &m.Labels
	if edit.noun == "annotation" {
		fields = &m.Annotations
	}
	// As kubectl, record first: a change-cause the command sets itself wins.
	recordChange(m, f, cause)
	if err := edit.apply(fields, f.boolean("overwrite"), &c.err); err != nil {
		c.fail("%v", err)
		return false
	}
	msg, changed := "annotated", false
	if edit.noun == "label" {
		msg, changed = labelOutcome(live, o, f.boolean("overwrite"))
	} else {
		changed = !sameJSON(o, live)
	}
	if changed {
		if _, err := c.env.Store().Update(o); err != nil {
			c.apiError(err, "", "")
			return false
		}
	}
	c.printf("%s %s\n", qualifiedName(t.kind, t.name), msg)
	return true
}

// labelOutcome is what kubectl label says of an object it edited from
// before to after: "not labeled" when nothing changed, "unlabeled" when
// it only got shorter without --overwrite, else "labeled".
func labelOutcome(before, after api.Object, overwrite bool) (msg string, changed bool) {
	b, _ := apijson.Marshal(before)
	a, _ := apijson.Marshal(after)
	if string(b) == string(a) {
		return "not labeled", false
	}
	if !overwrite && len(a) < len(b) {
		return "unlabeled", true
	}
	return "labeled", true
}

// apply changes one object's labels or annotations. Without overwrite, a
// key that already has a different value is an error (kubectl lets
// kubernetes.io/change-cause be overwritten regardless); removing a label
// that is not there is a warning on warn.
func (e *metaEdit) apply(m *map[string]string, overwrite bool, warn io.Writer) error {
	if !overwrite {
		var conflicts []string
		keys := append([]string(nil), e.order...)
		sort.Strings(keys)
		for _, k := range keys {
			cur, found := (*m)[k]
			if !found || cur == e.set[k] || (e.noun == "annotation" && k == ChangeCauseAnnotation) {
				continue
			}
			if e.noun == "label" {
				conflicts = append(conflicts, fmt.Sprintf("'%s' already has a value (%s), and --overwrite is false", k, cur))
			} else {
				conflicts = append(conflicts, fmt.Sprintf("'%s' already has a value (%s)", k, cur))
			}
		}
		switch {
		case len(conflicts) == 0:
		case e.noun == "annotation":
			return fmt.Errorf("--overwrite is false but found the following declared annotation(s): %s", strings.Join(conflicts, "; "))
		case len(conflicts) == 1:
			return fmt.Errorf("%s", conflicts[0])
		default:
			return fmt.Errorf("[%s]", strings.Join(conflicts, ", "))
		}
	}
	if *m == nil {
		*m = map[string]string{}
	}
	for _, k := range e.remove {
		if _, found := (*m)[k]; found {
			delete(*m, k)
		} else if e.noun == "label" {
			fmt.Fprintf(warn, "label %q not found.\n", k)
		}
	}
	for _, k := range e.order {
		(*m)[k] = e.set[k]
	}
	if len(*m) == 0 {
		*m = nil
	}
	return nil
}
