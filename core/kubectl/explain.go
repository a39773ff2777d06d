package kubectl

import (
	"errors"
	"strings"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/explain"
)

// FieldDocser is an Env that can describe fields for kubectl explain
// (core/cluster, with the descriptions its host gave it).
type FieldDocser interface {
	FieldDocs() explain.Docs
}

func registerExplain() {
	commands["explain"] = runExplain
}

var explainFlags = []flagDef{
	{long: "recursive", boolean: true, def: "false"},
	{long: "api-version"},
	{long: "output", short: "o", def: "plaintext"},
}

// runExplain prints a kind's or a field's schema: `kubectl explain
// deployment.spec.strategy`, `kubectl explain pods --recursive`.
func runExplain(c *invocation, args []string) {
	pos, f, ok := c.parse(args, explainFlags...)
	if !ok {
		return
	}
	switch {
	case len(pos) == 0:
		c.fail("You must specify the type of resource to explain. Use \"kubectl api-resources\" for a complete list of supported resources.")
		return
	case len(pos) > 1:
		c.fail("We accept only this format: explain RESOURCE")
		return
	}
	if o := f.str("output"); o != "plaintext" && o != "plaintext-openapiv2" {
		c.fail("unsupported output format: %s", o)
		return
	}
	kind, path, errText := explainTarget(pos[0])
	if errText != "" {
		c.fail("%s", errText)
		return
	}
	if v := f.str("api-version"); v != "" {
		if errText := checkExplainVersion(kind, v); errText != "" {
			c.fail("%s", errText)
			return
		}
	}
	var docs explain.Docs
	if d, ok := c.env.(FieldDocser); ok {
		docs = d.FieldDocs()
	}
	recursive := f.boolean("recursive")
	if docs == nil {
		recursive = true // the field tree, which needs no descriptions
	}
	out, err := explain.Explain(explain.Default(), explain.Request{Kind: kind, Path: path, Recursive: recursive}, docs)
	var fe *explain.FieldError
	if errors.As(err, &fe) {
		c.fail("%v", fe)
		return
	}
	c.printf("%s", out)
	if docs == nil {
		c.err.WriteString("note: the field descriptions are still loading; run the command again in a moment to read them\n")
	}
}

// explainTarget splits "deployments.apps.spec.strategy" into the kind and
// the field path, as kubectl does: the first word names the resource, and
// when the text goes on with the resource's group ("deployments.apps"),
// that part names it too.
func explainTarget(arg string) (*api.Kind, []string, string) {
	first, rest, _ := strings.Cut(arg, ".")
	kind := api.ResourceFor(first)
	if kind == nil || strings.Contains(first, "/") {
		return nil, nil, "the server doesn't have a resource type \"" + first + "\""
	}
	if gr := kind.GroupResource(); kind.Group != "" && (arg == gr || strings.HasPrefix(arg, gr+".")) {
		rest = strings.TrimPrefix(strings.TrimPrefix(arg, gr), ".")
	}
	var path []string
	if rest != "" {
		path = strings.Split(rest, ".")
	}
	return kind, path, ""
}

// checkExplainVersion answers --api-version as kubectl does against a
// server: an unknown group/version is not found at all, a served one that
// lacks the kind has no schema for it.
func checkExplainVersion(kind *api.Kind, apiVersion string) string {
	if apiVersion == kind.APIVersion() {
		return ""
	}
	group, version, ok := strings.Cut(apiVersion, "/")
	if !ok {
		group, version = "", apiVersion
	}
	gvr := group + "/" + version + ", Resource=" + kind.Resource
	for _, k := range api.Kinds {
		if k.Group == group && k.Version == version {
			return "GVR (" + gvr + ") not found in OpenAPI schema"
		}
	}
	return "couldn't find resource for \"" + gvr + "\""
}
