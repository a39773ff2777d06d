//go:build js && wasm

package main

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/hack-pad/safejs"
	"honnef.co/go/js/dom/v2"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/cluster"
)

// Faults: break the cluster on purpose and watch it heal. Every button
// runs its command in the terminal — kubectl delete pod, kubectl cordon,
// drain and taint, sim node partition and fail, sim controller-manager
// kill — so the learner sees what it stands for and can type it next time. Node and leader faults appear only when the cluster
// has those sim commands (cluster.SimCommands, read at run time).

// menuItem is one entry of a popover menu: a label and the command it runs.
type menuItem struct {
	label, command string
	danger         bool
	action         func() // instead of a command: something the page shows
}

// hasSim reports whether the cluster understands `sim NAME …`.
func hasSim(name string) bool { return slices.Contains(cluster.SimCommands(), name) }

// drawFaults fills the Faults menu for this cluster and language.
func (a *app) drawFaults() {
	u := a.ui
	var items []menuItem
	if hasSim("node") {
		items = append(items, menuItem{label: a.tr("faults.addnode"), command: "sim node add " + a.nextNodeName()})
	}
	if hasSim("controller-manager") {
		if leader := a.leader(); leader != "" {
			items = append(items, menuItem{label: a.tr("faults.killleader", leader), command: "sim controller-manager kill " + leader, danger: true})
		}
	}
	sig := fmt.Sprint(items, a.lang, a.replay.on)
	if sig == u.faultsSig {
		return
	}
	u.faultsSig = sig
	clearNode(u.faultsMenu)
	u.faultsMenu.AppendChild(a.el("p", "menu-hint", a.tr("faults.hintall")))
	for _, it := range items {
		u.faultsMenu.AppendChild(a.menuButton(it, func() { u.faults.RemoveAttribute("open") }))
	}
	if len(items) == 0 {
		u.faultsMenu.AppendChild(a.el("p", "menu-hint", a.tr("faults.more")))
	}
}

// nextNodeName is the first free node-N after the workers' count (the
// control-plane node is not a node-N).
func (a *app) nextNodeName() string {
	var names []string
	for _, n := range a.m.overview.Nodes {
		names = append(names, n.Name)
	}
	workers := 0
	for _, n := range names {
		if strings.HasPrefix(n, "node-") {
			workers++
		}
	}
	for i := workers + 1; ; i++ {
		n := "node-" + strconv.Itoa(i)
		if !slices.Contains(names, n) {
			return n
		}
	}
}

// leader names the controller manager replica holding the leader lease,
// or "" if there is none.
func (a *app) leader() string { return a.m.picture.Lease.Holder }

// menuButton makes a menu entry that runs its command in the terminal.
func (a *app) menuButton(it menuItem, after func()) dom.HTMLElement {
	cls := "menu-item"
	if it.danger {
		cls += " danger"
	}
	b := a.el("button", cls, a.el("span", "menu-label", it.label))
	if it.command != "" {
		b.AppendChild(a.el("code", "menu-cmd", it.command))
	}
	b.SetAttribute("type", "button")
	b.SetAttribute("role", "menuitem")
	cmd := it.command
	a.listen(b, "click", func(event) {
		after()
		if it.action != nil {
			it.action()
			return
		}
		if a.replay.on {
			a.notify("replay.readonly")
			return
		}
		a.runVisible(cmd)
	})
	return b
}

// podItems are the actions on one pod.
func (a *app) podItems(ns, name string) []menuItem {
	nsFlag := ""
	if ns != "default" {
		nsFlag = " -n " + ns
	}
	return []menuItem{
		{label: a.tr("pod.delete"), command: "kubectl delete pod " + name + nsFlag + " --wait=false", danger: true},
		{label: a.tr("pod.describe"), command: "kubectl describe pod " + name + nsFlag},
		{label: a.tr("pod.trace"), action: func() { a.filterTrace(ns + "/" + name) }},
	}
}

