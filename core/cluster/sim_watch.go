package cluster

import (
	"fmt"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/informer"
)

// `sim watch …`: break the leading kube-controller-manager's watch on one
// resource, to see an informer go blind and catch up.
//
//	sim watch list [RESOURCE]               its informers: each watch and the last revision it saw
//	sim watch break RESOURCE [--for D]      the watch drops; the informer watches again after D (1s)
//
// kube-controller-manager's controllers share one informer per resource
// (client-go's SharedInformerFactory), so a watch breaks for every
// controller that reads that resource. When it comes back, the reflector
// asks to resume from the last revision it saw. The API server serves that
// from its watch cache, which keeps at least the last 100 events of the
// resource and every event of the last 75 s (k8s.io/apiserver's cacher:
// defaultLowerBoundCapacity, eventFreshDuration); older than both, it
// answers 410 Gone ("too old resource version") and the informer relists:
// every object again as an update, a tombstone (DeletedFinalStateUnknown)
// for each one deleted meanwhile.
func init() { RegisterSim("watch", simWatch) }

const watchUsage = "usage: sim watch list [RESOURCE] | break RESOURCE [--for DURATION]"

// The watch cache's reach (k8s.io/apiserver/pkg/storage/cacher).
const (
	watchCacheEvents = 100
	watchCacheFresh  = 75 * time.Second
	reflectorBackoff = time.Second // about the reflector's first retry (800 ms with jitter)
)

// watchNote is a broken watch, for `sim watch list`: when it comes back,
// then how it did.
type watchNote struct {
	back   time.Time
	gone   bool // it relisted
	missed int  // events the informer had not seen
}

func simWatch(c *Cluster, args []string) (string, error) {
	if len(args) == 0 {
		return "", fmt.Errorf("%s", watchUsage)
	}
	r := c.controllerManagers.leader()
	if r == nil {
		return "", fmt.Errorf("no kube-controller-manager leads: its informers are not running (see `sim controller-manager list`)")
	}
	switch args[0] {
	case "list":
		var only *api.Kind
		switch len(args) {
		case 1:
		case 2:
			if only = api.ResourceFor(args[1]); only == nil {
				return "", fmt.Errorf("the server doesn't have a resource type %q", args[1])
			}
		default:
			return "", fmt.Errorf("%s", watchUsage)
		}
		return c.listWatches(r, only), nil
	case "break":
		resource, d, err := parseWatchBreak(args[1:])
		if err != nil {
			return "", err
		}
		return c.breakWatch(r, resource, d)
	}
	return "", fmt.Errorf("unknown command %q; %s", args[0], watchUsage)
}

func parseWatchBreak(args []string) (resource string, d time.Duration, err error) {
	d = reflectorBackoff
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--for" && i+1 < len(args):
			i++
			d, err = time.ParseDuration(args[i])
		case strings.HasPrefix(a, "--for="):
			d, err = time.ParseDuration(strings.TrimPrefix(a, "--for="))
		case strings.HasPrefix(a, "-") || resource != "":
			return "", 0, fmt.Errorf("%s", watchUsage)
		default:
			resource = a
		}
		if err != nil {
			return "", 0, fmt.Errorf("--for takes a duration such as 30s or 2m: %v", err)
		}
	}
	switch {
	case resource == "":
		return "", 0, fmt.Errorf("%s", watchUsage)
	case d < 0 || d > time.Hour:
		return "", 0, fmt.Errorf("--for must be between 0s and 1h, not %s", d)
	}
	return resource, d, nil
}

