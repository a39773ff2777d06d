//go:build js && wasm

package main

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/wasm/internal/engine"
)

// The most the picture shows: the newest watch events, and the busy
// controllers (each with at most cluster.WorkKeys keys per list).
const (
	watchShown = 3
	busyShown  = 4
)

// drawWatch is the row of what the watch just brought: the newest events
// the leader's informers delivered, newest first, those since the last
// draw marked fresh.
func (a *app) drawWatch(m *markup, sig *strings.Builder, informers []engine.Delivery, step *engine.Step) {
	if len(informers) == 0 {
		return
	}
	newest := append([]engine.Delivery(nil), informers...)
	sort.Slice(newest, func(i, j int) bool { return newest[i].Revision > newest[j].Revision })
	if len(newest) > watchShown {
		newest = newest[:watchShown]
	}
	u := a.ui
	m.open("div", "mach-row mach-watch").elem("span", "mach-label", a.tr("mach.watch"), "title", a.tr("mach.watch.title"))
	for _, ev := range newest {
		cls := "watch-ev ev-" + strings.ToLower(ev.Type)
		if ev.Revision > u.machWatchRev {
			cls += " fresh"
			if a.speed < 10 {
				cls += " arrive" // followed across the picture at ×1 (app.css)
			}
		}
		if step.Delivered(ev.Revision) {
			cls += " step-hit"
		}
		// The event, and what the informer holds once it is in: its cache
		// (one line together; the event's text gives way first).
		m.open("span", "watch-item")
		m.elem("span", cls, ev.Resource+" "+ev.Type+" "+ev.Key, "title", a.tr("mach.watch.ev", ev.Revision))
		m.elem("span", "cache", a.tr("mach.cache", ev.Cached), "title", a.tr("mach.cache.title", ev.Cached, ev.Resource))
		m.close("span")
		fmt.Fprintf(sig, "w%d/%d;", ev.Revision, ev.Cached)
	}
	m.close("div")
	u.machWatchRev = newest[0].Revision
}

// drawQueues draws a row per busy controller: its queue, its delayed keys
// and its worker's last reconcile.
func (a *app) drawQueues(m *markup, sig *strings.Builder, ch *engine.Picture, step *engine.Step) {
	// Idle controllers fold away; with "system" on, every controller has
	// its row.
	var busy []controller.QueueView
	all := a.ui.showSystem
	for _, v := range ch.Work {
		if all || v.Busy() || v.Last != nil && !v.Last.At.Before(ch.Time) {
			busy = append(busy, v)
		}
	}
	if len(busy) == 0 {
		m.open("div", "mach-row").elem("span", "mach-label", a.tr("mach.queues"), "title", a.tr("mach.queues.title"))
		m.elem("span", "mach-idle", a.tr("mach.idle"))
		m.close("div")
		sig.WriteString("idle;")
		a.ui.machKeys = nil
		return
	}
	for i, v := range busy {
		if i == busyShown && !all {
			m.open("div", "mach-row").elem("span", "mach-idle", a.tr("mach.more", len(busy)-busyShown)).close("div")
			fmt.Fprintf(sig, "+%d;", len(busy)-busyShown)
			break
		}
		if a.speed >= 10 {
			a.drawQueueSummary(m, sig, v, ch.Time)
			continue
		}
		a.drawQueue(m, sig, v, ch.Time, step)
	}
	a.ui.machKeys = queuedKeys(busy)
}

// queuedKeys is each controller's waiting keys and the adds each stands
// for, as drawn: the next draw marks what arrived since.
func queuedKeys(views []controller.QueueView) map[string]map[string]int {
	keys := make(map[string]map[string]int, len(views))
	for _, v := range views {
		keys[v.Controller] = make(map[string]int, len(v.Ready))
		for _, k := range v.Ready {
			keys[v.Controller][k.Key] = k.Adds
		}
	}
	return keys
}

// drawQueueSummary is a busy controller's row at ×10 and ×100, where keys
// come and go faster than anyone reads them: how many wait now and later
// (the failing ones still named, with their back-off), and how many
// reconciles a simulated second the worker does.
func (a *app) drawQueueSummary(m *markup, sig *strings.Builder, v controller.QueueView, now time.Time) {
	ready, later := len(v.Ready)+v.MoreReady, len(v.Delayed)+v.MoreDelayed
	rate, measured := a.ui.machPace.rate(v.Controller, v.Reconciles, now)
	m.open("div", "mach-row mach-ctrl summary").elem("span", "mach-name", v.Controller)
	m.open("span", "mach-part").elem("span", "mach-sub", a.tr("mach.queue"), "title", a.tr("mach.queue.help"))
	m.elem("span", "qcount", a.tr("mach.keys", ready)).close("span")
	if later > 0 {
		m.open("span", "mach-part").elem("span", "mach-sub", a.tr("mach.later"), "title", a.tr("mach.later.help"))
		m.elem("span", "qcount later", a.tr("mach.keys", later))
		// Keys that failed stay named: they are few, and they are what
		// needs a look.
		for _, d := range v.Delayed {
			if d.Requeues > 0 {
				m.elem("span", "qkey retry", a.tr("mach.backoff", d.Key, d.Requeues, shortDuration(d.At.Sub(now))), "title", a.tr("mach.backoff.title", d.Requeues))
				fmt.Fprintf(sig, "%s↻%d,", d.Key, d.Requeues)
			}
		}
		m.close("span")
	}
	m.open("span", "mach-part").elem("span", "mach-sub", a.tr("mach.worker"), "title", a.tr("mach.worker.help"))
	rateText := a.tr("mach.rate.unknown")
	if measured {
		rateText = a.tr("mach.rate", rate)
	}
	m.elem("span", "qrate", rateText, "title", a.tr("mach.rate.title"))
	m.close("span").close("div")
	fmt.Fprintf(sig, "%s:%d/%d/%d/%t;", v.Controller, ready, later, rate, measured)
}

