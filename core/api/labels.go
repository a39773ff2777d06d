package api

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

// LabelSelector is the selector written in a manifest.
type LabelSelector struct {
	MatchLabels      map[string]string          `json:"matchLabels,omitempty"`
	MatchExpressions []LabelSelectorRequirement `json:"matchExpressions,omitempty"`
}

// LabelSelectorRequirement is one matchExpressions entry.
type LabelSelectorRequirement struct {
	Key      string   `json:"key"`
	Operator string   `json:"operator"`
	Values   []string `json:"values,omitempty"`
}

// Selector operators.
const (
	OpIn           = "In"
	OpNotIn        = "NotIn"
	OpExists       = "Exists"
	OpDoesNotExist = "DoesNotExist"
	opEquals       = "="
	opNotEquals    = "!="
)

// Selector is a compiled label selector: a conjunction of requirements.
// The zero Selector matches everything; Nothing() matches nothing.
type Selector struct {
	reqs    []requirement
	nothing bool
}

type requirement struct {
	key    string
	op     string
	values []string
}

func (r requirement) matches(labels map[string]string) bool {
	v, has := labels[r.key]
	switch r.op {
	case opEquals, OpIn:
		return has && slices.Contains(r.values, v)
	case opNotEquals, OpNotIn:
		return !has || !slices.Contains(r.values, v)
	case OpExists:
		return has
	case OpDoesNotExist:
		return !has
	}
	return false
}

func (r requirement) String() string {
	switch r.op {
	case opEquals:
		return r.key + "=" + r.values[0]
	case opNotEquals:
		return r.key + "!=" + r.values[0]
	case OpIn:
		return r.key + " in (" + strings.Join(r.values, ",") + ")"
	case OpNotIn:
		return r.key + " notin (" + strings.Join(r.values, ",") + ")"
	case OpExists:
		return r.key
	default:
		return "!" + r.key
	}
}

// Everything matches all labels; Nothing matches none.
func Everything() Selector { return Selector{} }
func Nothing() Selector    { return Selector{nothing: true} }

// Matches reports whether labels satisfy every requirement.
func (s Selector) Matches(labels map[string]string) bool {
	if s.nothing {
		return false
	}
	for _, r := range s.reqs {
		if !r.matches(labels) {
			return false
		}
	}
	return true
}

// Implies reports whether every label set s matches carries each label of
// set with its value, so SelectorFromSet(set) matches it too: a loop over
// objects already known to match s can then skip that second check.
func (s Selector) Implies(set map[string]string) bool {
	for k, v := range set {
		if !slices.ContainsFunc(s.reqs, func(r requirement) bool {
			return r.key == k && (r.op == opEquals || r.op == OpIn) && len(r.values) == 1 && r.values[0] == v
		}) {
			return false
		}
	}
	return true
}

// Empty reports whether the selector matches everything.
func (s Selector) Empty() bool { return !s.nothing && len(s.reqs) == 0 }

// String prints the selector as kubectl does (app=nginx,tier in (a,b)).
func (s Selector) String() string {
	parts := make([]string, len(s.reqs))
	for i, r := range s.reqs {
		parts[i] = r.String()
	}
	return strings.Join(parts, ",")
}

// AsSelector compiles a manifest selector. A nil selector matches nothing
// (as metav1.LabelSelectorAsSelector); an empty one matches everything.
func (ls *LabelSelector) AsSelector() (Selector, error) {
	if ls == nil {
		return Nothing(), nil
	}
	var s Selector
	keys := make([]string, 0, len(ls.MatchLabels))
	for k := range ls.MatchLabels {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		s.reqs = append(s.reqs, requirement{key: k, op: opEquals, values: []string{ls.MatchLabels[k]}})
	}
	for _, e := range ls.MatchExpressions {
		r := requirement{key: e.Key, op: e.Operator, values: slices.Clone(e.Values)}
		switch e.Operator {
		case OpIn, OpNotIn:
			if len(e.Values) == 0 {
				return Selector{}, fmt.Errorf("values: Required value: must be specified when `operator` is 'In' or 'NotIn'")
			}
			sort.Strings(r.values)
		case OpExists, OpDoesNotExist:
			if len(e.Values) > 0 {
				return Selector{}, fmt.Errorf("values: Forbidden: may not be specified when `operator` is 'Exists' or 'DoesNotExist'")
			}
		default:
			return Selector{}, fmt.Errorf("operator: Unsupported value: %q: supported values: \"In\", \"NotIn\", \"Exists\", \"DoesNotExist\"", e.Operator)
		}
		s.reqs = append(s.reqs, r)
	}
	s.sortByKey()
	return s, nil
}

