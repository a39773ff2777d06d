package serviceaccount

import "github.com/kubeloop/kubeloop/core/controller"

// Card is the serviceaccount controller in the page's catalog.
var Card = controller.Card{
	Name:    "serviceaccount-controller",
	Package: "controllers/serviceaccount",
	Title:   controller.Text{En: "ServiceAccount: a default in every namespace", Zh: "ServiceAccount：每个命名空间一个 default"},
	Summary: controller.Text{
		En: "Makes sure every active namespace has a ServiceAccount named default: it creates one for a new namespace and puts it back if it is deleted.",
		Zh: "确保每个活跃的命名空间都有名为 default 的 ServiceAccount：新命名空间会得到一个，被删除后它会再创建。",
	},
	Example: `kubectl create namespace shop
sim settle
kubectl delete serviceaccount default -n shop
sim settle
kubectl get serviceaccounts -n shop`,
}
