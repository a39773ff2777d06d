//go:build !js

package apiserver

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// clock is what GET /kubeloop/v1/clock answers.
type clock struct {
	Now      time.Time `json:"now"`
	Revision string    `json:"revision"`
}

func TestKubectlReachesTheAPIWithTheKubeconfigWritten(t *testing.T) {
	h := serve(t, "--speed", "0")
	out, err := h.kubectl(t, "config", "view", "--minify", "-o", "jsonpath={.clusters[0].cluster.server} {.contexts[0].name} {.contexts[0].context.namespace}")
	require.NoError(t, err, out)
	assert.Equal(t, h.url+" kubeloop default", out)
	out, err = h.kubectl(t, "get", "--raw", "/kubeloop/v1/clock")
	require.NoError(t, err, out)
	var c clock
	require.NoError(t, json.Unmarshal([]byte(out), &c), out)
	assert.NotEmpty(t, c.Revision)
}

func TestWithATokenKubectlMustCarryIt(t *testing.T) {
	h := serve(t, "--speed", "0", "--token", "s3cret")
	out, err := h.kubectl(t, "get", "--raw", "/kubeloop/v1/clock")
	require.NoError(t, err, "the kubeconfig carries the token: %s", out)

	noToken := filepath.Join(t.TempDir(), "kubeconfig")
	b, err := os.ReadFile(h.kubeconfig)
	require.NoError(t, err)
	require.Contains(t, string(b), "token: s3cret")
	require.NoError(t, os.WriteFile(noToken, []byte(strings.Replace(string(b), "token: s3cret", "token: guess", 1)), 0o600))
	out, err = h.kubectlWith(t, noToken, "get", "--raw", "/api")
	require.Error(t, err)
	// What kubectl prints against a real API server for a wrong token.
	assert.Equal(t, "error: You must be logged in to the server (Unauthorized)\n", out)
}

func TestABodyOverTheLimitIsRefusedAsUpstreamRefusesIt(t *testing.T) {
	h := serve(t, "--speed", "0")
	big := filepath.Join(t.TempDir(), "big.json")
	require.NoError(t, os.WriteFile(big, []byte(strings.Repeat("x", 3<<20+1)), 0o600))
	out, err := h.kubectl(t, "create", "--raw", "/api/v1/namespaces/default/configmaps", "-f", big)
	require.Error(t, err)
	// What kubectl printed against v1.32.13 for the same request.
	assert.Equal(t, "Error from server (RequestEntityTooLarge): Request entity too large: limit is 3145728\n", out)
}

func TestTheClockMovesOnlyWhenToldAtSpeedZero(t *testing.T) {
	h := serve(t, "--speed", "0")
	get := func() clock {
		resp, err := http.Get(h.url + "/kubeloop/v1/clock")
		require.NoError(t, err)
		defer resp.Body.Close()
		var c clock
		require.NoError(t, json.NewDecoder(resp.Body).Decode(&c))
		return c
	}
	before := get()
	time.Sleep(200 * time.Millisecond)
	assert.Equal(t, before.Now, get().Now, "a stopped clock")
	require.Equal(t, 200, h.post(t, "/kubeloop/v1/advance?duration=90s").StatusCode)
	assert.Equal(t, 90*time.Second, get().Now.Sub(before.Now))
}

func TestTheClockFollowsTheWallClockTimesSpeed(t *testing.T) {
	h := serve(t, "--speed", "100")
	var c0, c1 clock
	out, _ := h.kubectl(t, "get", "--raw", "/kubeloop/v1/clock")
	require.NoError(t, json.Unmarshal([]byte(out), &c0), out)
	time.Sleep(500 * time.Millisecond)
	out, _ = h.kubectl(t, "get", "--raw", "/kubeloop/v1/clock")
	require.NoError(t, json.Unmarshal([]byte(out), &c1), out)
	// At least 0.5 s of wall time at ×100; a loaded machine only adds.
	assert.GreaterOrEqual(t, c1.Now.Sub(c0.Now), 50*time.Second)
}
