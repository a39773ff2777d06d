package api

import "strconv"

// This file matches pods to nodes as the scheduler's NodeAffinity and
// TaintToleration plugins and the DaemonSet controller do: node selector
// terms (matchExpressions on labels, matchFields on metadata.name) and
// tolerations against taints.

// MatchesNode reports whether a pod's nodeSelector and required node
// affinity both accept the node.
func MatchesNode(s *PodSpec, n *Node) bool {
	// An empty nodeSelector matches every node; skip compiling it.
	if len(s.NodeSelector) > 0 && !SelectorFromSet(s.NodeSelector).Matches(n.Labels) {
		return false
	}
	if s.Affinity == nil || s.Affinity.NodeAffinity == nil || s.Affinity.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution == nil {
		return true
	}
	return s.Affinity.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution.Matches(n)
}

// Matches reports whether any of the terms matches (terms are ORed; an
// empty list matches nothing).
func (ns *NodeSelector) Matches(n *Node) bool {
	for _, t := range ns.NodeSelectorTerms {
		if t.Matches(n) {
			return true
		}
	}
	return false
}

// Matches reports whether every requirement of the term holds (an empty
// term matches nothing, as upstream).
func (t NodeSelectorTerm) Matches(n *Node) bool {
	if len(t.MatchExpressions) == 0 && len(t.MatchFields) == 0 {
		return false
	}
	for _, r := range t.MatchExpressions {
		v, ok := n.Labels[r.Key]
		if !r.matches(v, ok) {
			return false
		}
	}
	for _, r := range t.MatchFields {
		if r.Key != "metadata.name" || !r.matches(n.Name, true) {
			return false
		}
	}
	return true
}

func (r NodeSelectorRequirement) matches(v string, present bool) bool {
	in := func() bool {
		for _, x := range r.Values {
			if x == v {
				return true
			}
		}
		return false
	}
	switch r.Operator {
	case "In":
		return present && in()
	case "NotIn":
		return !present || !in()
	case "Exists":
		return present
	case "DoesNotExist":
		return !present
	case "Gt", "Lt":
		if !present || len(r.Values) != 1 {
			return false
		}
		have, err1 := strconv.ParseInt(v, 10, 64)
		want, err2 := strconv.ParseInt(r.Values[0], 10, 64)
		if err1 != nil || err2 != nil {
			return false
		}
		if r.Operator == "Gt" {
			return have > want
		}
		return have < want
	}
	return false
}

// PreferredAffinityScore sums the weights of the preferred node affinity
// terms that match the node.
func PreferredAffinityScore(s *PodSpec, n *Node) int64 {
	if s.Affinity == nil || s.Affinity.NodeAffinity == nil {
		return 0
	}
	var sum int64
	for _, p := range s.Affinity.NodeAffinity.PreferredDuringSchedulingIgnoredDuringExecution {
		if p.Weight != 0 && p.Preference.Matches(n) {
			sum += int64(p.Weight)
		}
	}
	return sum
}

// ToleratesTaint reports whether a toleration matches a taint: the same
// effect (or any), and Exists on the key (or every key) or Equal on key
// and value.
func ToleratesTaint(tol Toleration, t Taint) bool {
	if tol.Effect != "" && tol.Effect != t.Effect {
		return false
	}
	switch tol.Operator {
	case "Exists":
		return tol.Key == "" || tol.Key == t.Key
	case "", "Equal":
		return tol.Key == t.Key && tol.Value == t.Value
	}
	return false
}

// Tolerated reports whether any of the tolerations matches the taint.
func Tolerated(tols []Toleration, t Taint) bool {
	for _, tol := range tols {
		if ToleratesTaint(tol, t) {
			return true
		}
	}
	return false
}

// FirstUntoleratedTaint finds the first taint with one of the effects
// that the tolerations do not match.
func FirstUntoleratedTaint(taints []Taint, tols []Toleration, effects ...string) (Taint, bool) {
	for _, t := range taints {
		for _, e := range effects {
			if t.Effect == e && !Tolerated(tols, t) {
				return t, true
			}
		}
	}
	return Taint{}, false
}

// TargetNodeName is the node a pod runs on or is meant for: spec.nodeName,
// or the single metadata.name a required matchFields term pins it to (a
// DaemonSet pod the scheduler has not bound yet).
func TargetNodeName(p *Pod) string {
	if p.Spec.NodeName != "" {
		return p.Spec.NodeName
	}
	a := p.Spec.Affinity
	if a == nil || a.NodeAffinity == nil || a.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution == nil {
		return ""
	}
	for _, t := range a.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution.NodeSelectorTerms {
		for _, r := range t.MatchFields {
			if r.Key == "metadata.name" && r.Operator == "In" && len(r.Values) == 1 {
				return r.Values[0]
			}
		}
	}
	return ""
}
