package cluster_test

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCoreImportsNoController: layers point one way. core/cluster runs the
// controllers it is given (Options.Controllers) and no package of core/
// imports one; the list lives in controllers/, and the hosts put the two
// together.
func TestCoreImportsNoController(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	out, err := exec.Command("go", "list", "-deps", "github.com/kubeloop/kubeloop/core/...").CombinedOutput()
	require.NoError(t, err, "%s", out)
	deps := strings.Fields(string(out))
	require.Contains(t, deps, "github.com/kubeloop/kubeloop/core/cluster")
	for _, d := range deps {
		assert.False(t, strings.HasPrefix(d+"/", "github.com/kubeloop/kubeloop/controllers/"), "core/ imports %s", d)
	}
}
