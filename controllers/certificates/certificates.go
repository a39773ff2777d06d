// Package certificates is the CertificateSigningRequest controllers of
// kube-controller-manager:
//
//   - the signer (certificatesigningrequest-signing-controller) issues a
//     certificate for every approved request to one of the built-in
//     signers, writing status.certificate; a request whose usages the
//     signer does not allow gets the Failed condition instead;
//   - the approver (certificatesigningrequest-approving-controller)
//     approves kubelets' client certificate requests by itself (signer
//     kubernetes.io/kube-apiserver-client-kubelet, from a node or a
//     bootstrap token); everything else waits for a person: kubectl
//     certificate approve|deny;
//   - the cleaner (certificatesigningrequest-cleaner-controller) deletes
//     requests an hour after they were approved and issued, denied or
//     failed, a day after they were made if still pending, and once their
//     certificate has expired. It checks every hour, as upstream, so a
//     request goes at the first hourly check after its deadline.
//
// No cryptography: the certificate is a PEM "CERTIFICATE" block whose
// content is a readable description (subject, issuer, validity), not
// X.509. The request is not parsed, so the subject named is the
// requester (spec.username).
package certificates

import (
	"encoding/base64"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/informer"
	"github.com/kubeloop/kubeloop/core/store"
)

// The built-in signers.
const (
	SignerKubeAPIServerClient        = "kubernetes.io/kube-apiserver-client"
	SignerKubeAPIServerClientKubelet = "kubernetes.io/kube-apiserver-client-kubelet"
	SignerKubeletServing             = "kubernetes.io/kubelet-serving"
	SignerLegacyUnknown              = "kubernetes.io/legacy-unknown"
)

const (
	// MaxDuration is --cluster-signing-duration's default (one year).
	MaxDuration = 365 * 24 * time.Hour
	// backdate is how far before now a certificate's validity starts, for
	// clocks that lag.
	backdate = 5 * time.Minute
	// The cleaner's deadlines and period.
	approvedExpiration = time.Hour
	deniedExpiration   = time.Hour
	pendingExpiration  = 24 * time.Hour
	cleanerPeriod      = time.Hour
)

// allowedUsages are the usages each signer accepts (nil: any).
var allowedUsages = map[string][]string{
	SignerKubeAPIServerClient:        {"digital signature", "key encipherment", "client auth"},
	SignerKubeAPIServerClientKubelet: {"digital signature", "key encipherment", "client auth"},
	SignerKubeletServing:             {"digital signature", "key encipherment", "server auth"},
	SignerLegacyUnknown:              nil,
}

// Register adds the signer, the approver and the cleaner to a manager and
// returns the signer.
func Register(m *controller.Manager) *controller.Controller {
	csrs := informer.ListerFor[*api.CertificateSigningRequest](m.Informers)
	signer := m.NewController("csrsigning", &Signer{csrs: csrs}, controller.Options{Component: "certificatesigningrequest-signing-controller"})
	approver := m.NewController("csrapproving", &Approver{csrs: csrs}, controller.Options{Component: "certificatesigningrequest-approving-controller"})
	cl := &Cleaner{csrs: csrs}
	cleaner := m.NewController("csrcleaner", cl, controller.Options{Component: "certificatesigningrequest-cleaner-controller"})
	csrs.AddHandler(informer.Handler{
		OnAdd: func(o api.Object) {
			signer.EnqueueObject(o)
			approver.EnqueueObject(o)
		},
		OnUpdate: func(_, o api.Object) {
			signer.EnqueueObject(o)
			approver.EnqueueObject(o)
		},
	})
	// The cleaner's hourly check.
	var tick func()
	tick = func() {
		cleaner.Enqueue(cleanerKey)
		m.Clock.Housekeeping(cleanerPeriod, "csrcleaner", tick)
	}
	cleaner.Enqueue(cleanerKey)
	m.Clock.Housekeeping(cleanerPeriod, "csrcleaner", tick)
	return signer
}

// Signer issues certificates for approved requests.
type Signer struct {
	// csrs is the cache it observes; never modify what it returns.
	csrs informer.Lister[*api.CertificateSigningRequest]
}

