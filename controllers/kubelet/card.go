package kubelet

import "github.com/kubeloop/kubeloop/core/controller"

// Card is the kubelet in the page's catalog: the node agent, not a
// controller of kube-controller-manager.
var Card = controller.Card{
	Name:    "kubelet",
	Package: "controllers/kubelet",
	Title:   controller.Text{En: "Kubelet: run the pods of its node", Zh: "Kubelet：运行本节点的 Pod"},
	Summary: controller.Text{
		En: "The agent on every node, not part of kube-controller-manager. It pulls images, starts containers, runs probes and restarts crashed containers with back-off, reports pod status, and renews its node's heartbeat Lease.",
		Zh: "每个节点上的代理，不属于 kube-controller-manager。它拉取镜像、启动容器、执行探针、以退避方式重启崩溃的容器、上报 Pod 状态，并续约节点的心跳 Lease。",
	},
	Example: `kubectl run crash --image=busybox --restart=Always -- sh -c "exit 1"
sim advance 2m
kubectl get pod crash`,
}
