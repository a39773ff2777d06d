package api

import (
	"fmt"
	"strconv"
	"strings"
)

// FieldSelector filters a list by the objects' fields, as the API server
// applies `--field-selector`: terms "field=value", "field==value" (the
// same) and "field!=value", joined by commas, every one of which must hold.
// Which fields a kind can be selected by is the API server's fixed list
// (Check); metadata.name and metadata.namespace are always among them.
type FieldSelector struct{ terms []fieldTerm }

type fieldTerm struct {
	field, value string
	not          bool
}

// fieldOperators are tried in this order at each position of a term, so
// that "a!=b" is "a" != "b" and "a==b" is not "a" = "=b".
var fieldOperators = []string{"!=", "==", "="}

// ParseFieldSelector reads a field selector as the API server does: no
// spaces are trimmed, and a value may hold ',', '=' or '\' only escaped
// with a backslash.
func ParseFieldSelector(text string) (FieldSelector, error) {
	var s FieldSelector
	for _, part := range splitFieldTerms(text) {
		if part == "" {
			continue
		}
		t, ok := splitFieldTerm(part)
		if !ok {
			return FieldSelector{}, fmt.Errorf("invalid selector: '%s'; can't understand '%s'", text, part)
		}
		var err error
		if t.value, err = unescapeFieldValue(t.value); err != nil {
			return FieldSelector{}, err
		}
		s.terms = append(s.terms, t)
	}
	return s, nil
}

// splitFieldTerms splits at the commas that are not escaped.
func splitFieldTerms(text string) []string {
	var terms []string
	start, escaped := 0, false
	for i, c := range text {
		switch {
		case escaped:
			escaped = false
		case c == '\\':
			escaped = true
		case c == ',':
			terms = append(terms, text[start:i])
			start = i + 1
		}
	}
	return append(terms, text[start:])
}

func splitFieldTerm(term string) (fieldTerm, bool) {
	for i := range term {
		for _, op := range fieldOperators {
			if strings.HasPrefix(term[i:], op) {
				return fieldTerm{field: term[:i], value: term[i+len(op):], not: op == "!="}, true
			}
		}
	}
	return fieldTerm{}, false
}

