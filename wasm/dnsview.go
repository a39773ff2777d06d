//go:build js && wasm

package main

import (
	"strconv"
	"strings"

	"github.com/kubeloop/kubeloop/core/api"
)

// The DNS table: every name the cluster DNS answers for the learner's
// Services and pods (the worker leaves the cluster's own names out and
// sends the first engine.MaxTableRows), with its addresses now. A name
// whose addresses changed since the last draw is highlighted: the name is
// stable, the IPs are not (a StatefulSet pod re-created, a Service's
// endpoints moving). It shows the live cluster only: the store keeps no
// DNS history, so in replay the section is hidden.

// dnsState remembers what the table showed.
type dnsState struct {
	sig   string
	addrs map[string]string // name → addresses last drawn
}

func (a *app) drawDNS() {
	u := a.ui
	if a.replay.on {
		u.dnsSection.SetAttribute("hidden", "")
		u.dns.sig = ""
		return
	}
	recs := a.m.dns
	var sig strings.Builder
	type row struct{ name, typ, addrs string }
	var rows []row
	for _, r := range recs.Rows {
		addrs := strings.Join(r.IPs, ", ")
		if r.Type == "CNAME" {
			addrs = r.Target
		}
		if addrs == "" {
			addrs = "—"
		}
		rows = append(rows, row{strings.TrimSuffix(r.Name, ".svc.cluster.local"), r.Type, addrs})
		sig.WriteString(r.Name + "=" + addrs + ";")
	}
	key := sig.String() + strconv.Itoa(recs.More) + a.lang
	if key == u.dns.sig {
		return
	}
	u.dns.sig = key
	if len(rows) == 0 {
		u.dnsSection.SetAttribute("hidden", "")
		return
	}
	u.dnsSection.RemoveAttribute("hidden")
	old := u.dns.addrs
	u.dns.addrs = map[string]string{}
	var m markup
	m.open("table", "dns-table").open("thead", "").open("tr", "").
		elem("th", "", a.tr("dns.name")).elem("th", "", a.tr("dns.type")).elem("th", "", a.tr("dns.addrs")).
		close("tr").close("thead").open("tbody", "")
	for _, r := range rows {
		cls := ""
		if prev, seen := old[r.name]; seen && prev != r.addrs {
			cls = "changed"
		}
		u.dns.addrs[r.name] = r.addrs
		m.open("tr", cls, "data-name", r.name).
			elem("td", "dns-name", r.name, "title", r.name+".svc.cluster.local").
			elem("td", "dns-type", r.typ).
			elem("td", "dns-addrs", r.addrs).
			close("tr")
	}
	moreRow(&m, 3, recs.More, a.tr("dns.more", recs.More))
	m.close("tbody").close("table")
	setHTML(u.dnsTable, &m)
}

// drawVolumes lists the PersistentVolumeClaims, the first
// engine.MaxTableRows: claim → volume, its class and status, and the pod
// that mounts it — at the revision shown (replay too: the worker sends
// them with the replayed revision).
func (a *app) drawVolumes() {
	u := a.ui
	vols := a.m.volumes
	if a.replay.on {
		vols = a.replay.volumes
	}
	var m markup
	var sig strings.Builder
	for _, c := range vols.Rows {
		pod := c.MountedBy
		row := c.Name + "|" + c.Status + "|" + c.Volume + "|" + c.Class + "|" + pod + ";"
		sig.WriteString(row)
		status := "st-pending"
		if c.Status == api.ClaimBound {
			status = "st-running"
		}
		volume := c.Volume
		if volume == "" {
			volume = "—"
		}
		if pod == "" {
			pod = "—"
		}
		m.open("tr", "").
			elem("td", "pvc-name", c.Name).
			open("td", "").elem("span", "chip "+status, c.Status).close("td").
			elem("td", "pvc-volume", volume, "title", volume).
			elem("td", "", c.Class).
			elem("td", "", pod).
			close("tr")
	}
	moreRow(&m, 5, vols.More, a.tr("pvc.more", vols.More))
	key := sig.String() + strconv.Itoa(vols.More) + a.lang
	if key == u.volSig {
		return
	}
	u.volSig = key
	if len(vols.Rows) == 0 {
		u.volSection.SetAttribute("hidden", "")
		return
	}
	u.volSection.RemoveAttribute("hidden")
	var t markup
	t.open("table", "dns-table").open("thead", "").open("tr", "").
		elem("th", "", "PersistentVolumeClaim").elem("th", "", a.tr("pvc.status")).elem("th", "", "PersistentVolume").
		elem("th", "", "StorageClass").elem("th", "", a.tr("pvc.pod")).
		close("tr").close("thead").open("tbody", "")
	t.append(&m)
	t.close("tbody").close("table")
	setHTML(u.volTable, &t)
}

// moreRow ends a table whose rows the worker cut: a row across its columns
// saying how many more there are.
func moreRow(m *markup, columns, more int, text string) {
	if more == 0 {
		return
	}
	m.open("tr", "table-more").elem("td", "", text, "colspan", strconv.Itoa(columns)).close("tr")
}
