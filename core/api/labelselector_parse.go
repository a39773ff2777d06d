package api

import "fmt"

// LabelSelector is s as a manifest writes it, as apimachinery's
// ParseToLabelSelector gives it: equalities in matchLabels, set-based
// requirements as matchExpressions, in s's key order. A manifest has no
// operator for != : such a selector is refused, as kubectl refuses it.
func (s Selector) LabelSelector() (*LabelSelector, error) {
	ls := &LabelSelector{}
	for _, r := range s.reqs {
		switch r.op {
		case opEquals:
			if ls.MatchLabels == nil {
				ls.MatchLabels = map[string]string{}
			}
			ls.MatchLabels[r.key] = r.values[0]
		case opNotEquals:
			return nil, fmt.Errorf("%q is not a valid label selector operator", r.op)
		default:
			ls.MatchExpressions = append(ls.MatchExpressions, LabelSelectorRequirement{Key: r.key, Operator: r.op, Values: r.values})
		}
	}
	return ls, nil
}
