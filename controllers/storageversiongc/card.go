package storageversiongc

import "github.com/kubeloop/kubeloop/core/controller"

// Card is the storage version garbage collector in the page's catalog.
var Card = controller.Card{
	Name:    "storageversion-garbage-collector-controller",
	Package: "controllers/storageversiongc",
	Title:   controller.Text{En: "StorageVersion GC: forget API servers that are gone", Zh: "StorageVersion 回收：忘掉已离开的 API 服务器"},
	Summary: controller.Text{
		En: "Each API server records in a StorageVersion (internal.apiserver.k8s.io/v1alpha1, alpha) the version it stores a resource in, under its identity, and holds an identity Lease apiserver-<id> in kube-system. When that Lease is gone, the controller removes the server's entries and deletes a StorageVersion left with none. Start two API servers with sim apiserver start a and sim apiserver start b, look at kubectl get storageversion apps.deployments -o yaml, then sim apiserver stop a. (Upstream a stopped server's Lease expires after an hour; here it goes at once, and the sandbox's own API server keeps no identity Lease.)",
		Zh: "每个 API 服务器以自己的身份在 StorageVersion（internal.apiserver.k8s.io/v1alpha1，alpha）中记录它存储某资源所用的版本，并在 kube-system 中持有身份 Lease apiserver-<id>。该 Lease 消失后，控制器删除这个服务器的条目，并删除已无条目的 StorageVersion。用 sim apiserver start a 和 sim apiserver start b 启动两个 API 服务器，查看 kubectl get storageversion apps.deployments -o yaml，再执行 sim apiserver stop a。（上游中停止的服务器的 Lease 一小时后过期；这里立即消失，沙盒自己的 API 服务器不持有身份 Lease。）",
	},
	Example: `sim apiserver start a
sim apiserver start b
kubectl get storageversion apps.deployments -o yaml
sim apiserver stop a
kubectl get storageversion apps.deployments -o yaml
sim apiserver stop b
kubectl get storageversions`,
}