// sortByKey orders requirements by key, as upstream does, so selectors
// print the same however they were written.
func (s *Selector) sortByKey() {
	sort.SliceStable(s.reqs, func(i, j int) bool { return s.reqs[i].key < s.reqs[j].key })
}

// SelectorFromSet is the equality selector for a set of labels.
func SelectorFromSet(set map[string]string) Selector {
	s, _ := (&LabelSelector{MatchLabels: set}).AsSelector()
	return s
}

// ParseSelector reads kubectl's -l syntax: k=v, k==v, k!=v, k in (a,b),
// k notin (a), k, !k — joined by commas.
func ParseSelector(text string) (Selector, error) {
	var s Selector
	for _, part := range splitSelector(text) {
		p := strings.TrimSpace(part)
		if p == "" {
			continue
		}
		r, err := parseRequirement(p)
		if err != nil {
			return Selector{}, fmt.Errorf("unable to parse requirement: %v", err)
		}
		s.reqs = append(s.reqs, r)
	}
	s.sortByKey()
	return s, nil
}

// splitSelector splits on commas that are not inside parentheses.
func splitSelector(text string) []string {
	var parts []string
	depth, start := 0, 0
	for i, c := range text {
		switch c {
		case '(':
			depth++
		case ')':
			depth--
		case ',':
			if depth == 0 {
				parts = append(parts, text[start:i])
				start = i + 1
			}
		}
	}
	return append(parts, text[start:])
}

func parseRequirement(p string) (requirement, error) {
	if k, ok := strings.CutPrefix(p, "!"); ok {
		return requirement{key: strings.TrimSpace(k), op: OpDoesNotExist}, validLabelKey(strings.TrimSpace(k))
	}
	if i := strings.Index(p, "!="); i >= 0 {
		return eqReq(p[:i], opNotEquals, p[i+2:])
	}
	if i := strings.Index(p, "=="); i >= 0 {
		return eqReq(p[:i], opEquals, p[i+2:])
	}
	if i := strings.Index(p, "="); i >= 0 {
		return eqReq(p[:i], opEquals, p[i+1:])
	}
	fields := strings.Fields(p)
	if len(fields) == 1 {
		return requirement{key: fields[0], op: OpExists}, validLabelKey(fields[0])
	}
	open := strings.Index(p, "(")
	if open < 0 || !strings.HasSuffix(p, ")") {
		return requirement{}, fmt.Errorf("found '%s', expected: '=', '!=', '==', 'in', notin'", strings.Join(fields[1:], " "))
	}
	head := strings.Fields(p[:open])
	if len(head) != 2 {
		return requirement{}, fmt.Errorf("expected: key followed by 'in' or 'notin'")
	}
	op := map[string]string{"in": OpIn, "notin": OpNotIn}[head[1]]
	if op == "" {
		return requirement{}, fmt.Errorf("found '%s', expected: 'in', 'notin'", head[1])
	}
	var values []string
	for _, v := range strings.Split(p[open+1:len(p)-1], ",") {
		values = append(values, strings.TrimSpace(v))
	}
	sort.Strings(values)
	return requirement{key: head[0], op: op, values: values}, validLabelKey(head[0])
}

func eqReq(k, op, v string) (requirement, error) {
	k, v = strings.TrimSpace(k), strings.TrimSpace(v)
	return requirement{key: k, op: op, values: []string{v}}, validLabelKey(k)
}

func validLabelKey(k string) error {
	if k == "" {
		return fmt.Errorf("key is empty")
	}
	return nil
}

// SelectorMatchesTemplate reports whether a selector selects its template's
// labels: the rule behind "`selector` does not match template `labels`".
func SelectorMatchesTemplate(ls *LabelSelector, templateLabels map[string]string) bool {
	s, err := ls.AsSelector()
	return err == nil && !s.Empty() && s.Matches(templateLabels)
}
