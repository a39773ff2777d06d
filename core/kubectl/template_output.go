package kubectl

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/kubectl/jsonpath"
	"github.com/kubeloop/kubeloop/core/yaml"
)

// `-o jsonpath=TEMPLATE` and `-o custom-columns=HEADER:PATH,…`: output
// shaped by JSONPath (package jsonpath) over the objects' JSON, as kubectl
// prints it. jsonpath sees one object when one was named, and otherwise a
// List of them, as -o json would print; custom-columns prints a row per
// object under its headers. Both print nothing for a field an object
// lacks — custom-columns "<none>" — unless
// --allow-missing-template-keys=false.
type templateOutput struct {
	format  string             // "jsonpath" or "custom-columns"
	text    string             // the template as given, for errors
	tmpl    *jsonpath.Template // jsonpath
	columns []customColumn     // custom-columns
	missing bool               // --allow-missing-template-keys
	headers bool               // custom-columns: not --no-headers
}

type customColumn struct {
	header string
	path   *jsonpath.Template
}

// parseTemplateOutput reads -o's value; ok false when it is not a
// template format.
func parseTemplateOutput(format string, allowMissing, headers bool) (t *templateOutput, ok bool, err error) {
	name, text, _ := strings.Cut(format, "=")
	switch name {
	case "jsonpath":
		if text == "" {
			return nil, true, fmt.Errorf("template format specified but no template given")
		}
		tmpl, err := jsonpath.Parse(text)
		if err != nil {
			return nil, true, err
		}
		return &templateOutput{format: name, text: text, tmpl: tmpl, missing: allowMissing}, true, nil
	case "custom-columns":
		if text == "" {
			return nil, true, fmt.Errorf("custom-columns format specified but no custom columns given")
		}
		t := &templateOutput{format: name, text: text, missing: true, headers: headers}
		for _, spec := range strings.Split(text, ",") {
			header, path, found := strings.Cut(spec, ":")
			if !found || header == "" {
				return nil, true, fmt.Errorf("unexpected custom-columns spec: %s, expected <header>:<json-path-expr>", spec)
			}
			text, err := relaxedPath(path)
			if err != nil {
				return nil, true, err
			}
			tmpl, err := jsonpath.Parse(text)
			if err != nil {
				return nil, true, err
			}
			t.columns = append(t.columns, customColumn{header: header, path: tmpl})
		}
		return t, true, nil
	}
	return nil, false, nil
}

// relaxedPath is a field path as custom-columns and --sort-by accept it —
// a.b, .a.b, {a.b} or {.a.b} — as a template: {.a.b}.
func relaxedPath(p string) (string, error) {
	if p == "" {
		return "", nil
	}
	spec := p
	if strings.HasPrefix(spec, "{") && strings.HasSuffix(spec, "}") {
		spec = spec[1 : len(spec)-1]
	}
	spec = strings.TrimPrefix(spec, ".")
	if spec == "" || strings.ContainsAny(spec, "{}") {
		return "", fmt.Errorf("unexpected path string, expected a 'name1.name2' or '.name1.name2' or '{name1.name2}' or '{.name1.name2}'")
	}
	return "{." + spec + "}", nil
}

// genericsOf are objects' JSON forms (yaml.Generic).
func genericsOf(objs []api.Object) ([]any, error) {
	items := make([]any, 0, len(objs))
	for _, o := range objs {
		v, err := yaml.Generic(o)
		if err != nil {
			return nil, err
		}
		items = append(items, v)
	}
	return items, nil
}

// print writes objs: one object when single, else a List of them; or,
// for custom-columns, a table with a row per object.
//
// It writes to b until b refuses (a bounded writer's errOutputFull): what
// b kept is the output, and no error is returned for it.
func (t *templateOutput) print(b io.StringWriter, objs []api.Object, single bool) error {
	if t.format == "custom-columns" {
		rows, err := t.columnRows(objs)
		if err != nil {
			return err
		}
		if !t.headers {
			rows = rows[1:]
		}
		b.WriteString(formatTable(rows))
		return nil
	}
	items, err := genericsOf(objs)
	if err != nil {
		return err
	}
	var data any
	if single && len(items) == 1 {
		data = items[0]
	} else {
		data = map[string]any{"apiVersion": "v1", "kind": "List", "items": items,
			"metadata": map[string]any{"resourceVersion": ""}}
	}
	if err := t.tmpl.Execute(b, data, t.missing); errors.Is(err, errOutputFull) {
		return nil
	} else if err != nil {
		return fmt.Errorf("error executing jsonpath %q: Error executing template: %v. Printing more information for debugging the template:\n"+
			"\ttemplate was:\n\t\t%s\n\tobject given to jsonpath engine was:\n\t\t%v\n", t.text, err, t.text, data)
	}
	return nil
}

// columnRows are custom-columns' headers and a row per object.
func (t *templateOutput) columnRows(objs []api.Object) ([][]string, error) {
	items, err := genericsOf(objs)
	if err != nil {
		return nil, err
	}
	head := make([]string, len(t.columns))
	for i, c := range t.columns {
		head[i] = c.header
	}
	rows := [][]string{head}
	for _, item := range items {
		row := make([]string, len(t.columns))
		for i, c := range t.columns {
			results, err := c.path.Results(item, true)
			if err != nil {
				return nil, err
			}
			var cells []string
			for _, r := range results {
				for _, v := range r {
					cells = append(cells, fmt.Sprint(v))
				}
			}
			row[i] = strings.Join(cells, ",")
			if len(cells) == 0 {
				row[i] = "<none>"
			}
		}
		rows = append(rows, row)
	}
	return rows, nil
}
