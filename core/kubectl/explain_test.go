package kubectl

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/core/explain"
	"github.com/kubeloop/kubeloop/site/data"
)

var updateExplain = flag.Bool("update-explain", false, "rewrite testdata/explain/*.txt from the output")

// docsEnv is a cluster whose host handed kubectl explain descriptions.
type docsEnv struct {
	*fakeEnv
	docs explain.Docs
}

func (e docsEnv) FieldDocs() explain.Docs { return e.docs }

// The golden files are kubectl explain's output, one command per file, in
// kubectl v1.32's layout (reproduced from pkg/explain/v2/templates/
// plaintext.tmpl and its tests) with kubeloop's own descriptions.
func TestExplainGolden(t *testing.T) {
	for _, tc := range []struct{ file, lang, line string }{
		{"deployment.spec.strategy.en.txt", "en", "kubectl explain deployment.spec.strategy"},
		{"deployment.spec.strategy.zh-CN.txt", "zh-CN", "kubectl explain deployment.spec.strategy"},
		{"deployment.spec.strategy.recursive.txt", "en", "kubectl explain deploy.spec.strategy --recursive"},
		{"pods.en.txt", "en", "kubectl explain pods"},
		{"pods.zh-CN.txt", "zh-CN", "kubectl explain po"},
		{"pods.spec.containers.en.txt", "en", "kubectl explain pods.spec.containers"},
		{"svc.spec.ports.en.txt", "en", "kubectl explain svc.spec.ports"},
		{"sts.spec.replicas.en.txt", "en", "kubectl explain sts.spec.replicas"},
		{"pod.spec.restartPolicy.en.txt", "en", "kubectl explain pod.spec.restartPolicy"},
	} {
		t.Run(tc.file, func(t *testing.T) {
			e := docsEnv{newEnv(t), data.MustExplainDocs(tc.lang)}
			r := Run(e, tc.line, "")
			require.Equal(t, 0, r.ExitCode, r.Stderr)
			assert.Empty(t, r.Stderr)
			path := filepath.Join("testdata", "explain", tc.file)
			got := "$ " + tc.line + "\n" + r.Stdout
			if *updateExplain {
				require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
				require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
			}
			want, err := os.ReadFile(path)
			require.NoError(t, err, "run go test -run TestExplainGolden -update-explain")
			assert.Equal(t, string(want), got)
		})
	}
}

func TestExplainLayout(t *testing.T) {
	e := docsEnv{newEnv(t), data.MustExplainDocs("en")}
	out := Run(e, "kubectl explain deployment.spec.strategy", "").Stdout
	// kubectl's header: GROUP only for a named group, then two blank
	// lines after FIELD when the field has no enum.
	assert.True(t, strings.HasPrefix(out, "GROUP:      apps\nKIND:       Deployment\nVERSION:    v1\n\nFIELD: strategy <DeploymentStrategy>\n\n\nDESCRIPTION:\n    "), out)
	assert.Contains(t, out, "\nFIELDS:\n  rollingUpdate\t<RollingUpdateDeployment>\n    ")
	assert.Contains(t, out, "  type\t<string>\n  enum: Recreate, RollingUpdate\n    ")
	pod := Run(e, "kubectl explain pods", "").Stdout
	assert.True(t, strings.HasPrefix(pod, "KIND:       Pod\nVERSION:    v1\n\nDESCRIPTION:\n"), pod)
	containers := Run(e, "kubectl explain pods.spec.containers", "").Stdout
	assert.Contains(t, containers, "FIELD: containers <[]Container>\n")
	assert.Contains(t, containers, "  name\t<string> -required-\n")
	assert.Contains(t, containers, "  resources\t<ResourceRequirements>\n")
	meta := Run(e, "kubectl explain pod.metadata", "").Stdout
	assert.Contains(t, meta, "  creationTimestamp\t<string>\n")
	assert.Contains(t, meta, "  labels\t<map[string]string>\n")
	rec := Run(e, "kubectl explain deployment.spec.strategy --recursive", "").Stdout
	assert.Contains(t, rec, "FIELDS:\n  rollingUpdate\t<RollingUpdateDeployment>\n    maxSurge\t<IntOrString>\n    maxUnavailable\t<IntOrString>\n  type\t<string>\n  enum: Recreate, RollingUpdate\n\n")
}

func TestExplainErrors(t *testing.T) {
	e := docsEnv{newEnv(t), data.MustExplainDocs("en")}
	for _, tc := range []struct{ line, stderr string }{
		{"kubectl explain deployment.spec.foo", "error: field \"foo\" does not exist\n"},
		// kubectl names the path's last field, not the missing one.
		{"kubectl explain deployment.spec.foo.bar", "error: field \"bar\" does not exist\n"},
		{"kubectl explain deployment.spec.replicas.foo", "error: field \"foo\" does not exist\n"},
		{"kubectl explain frobs", "error: the server doesn't have a resource type \"frobs\"\n"},
		{"kubectl explain", "error: You must specify the type of resource to explain. Use \"kubectl api-resources\" for a complete list of supported resources.\n"},
		{"kubectl explain pods nodes", "error: We accept only this format: explain RESOURCE\n"},
		{"kubectl explain deploy --api-version=batch/v1", "error: GVR (batch/v1, Resource=deployments) not found in OpenAPI schema\n"},
		{"kubectl explain deploy --api-version=apps/v2", "error: couldn't find resource for \"apps/v2, Resource=deployments\"\n"},
	} {
		r := Run(e, tc.line, "")
		assert.Equal(t, 1, r.ExitCode, tc.line)
		assert.Equal(t, tc.stderr, r.Stderr, tc.line)
		assert.Empty(t, r.Stdout, tc.line)
	}
}

func TestExplainResourceNames(t *testing.T) {
	e := docsEnv{newEnv(t), data.MustExplainDocs("en")}
	want := Run(e, "kubectl explain deployments.spec", "").Stdout
	for _, name := range []string{"deploy", "deployment", "Deployment", "deployments.apps"} {
		assert.Equal(t, want, Run(e, "kubectl explain "+name+".spec", "").Stdout, name)
	}
	assert.Equal(t, want, Run(e, "kubectl explain deploy.spec --api-version=apps/v1", "").Stdout)
	assert.Contains(t, Run(e, "kubectl explain sts", "").Stdout, "KIND:       StatefulSet\n")
}

// Before the page has loaded the descriptions, explain prints the field
// tree and says why there is no prose.
func TestExplainWithoutDescriptions(t *testing.T) {
	r := Run(newEnv(t), "kubectl explain deployment.spec.strategy", "")
	assert.Equal(t, 0, r.ExitCode)
	assert.Contains(t, r.Stdout, "FIELDS:\n  rollingUpdate\t<RollingUpdateDeployment>\n    maxSurge\t<IntOrString>\n")
	assert.Contains(t, r.Stderr, "descriptions are still loading")
}
