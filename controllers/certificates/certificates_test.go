package certificates_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/controllers/certificates"
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/controller/controllertest"
	"github.com/kubeloop/kubeloop/core/store"
)

const request = "LS0tLS1CRUdJTiBDRVJUSUZJQ0FURSBSRVFVRVNULS0tLS0KTUlHUU1FUUNBUUF3RVRFUE1BMEdBMVVFQXd3R2JYbDFjMlZ5TUNvd0JRWURLMlZ3QXlFQW1wTWZiODUvT0lqeAo0R3F0UVI4UDU3N3NPb2ljTTdSNzd6Ly81cVNHbGs2Z0FEQUZCZ01yWlhBRFFRQlE1QlIybUx6ZnQyc3JIVlU5Cll5Sy9uYmJpTXZ2dTREdndGbEg0dmlPUEtuOGYyNnllL21IZkN4MFpIanVMM1dnZ1BJVlJsS0sycjAreDlRVW8KM0t3TwotLS0tLUVORCBDRVJUSUZJQ0FURSBSRVFVRVNULS0tLS0K"

type fixture struct {
	t     *testing.T
	clk   *clock.Sim
	store *store.Store
	mgr   *controller.Manager
}

func newFixture(t *testing.T) *fixture {
	clk, s, m := controllertest.Start(t, func(s *store.Store) { s.AddAdmission(certificates.Admission) }, certificates.Register)
	f := &fixture{t: t, clk: clk, store: s, mgr: m}
	f.settle()
	return f
}

func (f *fixture) settle() {
	for f.clk.StepDue() {
	}
}

func (f *fixture) advance(d time.Duration) { f.clk.Advance(d) }

func (f *fixture) create(name, signer, user string, usages ...string) {
	csr := &api.CertificateSigningRequest{ObjectMeta: api.ObjectMeta{Name: name},
		Spec: api.CertificateSigningRequestSpec{Request: request, SignerName: signer, Username: user, Usages: usages,
			ExpirationSeconds: api.Ptr(int32(86400))}}
	_, err := f.store.Create(csr)
	require.NoError(f.t, err)
	f.settle()
}

func (f *fixture) get(name string) *api.CertificateSigningRequest {
	o, err := f.store.Get(api.CertificateSigningRequests, "", name)
	if api.IsNotFound(err) {
		return nil
	}
	require.NoError(f.t, err)
	return o.(*api.CertificateSigningRequest)
}

func (f *fixture) decide(name, condType string) {
	csr := api.DeepCopy(f.get(name))
	now := api.NewTime(f.clk.Now())
	csr.Status.Conditions = append(csr.Status.Conditions, api.CertificateSigningRequestCondition{Type: condType, Status: "True",
		Reason: "KubectlApprove", LastUpdateTime: now, LastTransitionTime: now})
	_, err := f.store.UpdateStatus(csr)
	require.NoError(f.t, err)
	f.settle()
}

func TestApprovedRequestsAreSignedPendingOnesWait(t *testing.T) {
	f := newFixture(t)
	f.create("myuser", certificates.SignerKubeAPIServerClient, "", "client auth")
	csr := f.get("myuser")
	assert.Equal(t, "kubernetes-admin", csr.Spec.Username, "the API server records the requester")
	assert.Empty(t, csr.Status.Certificate, "pending: a person must approve a client certificate for a user")
	assert.Empty(t, csr.Status.Conditions, "the approver leaves non-kubelet requests alone")

	f.decide("myuser", api.CertificateApproved)
	csr = f.get("myuser")
	require.NotEmpty(t, csr.Status.Certificate)
	end, ok := certificates.CertificateNotAfter(csr.Status.Certificate)
	require.True(t, ok)
	assert.Equal(t, f.clk.Now().Add(24*time.Hour).UTC(), end, "expirationSeconds 86400")
}

func TestDeniedRequestsAreNeverSigned(t *testing.T) {
	f := newFixture(t)
	f.create("nope", certificates.SignerKubeAPIServerClient, "", "client auth")
	f.decide("nope", api.CertificateDenied)
	assert.Empty(t, f.get("nope").Status.Certificate)
}

func TestUsagesTheSignerDoesNotAllowFail(t *testing.T) {
	f := newFixture(t)
	f.create("serving", certificates.SignerKubeAPIServerClient, "", "server auth")
	f.decide("serving", api.CertificateApproved)
	csr := f.get("serving")
	assert.Empty(t, csr.Status.Certificate)
	c := api.CSRCondition(csr, api.CertificateFailed)
	require.NotNil(t, c)
	assert.Equal(t, "SignerValidationFailure", c.Reason)
	assert.Equal(t, "invalid usage for client certificate: server auth", c.Message)
}

func TestKubeletClientRequestsAreApprovedAutomatically(t *testing.T) {
	f := newFixture(t)
	f.create("node-csr-1", certificates.SignerKubeAPIServerClientKubelet, "system:node:node-1", "digital signature", "client auth")
	csr := f.get("node-csr-1")
	c := api.CSRCondition(csr, api.CertificateApproved)
	require.NotNil(t, c)
	assert.Equal(t, "AutoApproved", c.Reason)
	assert.Equal(t, "Auto approving self kubelet client certificate after SubjectAccessReview.", c.Message)
	assert.NotEmpty(t, csr.Status.Certificate, "then signed")

	f.create("someone", certificates.SignerKubeAPIServerClientKubelet, "", "client auth")
	assert.Empty(t, f.get("someone").Status.Conditions, "not a node: a person decides")
}

func TestTheCleanerDeletesOldRequestsAtItsHourlyCheck(t *testing.T) {
	f := newFixture(t)
	f.create("issued", certificates.SignerKubeAPIServerClient, "", "client auth")
	f.create("pending", certificates.SignerKubeAPIServerClient, "", "client auth")
	f.decide("issued", api.CertificateApproved)
	f.advance(59 * time.Minute)
	assert.NotNil(t, f.get("issued"))
	f.advance(2 * time.Minute) // the check at 1h: not yet more than 1h
	assert.NotNil(t, f.get("issued"))
	f.advance(time.Hour) // the check at 2h
	assert.Nil(t, f.get("issued"), "approved and issued more than an hour ago")
	assert.NotNil(t, f.get("pending"))
	f.advance(23 * time.Hour)
	assert.Nil(t, f.get("pending"), "pending for more than a day")
}
