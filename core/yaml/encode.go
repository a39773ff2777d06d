package yaml

import (
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/apijson"
)

// Encode writes o as `kubectl get -o yaml` prints it. An object without
// apiVersion and kind gets them from its Go type (o itself is not changed).
func Encode(o api.Object) (string, error) {
	v, err := Generic(o)
	if err != nil {
		return "", err
	}
	return emitDocument(v), nil
}

// EncodeList writes objs as `kubectl get pods -o yaml` prints several: one
// v1 List holding them as items.
func EncodeList(objs []api.Object) (string, error) {
	items := make([]any, 0, len(objs))
	for _, o := range objs {
		v, err := Generic(o)
		if err != nil {
			return "", err
		}
		items = append(items, v)
	}
	return emitDocument(map[string]any{
		"apiVersion": "v1",
		"items":      items,
		"kind":       "List",
		"metadata":   map[string]any{"resourceVersion": ""},
	}), nil
}

// EncodeJSON writes o as `kubectl get -o json` prints an object read from
// the API server: kubectl decodes the server's JSON into an unstructured map
// and encodes it again, so every object's keys are in alphabetical order, all
// the way down; 4-space indentation, a final newline.
func EncodeJSON(o api.Object) (string, error) {
	v, err := Generic(o)
	if err != nil {
		return "", err
	}
	b, err := apijson.MarshalIndent(v, "", "    ")
	if err != nil {
		return "", err
	}
	return string(b) + "\n", nil
}

// EncodeTypedJSON writes o as kubectl prints an object it built itself
// (`kubectl create deployment … -o json`, with or without --dry-run): a
// typed Go object encoded in the order of its type's fields, kind before
// apiVersion as upstream's TypeMeta declares them.
func EncodeTypedJSON(o api.Object) (string, error) {
	typed := api.DeepCopyObject(o)
	k := api.KindOf(typed)
	*typed.GetTypeMeta() = api.TypeMeta{}
	b, err := apijson.Marshal(typed)
	if err != nil {
		return "", err
	}
	head := `{"kind":` + string(apijson.Quote(k.Kind)) + `,"apiVersion":` + string(apijson.Quote(k.APIVersion()))
	if len(b) > 2 {
		head += ","
	}
	compact := append([]byte(head), b[1:]...)
	b, err = apijson.MarshalIndent(apijson.RawMessage(compact), "", "    ")
	if err != nil {
		return "", err
	}
	return string(b) + "\n", nil
}

// Generic is o as JSON sees it — names, omitted fields, and the text of
// Quantity, IntOrString and Time all decided by JSON tags and marshalers —
// in the generic form the emitter writes and kubectl's JSONPath reads:
// maps, slices, strings, bools and apijson.Numbers kept as written.
func Generic(o api.Object) (any, error) {
	return apijson.Generic(withKind(o))
}

// withKind returns o, or a copy with apiVersion and kind filled in when o
// lacks them: kubectl always prints both.
func withKind(o api.Object) api.Object {
	if t := o.GetTypeMeta(); t.APIVersion != "" && t.Kind != "" {
		return o
	}
	c := api.DeepCopyObject(o)
	api.SetKind(c)
	return c
}

// EncodeValue writes a generic value — maps, slices, strings, bools and
// apijson.Numbers, as Generic returns — as `kubectl get -o yaml` would:
// keys sorted, kubectl's indentation.
func EncodeValue(v any) string { return emitDocument(v) }
