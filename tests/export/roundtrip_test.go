// Package export_test holds the export to a round trip: what Export writes,
// applied to a fresh cluster of the same seed and settled, gives the same
// objects as the cluster it came from.
package export_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/kubeloop/kubeloop/controllers"
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/apijson"
	"github.com/kubeloop/kubeloop/core/cluster"
	"github.com/kubeloop/kubeloop/core/export"
	"github.com/kubeloop/kubeloop/core/transcript"
	"github.com/kubeloop/kubeloop/core/yaml"
	"github.com/kubeloop/kubeloop/site/lessons"
	"github.com/kubeloop/kubeloop/site/lessons/text"
	"github.com/stretchr/testify/require"
)

const seed = 1

func TestExportRoundTripsScenarios(t *testing.T) {
	for _, sc := range scenarios {
		t.Run(sc.name, func(t *testing.T) { roundTrip(t, sc.script) })
	}
}

// TestExportRoundTripsLessons runs each lesson whole, as a learner who
// did every step, then exports.
func TestExportRoundTripsLessons(t *testing.T) {
	all, err := lessons.ParseAll(text.Files())
	require.NoError(t, err)
	for _, l := range all {
		t.Run(l.ID, func(t *testing.T) {
			script := l.SetupScript
			for _, s := range l.Steps {
				script += s.Script
			}
			roundTrip(t, script)
		})
	}
}

// roundTrip runs script on one cluster, exports, applies the export to a
// fresh one, settles both, and compares the learner's objects.
func roundTrip(t *testing.T, script string) {
	t.Helper()
	from := run(t, script)
	text, err := from.Export()
	require.NoError(t, err)
	if text == "" {
		require.Empty(t, export.Objects(from.Store()), "an empty export, but objects to export")
		return
	}

	to := cluster.New(cluster.Options{Seed: seed, Controllers: controllers.All()})
	_, err = to.Apply(text)
	require.NoError(t, err, "the export applies:\n%s", text)
	to.Settle(10 * time.Minute)

	want, got := userObjects(t, from), userObjects(t, to)
	require.Equal(t, sortedKeys(want), sortedKeys(got), "the same objects; export:\n%s", text)
	for k := range want {
		require.Equal(t, want[k], got[k], "%s after the round trip; export:\n%s", k, text)
	}
	again, err := to.Export()
	require.NoError(t, err)
	require.Equal(t, text, again, "exporting the applied export gives it back")
}

// run plays script on a fresh cluster and settles it.
func run(t *testing.T, script string) *cluster.Cluster {
	t.Helper()
	c := cluster.New(cluster.Options{Seed: seed, Controllers: controllers.All()})
	_, err := transcript.Run(c, script)
	require.NoError(t, err)
	c.Settle(10 * time.Minute)
	return c
}

// userObjects maps kind/namespace/name of each of the learner's objects to
// what a learner owns of it: labels, annotations (but the controllers' and
// kubectl's) and everything but metadata and status, with the values a
// cluster allocates taken out and the object's own uid written as <uid>
// (and a pod's token volume's random suffix as <suffix>).
func userObjects(t *testing.T, c *cluster.Cluster) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, o := range export.Objects(c.Store()) {
		m := o.GetObjectMeta()
		g, err := yaml.Generic(o)
		require.NoError(t, err)
		tree := g.(map[string]any)
		meta := tree["metadata"].(map[string]any)
		owned := map[string]any{"labels": meta["labels"]}
		if ann, ok := meta["annotations"].(map[string]any); ok {
			for k := range ann {
				if k == export.LastApplied || strings.HasPrefix(k, "deployment.kubernetes.io/") ||
					strings.HasPrefix(k, "pv.kubernetes.io/") || strings.HasPrefix(k, "volume.") {
					delete(ann, k)
				}
			}
			if len(ann) > 0 {
				owned["annotations"] = ann
			}
		}
		tree["metadata"] = owned
		delete(tree, "status")
		dropAllocatedValues(tree)
		b, err := apijson.Marshal(tree)
		require.NoError(t, err)
		text := string(b)
		if m.UID != "" {
			text = strings.ReplaceAll(text, m.UID, "<uid>")
		}
		if p, ok := o.(*api.Pod); ok {
			for _, v := range p.Spec.Volumes {
				if strings.HasPrefix(v.Name, "kube-api-access-") { // named by admission, at random
					text = strings.ReplaceAll(text, v.Name, "kube-api-access-<suffix>")
				}
			}
		}
		out[fmt.Sprintf("%s/%s/%s", api.KindOf(o).Kind, m.Namespace, m.Name)] = text
	}
	return out
}

// dropAllocatedValues removes what each cluster chooses for itself.
func dropAllocatedValues(tree map[string]any) {
	spec, _ := tree["spec"].(map[string]any)
	if spec == nil {
		return
	}
	if spec["clusterIP"] != "None" {
		delete(spec, "clusterIP")
		delete(spec, "clusterIPs")
	}
	for _, k := range []string{"nodeName", "volumeName", "healthCheckNodePort", "claimRef"} {
		delete(spec, k)
	}
	ports, _ := spec["ports"].([]any)
	for _, p := range ports {
		if pm, ok := p.(map[string]any); ok && pm["nodePort"] != apijson.Number("30090") {
			delete(pm, "nodePort") // all but the one a scenario chose
		}
	}
}

func sortedKeys(m map[string]string) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}
