package main

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"math/big"
	"net"
	"os"
	"time"
)

// A bearer token travels over TLS only: kubectl (client-go's kubeconfig
// loader) sends a user's credentials to an https server and never to an
// http one, and a token in clear text on a network would be anyone's. So
// an API that requires a token serves HTTPS, with a certificate made at
// start-up and signed by itself; the kubeconfig carries it as the
// cluster's certificate-authority-data, so clients verify the server
// without a flag to skip verification.

// selfSignedCert makes a certificate for the addresses clients reach the
// server at: loopback, this host's name, and the listener's address — or,
// for a listener on every interface, each interface's addresses.
func selfSignedCert(ln net.Addr) (tls.Certificate, []byte, error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return tls.Certificate{}, nil, err
	}
	serial, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 127))
	if err != nil {
		return tls.Certificate{}, nil, err
	}
	now := time.Now()
	tmpl := &x509.Certificate{
		SerialNumber:          serial,
		Subject:               pkix.Name{CommonName: "kubeloop"},
		NotBefore:             now.Add(-time.Hour),
		NotAfter:              now.AddDate(1, 0, 0),
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
		IsCA:                  true,
		DNSNames:              []string{"localhost"},
		IPAddresses:           []net.IP{net.IPv4(127, 0, 0, 1), net.IPv6loopback},
	}
	if name, err := os.Hostname(); err == nil {
		tmpl.DNSNames = append(tmpl.DNSNames, name)
	}
	if tcp, ok := ln.(*net.TCPAddr); ok {
		if !tcp.IP.IsUnspecified() {
			tmpl.IPAddresses = append(tmpl.IPAddresses, tcp.IP)
		} else if addrs, err := net.InterfaceAddrs(); err == nil {
			for _, a := range addrs {
				if n, ok := a.(*net.IPNet); ok && !n.IP.IsLoopback() {
					tmpl.IPAddresses = append(tmpl.IPAddresses, n.IP)
				}
			}
		}
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return tls.Certificate{}, nil, err
	}
	certPEM := pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})
	keyDER, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		return tls.Certificate{}, nil, err
	}
	cert, err := tls.X509KeyPair(certPEM, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: keyDER}))
	return cert, certPEM, err
}
