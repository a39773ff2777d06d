package api

import (
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/kubeloop/kubeloop/core/testtext"
)

// The hand-written checks agree with the API server's regular expressions,
// on the edge cases and on random strings over the characters that matter.
func TestDNS1123ChecksMatchTheRegexps(t *testing.T) {
	label := regexp.MustCompile(`^[a-z0-9]([-a-z0-9]*[a-z0-9])?$`)
	subdomain := regexp.MustCompile(`^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$`)
	cases := []string{"", "a", "0", "-", "a-", "-a", "a-b", "a--b", "A", "nginx-deployment", "web-0",
		".", "a.", ".a", "a.b", "a..b", "example.com", "a.-b", "a-.b", "kube-system", "my_name", "é", "a b", "1.2.3"}
	cases = append(cases, testtext.Strings(1, 20000, 0, 7, "ab09-.A_")...)
	for _, s := range cases {
		assert.Equal(t, label.MatchString(s), IsDNS1123Label(s), "label %q", s)
		assert.Equal(t, subdomain.MatchString(s), IsDNS1123Subdomain(s), "subdomain %q", s)
	}
}

func TestLabelSyntaxChecksMatchTheRegexps(t *testing.T) {
	name := regexp.MustCompile(`^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$`)
	value := regexp.MustCompile(`^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$`)
	cases := []string{"", "a", "Z", "0", "-", "_", ".", "a-", "-a", "a_b", "a.b", "a..b", "MyValue", "my_value", "12345", "a/b", "é", "a b"}
	cases = append(cases, testtext.Strings(3, 20000, 0, 7, "aZ09-._/ ")...)
	for _, s := range cases {
		assert.Equal(t, name.MatchString(s), IsQualifiedNamePart(s), "name %q", s)
		assert.Equal(t, value.MatchString(s), IsLabelValue(s), "value %q", s)
	}
}
