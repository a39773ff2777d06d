package kubectl

import (
	"fmt"
	"strings"

	"github.com/kubeloop/kubeloop/core/api"
)

// listSelect is what a list asks the API server to filter by: the label
// selector (-l) and the field selector (--field-selector). kubectl sends
// both as written; the server parses them, and checks that the kind can
// be selected by each field, once per kind listed.
type listSelect struct {
	labelText, fieldText string
	labels               api.Selector
	fields               api.FieldSelector
	err                  error // the first selector that does not parse
}

func readListSelect(f *flags) listSelect {
	s := listSelect{labelText: f.str("selector"), fieldText: f.str("field-selector")}
	var err error
	if s.labels, err = api.ParseSelector(s.labelText); err != nil {
		s.err = err
	} else if s.fields, err = api.ParseFieldSelector(s.fieldText); err != nil {
		s.err = err
	}
	return s
}

// check is the API server's answer to listing kind k with these
// selectors: nil, or its BadRequest in kubectl's words, which name the
// resource and both selectors.
func (s listSelect) check(k *api.Kind) error {
	err := s.err
	if err == nil {
		err = s.fields.Check(k)
	}
	if err == nil {
		return nil
	}
	return api.NewBadRequest(fmt.Sprintf("Unable to find %q that match label selector %q, field selector %q: %v",
		k.Group+"/"+k.Version+", Resource="+k.Resource, s.labelText, s.fieldText, err))
}

func (s listSelect) matches(o api.Object) bool {
	return s.labels.Matches(o.GetObjectMeta().Labels) && s.fields.Matches(o)
}

// given reports whether either selector was given: kubectl refuses names
// beside one.
func (s listSelect) given() bool {
	return strings.TrimSpace(s.labelText) != "" || strings.TrimSpace(s.fieldText) != ""
}
