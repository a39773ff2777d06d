package main

import (
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"net"
	"os"
	"strconv"
	"strings"
)

// kubeconfig is a kubeconfig for the served API: one cluster, one user,
// one context "kubeloop" in namespace default. The token, when set, is
// the user's bearer token; caPEM, when set, the certificate an https
// server is verified with.
func kubeconfig(server, token string, caPEM []byte) string {
	user := "  user: {}\n"
	if token != "" {
		user = "  user:\n    token: " + token + "\n"
	}
	ca := ""
	if len(caPEM) > 0 {
		ca = "    certificate-authority-data: " + base64.StdEncoding.EncodeToString(caPEM) + "\n"
	}
	return "apiVersion: v1\nkind: Config\nclusters:\n- name: kubeloop\n  cluster:\n" + ca + "    server: " + server + "\n" +
		"contexts:\n- name: kubeloop\n  context:\n    cluster: kubeloop\n    user: kubeloop\n    namespace: default\n" +
		"current-context: kubeloop\nusers:\n- name: kubeloop\n" + user
}

// writeKubeconfig writes it readable by its owner only: it may hold the
// token.
func writeKubeconfig(file, server, token string, caPEM []byte) error {
	return os.WriteFile(file, []byte(kubeconfig(server, token, caPEM)), 0o600)
}

// newToken is a bearer token: 32 random bytes, in hex.
func newToken() (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return hex.EncodeToString(b), nil
}

// isLoopback reports whether an address listened on ("127.0.0.1:6443",
// "localhost:6443", "[::1]:6443") is reachable from this machine only. An
// address with no host (":6443") listens on every interface.
func isLoopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil || host == "" {
		return false
	}
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// clientURL is the URL a client on this machine reaches a listener at: its
// own address, or loopback for one that listens on every interface.
func clientURL(scheme string, ln net.Addr) string {
	tcp, ok := ln.(*net.TCPAddr)
	if !ok {
		return scheme + "://" + ln.String()
	}
	if tcp.IP.IsUnspecified() {
		return scheme + "://" + net.JoinHostPort("127.0.0.1", strconv.Itoa(tcp.Port))
	}
	return scheme + "://" + tcp.String()
}
