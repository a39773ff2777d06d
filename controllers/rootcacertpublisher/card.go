package rootcacertpublisher

import "github.com/kubeloop/kubeloop/core/controller"

// Card is the root CA publisher in the page's catalog.
var Card = controller.Card{
	Name:    "root-ca-certificate-publisher-controller",
	Package: "controllers/rootcacertpublisher",
	Title:   controller.Text{En: "Root CA publisher: kube-root-ca.crt everywhere", Zh: "根 CA 发布：每处都有 kube-root-ca.crt"},
	Summary: controller.Text{
		En: "Gives every namespace a ConfigMap kube-root-ca.crt with the cluster's CA certificate (ca.crt), which pods use to trust the API server. A new namespace gets one; delete or edit it and the loop restores it. (The sandbox's CA is a readable stand-in, not X.509.)",
		Zh: "给每个命名空间一个 ConfigMap kube-root-ca.crt，内含集群的 CA 证书（ca.crt），Pod 用它来信任 API 服务器。新命名空间会得到一个；删除或修改它，循环会恢复。（沙盒里的 CA 是可读的替身，不是 X.509。）",
	},
	Example: `kubectl create namespace shop
sim settle
kubectl get configmaps -n shop
kubectl delete configmap kube-root-ca.crt -n shop
sim settle
kubectl get configmaps -n shop`,
}
