package namespace

import "github.com/kubeloop/kubeloop/core/controller"

// Card is the namespace controller in the page's catalog.
var Card = controller.Card{
	Name:    "namespace-controller",
	Package: "controllers/namespace",
	Title:   controller.Text{En: "Namespace: empty it, then let it go", Zh: "Namespace：先清空，再删除"},
	Summary: controller.Text{
		En: "When a namespace is deleted it stays Terminating while this controller deletes every object in it; once nothing is left it removes the kubernetes finalizer from spec.finalizers and the namespace is gone.",
		Zh: "命名空间被删除后保持 Terminating，由这个控制器删除其中的所有对象；全部删完后它从 spec.finalizers 中移除 kubernetes 终结器，命名空间随之消失。",
	},
	Example: `kubectl create namespace shop
kubectl run web --image=nginx:1.25 -n shop
sim settle
kubectl delete namespace shop --wait=false
kubectl get ns shop
sim settle
kubectl get ns`,
}
