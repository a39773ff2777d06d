package certificates

import "github.com/kubeloop/kubeloop/core/controller"

// exampleCSR asks kubernetes.io/kube-apiserver-client for a client
// certificate for the user myuser (a real ed25519 request, CN=myuser).
const exampleCSR = `apiVersion: certificates.k8s.io/v1
kind: CertificateSigningRequest
metadata:
  name: myuser
spec:
  request: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURSBSRVFVRVNULS0tLS0KTUlHUU1FUUNBUUF3RVRFUE1BMEdBMVVFQXd3R2JYbDFjMlZ5TUNvd0JRWURLMlZ3QXlFQW1wTWZiODUvT0lqeAo0R3F0UVI4UDU3N3NPb2ljTTdSNzd6Ly81cVNHbGs2Z0FEQUZCZ01yWlhBRFFRQlE1QlIybUx6ZnQyc3JIVlU5Cll5Sy9uYmJpTXZ2dTREdndGbEg0dmlPUEtuOGYyNnllL21IZkN4MFpIanVMM1dnZ1BJVlJsS0sycjAreDlRVW8KM0t3TwotLS0tLUVORCBDRVJUSUZJQ0FURSBSRVFVRVNULS0tLS0K
  signerName: kubernetes.io/kube-apiserver-client
  expirationSeconds: 86400  # one day
  usages:
  - client auth
`

// Card is the signer in the page's catalog.
var Card = controller.Card{
	Name:    "certificatesigningrequest-signing-controller",
	Package: "controllers/certificates",
	Title:   controller.Text{En: "CSR signing: issue approved certificates", Zh: "CSR 签名：为已批准的请求签发证书"},
	Summary: controller.Text{
		En: "Watches CertificateSigningRequests for the built-in signers (kube-apiserver-client, kube-apiserver-client-kubelet, kubelet-serving, legacy-unknown). Once one is Approved it writes the certificate into status.certificate, valid for expirationSeconds (at most a year); a request with usages its signer does not allow gets the Failed condition. Apply the example, then kubectl certificate approve myuser. (The sandbox's certificate is a readable stand-in, not X.509.)",
		Zh: "监视发给内置签名者（kube-apiserver-client、kube-apiserver-client-kubelet、kubelet-serving、legacy-unknown）的 CertificateSigningRequest。请求被批准（Approved）后，它把证书写入 status.certificate，有效期为 expirationSeconds（最长一年）；用途不被签名者允许的请求会得到 Failed 状况。应用示例后执行 kubectl certificate approve myuser。（沙盒里的证书是可读的替身，不是 X.509。）",
	},
	Example: exampleCSR,
}

// ApprovingCard is the approver in the page's catalog.
var ApprovingCard = controller.Card{
	Name:    "certificatesigningrequest-approving-controller",
	Package: "controllers/certificates",
	Title:   controller.Text{En: "CSR approving: kubelets need no human", Zh: "CSR 批准：kubelet 无需人工批准"},
	Summary: controller.Text{
		En: "Approves by itself the client certificate requests of kubelets (signer kube-apiserver-client-kubelet, from a node or a bootstrap token, usages client auth), after a SubjectAccessReview. Every other request stays Pending until someone runs kubectl certificate approve or deny.",
		Zh: "在 SubjectAccessReview 之后自动批准 kubelet 的客户端证书请求（签名者 kube-apiserver-client-kubelet，来自节点或启动引导令牌，用途为 client auth）。其他请求一直保持 Pending，直到有人执行 kubectl certificate approve 或 deny。",
	},
	Example: `apiVersion: certificates.k8s.io/v1
kind: CertificateSigningRequest
metadata:
  name: node-csr-node-1
spec:
  request: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURSBSRVFVRVNULS0tLS0KTUlHUU1FUUNBUUF3RVRFUE1BMEdBMVVFQXd3R2JYbDFjMlZ5TUNvd0JRWURLMlZ3QXlFQW1wTWZiODUvT0lqeAo0R3F0UVI4UDU3N3NPb2ljTTdSNzd6Ly81cVNHbGs2Z0FEQUZCZ01yWlhBRFFRQlE1QlIybUx6ZnQyc3JIVlU5Cll5Sy9uYmJpTXZ2dTREdndGbEg0dmlPUEtuOGYyNnllL21IZkN4MFpIanVMM1dnZ1BJVlJsS0sycjAreDlRVW8KM0t3TwotLS0tLUVORCBDRVJUSUZJQ0FURSBSRVFVRVNULS0tLS0K
  signerName: kubernetes.io/kube-apiserver-client-kubelet
  # Who sent it: the API server records this; the sandbox lets you play
  # the kubelet of node-1.
  username: system:node:node-1
  groups: ["system:nodes", "system:authenticated"]
  usages:
  - digital signature
  - client auth
`,
}

// CleanerCard is the cleaner in the page's catalog.
var CleanerCard = controller.Card{
	Name:    "certificatesigningrequest-cleaner-controller",
	Package: "controllers/certificates",
	Title:   controller.Text{En: "CSR cleaner: old requests go", Zh: "CSR 清理：旧请求被删除"},
	Summary: controller.Text{
		En: "Checks every hour and deletes requests approved and issued, denied or failed more than an hour ago, requests still pending after a day, and requests whose certificate has expired. Apply the example, approve it, then sim advance 2h.",
		Zh: "每小时检查一次，删除已批准并签发、被拒绝或失败超过一小时的请求，挂起超过一天的请求，以及证书已过期的请求。应用示例并批准后，执行 sim advance 2h。",
	},
	Example: exampleCSR,
}