// nodeItems are the actions on one node that apply to it now: cordon or
// uncordon, drain, the lesson taint or its removal (and the removal of
// any other taint a person put there), partition or heal, fail or
// recover, delete, describe. The node's state is read when the menu
// opens, so a fault made a moment ago shows its undo at once.
func (a *app) nodeItems(name string) []menuItem {
	n := a.node(name)
	if n == nil {
		return nil
	}
	var items []menuItem
	if n.Unschedulable {
		items = append(items, menuItem{label: a.tr("node.uncordon"), command: "kubectl uncordon " + name})
	} else {
		items = append(items, menuItem{label: a.tr("node.cordon"), command: "kubectl cordon " + name})
	}
	items = append(items, menuItem{label: a.tr("node.drain"), command: "kubectl drain " + name + " --ignore-daemonsets --delete-emptydir-data", danger: true})
	items = append(items, a.taintItems(n)...)
	if hasSim("node") {
		fault := n.Fault
		if fault.Partitioned {
			items = append(items, menuItem{label: a.tr("node.heal"), command: "sim node heal " + name})
		} else {
			items = append(items, menuItem{label: a.tr("node.partition"), command: "sim node partition " + name, danger: true})
		}
		if fault.Failed {
			items = append(items, menuItem{label: a.tr("node.recover"), command: "sim node recover " + name})
		} else {
			items = append(items, menuItem{label: a.tr("node.fail"), command: "sim node fail " + name, danger: true})
		}
		items = append(items, menuItem{label: a.tr("node.delete"), command: "sim node delete " + name, danger: true})
	}
	return append(items, menuItem{label: a.tr("node.describe"), command: "kubectl describe node " + name})
}

// lessonTaint is the taint the node menu offers: one a learner's pods do
// not tolerate unless they say so, as the taints lesson writes them.
var lessonTaint = api.Taint{Key: "dedicated", Value: "lesson", Effect: "NoSchedule"}

// taintItems offer the lesson taint when the node lacks it, and the
// removal of each taint a person put on the node (the ones the control
// plane manages, node.kubernetes.io/…, go by themselves).
func (a *app) taintItems(n *cluster.NodeView) []menuItem {
	var items []menuItem
	has := false
	for _, spec := range n.Taints { // key=value:Effect
		if strings.HasPrefix(spec, "node.kubernetes.io/") {
			continue
		}
		key, _, _ := strings.Cut(spec, ":")
		key, _, _ = strings.Cut(key, "=")
		has = has || (key == lessonTaint.Key && strings.HasSuffix(spec, ":"+string(lessonTaint.Effect)))
		items = append(items, menuItem{label: a.tr("node.untaint", spec), command: "kubectl taint nodes " + n.Name + " " + spec + "-"})
	}
	if !has {
		spec := lessonTaint.ToString()
		items = append([]menuItem{{label: a.tr("node.taint", spec), command: "kubectl taint nodes " + n.Name + " " + spec}}, items...)
	}
	return items
}

// node is the named node as the last frame showed it, or nil.
func (a *app) node(name string) *cluster.NodeView {
	for i := range a.m.overview.Nodes {
		if n := &a.m.overview.Nodes[i]; n.Name == name {
			return n
		}
	}
	return nil
}

// showMenu opens the popover next to anchor with items; focus goes to the
// first item, Escape or a click elsewhere closes it and returns focus.
func (a *app) showMenu(anchor dom.HTMLElement, title string, items []menuItem) {
	a.showMenuFor(anchor, anchor, title, items)
}