// breakWatch drops r's watch on resource and schedules its return.
func (c *Cluster) breakWatch(r *replica, resource string, d time.Duration) (string, error) {
	k := api.ResourceFor(resource)
	if k == nil {
		return "", fmt.Errorf("the server doesn't have a resource type %q", resource)
	}
	inf := c.informerOf(r, k)
	switch {
	case inf == nil:
		return "", fmt.Errorf("kube-controller-manager on %s does not watch %s: no controller it runs reads them", r.host, k.Resource)
	case !inf.Break():
		return "", fmt.Errorf("kube-controller-manager on %s has already lost its watch on %s", r.host, k.Resource)
	}
	from := inf.LastSyncRevision()
	if c.watchNotes == nil {
		c.watchNotes = map[*informer.Informer]*watchNote{}
	}
	note := &watchNote{back: c.clk.Now().Add(d)}
	c.watchNotes[inf] = note
	c.clk.After(d, "informer "+k.Resource+" watches again", func() {
		if !inf.Broken() {
			return // the process stopped meanwhile; a new one listed afresh
		}
		// The sandbox dates the oldest missed event from the break.
		missed, gone := c.watchCacheMissed(k, from)
		note.missed = missed
		note.gone = gone || (missed > watchCacheEvents && d > watchCacheFresh)
		if err := inf.Reconnect(note.gone); err != nil {
			panic(fmt.Sprintf("watching %s again: %v", k.Resource, err)) // a list, or a watch from a revision the store holds, cannot fail
		}
	})
	return fmt.Sprintf("kube-controller-manager on %s lost its watch on %s at revision %d; it watches again in %s\n",
		r.host, k.Resource, from, d), nil
}

// watchCacheMissed counts the events of kind after revision from; gone
// when the store no longer holds them at all.
func (c *Cluster) watchCacheMissed(k *api.Kind, from int64) (missed int, gone bool) {
	events, err := c.store.Events(from)
	if err != nil {
		return 0, true
	}
	for _, ev := range events {
		if ev.Kind == k && ev.Revision > from {
			missed++
		}
	}
	return missed, false
}

// informerOf is r's informer of kind, if one of its controllers asked.
func (c *Cluster) informerOf(r *replica, k *api.Kind) *informer.Informer {
	for _, inf := range r.mgr.Informers.All() {
		if inf.Kind() == k {
			return inf
		}
	}
	return nil
}

// listWatches lists r's informers (only's, when set).
func (c *Cluster) listWatches(r *replica, only *api.Kind) string {
	var b strings.Builder
	fmt.Fprintf(&b, "kube-controller-manager on %s (leader):\n", r.host)
	w := tabwriter.NewWriter(&b, 0, 8, 3, ' ', 0)
	fmt.Fprintln(w, "RESOURCE\tWATCH\tREVISION\tLAST BREAK")
	for _, inf := range r.mgr.Informers.All() {
		if only != nil && inf.Kind() != only {
			continue
		}
		state, last := "watching", "<none>"
		if n := c.watchNotes[inf]; n != nil {
			state, last = c.watchNoteText(inf, n)
		}
		fmt.Fprintf(w, "%s\t%s\t%d\t%s\n", inf.Kind().Resource, state, inf.LastSyncRevision(), last)
	}
	w.Flush()
	return b.String()
}

// watchNoteText is a broken watch's state and how it last came back.
func (c *Cluster) watchNoteText(inf *informer.Informer, n *watchNote) (state, last string) {
	now := c.clk.Now()
	switch {
	case inf.Broken():
		return fmt.Sprintf("broken, back in %s", n.back.Sub(now)), "<now>"
	case n.gone:
		return "watching", fmt.Sprintf("relisted %s ago: 410 Gone, %d events missed", now.Sub(n.back), n.missed)
	}
	return "watching", fmt.Sprintf("resumed %s ago: %d events missed", now.Sub(n.back), n.missed)
}

// WatchBreak is one watch `sim watch break` broke on the leading
// kube-controller-manager, for lessons' checks.
type WatchBreak struct {
	Resource string
	Broken   bool      // not back yet
	Back     time.Time // when it came or comes back
	Relisted bool      // it came back by relisting (410 Gone)
	Missed   int       // events the informer had not seen
}

// WatchBreaks lists the leading kube-controller-manager's broken watches
// and how they came back, in its informers' order.
func (c *Cluster) WatchBreaks() []WatchBreak {
	r := c.controllerManagers.leader()
	if r == nil {
		return nil
	}
	var out []WatchBreak
	for _, inf := range r.mgr.Informers.All() {
		if n := c.watchNotes[inf]; n != nil {
			out = append(out, WatchBreak{Resource: inf.Kind().Resource, Broken: inf.Broken(), Back: n.back, Relisted: n.gone, Missed: n.missed})
		}
	}
	return out
}
