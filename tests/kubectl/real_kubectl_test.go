package kubectl

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/controllers"
	"github.com/kubeloop/kubeloop/core/cluster"
	"github.com/kubeloop/kubeloop/site/data"
)

// clientSideLines need no API server: kubectl builds, checks and prints
// the object itself (--dry-run=client) or refuses the line before it would
// call one. On them kubeloop's kubectl must print what the real one does,
// byte for byte.
var clientSideLines = []string{
	"kubectl create pdb web --selector=app=web --min-available=1 --dry-run=client -o yaml",
	"kubectl create poddisruptionbudget web --selector=app=web --max-unavailable=50% --dry-run=client -o yaml",
	"kubectl create pdb x --selector='a in (b,c),!d,e==f' --min-available=2 --dry-run=client -o yaml",
	"kubectl create pdb web --selector=app=web --min-available=1 --dry-run=client",
	"kubectl create pdb x --selector=a!=b --min-available=1 --dry-run=client",
	"kubectl create pdb web --selector=app=web --min-available=1 --dry-run=client -o name",
	"kubectl create pdb x --selector=a=b --min-available=abc --dry-run=client -o yaml",
	"kubectl create pdb --selector=a=b --min-available=1 --dry-run=client",
	"kubectl create pdb web --dry-run=client",
	"kubectl create pdb web --selector=app=web --dry-run=client",
	"kubectl create pdb web --selector=app=web --min-available=1 --max-unavailable=1 --dry-run=client",
	"kubectl create quota q --hard=pods=10,cpu=2,requests.memory=1Gi --dry-run=client -o yaml",
	"kubectl create quota q --hard=pods=1,pods=2 --dry-run=client -o yaml",
	"kubectl create quota q --dry-run=client -o yaml",
	"kubectl create quota q --hard=foo --dry-run=client",
	"kubectl create quota q --hard=pods=abc --dry-run=client",
	"kubectl create deployment web --image=nginx:1.25 --replicas=3 --dry-run=client -o yaml",
	"kubectl create deployment web --image=nginx -o foo --dry-run=client",
	"kubectl create job x --image=busybox -o wide --dry-run=client",
	// A typed object kubectl built itself: -o json in its Go type's field
	// order, kind before apiVersion.
	"kubectl create deployment x --image=nginx --dry-run=client -o json",
	"kubectl create deployment web --image=nginx:1.25 --replicas=3 --port=80 --dry-run=client -o json",
	"kubectl create service clusterip my-svc --tcp=5678:8080 --dry-run=client -o json",
	"kubectl create service nodeport np --tcp=80:8080 --dry-run=client -o json",
	"kubectl create configmap cfg --from-literal=a=1 --from-literal=b=2 --dry-run=client -o json",
	"kubectl create job j --image=busybox --dry-run=client -o json",
	"kubectl create namespace ns1 --dry-run=client -o json",
}

// TestClientSideOutputIsRealKubectls runs each line through the real
// kubectl on PATH (v1.32, with no cluster configured) and through
// kubeloop, and compares what each prints.
func TestClientSideOutputIsRealKubectls(t *testing.T) {
	real := realKubectl(t)
	for _, line := range clientSideLines {
		t.Run(line, func(t *testing.T) {
			stdout, stderr := runReal(t, real, line)
			r := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()}).Kubectl(line, "")
			assert.Equal(t, stdout, r.Stdout, "stdout")
			assert.Equal(t, stderr, r.Stderr, "stderr")
		})
	}
}

// realKubectl is the path of the real kubectl on PATH.
func realKubectl(t *testing.T) string {
	if runtime.GOOS == "js" {
		t.Skip("no processes under GOOS=js; the native run compares")
	}
	real, err := exec.LookPath("kubectl")
	if err != nil {
		if os.Getenv("KUBELOOP_REQUIRE_KUBECTL") != "" {
			t.Fatalf("KUBELOOP_REQUIRE_KUBECTL is set but kubectl is not on PATH: %v", err)
		}
		t.Skipf("the real kubectl is not on PATH (%v); set KUBELOOP_REQUIRE_KUBECTL=1 to make this a failure", err)
	}
	return real
}

// runReal runs line (its first word "kubectl") with the real kubectl and no
// cluster configured, through bash for its quoting; a refusal exits 1, and
// its words are what is compared.
func runReal(t *testing.T, real, line string) (stdout, stderr string) {
	kubeconfig := filepath.Join(t.TempDir(), "kubeconfig")
	require.NoError(t, os.WriteFile(kubeconfig, nil, 0o600))
	var out, errOut bytes.Buffer
	cmd := exec.Command("bash", "-c", strings.Replace(line, "kubectl", real, 1))
	cmd.Env = append(os.Environ(), "KUBECONFIG="+kubeconfig)
	cmd.Stdout, cmd.Stderr = &out, &errOut
	_ = cmd.Run()
	return out.String(), errOut.String()
}

// helpHeads are help texts whose head — the description and the aliases —
// and list of subcommands kubeloop prints as the real kubectl does (its
// examples and options are those it simulates).
var helpHeads = []string{
	"kubectl rollout -h",
	"kubectl create service -h",
	"kubectl create pdb -h",
	"kubectl create quota --help",
	"kubectl create deploy -h",
}

func TestHelpHeadIsRealKubectls(t *testing.T) {
	real := realKubectl(t)
	for _, line := range helpHeads {
		t.Run(line, func(t *testing.T) {
			stdout, _ := runReal(t, real, line)
			ours := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All(), KubectlHelp: data.MustKubectlHelp()}).Kubectl(line, "").Stdout
			assert.Equal(t, helpHead(stdout), helpHead(ours))
			assert.Equal(t, helpSubcommands(stdout), helpSubcommands(ours))
		})
	}
}

func helpHead(help string) string {
	for _, section := range []string{"\nExamples:", "\nAvailable Commands:", "\nOptions:", "\nUsage:"} {
		help, _, _ = strings.Cut(help, section)
	}
	return help
}

func helpSubcommands(help string) string {
	_, list, _ := strings.Cut(help, "\nAvailable Commands:\n")
	list, _, _ = strings.Cut(list, "\n\n")
	return list
}
