package bootstrap_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/controllers/bootstrap"
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/kubeloop/kubeloop/core/controller/controllertest"
	"github.com/kubeloop/kubeloop/core/store"
)

// The signature is an HS256 JWS with the payload detached, as
// k8s.io/cluster-bootstrap's ComputeDetachedSignature (checked against an
// independent HMAC-SHA256).
func TestDetachedSignature(t *testing.T) {
	assert.Equal(t, "eyJhbGciOiJIUzI1NiIsImtpZCI6IjA3NDAxYiJ9..gCT3AWdhDDStRsoHVtU9zVk4sFgfjcFK13LLxoxLW_A",
		bootstrap.DetachedSignature("hello", "07401b", "f395accd246ae52d"))
}

type fixture struct {
	t     *testing.T
	clk   *clock.Sim
	store *store.Store
}

func newFixture(t *testing.T) *fixture {
	f := &fixture{t: t}
	f.clk, f.store, _ = controllertest.Start(t, func(s *store.Store) {
		for _, ns := range []string{"kube-system", "kube-public"} {
			_, err := s.Create(&api.Namespace{ObjectMeta: api.ObjectMeta{Name: ns}})
			require.NoError(t, err)
		}
	}, bootstrap.Register)
	f.create(&api.ConfigMap{ObjectMeta: api.ObjectMeta{Name: "cluster-info", Namespace: "kube-public"},
		Data: map[string]string{"kubeconfig": "hello"}})
	return f
}

func (f *fixture) settle() {
	for f.clk.StepDue() {
	}
}

func (f *fixture) create(o api.Object) {
	_, err := f.store.Create(o)
	require.NoError(f.t, err)
	f.settle()
}

func (f *fixture) token(id, secret string, expires time.Duration, signing bool) {
	data := map[string]string{"token-id": id, "token-secret": secret}
	if expires > 0 {
		data["expiration"] = f.clk.Now().Add(expires).UTC().Format(time.RFC3339)
	}
	if signing {
		data["usage-bootstrap-signing"] = "true"
	}
	f.create(&api.Secret{ObjectMeta: api.ObjectMeta{Name: "bootstrap-token-" + id, Namespace: "kube-system"},
		Type: bootstrap.SecretType, StringData: data})
}

func (f *fixture) signatures() map[string]string {
	o, err := f.store.Get(api.ConfigMaps, "kube-public", "cluster-info")
	require.NoError(f.t, err)
	out := map[string]string{}
	for k, v := range o.(*api.ConfigMap).Data {
		if k != "kubeconfig" {
			out[k] = v
		}
	}
	return out
}

func (f *fixture) exists(name string) bool {
	_, err := f.store.Get(api.Secrets, "kube-system", name)
	return err == nil
}

func TestSignerSignsWithValidSigningTokens(t *testing.T) {
	f := newFixture(t)
	assert.Empty(t, f.signatures())
	f.token("07401b", "f395accd246ae52d", 0, true)
	f.token("abcdef", "0123456789abcdef", 0, false) // not for signing
	f.token("short", "0123456789abcdef", 0, true)   // not a token id (six characters)
	assert.Equal(t, map[string]string{"jws-kubeconfig-07401b": bootstrap.DetachedSignature("hello", "07401b", "f395accd246ae52d")}, f.signatures())

	// A fault: someone tampers with the signature. It is put back.
	o, err := f.store.Get(api.ConfigMaps, "kube-public", "cluster-info")
	require.NoError(t, err)
	cm := api.DeepCopy(o.(*api.ConfigMap))
	cm.Data["jws-kubeconfig-07401b"] = "forged"
	cm.Data["jws-kubeconfig-zzzzzz"] = "stale"
	_, err = f.store.Update(cm)
	require.NoError(t, err)
	f.settle()
	assert.Equal(t, map[string]string{"jws-kubeconfig-07401b": bootstrap.DetachedSignature("hello", "07401b", "f395accd246ae52d")}, f.signatures())

	// The token goes: so does its signature.
	_, err = f.store.Delete(api.Secrets, "kube-system", "bootstrap-token-07401b", store.DeleteOptions{})
	require.NoError(t, err)
	f.settle()
	assert.Empty(t, f.signatures())
}

func TestExpiredTokensAreCleanedAndUnsigned(t *testing.T) {
	f := newFixture(t)
	f.token("07401b", "f395accd246ae52d", 10*time.Minute, true)
	f.token("abcdef", "0123456789abcdef", 0, true) // never expires
	assert.Len(t, f.signatures(), 2)
	f.clk.Advance(9 * time.Minute)
	assert.True(t, f.exists("bootstrap-token-07401b"))
	f.clk.Advance(time.Minute)
	assert.False(t, f.exists("bootstrap-token-07401b"), "deleted when its expiration passes")
	assert.True(t, f.exists("bootstrap-token-abcdef"))
	assert.Equal(t, []string{"jws-kubeconfig-abcdef"}, keys(f.signatures()))
}

func keys(m map[string]string) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