// Reconcile signs one request if it is approved and not yet issued.
func (s *Signer) Reconcile(ctx *controller.Context, req controller.Request) (controller.Result, error) {
	csr, ok := s.csrs.Get("", req.Name)
	if !ok {
		return controller.Result{}, nil
	}
	allowed, known := allowedUsages[csr.Spec.SignerName]
	switch {
	case !known:
		ctx.Observe("signer %s is not one of kube-controller-manager's", csr.Spec.SignerName)
		return controller.Result{}, nil
	case csr.Status.Certificate != "":
		return controller.Result{}, nil
	case api.CSRCondition(csr, api.CertificateDenied) != nil || api.CSRCondition(csr, api.CertificateFailed) != nil:
		ctx.Observe("request %s is denied or failed", csr.Name)
		return controller.Result{}, nil
	case api.CSRCondition(csr, api.CertificateApproved) == nil:
		ctx.Observe("request %s is pending: not approved yet", csr.Name)
		return controller.Result{}, nil
	}
	next := api.DeepCopy(csr)
	now := ctx.Clock.Now()
	if bad := badUsages(csr.Spec.Usages, allowed); len(bad) > 0 {
		kind := "client"
		if csr.Spec.SignerName == SignerKubeletServing {
			kind = "serving"
		}
		msg := fmt.Sprintf("invalid usage for %s certificate: %s", kind, strings.Join(bad, ", "))
		ctx.Diff("approved, but %s", msg)
		ctx.Why("signer %s does not issue certificates with these usages", csr.Spec.SignerName)
		t := api.NewTime(now)
		next.Status.Conditions = append(next.Status.Conditions, api.CertificateSigningRequestCondition{Type: api.CertificateFailed, Status: "True",
			Reason: "SignerValidationFailure", Message: msg, LastUpdateTime: t, LastTransitionTime: t})
		_, err := ctx.UpdateStatus(next, "Failed: "+msg)
		return controller.Result{}, ignoreGone(err)
	}
	d := MaxDuration
	if e := csr.Spec.ExpirationSeconds; e != nil && time.Duration(*e)*time.Second < d {
		d = time.Duration(*e) * time.Second
	}
	ctx.Diff("request %s is approved and has no certificate", csr.Name)
	ctx.Why("%s signs approved requests; valid for %s", csr.Spec.SignerName, d)
	next.Status.Certificate = IssueCertificate(csr, now.Add(-backdate), now.Add(d))
	_, err := ctx.UpdateStatus(next, "certificate issued, valid until "+now.Add(d).UTC().Format(time.RFC3339))
	return controller.Result{}, ignoreGone(err)
}

func badUsages(usages, allowed []string) []string {
	if allowed == nil {
		return nil
	}
	var bad []string
	for _, u := range usages {
		if !slices.Contains(allowed, u) {
			bad = append(bad, u)
		}
	}
	return bad
}

func ignoreGone(err error) error {
	if api.IsNotFound(err) {
		return nil
	}
	return err
}

// IssueCertificate is the simulated certificate for csr: base64 of a PEM
// CERTIFICATE block describing it.
func IssueCertificate(csr *api.CertificateSigningRequest, notBefore, notAfter time.Time) string {
	body := fmt.Sprintf("kubeloop simulated certificate (not X.509)\nsubject: %s\nissuer: CN=kubernetes\nsigner: %s\nusages: %s\nnotBefore: %s\nnotAfter: %s\n",
		csr.Spec.Username, csr.Spec.SignerName, strings.Join(csr.Spec.Usages, ", "),
		notBefore.UTC().Format(time.RFC3339), notAfter.UTC().Format(time.RFC3339))
	return base64.StdEncoding.EncodeToString(api.EncodePEM(&api.PEMBlock{Type: "CERTIFICATE",
		Headers: map[string]string{"Not-After": notAfter.UTC().Format(time.RFC3339)}, Bytes: []byte(body)}))
}

// CertificateNotAfter reads the end of validity back from a certificate
// IssueCertificate made.
func CertificateNotAfter(cert string) (time.Time, bool) {
	data, err := base64.StdEncoding.DecodeString(cert)
	if err != nil {
		return time.Time{}, false
	}
	b, _ := api.DecodePEM(data)
	if b == nil {
		return time.Time{}, false
	}
	t, err := time.Parse(time.RFC3339, b.Headers["Not-After"])
	return t, err == nil
}

// Approver approves kubelet client certificate requests by itself.
type Approver struct {
	// csrs is the cache it observes; never modify what it returns.
	csrs informer.Lister[*api.CertificateSigningRequest]
}

var kubeletClientUsages = []string{"digital signature", "key encipherment", "client auth"}

