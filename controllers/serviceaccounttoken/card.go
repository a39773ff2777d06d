package serviceaccounttoken

import "github.com/kubeloop/kubeloop/core/controller"

// Card is the token controller in the page's catalog.
var Card = controller.Card{
	Name:    "serviceaccount-token-controller",
	Package: "controllers/serviceaccounttoken",
	Title:   controller.Text{En: "ServiceAccount tokens: long-lived token Secrets", Zh: "服务账号令牌：长期令牌 Secret"},
	Summary: controller.Text{
		En: "A Secret of type kubernetes.io/service-account-token with the annotation kubernetes.io/service-account.name gets its data filled: token, ca.crt and namespace (and the annotation kubernetes.io/service-account.uid). When the ServiceAccount is deleted, so is the Secret. Since v1.24 these Secrets are only made by hand — pods get short-lived tokens from the kubelet — and the sandbox's token is a readable stand-in, not a signed JWT. Apply the example, kubectl describe secret build-robot-token, then kubectl delete serviceaccount build-robot.",
		Zh: "类型为 kubernetes.io/service-account-token、带注解 kubernetes.io/service-account.name 的 Secret 会被填入数据：token、ca.crt 和 namespace（以及注解 kubernetes.io/service-account.uid）。服务账号被删除时，该 Secret 也被删除。自 v1.24 起这类 Secret 只能手工创建——Pod 从 kubelet 获得短期令牌——沙盒的令牌是可读的替身，不是签名的 JWT。应用示例，执行 kubectl describe secret build-robot-token，再执行 kubectl delete serviceaccount build-robot。",
	},
	Example: `apiVersion: v1
kind: ServiceAccount
metadata:
  name: build-robot
---
apiVersion: v1
kind: Secret
metadata:
  name: build-robot-token
  annotations:
    kubernetes.io/service-account.name: build-robot
type: kubernetes.io/service-account-token
`,
}
