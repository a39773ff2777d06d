//go:build js && wasm

package main

import (
	"honnef.co/go/js/dom/v2"

	"github.com/kubeloop/kubeloop/core/cluster"
)

// A node lane's marks beyond Ready/NotReady: a cordoned node's
// SchedulingDisabled, as kubectl get nodes writes it, and the fault the
// sandbox made on the machine (partitioned, failed), which no object in
// the API shows — so the lane names it, and its title says what it means
// and why the node still looks Ready for the first 50 s.

// laneMarks are the two marks of one lane, each hidden when it does not
// apply; texts, titles and visibility are written only when they change.
type laneMarks struct {
	cordon, fault           dom.HTMLElement
	cordonText, faultText   cachedText
	faultTitle, faultClass  cachedAttr
	cordonShown, faultShown bool
}

// newLaneMarks makes a lane's marks, to go in its head after the badge.
func (a *app) newLaneMarks() *laneMarks {
	m := &laneMarks{cordon: a.el("span", "badge badge-cordoned"), fault: a.el("span", "badge badge-fault")}
	m.cordonText.el, m.faultText.el = m.cordon, m.fault
	m.faultTitle = cachedAttr{el: m.fault, name: "title"}
	m.faultClass = cachedAttr{el: m.fault, name: "class"}
	m.cordon.SetAttribute("hidden", "")
	m.fault.SetAttribute("hidden", "")
	return m
}

// draw shows n's cordon and fault in the page's language.
func (m *laneMarks) draw(a *app, n cluster.NodeView) {
	showMark(m.cordon, &m.cordonShown, n.Unschedulable)
	if n.Unschedulable {
		m.cordonText.Set(a.tr("node.unschedulable"))
	}
	fault := mainFault(n.Fault)
	showMark(m.fault, &m.faultShown, fault != "")
	if fault != "" {
		m.faultText.Set(a.tr("node.fault." + fault))
		m.faultTitle.Set(a.tr("node.fault." + fault + ".title"))
		m.faultClass.Set("badge badge-fault fault-" + fault)
	}
}

// showMark shows or hides el when that changed.
func showMark(el dom.HTMLElement, shown *bool, show bool) {
	if *shown == show {
		return
	}
	*shown = show
	if show {
		el.RemoveAttribute("hidden")
	} else {
		el.SetAttribute("hidden", "")
	}
}

// mainFault is the fault a lane names: a failed kubelet silences the
// node whether or not it is also partitioned.
func mainFault(f cluster.NodeFault) string {
	switch {
	case f.Failed:
		return "failed"
	case f.Partitioned:
		return "partitioned"
	}
	return ""
}