// Reconcile approves one request if it is a kubelet's client request.
func (a *Approver) Reconcile(ctx *controller.Context, req controller.Request) (controller.Result, error) {
	csr, ok := a.csrs.Get("", req.Name)
	if !ok {
		return controller.Result{}, nil
	}
	if csr.Spec.SignerName != SignerKubeAPIServerClientKubelet || len(csr.Status.Conditions) > 0 {
		return controller.Result{}, nil
	}
	var message string
	switch {
	case strings.HasPrefix(csr.Spec.Username, "system:node:"):
		message = "Auto approving self kubelet client certificate after SubjectAccessReview."
	case slices.Contains(csr.Spec.Groups, "system:bootstrappers") || slices.Contains(csr.Spec.Groups, "system:nodes"):
		message = "Auto approving kubelet client certificate after SubjectAccessReview."
	default:
		ctx.Observe("request %s from %s is neither a node's nor a bootstrap token's: a person decides", csr.Name, csr.Spec.Username)
		return controller.Result{}, nil
	}
	if !slices.Contains(csr.Spec.Usages, "client auth") || len(badUsages(csr.Spec.Usages, kubeletClientUsages)) > 0 {
		ctx.Observe("request %s asks for usages %v: not a kubelet client certificate", csr.Name, csr.Spec.Usages)
		return controller.Result{}, nil
	}
	ctx.Diff("kubelet client request %s from %s is pending", csr.Name, csr.Spec.Username)
	ctx.Why("kubelets may have client certificates (the SubjectAccessReview always allows in the sandbox)")
	next := api.DeepCopy(csr)
	t := api.NewTime(ctx.Clock.Now())
	next.Status.Conditions = append(next.Status.Conditions, api.CertificateSigningRequestCondition{Type: api.CertificateApproved, Status: "True",
		Reason: "AutoApproved", Message: message, LastUpdateTime: t, LastTransitionTime: t})
	_, err := ctx.UpdateStatus(next, "Approved: AutoApproved")
	return controller.Result{}, ignoreGone(err)
}

var cleanerKey = controller.Request{Name: "csrcleaner"}

// Cleaner deletes old requests.
type Cleaner struct {
	// csrs is the cache it observes; never modify what it returns.
	csrs informer.Lister[*api.CertificateSigningRequest]
}

// Reconcile scans every request once.
func (c *Cleaner) Reconcile(ctx *controller.Context, _ controller.Request) (controller.Result, error) {
	now := ctx.Clock.Now()
	var firstErr error
	for _, csr := range c.csrs.List("") {
		why := expired(csr, now)
		if why == "" {
			continue
		}
		ctx.Diff("request %s: %s", csr.Name, why)
		if err := ctx.Delete(csr, store.DeleteOptions{}, why); err != nil && !api.IsNotFound(err) && firstErr == nil {
			firstErr = err
		}
	}
	return controller.Result{}, firstErr
}

// expired says why csr should go now, or "".
func expired(csr *api.CertificateSigningRequest, now time.Time) string {
	since := func(c *api.CertificateSigningRequestCondition) time.Duration { return now.Sub(c.LastUpdateTime.Time) }
	if csr.Status.Certificate != "" {
		if t, ok := CertificateNotAfter(csr.Status.Certificate); ok && !now.Before(t) {
			return "its certificate has expired"
		}
	}
	if c := api.CSRCondition(csr, api.CertificateApproved); c != nil && csr.Status.Certificate != "" && since(c) > approvedExpiration {
		return "approved and issued more than 1h ago"
	}
	if c := api.CSRCondition(csr, api.CertificateDenied); c != nil && since(c) > deniedExpiration {
		return "denied more than 1h ago"
	}
	if c := api.CSRCondition(csr, api.CertificateFailed); c != nil && since(c) > deniedExpiration {
		return "failed more than 1h ago"
	}
	if len(csr.Status.Conditions) == 0 && now.Sub(csr.CreationTimestamp.Time) > pendingExpiration {
		return "pending for more than 24h"
	}
	return ""
}

// Admission is the API server's side of a new request: it records who
// made it (kubectl here is kind's kubernetes-admin, unless the request
// already names a requester, as a simulated kubelet's does) and drops any
// status the client sent.
func Admission(op store.Operation, obj, _ api.Object) error {
	csr, ok := obj.(*api.CertificateSigningRequest)
	if !ok || op != store.OpCreate {
		return nil
	}
	if csr.Spec.Username == "" {
		csr.Spec.Username = "kubernetes-admin"
		csr.Spec.Groups = []string{"kubeadm:cluster-admins", "system:authenticated"}
	}
	csr.Status = api.CertificateSigningRequestStatus{}
	return nil
}