func unescapeFieldValue(v string) (string, error) {
	if !strings.ContainsAny(v, `\,=`) {
		return v, nil
	}
	var b strings.Builder
	escaped := false
	for _, c := range v {
		switch {
		case escaped:
			if c != '\\' && c != ',' && c != '=' {
				return "", fmt.Errorf("invalid field selector: invalid escape sequence: %s", `\`+string(c))
			}
			b.WriteRune(c)
			escaped = false
		case c == '\\':
			escaped = true
		case c == ',' || c == '=':
			return "", fmt.Errorf("invalid field selector: unescaped character in value: %s", string(c))
		default:
			b.WriteRune(c)
		}
	}
	if escaped {
		return "", fmt.Errorf("invalid field selector: invalid escape sequence: %s", `\`)
	}
	return b.String(), nil
}

// Empty reports whether the selector selects everything.
func (s FieldSelector) Empty() bool { return len(s.terms) == 0 }

// Check refuses a field the kind cannot be selected by, in the API
// server's words (the message after "Unable to find … field selector …:").
func (s FieldSelector) Check(k *Kind) error {
	for _, t := range s.terms {
		if err := checkSelectableField(k, t.field); err != nil {
			return err
		}
	}
	return nil
}

// Matches reports whether every term holds for o. A field Check accepts
// but the object does not carry (metadata.namespace of a Node, say)
// compares as "", as upstream.
func (s FieldSelector) Matches(o Object) bool {
	for _, t := range s.terms {
		if (selectableField(o, t.field) == t.value) == t.not {
			return false
		}
	}
	return true
}

// selectableFields are, for the kinds that have more than metadata.name
// and metadata.namespace, every field the API server accepts in a field
// selector, and the message it refuses others with.
var selectableFields = map[string]struct {
	fields  []string
	refusal string // with the field's name for %s or %q
}{
	"Pod": {[]string{"metadata.name", "metadata.namespace", "spec.nodeName", "spec.restartPolicy",
		"spec.schedulerName", "spec.serviceAccountName", "spec.hostNetwork", "status.phase",
		"status.podIP", "status.podIPs", "status.nominatedNodeName"}, "field label not supported: %s"},
	"Node":      {[]string{"metadata.name", "spec.unschedulable"}, "field label not supported: %s"},
	"Namespace": {[]string{"metadata.name", "status.phase"}, "field label not supported: %s"},
	"Event": {[]string{"involvedObject.kind", "involvedObject.namespace", "involvedObject.name",
		"involvedObject.uid", "involvedObject.apiVersion", "involvedObject.resourceVersion",
		"involvedObject.fieldPath", "reason", "reportingComponent", "source", "type",
		"metadata.namespace", "metadata.name"}, "field label not supported: %s"},
	"Secret":                    {[]string{"type", "metadata.namespace", "metadata.name"}, "field label not supported: %s"},
	"Service":                   {[]string{"metadata.namespace", "metadata.name", "spec.clusterIP", "spec.type"}, "field label not supported: %s"},
	"ReplicationController":     {[]string{"metadata.name", "metadata.namespace", "status.replicas"}, "field label not supported: %s"},
	"Job":                       {[]string{"metadata.name", "metadata.namespace", "status.successful"}, "field label %q not supported for batchv1.Job"},
	"CertificateSigningRequest": {[]string{"metadata.name", "spec.signerName"}, "field label not supported: %s"},
}

func checkSelectableField(k *Kind, field string) error {
	sf, ok := selectableFields[k.Kind]
	if !ok {
		if field == "metadata.name" || field == "metadata.namespace" {
			return nil
		}
		return fmt.Errorf("%q is not a known field selector: only %q, %q", field, "metadata.name", "metadata.namespace")
	}
	for _, f := range sf.fields {
		if f == field {
			return nil
		}
	}
	return fmt.Errorf(sf.refusal, field)
}

// selectableField is the value a field selector compares with: the API
// server's set of selectable fields for o's kind ("" for one it lacks).
func selectableField(o Object, field string) string {
	m := o.GetObjectMeta()
	switch field {
	case "metadata.name":
		return m.Name
	case "metadata.namespace":
		return m.Namespace
	}
	switch x := o.(type) {
	case *Pod:
		switch field {
		case "spec.nodeName":
			return x.Spec.NodeName
		case "spec.restartPolicy":
			return x.Spec.RestartPolicy
		case "spec.schedulerName":
			return x.Spec.SchedulerName
		case "spec.serviceAccountName":
			return x.Spec.ServiceAccountName
		case "spec.hostNetwork":
			return strconv.FormatBool(x.Spec.HostNetwork)
		case "status.phase":
			return x.Status.Phase
		case "status.podIP":
			// The first of podIPs, which the API server keeps equal to
			// podIP whichever of the two a writer set.
			if x.Status.PodIP == "" && len(x.Status.PodIPs) > 0 {
				return x.Status.PodIPs[0].IP
			}
			return x.Status.PodIP
		case "status.nominatedNodeName":
			return x.Status.NominatedNodeName
		}
	case *Node:
		if field == "spec.unschedulable" {
			return strconv.FormatBool(x.Spec.Unschedulable)
		}
	case *Namespace:
		if field == "status.phase" {
			return x.Status.Phase
		}
	case *Event:
		return eventField(x, field)
	case *Secret:
		if field == "type" {
			return x.Type
		}
	case *Service:
		switch field {
		case "spec.clusterIP":
			return x.Spec.ClusterIP
		case "spec.type":
			return x.Spec.Type
		}
	case *ReplicationController:
		if field == "status.replicas" {
			return strconv.Itoa(int(x.Status.Replicas))
		}
	case *Job:
		if field == "status.successful" {
			return strconv.Itoa(int(x.Status.Succeeded))
		}
	case *CertificateSigningRequest:
		if field == "spec.signerName" {
			return x.Spec.SignerName
		}
	}
	return ""
}

func eventField(e *Event, field string) string {
	ref := &e.InvolvedObject
	switch field {
	case "involvedObject.kind":
		return ref.Kind
	case "involvedObject.namespace":
		return ref.Namespace
	case "involvedObject.name":
		return ref.Name
	case "involvedObject.uid":
		return ref.UID
	case "involvedObject.apiVersion":
		return ref.APIVersion
	case "involvedObject.resourceVersion":
		return ref.ResourceVersion
	case "involvedObject.fieldPath":
		return ref.FieldPath
	case "reason":
		return e.Reason
	case "reportingComponent":
		return e.ReportingComponent
	case "source":
		// The reporting controller when an Event names no source component.
		if e.Source.Component != "" {
			return e.Source.Component
		}
		return e.ReportingComponent
	case "type":
		return e.Type
	}
	return ""
}
