package kubeproto

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"sync"
)

//go:embed schema.json
var schemaJSON []byte

// field is one field of a message (see tests/clientgo's protoField,
// which writes them).
type field struct {
	Number  int    `json:"n"`
	JSON    string `json:"json"`
	Type    string `json:"type"`
	List    bool   `json:"list"`
	Key     string `json:"key"`
	Pointer bool   `json:"pointer"`
	Inline  bool   `json:"inline"`
}

// schema is the message of each kind ("apps/v1 Deployment") and each
// message's fields by number.
type schema struct {
	Kinds    map[string]string  `json:"kinds"`
	Messages map[string][]field `json:"messages"`
	byNumber map[string]map[int]field
}

// loadSchema reads schema.json once, on the first protobuf body.
var loadSchema = sync.OnceValues(func() (*schema, error) {
	var s schema
	if err := json.Unmarshal(schemaJSON, &s); err != nil {
		return nil, fmt.Errorf("kubeproto: schema.json: %w", err)
	}
	s.byNumber = make(map[string]map[int]field, len(s.Messages))
	for name, fields := range s.Messages {
		m := make(map[int]field, len(fields))
		for _, f := range fields {
			m[f.Number] = f
		}
		s.byNumber[name] = m
	}
	return &s, nil
})

// kind is the message of a kind. DeleteOptions is meta.k8s.io's in
// whichever group version a client names it.
func (s *schema) kind(apiVersion, kind string) (string, bool) {
	if name, ok := s.Kinds[apiVersion+" "+kind]; ok {
		return name, true
	}
	name, ok := s.Kinds["meta.k8s.io/v1 "+kind]
	return name, ok
}

// namedList reports whether a message is a named list (ExtraValue): one
// repeated field 1 with no JSON name, written in JSON as the list.
func (s *schema) namedList(name string) bool {
	fields := s.Messages[name]
	return len(fields) == 1 && fields[0].List && fields[0].JSON == "" && !fields[0].Inline
}
