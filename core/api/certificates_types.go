package api

import (
	"encoding/base64"
	"fmt"
)

// This file holds CertificateSigningRequest (certificates.k8s.io/v1): a
// request for a certificate from a named signer, approved or denied by a
// person (kubectl certificate approve|deny) or an approver, then signed by
// the signer, which writes status.certificate.
//
// The sandbox does not do cryptography: the request is checked to be a
// base64 PEM "CERTIFICATE REQUEST" block but not parsed, and the
// certificate the controller manager issues is a PEM "CERTIFICATE" block
// whose content is a readable description, not X.509 (see
// controllers/certificates).

// CertificateSigningRequest asks a signer for a certificate.
type CertificateSigningRequest struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Spec       CertificateSigningRequestSpec   `json:"spec"`
	Status     CertificateSigningRequestStatus `json:"status,omitempty"`
}

type CertificateSigningRequestSpec struct {
	// Request is the PEM-encoded PKCS#10 request, base64 in YAML.
	Request           string   `json:"request"`
	SignerName        string   `json:"signerName"`
	ExpirationSeconds *int32   `json:"expirationSeconds,omitempty"`
	Usages            []string `json:"usages,omitempty"`
	// Username, UID and Groups are who created it, set by the API server.
	Username string              `json:"username,omitempty"`
	UID      string              `json:"uid,omitempty"`
	Groups   []string            `json:"groups,omitempty"`
	Extra    map[string][]string `json:"extra,omitempty"`
}

type CertificateSigningRequestStatus struct {
	Conditions []CertificateSigningRequestCondition `json:"conditions,omitempty"`
	// Certificate is the issued PEM certificate, base64 in YAML.
	Certificate string `json:"certificate,omitempty"`
}

type CertificateSigningRequestCondition struct {
	Type               string `json:"type"` // Approved, Denied, Failed
	Status             string `json:"status"`
	Reason             string `json:"reason,omitempty"`
	Message            string `json:"message,omitempty"`
	LastUpdateTime     Time   `json:"lastUpdateTime,omitempty"`
	LastTransitionTime Time   `json:"lastTransitionTime,omitempty"`
}

// CSR condition types.
const (
	CertificateApproved = "Approved"
	CertificateDenied   = "Denied"
	CertificateFailed   = "Failed"
)

// CSRCondition returns the condition of type t, or nil.
func CSRCondition(c *CertificateSigningRequest, t string) *CertificateSigningRequestCondition {
	for i := range c.Status.Conditions {
		if c.Status.Conditions[i].Type == t {
			return &c.Status.Conditions[i]
		}
	}
	return nil
}

// validateCSR checks what the API server requires of a new request.
func validateCSR(errs *FieldErrors, c *CertificateSigningRequest) {
	if c.Spec.SignerName == "" {
		errs.required("spec.signerName", "")
	}
	if c.Spec.Request == "" {
		errs.required("spec.request", "")
	} else if data, err := base64.StdEncoding.DecodeString(c.Spec.Request); err != nil {
		errs.invalid("spec.request", c.Spec.Request, "must be base64-encoded")
	} else if b, _ := DecodePEM(data); b == nil {
		errs.invalid("spec.request", "[]byte{...}", "PEM block type must be CERTIFICATE REQUEST")
	} else if b.Type != "CERTIFICATE REQUEST" {
		errs.invalid("spec.request", "[]byte{...}", "PEM block type must be CERTIFICATE REQUEST")
	}
	if e := c.Spec.ExpirationSeconds; e != nil && *e < 600 {
		errs.invalid("spec.expirationSeconds", *e, "may not specify a duration less than 600 seconds (10 minutes)")
	}
	if len(c.Spec.Usages) == 0 {
		errs.required("spec.usages", "")
	}
	seen := map[string]bool{}
	for i, cond := range c.Status.Conditions {
		if seen[cond.Type] {
			*errs = append(*errs, FieldError{Type: "Duplicate value", Field: fmt.Sprintf("status.conditions[%d].type", i), BadValue: cond.Type})
		}
		seen[cond.Type] = true
	}
	if seen[CertificateApproved] && seen[CertificateDenied] {
		*errs = append(*errs, FieldError{Type: "Invalid value", Field: "status.conditions", BadValue: "Approved",
			Detail: "Approved and Denied conditions are mutually exclusive"})
	}
}
