package kubectl

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/apijson"
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

func decodeJSON(b []byte) (any, error) {
	var v any
	if err := apijson.Decode(b, &v, apijson.Options{UseNumber: true}); err != nil {
		return nil, err
	}
	return v, nil
}

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

// applyPatch patches live's JSON and decodes the result strictly into a new
// object of its kind, keeping live's status (patches of the main resource
// do not touch it). The error is the text kubectl would print.
func applyPatch(live api.Object, typ string, patch any) (api.Object, string) {
	raw, err := apijson.Marshal(live)
	if err != nil {
		return nil, "error: " + err.Error()
	}
	doc, err := decodeJSON(raw)
	if err != nil {
		return nil, "error: " + err.Error()
	}
	var patched any
	switch typ {
	case "json":
		ops, err := decodeJSONPatch(patch)
		if err != nil {
			return nil, "Error from server (BadRequest): " + err.Error()
		}
		if patched, err = applyJSONPatch(doc, ops); err != nil {
			// The API server answers a patch that does not apply with a
			// bare 422 (apimachinery's NewGenericServerResponse, which
			// keeps the jsonpatch error out of the response), and
			// kubectl prints its generic message: the reason is lost.
			return nil, "The request is invalid: " + unprocessableMessage
		}
	case "merge":
		patched = mergePatch(doc, patch)
	default:
		pm, ok := patch.(map[string]any)
		if !ok {
			return nil, fmt.Sprintf("Error from server (BadRequest): json: cannot unmarshal %s into Go value of type map[string]interface {}", jsonKind(patch))
		}
		dm, _ := doc.(map[string]any)
		merged, err := strategicMerge(dm, pm, nil)
		if err != nil {
			return nil, "Error from server: " + err.Error()
		}
		if merged == nil {
			merged = map[string]any{}
		}
		patched = merged
	}
	invalid := func(reason string) string {
		return fmt.Sprintf("The request is invalid: patch: Invalid value: %q: %s", fmt.Sprintf("%v", goValue(patch)), reason)
	}
	result, ok := patched.(map[string]any)
	if !ok {
		return nil, invalid(fmt.Sprintf("json: cannot unmarshal %s into Go value of type %s", jsonKind(patched), reflect.TypeOf(live).Elem()))
	}
	kind := api.KindOf(live)
	if unknown := unknownFields(result, reflect.TypeOf(live)); len(unknown) > 0 {
		return nil, invalid(strictDecodingError(unknown))
	}
	if dm, ok := doc.(map[string]any); ok {
		if status, has := dm["status"]; has {
			result["status"] = status
		} else {
			delete(result, "status")
		}
	}
	b, err := apijson.Marshal(result)
	if err != nil {
		return nil, invalid(err.Error())
	}
	next := kind.New()
	if err := apijson.Unmarshal(b, next); err != nil {
		return nil, invalid(err.Error())
	}
	api.SetKind(next)
	lm, nm := live.GetObjectMeta(), next.GetObjectMeta()
	if nm.Name != lm.Name {
		return nil, fmt.Sprintf("Error from server (BadRequest): the name of the object (%s) does not match the name on the URL (%s)", nm.Name, lm.Name)
	}
	if nm.Namespace != lm.Namespace {
		return nil, "Error from server (BadRequest): the namespace of the provided object does not match the namespace sent on the request"
	}
	return next, ""
}

// unprocessableMessage is the message of the API server's generic 422.
const unprocessableMessage = "the server rejected our request due to an error in our request"