// showMenuFor is showMenu placed under anchor, the focus going back to
// back when it closes: a pod drawn as a cell is under the cursor that marks
// it, which cannot take the focus, and its lane's canvas can.
func (a *app) showMenuFor(anchor, back dom.HTMLElement, title string, items []menuItem) {
	u := a.ui
	if a.replay.on {
		a.notify("replay.readonly")
		return
	}
	clearNode(u.popover)
	u.popover.AppendChild(a.el("div", "popover-title", title))
	for _, it := range items {
		u.popover.AppendChild(a.menuButton(it, a.hidePodMenu))
	}
	u.popoverReturn = back
	u.popover.RemoveAttribute("hidden")
	a.placePopover(anchor)
	if first := a.queryAll(u.popover, "button"); len(first) > 0 {
		first[0].Focus()
	}
}

// placePopover puts the open popover beside anchor, inside the window and
// below the page's header and bars (the clock stays in reach): under the
// anchor when it fits there, else above it, else on the roomier side,
// scrolling inside.
func (a *app) placePopover(anchor dom.HTMLElement) {
	pop := a.ui.popover
	style := pop.Style()
	style.RemoveProperty("max-height")
	r := rect(anchor)
	winW := jsFloat(prop2(a.global, "innerWidth"), 1280)
	winH := jsFloat(prop2(a.global, "innerHeight"), 720)
	ceiling := 8.0
	if a.layout.root != nil {
		ceiling = math.Max(ceiling, rect(a.layout.root).y)
	}
	width := jsFloat(prop(pop, "offsetWidth"), 220)
	height := jsFloat(prop(pop, "offsetHeight"), 120)
	below := winH - 8 - (r.y + r.h + 4)
	above := r.y - 4 - ceiling
	top := r.y + r.h + 4
	switch {
	case height <= below:
	case height <= above:
		top = r.y - 4 - height
	case below >= above:
		style.SetProperty("max-height", px(below), "")
	default:
		style.SetProperty("max-height", px(above), "")
		top = ceiling
	}
	left := math.Max(8, math.Min(r.x, winW-8-width))
	style.SetProperty("left", px(left), "")
	style.SetProperty("top", px(math.Max(ceiling, top)), "")
}

// px is a length in whole CSS pixels.
func px(v float64) string { return strconv.Itoa(int(math.Floor(v))) + "px" }

// hidePodMenu closes the popover and gives focus back to its anchor.
func (a *app) hidePodMenu() {
	u := a.ui
	if u.popover.HasAttribute("hidden") {
		return
	}
	u.popover.SetAttribute("hidden", "")
	if u.popoverReturn != nil {
		u.popoverReturn.Focus()
		u.popoverReturn = nil
	}
}

func (a *app) buildMenus(u *ui) {
	a.listen(u.popover, "keydown", func(ev event) {
		switch ev.Key() {
		case "Escape":
			ev.PreventDefault()
			a.hidePodMenu()
		case "ArrowDown", "ArrowUp":
			ev.PreventDefault()
			a.moveMenuFocus(ev.Key() == "ArrowDown")
		}
	})
	a.listen(a.doc, "mousedown", func(ev event) {
		if u.popover.HasAttribute("hidden") {
			return
		}
		target, err := ev.v.Get("target")
		if err != nil {
			return
		}
		inside, err := safejs.Safe(u.popover.Underlying()).Call("contains", target)
		if err != nil {
			return
		}
		if in, _ := inside.Truthy(); !in {
			a.hidePodMenu()
		}
	})
	a.listen(u.faults, "keydown", func(ev event) {
		if ev.Key() == "Escape" {
			u.faults.RemoveAttribute("open")
		}
	})
}

// moveMenuFocus moves focus to the next (or previous) menu button.
func (a *app) moveMenuFocus(down bool) {
	u := a.ui
	buttons := a.queryAll(u.popover, "button")
	if len(buttons) == 0 {
		return
	}
	active, _ := a.docJS.Get("activeElement")
	at := -1
	for i, b := range buttons {
		if safejs.Safe(b.Underlying()).Equal(active) {
			at = i
		}
	}
	if down {
		at = (at + 1) % len(buttons)
	} else {
		at = (at - 1 + len(buttons)) % len(buttons)
	}
	buttons[at].Focus()
}
