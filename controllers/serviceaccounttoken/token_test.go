package serviceaccounttoken_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/controllers/serviceaccounttoken"
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/controller/controllertest"
	"github.com/kubeloop/kubeloop/core/store"
)

func setup(t *testing.T) (*store.Store, func()) {
	clk, s, _ := controllertest.Start(t, nil, serviceaccounttoken.Register)
	return s, func() { controllertest.Settle(clk) }
}

func tokenSecret(name, sa string) *api.Secret {
	return &api.Secret{ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default",
		Annotations: map[string]string{serviceaccounttoken.AnnotationSA: sa}}, Type: serviceaccounttoken.SecretType}
}

func get(s *store.Store, name string) (*api.Secret, bool) {
	o, err := s.Get(api.Secrets, "default", name)
	if err != nil {
		return nil, false
	}
	return o.(*api.Secret), true
}

func TestFillsTheTokenAndDeletesItWithItsServiceAccount(t *testing.T) {
	s, run := setup(t)
	sa, err := s.Create(&api.ServiceAccount{ObjectMeta: api.ObjectMeta{Name: "robot", Namespace: "default"}})
	require.NoError(t, err)
	_, err = s.Create(tokenSecret("robot-token", "robot"))
	require.NoError(t, err)
	_, err = s.Create(&api.Secret{ObjectMeta: api.ObjectMeta{Name: "plain", Namespace: "default"}, Type: "Opaque"})
	require.NoError(t, err)
	run()
	sec, ok := get(s, "robot-token")
	require.True(t, ok)
	uid := sa.GetObjectMeta().UID
	assert.Equal(t, uid, sec.Annotations[serviceaccounttoken.AnnotationUID])
	assert.Equal(t, serviceaccounttoken.Token("default", "robot", uid), sec.SecretValue("token"))
	assert.Equal(t, "default", sec.SecretValue("namespace"))
	assert.Contains(t, sec.SecretValue("ca.crt"), "BEGIN CERTIFICATE")
	plain, _ := get(s, "plain")
	assert.Empty(t, plain.Data, "other Secrets are not the controller's")

	_, err = s.Delete(api.ServiceAccounts, "default", "robot", store.DeleteOptions{})
	require.NoError(t, err)
	run()
	_, ok = get(s, "robot-token")
	assert.False(t, ok, "the token goes with its ServiceAccount")
}

func TestATokenOfNoServiceAccountIsDeleted(t *testing.T) {
	s, run := setup(t)
	_, err := s.Create(tokenSecret("ghost-token", "ghost"))
	require.NoError(t, err)
	run()
	_, ok := get(s, "ghost-token")
	assert.False(t, ok)
}

func TestTheServiceAccountNameAnnotationIsRequired(t *testing.T) {
	s, _ := setup(t)
	_, err := s.Create(&api.Secret{ObjectMeta: api.ObjectMeta{Name: "x", Namespace: "default"}, Type: serviceaccounttoken.SecretType})
	assert.EqualError(t, err, `Secret "x" is invalid: metadata.annotations[kubernetes.io/service-account.name]: Required value`)
}
