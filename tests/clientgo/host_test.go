package clientgo

import (
	"bufio"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/clientcmd"
)

// binary is kubeloop, built from the repository for these tests.
var binary string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "kubeloop-clientgo")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	binary = filepath.Join(dir, "kubeloop")
	build := exec.Command(filepath.Join(runtime.GOROOT(), "bin", "go"), "build", "-o", binary, "./cmd/kubeloop")
	build.Dir = filepath.Join("..", "..") // kubeloop's own module
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "building kubeloop:", err)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// sandbox is one `kubeloop serve --api` process with its clock stopped:
// simulated time passes only when the test settles or advances it, so
// the cluster's history follows from the seed and the requests.
type sandbox struct {
	url    string
	config *rest.Config
	client kubernetes.Interface
	cmd    *exec.Cmd
	exited chan error
}

// start serves a fresh cluster on a free loopback port.
func start(t *testing.T) *sandbox {
	t.Helper()
	kubeconfig := filepath.Join(t.TempDir(), "kubeconfig")
	s := &sandbox{exited: make(chan error, 1)}
	s.cmd = exec.Command(binary, "serve", "--addr", "", "--api", "127.0.0.1:0", "--kubeconfig", kubeconfig, "--speed", "0")
	stdout, err := s.cmd.StdoutPipe()
	require.NoError(t, err)
	s.cmd.Stderr = os.Stderr
	require.NoError(t, s.cmd.Start())
	go func() { s.exited <- s.cmd.Wait() }()
	lines := bufio.NewScanner(stdout)
	for lines.Scan() {
		if rest, ok := strings.CutPrefix(lines.Text(), "kubeloop: serving the Kubernetes API at "); ok {
			s.url, _, _ = strings.Cut(rest, ",")
			break
		}
	}
	require.NotEmpty(t, s.url, "kubeloop serve --api said where it serves")
	go io.Copy(io.Discard, stdout)
	t.Cleanup(s.stop)
	s.config, err = clientcmd.BuildConfigFromFlags("", kubeconfig)
	require.NoError(t, err)
	s.client, err = kubernetes.NewForConfig(s.config)
	require.NoError(t, err)
	return s
}

func (s *sandbox) stop() {
	if s.cmd.ProcessState != nil {
		return
	}
	s.cmd.Process.Signal(syscall.SIGINT)
	select {
	case <-s.exited:
	case <-time.After(10 * time.Second):
		s.cmd.Process.Kill()
	}
}

// settle runs the cluster until its controllers are quiet.
func (s *sandbox) settle(t *testing.T) {
	t.Helper()
	s.control(t, "settle")
}

// advance lets d of simulated time pass.
func (s *sandbox) advance(t *testing.T, d time.Duration) {
	t.Helper()
	s.control(t, "advance?duration="+d.String())
}

func (s *sandbox) control(t *testing.T, what string) {
	t.Helper()
	resp, err := http.Post(s.url+"/kubeloop/v1/"+what, "", nil)
	require.NoError(t, err)
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode, "%s: %s", what, body)
}

// eventually polls cond in wall time: the test's own controllers run on
// client-go's goroutines, beside the sandbox's clock.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("gave up waiting: %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
