package bootstrap

import "github.com/kubeloop/kubeloop/core/controller"

// exampleToken is a bootstrap token that expires ten minutes after the
// sandbox's clock starts (2026-01-01T00:00:00Z), and the cluster-info
// ConfigMap kubeadm would have made.
const exampleToken = `apiVersion: v1
kind: Secret
metadata:
  name: bootstrap-token-07401b
  namespace: kube-system
type: bootstrap.kubernetes.io/token
stringData:
  token-id: 07401b
  token-secret: f395accd246ae52d
  expiration: "2026-01-01T00:10:00Z"
  usage-bootstrap-authentication: "true"
  usage-bootstrap-signing: "true"
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: cluster-info
  namespace: kube-public
data:
  kubeconfig: |
    apiVersion: v1
    kind: Config
    clusters:
    - name: ""
      cluster:
        server: https://172.18.0.1:6443
`

// Card is the bootstrap signer in the page's catalog.
var Card = controller.Card{
	Name:    "bootstrap-signer-controller",
	Package: "controllers/bootstrap",
	Title:   controller.Text{En: "Bootstrap signer: sign cluster-info", Zh: "启动引导签名者：为 cluster-info 签名"},
	Summary: controller.Text{
		En: "Signs the kubeconfig in the ConfigMap kube-public/cluster-info with every valid bootstrap token that has usage-bootstrap-signing: a key jws-kubeconfig-<token-id> with a detached JWS (HMAC-SHA256 with the token's secret). A joining node that knows the token can trust what it reads. When a token expires or is deleted, its signature goes. Disabled by default upstream; kubeadm turns it on.",
		Zh: "用每个带 usage-bootstrap-signing 的有效启动引导令牌，为 ConfigMap kube-public/cluster-info 中的 kubeconfig 签名：键 jws-kubeconfig-<token-id>，值为分离式 JWS（用令牌密钥做 HMAC-SHA256）。知道令牌的新节点就能信任读到的内容。令牌过期或被删除后，它的签名也被移除。上游默认禁用，kubeadm 会启用。",
	},
	Example: exampleToken,
}

// CleanerCard is the token cleaner in the page's catalog.
var CleanerCard = controller.Card{
	Name:    "token-cleaner-controller",
	Package: "controllers/bootstrap",
	Title:   controller.Text{En: "Token cleaner: expired bootstrap tokens go", Zh: "令牌清理：删除过期的启动引导令牌"},
	Summary: controller.Text{
		En: "Watches the bootstrap token Secrets (type bootstrap.kubernetes.io/token) in kube-system and deletes each one when its expiration passes. Apply the example, then sim advance 10m. Disabled by default upstream; kubeadm turns it on.",
		Zh: "监视 kube-system 中的启动引导令牌 Secret（类型 bootstrap.kubernetes.io/token），在其 expiration 到期时删除。应用示例后执行 sim advance 10m。上游默认禁用，kubeadm 会启用。",
	},
	Example: exampleToken,
}
