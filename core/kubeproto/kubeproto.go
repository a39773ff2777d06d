// Package kubeproto reads the Kubernetes protobuf encoding of the kinds
// the sandbox serves, as JSON.
//
// client-go's typed clientsets send built-in objects in it
// (application/vnd.kubernetes.protobuf): four magic bytes "k8s\x00", then
// a runtime.Unknown message — typeMeta (apiVersion = 1, kind = 2) = 1,
// raw = 2 — whose raw bytes are the object's own message. Each message's
// field numbers, JSON names and types come from schema.json, derived
// from k8s.io/api's protobuf tags by tests/clientgo (which checks it is
// current). The JSON is what the same client would have sent as JSON: a
// field that is not a pointer in Go and holds its zero value is left out,
// as it makes no difference to a Go object decoded from it.
package kubeproto

import (
	"encoding/json"
	"errors"
	"fmt"
)

// MediaType is the Content-Type of a protobuf body.
const MediaType = "application/vnd.kubernetes.protobuf"

// magic starts every protobuf body.
const magic = "k8s\x00"

// ToJSON decodes a protobuf body into the JSON of the object it holds,
// with its apiVersion and kind.
func ToJSON(body []byte) ([]byte, error) { return decodeBody(body, 0) }

// decodeBody reads a body at a depth of nesting (a raw extension may hold
// another body).
func decodeBody(body []byte, depth int) ([]byte, error) {
	if len(body) < len(magic) || string(body[:len(magic)]) != magic {
		return nil, errors.New("protobuf body does not start with the Kubernetes magic number")
	}
	env, err := readEnvelope(body[len(magic):])
	if err != nil {
		return nil, err
	}
	s, err := loadSchema()
	if err != nil {
		return nil, err
	}
	name, ok := s.kind(env.apiVersion, env.kind)
	if !ok {
		return nil, fmt.Errorf("no kind %q is registered for version %q", env.kind, env.apiVersion)
	}
	obj, err := s.decodeMessage(name, env.raw, depth)
	if err != nil {
		return nil, fmt.Errorf("%s %s: %w", env.apiVersion, env.kind, err)
	}
	fields, _ := obj.(map[string]any)
	if fields == nil {
		fields = map[string]any{}
	}
	if env.apiVersion != "" {
		fields["apiVersion"] = env.apiVersion
	}
	fields["kind"] = env.kind
	return json.Marshal(fields)
}

// envelope is runtime.Unknown: the object's type and its own message.
type envelope struct {
	apiVersion, kind string
	raw              []byte
}

func readEnvelope(b []byte) (envelope, error) {
	var env envelope
	err := eachField(b, func(number int, wire wireType, v uint64, data []byte) error {
		switch {
		case number == 1 && wire == wireBytes:
			return eachField(data, func(n int, w wireType, _ uint64, d []byte) error {
				switch {
				case n == 1 && w == wireBytes:
					env.apiVersion = string(d)
				case n == 2 && w == wireBytes:
					env.kind = string(d)
				}
				return nil
			})
		case number == 2 && wire == wireBytes:
			env.raw = data
		}
		return nil
	})
	if err == nil && env.kind == "" {
		err = errors.New("protobuf envelope names no kind")
	}
	return env, err
}
