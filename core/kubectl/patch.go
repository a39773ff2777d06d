package kubectl

import (
	"fmt"
	"strings"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/apijson"
	"github.com/kubeloop/kubeloop/core/patch"
	"github.com/kubeloop/kubeloop/core/yaml"
)

// runPatch is `kubectl patch TYPE NAME -p PATCH [--type=strategic|merge|json]`.
// The patch is applied here, as the API server would apply it, to the
// object's JSON; the result is decoded strictly (an unknown field is an
// error, as with the server's strict field validation) and written back.
func runPatch(c *invocation, args []string) {
	pos, f, ok := c.parse(args,
		flagDef{long: "patch", short: "p"},
		flagDef{long: "patch-file"},
		flagDef{long: "type", def: "strategic"},
		recordFlag,
	)
	if !ok {
		return
	}
	if !f.has("patch") && !f.has("patch-file") {
		c.fail("must specify --patch or --patch-file containing the contents of the patch")
		return
	}
	if f.has("patch") && f.has("patch-file") {
		c.fail("cannot specify --patch and --patch-file together")
		return
	}
	typ := f.str("type")
	if typ != "json" && typ != "merge" && typ != "strategic" {
		c.fail("--type must be one of [json merge strategic], not %q", typ)
		return
	}
	text := f.str("patch")
	if file := f.str("patch-file"); file != "" {
		b, err := c.env.ReadFile(file)
		if err != nil {
			c.fail("unable to read patch file: open %s: no such file or directory", file)
			return
		}
		text = string(b)
	}
	ts, kindOnly, ok := c.namedTargets(pos)
	if !ok {
		return
	}
	if kindOnly != nil {
		c.fail("resource(s) were provided, but no name was specified")
		return
	}
	patch, err := parsePatch(text)
	if err != nil {
		c.fail("unable to parse %q: %v", text, err)
		return
	}
	cause := changeCause([]string{"patch"}, pos, f)
	for _, t := range ts {
		c.patchOne(t, f, typ, patch, cause)
	}
}

// parsePatch reads a patch written as JSON or YAML into decoded JSON
// (numbers kept exact).
func parsePatch(text string) (any, error) {
	b := []byte(text)
	if t := strings.TrimSpace(text); !strings.HasPrefix(t, "{") && !strings.HasPrefix(t, "[") || !apijson.Valid(b) {
		converted, err := yaml.ToJSON(text)
		if err != nil {
			return nil, err
		}
		b = converted
	}
	return decodeJSON(b)
}

func decodeJSON(b []byte) (any, error) { return patch.Decode(b) }

// patchOne patches one object and prints the outcome.
func (c *invocation) patchOne(t target, f *flags, typ string, patch any, cause string) {
	st := c.env.Store()
	live, ok := c.live(t, f)
	if !ok {
		return
	}
	next, errText := applyPatch(live, typ, patch)
	if errText != "" {
		c.code = 1
		c.err.WriteString(errText + "\n")
		return
	}
	name := qualifiedName(t.kind, t.name)
	cand := api.DeepCopyObject(next)
	api.Default(cand)
	if sameJSON(cand, live) {
		c.printf("%s patched (no change)\n", name)
		return
	}
	recordChange(next.GetObjectMeta(), f, cause)
	if _, err := st.Update(next); err != nil {
		c.apiError(err, "", "")
		return
	}
	c.printf("%s patched\n", name)
}

// applyPatch patches live (core/patch, as the API server patches) and
// words a refusal as kubectl prints the server's answer.
func applyPatch(live api.Object, typ string, p any) (api.Object, string) {
	next, err := patch.Object(live, typ, p)
	if err == nil {
		return next, ""
	}
	switch {
	case err.Invalid != "":
		return nil, fmt.Sprintf("The request is invalid: patch: Invalid value: %q: %s", fmt.Sprintf("%v", patch.GoValue(p)), err.Invalid)
	case err.Code == 422:
		// The reason of a JSON patch that does not apply is lost: kubectl
		// prints the generic message.
		return nil, "The request is invalid: " + err.Message
	case err.Reason == "":
		return nil, "Error from server: " + err.Message
	}
	return nil, fmt.Sprintf("Error from server (%s): %s", err.Reason, err.Message)
}
