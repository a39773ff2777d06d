package cluster_test

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/controllers"
	"github.com/kubeloop/kubeloop/core/cluster"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/transcript"
)

var updateREADME = flag.Bool("update-readme", false, "rewrite the README's controller table from the catalog")

// Every controller of kube-controller-manager v1.32 is either simulated
// (one card names it) or listed as not simulated with a reason — never
// both, never neither.
func TestCatalog(t *testing.T) {
	upstream := map[string]bool{}
	for _, u := range cluster.KubeControllerManagerV132 {
		require.False(t, upstream[u.Name], "listed twice: %s", u.Name)
		require.True(t, strings.HasSuffix(u.Name, "-controller"), u.Name)
		upstream[u.Name] = true
	}
	assert.Len(t, upstream, 48, "kube-controller-manager v1.32 --help lists 48 controllers")

	simulated := map[string]string{}
	for _, s := range controllers.All().KubeControllerManager {
		require.NotNil(t, s.Register)
		require.NotEmpty(t, s.Cards)
		for _, c := range s.Cards {
			name := cluster.UpstreamName(c.Name)
			require.NotEmpty(t, name, "card %q names no controller of kube-controller-manager", c.Name)
			require.NotContains(t, simulated, name, "two cards for %s", name)
			simulated[name] = c.Package
		}
	}
	for name, reason := range cluster.NotSimulated {
		assert.True(t, upstream[name], "NotSimulated lists %q, which kube-controller-manager v1.32 has not", name)
		assert.NotContains(t, simulated, name, "%s is simulated and listed as not simulated", name)
		assert.NotEmpty(t, reason.En, name)
		assert.NotEmpty(t, reason.Zh, name)
	}
	for name := range upstream {
		_, not := cluster.NotSimulated[name]
		_, is := simulated[name]
		assert.True(t, is || not, "%s is neither simulated nor listed as not simulated", name)
	}
	entries := controllers.All().Catalog()
	require.Len(t, entries, len(cluster.KubeControllerManagerV132))
	// Aliases and names without the suffix resolve too.
	assert.Equal(t, "pod-garbage-collector-controller", cluster.UpstreamName("podgc"))
	assert.Equal(t, "horizontal-pod-autoscaler-controller", cluster.UpstreamName("horizontal-pod-autoscaler"))
	assert.Equal(t, "", cluster.UpstreamName("kube-scheduler"))
}

// Every card is complete: both languages, its package exists, an example.
func TestCards(t *testing.T) {
	var cards []controller.Card
	for _, s := range controllers.All().KubeControllerManager {
		cards = append(cards, s.Cards...)
	}
	cards = append(cards, controllers.All().OtherComponents...)
	for _, c := range cards {
		t.Run(c.Name, func(t *testing.T) {
			assert.NotEmpty(t, c.Title.En)
			assert.NotEmpty(t, c.Title.Zh)
			assert.NotEmpty(t, c.Summary.En)
			assert.NotEmpty(t, c.Summary.Zh)
			assert.DirExists(t, filepath.Join("..", "..", c.Package))
			require.NotEmpty(t, c.Example)
		})
	}
}

// exampleScript is what the page does with a card's example: YAML into the
// editor and applied, or the commands typed one by one.
func exampleScript(example string) string {
	if cluster.ExampleIsCommands(example) {
		return example + "\nsim settle\n"
	}
	return "kubectl apply -f - <<EOF\n" + example + "EOF\nsim settle\n"
}

// Every card's example runs on a fresh cluster without an error.
func TestCardExamples(t *testing.T) {
	var cards []controller.Card
	for _, s := range controllers.All().KubeControllerManager {
		cards = append(cards, s.Cards...)
	}
	cards = append(cards, controllers.All().OtherComponents...)
	for _, c := range cards {
		t.Run(c.Name, func(t *testing.T) {
			cl := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()})
			out, err := transcript.Run(cl, exampleScript(c.Example))
			require.NoError(t, err)
			assert.NotContains(t, strings.ToLower(out), "error", out)
		})
	}
}

// The README's controller table is the catalog's.
func TestCatalogREADME(t *testing.T) {
	const begin, end = "<!-- controllers:begin (generated: go test ./core/cluster -run TestCatalogREADME -update-readme) -->\n", "<!-- controllers:end -->"
	path := filepath.Join("..", "..", "README.md")
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	text := string(data)
	i, j := strings.Index(text, begin), strings.Index(text, end)
	require.True(t, i >= 0 && j > i, "README.md lacks the controller table's markers")
	want := text[:i+len(begin)] + controllers.All().CatalogMarkdown() + text[j:]
	if *updateREADME {
		require.NoError(t, os.WriteFile(path, []byte(want), 0o644))
		return
	}
	assert.Equal(t, want, text, "run go test ./core/cluster -run TestCatalogREADME -update-readme")
}
