package api

// ClusterCACertificate is the sandbox cluster's CA, PEM: a constant rather than
// encoded when the program starts (before the page can draw); the test
// checks it is the PEM encoding of ClusterCABody.
const ClusterCACertificate = "-----BEGIN CERTIFICATE-----\n" +
	"a3ViZWxvb3Agc2ltdWxhdGVkIGNsdXN0ZXIgQ0EgKG5vdCBYLjUwOSkKc3ViamVj\n" +
	"dDogQ049a3ViZXJuZXRlcwppc3N1ZXI6IENOPWt1YmVybmV0ZXMK\n" +
	"-----END CERTIFICATE-----\n"

// ClusterCABody is what the certificate holds: no X.509, a label.
const ClusterCABody = "kubeloop simulated cluster CA (not X.509)\nsubject: CN=kubernetes\nissuer: CN=kubernetes\n"
