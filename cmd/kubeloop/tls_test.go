package main

import (
	"crypto/x509"
	"net"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTheSelfSignedCertificateVerifiesForTheAddressesServed(t *testing.T) {
	cert, caPEM, err := selfSignedCert(&net.TCPAddr{IP: net.IPv4(10, 1, 2, 3), Port: 6443})
	require.NoError(t, err)
	pool := x509.NewCertPool()
	require.True(t, pool.AppendCertsFromPEM(caPEM))
	leaf, err := x509.ParseCertificate(cert.Certificate[0])
	require.NoError(t, err)
	for _, name := range []string{"127.0.0.1", "localhost", "10.1.2.3", "::1"} {
		_, err := leaf.Verify(x509.VerifyOptions{Roots: pool, DNSName: name})
		assert.NoError(t, err, name)
	}
	_, err = leaf.Verify(x509.VerifyOptions{Roots: pool, DNSName: "10.9.9.9"})
	assert.Error(t, err, "an address not served")
}
