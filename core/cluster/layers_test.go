package cluster_test

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// coreDeps are the packages core/ builds from (its tests aside).
func coreDeps(t *testing.T) []string {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	out, err := exec.Command("go", "list", "-deps", "github.com/kubeloop/kubeloop/core/...").CombinedOutput()
	require.NoError(t, err, "%s", out)
	deps := strings.Fields(string(out))
	require.Contains(t, deps, "github.com/kubeloop/kubeloop/core/cluster")
	return deps
}

// TestCoreImportsNoController: layers point one way. core/cluster runs the
// controllers it is given (Options.Controllers) and no package of core/
// imports one; the list lives in controllers/, and the hosts put the two
// together.
func TestCoreImportsNoController(t *testing.T) {
	for _, d := range coreDeps(t) {
		assert.False(t, strings.HasPrefix(d+"/", "github.com/kubeloop/kubeloop/controllers/"), "core/ imports %s", d)
	}
}

// TestCoreImportsNothingOfTheSite: the site's data (site/data) is the
// hosts' to hand over — Options.FieldDocs, Options.KubectlHelp — and the
// page's to load; core/ reads none of it itself.
func TestCoreImportsNothingOfTheSite(t *testing.T) {
	for _, d := range coreDeps(t) {
		assert.False(t, strings.HasPrefix(d+"/", "github.com/kubeloop/kubeloop/site/"), "core/ imports %s", d)
	}
}
