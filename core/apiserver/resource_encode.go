package apiserver

import (
	"reflect"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/apijson"
)

// An object is written as upstream's JSON serializer writes it: kind and
// apiVersion first, then the object's fields. Items of a list carry
// neither (the list names the kind once), whatever the stored object's
// TypeMeta holds.

// encodeObject writes o as an object of kind k.
func encodeObject(k *api.Kind, o api.Object) ([]byte, error) {
	body, err := apijson.Marshal(withoutTypeMeta(o))
	if err != nil {
		return nil, err
	}
	head := append([]byte(`{"kind":`), apijson.Quote(k.Kind)...)
	head = append(append(head, `,"apiVersion":`...), apijson.Quote(k.APIVersion())...)
	if len(body) > 2 {
		head = append(head, ',')
	}
	return append(head, body[1:]...), nil
}

// encodeList writes objs as a <Kind>List.
func encodeList(k *api.Kind, objs []api.Object, meta ListMeta) ([]byte, error) {
	m, err := apijson.Marshal(meta)
	if err != nil {
		return nil, err
	}
	b := append([]byte(`{"kind":`), apijson.Quote(k.Kind+"List")...)
	b = append(append(append(b, `,"apiVersion":`...), apijson.Quote(k.APIVersion())...), `,"metadata":`...)
	b = append(append(b, m...), `,"items":[`...)
	for i, o := range objs {
		item, err := apijson.Marshal(withoutTypeMeta(o))
		if err != nil {
			return nil, err
		}
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, item...)
	}
	return append(b, "]}"...), nil
}

// withoutTypeMeta is o, or a shallow copy of it with TypeMeta cleared
// when it has one: stored objects are shared and never changed.
func withoutTypeMeta(o api.Object) api.Object {
	if *o.GetTypeMeta() == (api.TypeMeta{}) {
		return o
	}
	v := reflect.ValueOf(o).Elem()
	c := reflect.New(v.Type())
	c.Elem().Set(v)
	out := c.Interface().(api.Object)
	*out.GetTypeMeta() = api.TypeMeta{}
	return out
}

// objectResponse writes one object with code.
func objectResponse(code int, k *api.Kind, o api.Object) *Response {
	b, err := encodeObject(k, o)
	if err != nil {
		return statusResponse(internalError(err.Error()))
	}
	return &Response{Code: code, Header: map[string]string{"Content-Type": "application/json"}, Body: b}
}

// listResponse writes a list.
func listResponse(k *api.Kind, objs []api.Object, meta ListMeta) *Response {
	b, err := encodeList(k, objs, meta)
	if err != nil {
		return statusResponse(internalError(err.Error()))
	}
	return &Response{Code: 200, Header: map[string]string{"Content-Type": "application/json"}, Body: b}
}