// pace remembers each controller's reconcile count when it was first
// seen busy and once a simulated second since, for its rate.
type pace map[string]paceSample

type paceSample struct {
	reconciles int64
	at         time.Time
	rate       int  // reconciles per simulated second over the last full second
	full       bool // rate covers a whole simulated second
}

// rate is the controller's reconciles per simulated second, sampled once a
// simulated second. Until a second has passed since the controller was
// first seen busy, it is the rate over the time there has been; with no
// time yet there is no rate, and measured is false: the count alone says
// nothing of how fast the worker goes.
func (p pace) rate(controller string, reconciles int64, now time.Time) (rate int, measured bool) {
	s, ok := p[controller]
	if !ok || now.Before(s.at) {
		p[controller] = paceSample{reconciles: reconciles, at: now}
		return 0, false
	}
	if s.full && now.Sub(s.at) < time.Second {
		return s.rate, true
	}
	elapsed := now.Sub(s.at)
	if elapsed <= 0 {
		return 0, false
	}
	r := int(float64(reconciles-s.reconciles) / elapsed.Seconds())
	if elapsed >= time.Second {
		p[controller] = paceSample{reconciles: reconciles, at: now, rate: r, full: true}
	}
	return r, true
}

// drawQueue is one controller's row: name, queue → later → worker.
func (a *app) drawQueue(m *markup, sig *strings.Builder, v controller.QueueView, now time.Time, step *engine.Step) {
	m.open("div", "mach-row mach-ctrl").elem("span", "mach-name", v.Controller)
	sig.WriteString(v.Controller + ":")
	m.open("span", "mach-part").elem("span", "mach-sub", a.tr("mach.queue"), "title", a.tr("mach.queue.help"))
	if len(v.Ready) == 0 {
		m.elem("span", "mach-empty", "—")
	}
	for _, k := range v.Ready {
		text, title := k.Key, a.tr("mach.key.title")
		if k.Adds > 1 {
			text += " ×" + strconv.Itoa(k.Adds)
			title = a.tr("mach.adds.title", k.Adds)
		}
		m.elem("span", a.keyClass(v.Controller, k, step), text, "title", title)
		fmt.Fprintf(sig, "%s%d,", k.Key, k.Adds)
	}
	if v.MoreReady > 0 {
		m.elem("span", "mach-more", "+"+strconv.Itoa(v.MoreReady))
		fmt.Fprintf(sig, "+%d", v.MoreReady)
	}
	m.close("span")
	if len(v.Delayed) > 0 {
		m.open("span", "mach-part").elem("span", "mach-sub", a.tr("mach.later"), "title", a.tr("mach.later.help"))
		for _, d := range v.Delayed {
			left := d.At.Sub(now)
			if d.Requeues > 0 {
				m.elem("span", "qkey retry", a.tr("mach.backoff", d.Key, d.Requeues, shortDuration(left)), "title", a.tr("mach.backoff.title", d.Requeues))
			} else {
				m.elem("span", "qkey later", a.tr("mach.in", d.Key, shortDuration(left)), "title", a.tr("mach.requeue.title"))
			}
			fmt.Fprintf(sig, "%s@%s,", d.Key, shortDuration(left))
		}
		if v.MoreDelayed > 0 {
			m.elem("span", "mach-more", "+"+strconv.Itoa(v.MoreDelayed))
		}
		m.close("span")
	}
	if v.Last != nil {
		cls := "mach-last"
		if !v.Last.At.Before(now) {
			cls += " fresh arrive"
		}
		if step.Ran(v.Controller, v.Last.Key) {
			cls += " step-hit"
		}
		if strings.HasPrefix(v.Last.Result, "error") {
			cls += " failed"
		}
		result, _, _ := strings.Cut(v.Last.Result, ":")
		m.open("span", "mach-part").elem("span", "mach-sub", a.tr("mach.worker"), "title", a.tr("mach.worker.help"))
		m.elem("span", cls, v.Last.Key+" → "+result, "title", v.Last.Result)
		m.close("span")
		if v.Last.Writes > 0 {
			// Back to the API server, whose watch brings the writes back
			// as the next events: the loop closes.
			wcls := "mach-writes"
			if strings.Contains(cls, "arrive") {
				wcls += " arrive"
			}
			m.open("span", "mach-part").elem("span", wcls, a.tr("mach.writes", v.Last.Writes), "title", a.tr("mach.writes.title")).close("span")
		}
		sig.WriteString(v.Last.Key + v.Last.Result + v.Last.At.String())
	}
	m.close("div")
	sig.WriteString(";")
}

// keyClass is a waiting key's class: "arrive" when it came (or was added
// again) since the last draw, so that at ×1 a key is seen to move from
// the watch onto the queue and on to the worker; "step-hit" when the last
// Step put it there.
func (a *app) keyClass(controllerName string, k controller.QueuedKey, step *engine.Step) string {
	cls := "qkey"
	if adds, ok := a.ui.machKeys[controllerName][k.Key]; !ok || k.Adds > adds {
		cls += " arrive"
	}
	if step.Hits(controllerName, k.Key) {
		cls += " step-hit"
	}
	return cls
}

// shortDuration is a time left as the picture shows it: 40ms, 2.5s, 9m31s.
func shortDuration(d time.Duration) string {
	switch {
	case d <= 0:
		return "0s"
	case d < time.Second:
		return d.Round(time.Millisecond).String()
	case d < time.Minute:
		return d.Round(100 * time.Millisecond).String()
	}
	return d.Round(time.Second).String()
}
