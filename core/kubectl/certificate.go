package kubectl

import (
	"slices"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
)

// This file is CertificateSigningRequests in kubectl: the `get csr`
// columns and `kubectl certificate approve|deny`, which add the Approved
// or Denied condition through the approval subresource (here: the status).

func registerCertificate() {
	printers["CertificateSigningRequest"] = columns{
		headers: []string{"NAME", "AGE", "SIGNERNAME", "REQUESTOR", "REQUESTEDDURATION", "CONDITION"},
		row: func(o api.Object, now time.Time, _ bool) []string {
			c := o.(*api.CertificateSigningRequest)
			d := "<none>"
			if e := c.Spec.ExpirationSeconds; e != nil {
				d = HumanDuration(time.Duration(*e) * time.Second)
			}
			return []string{c.Name, age(c.CreationTimestamp, now), c.Spec.SignerName, c.Spec.Username, d, CSRCondition(c)}
		},
	}
	commands["certificate"] = runCertificate
	subcommands["certificate"] = []string{"approve", "deny"}
}

// CSRCondition is the CONDITION cell: Approved, Denied or Pending, then
// ",Failed" and ",Issued" as they apply.
func CSRCondition(c *api.CertificateSigningRequest) string {
	var approved, denied, failed bool
	for _, cond := range c.Status.Conditions {
		switch cond.Type {
		case api.CertificateApproved:
			approved = true
		case api.CertificateDenied:
			denied = true
		case api.CertificateFailed:
			failed = true
		}
	}
	s := "Pending"
	if denied {
		s = "Denied"
	} else if approved {
		s = "Approved"
	}
	if failed {
		s += ",Failed"
	}
	if c.Status.Certificate != "" {
		s += ",Issued"
	}
	return s
}

func runCertificate(c *invocation, args []string) {
	if len(args) == 0 || !slices.Contains(subcommands["certificate"], args[0]) {
		printHelp(c, "certificate") // as kubectl: its help, exit code 0
		return
	}
	verb := args[0]
	pos, f, ok := c.parse(args[1:], flagDef{long: "force", boolean: true})
	if !ok {
		return
	}
	if len(pos) == 0 {
		c.fail("one or more CSRs must be specified as <name> or -f <filename>")
		return
	}
	kind := api.CertificateSigningRequests
	st := c.env.Store()
	condType, reason, message, done := api.CertificateApproved, "KubectlApprove", "This CSR was approved by kubectl certificate approve.", "approved"
	if verb == "deny" {
		condType, reason, message, done = api.CertificateDenied, "KubectlDeny", "This CSR was denied by kubectl certificate deny.", "denied"
	}
	for _, name := range pos {
		live, err := st.Get(kind, "", name)
		if err != nil {
			c.apiError(err, "", "")
			continue
		}
		csr := api.DeepCopy(live.(*api.CertificateSigningRequest))
		if api.CSRCondition(csr, condType) != nil && !f.boolean("force") {
			c.printf("certificatesigningrequest.certificates.k8s.io/%s %s\n", name, done)
			continue
		}
		other := api.CertificateDenied
		if verb == "deny" {
			other = api.CertificateApproved
		}
		if api.CSRCondition(csr, other) != nil {
			c.fail("CertificateSigningRequest.certificates.k8s.io %q is invalid: status.conditions[1].type: Invalid value: %q: Approved and Denied conditions are mutually exclusive", name, condType)
			continue
		}
		now := api.NewTime(st.Clock().Now())
		csr.Status.Conditions = append(csr.Status.Conditions, api.CertificateSigningRequestCondition{Type: condType, Status: "True",
			Reason: reason, Message: message, LastUpdateTime: now, LastTransitionTime: now})
		if _, err := st.UpdateStatus(csr); err != nil {
			c.apiError(err, "", "")
			continue
		}
		c.printf("certificatesigningrequest.certificates.k8s.io/%s %s\n", name, done)
	}
}
