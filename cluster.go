package kubeloop

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/kubeloop/kubeloop/controllers"
	"github.com/kubeloop/kubeloop/core/cluster"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/explain"
	"github.com/kubeloop/kubeloop/core/kubectl"
	"github.com/kubeloop/kubeloop/site/data"
)

// Options configure a new cluster. The zero value is a cluster of three
// worker nodes at seed 0.
type Options struct {
	// Seed drives every random choice: pod names, uids, scheduling ties.
	Seed uint64
	// Nodes is the number of worker nodes, node-1 … node-N (default 3),
	// besides the control-plane node.
	Nodes int
	// Start is when the cluster's clock starts; zero is the same instant
	// for every cluster, so that histories (and AGE columns) reproduce.
	Start time.Time
	// Controllers run beside the built-in controllers, on the leading
	// kube-controller-manager (see ControllerFor for the contract).
	Controllers []Register
}

// Register adds a controller to one kube-controller-manager process: it
// builds the controller's informers and handlers on m and returns
// m.NewController's result. Every package in controllers/ has one
// (controllers/serviceaccount is a short one to read); ControllerFor
// makes one from a reconcile function.
type Register = func(m *controller.Manager) *controller.Controller

// Cluster is one simulated cluster. Its methods are not safe for
// concurrent use: a test drives it from one goroutine.
type Cluster struct {
	sim *cluster.Cluster
}

// ErrNotSettled is Settle's error when the cluster is still busy after
// cluster.DefaultSettle of simulated time.
var ErrNotSettled = errors.New("not settled")

// New starts a cluster: namespaces, Ready nodes, the control plane idle
// and waiting. It runs every built-in controller (controllers.All) and
// opts.Controllers after them. It panics when opts.Nodes is more than the
// sandbox runs (cluster.CheckNodes), a mistake in the test rather than in
// the cluster.
func New(opts Options) *Cluster {
	return &Cluster{sim: cluster.New(cluster.Options{Seed: opts.Seed, Nodes: opts.Nodes, Start: opts.Start,
		Controllers: controllers.All(), ExtraControllers: opts.Controllers,
		FieldDocs: explainDocs(), KubectlHelp: data.MustKubectlHelp()})}
}

// explainDocs are kubectl explain's descriptions, in English, read once.
var explainDocs = sync.OnceValue(func() explain.MapDocs { return data.MustExplainDocs("en") })

// Apply applies a manifest — one or more YAML documents — as `kubectl apply
// -f -` does, and returns what kubectl would print, one line per object
// ("deployment.apps/web created"). It is all or nothing: a document that
// does not decode or validate changes nothing, and the error names its
// line and column or the field at fault. Apply writes to the API server
// only; the controllers act when time passes (Settle, Advance, Steps).
func (c *Cluster) Apply(manifest string) (string, error) {
	lines, err := c.sim.Apply(manifest)
	var out strings.Builder
	for _, line := range lines {
		out.WriteString(line + "\n")
	}
	return out.String(), err
}

// Kubectl runs one kubectl command line, with or without its leading
// `kubectl` (or `k`), and returns what it printed to stdout. A command
// that fails returns what it printed to stderr as the error; warnings a
// successful command prints to stderr are not returned. Commands that wait
// (rollout status, wait, delete) run the simulated clock as they do on the
// page; `get -w` prints its table and stops, as if interrupted at once.
// Manifests go through Apply: the line has no stdin and no files.
func (c *Cluster) Kubectl(line string) (string, error) {
	if _, ok := kubectl.CommandLine(line); !ok {
		line = "kubectl " + line
	}
	res := c.sim.Kubectl(line, "")
	if res.Watch != nil {
		res.Watch.Stop()
	}
	if res.Session != nil {
		res.Session.Close()
	}
	if res.ExitCode != 0 {
		return res.Stdout, errors.New(strings.TrimSpace(res.Stderr))
	}
	return res.Stdout, nil
}

// Settle runs the cluster until it is quiet — no queued key, no undelivered
// event, no timer but housekeeping (heartbeats, lease renewals) — for at
// most cluster.DefaultSettle of simulated time. A cluster that cannot
// settle (a pod in ImagePullBackOff retries forever) returns ErrNotSettled.
func (c *Cluster) Settle() error {
	if settled, took := c.sim.Settle(cluster.DefaultSettle); !settled {
		return fmt.Errorf("%w after %s: still busy (back-offs or retries pending)", ErrNotSettled, took)
	}
	return nil
}

// Advance moves simulated time forward by d, running every task due on the
// way, in order: a Job's activeDeadlineSeconds or a CronJob's schedule
// comes due only as time passes. It returns what changed meanwhile — the
// same batches the page draws from.
func (c *Cluster) Advance(d time.Duration) Changes {
	from := c.sim.Cursor()
	c.sim.Advance(d)
	return c.sim.ChangesSince(from)
}

// Changes is one batch of what happened in the cluster: the API server's
// writes, the reconciles, and the work queues at its end.
type Changes = cluster.Changes

// Cursor marks how far a reader has followed the cluster.
type Cursor = cluster.Cursor

// Cursor is where the cluster stands now; ChangesSince(it) later is what
// happened in between, however the cluster was run (Settle, Kubectl).
func (c *Cluster) Cursor() Cursor { return c.sim.Cursor() }

// ChangesSince is the batch of what happened after from.
func (c *Cluster) ChangesSince(from Cursor) Changes { return c.sim.ChangesSince(from) }

// Now is the simulated time.
func (c *Cluster) Now() time.Time { return c.sim.Now() }

// Core is the simulated cluster underneath, for what this package does not
// wrap: `sim` commands (node faults, leader kills), the store, the whole
// reconcile trace.
func (c *Cluster) Core() *cluster.Cluster { return c.sim }
