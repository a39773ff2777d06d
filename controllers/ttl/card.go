package ttl

import "github.com/kubeloop/kubeloop/core/controller"

// Card is the TTL controller in the page's catalog.
var Card = controller.Card{
	Name:    "ttl-controller",
	Package: "controllers/ttl",
	Title:   controller.Text{En: "TTL: kubelet cache time by cluster size", Zh: "TTL：按集群规模设定 kubelet 缓存时间"},
	Summary: controller.Text{
		En: "Counts the nodes and sets the annotation node.alpha.kubernetes.io/ttl on each: how many seconds its kubelet may cache Secrets and ConfigMaps. Up to 100 nodes it is 0; above 100 it is 15s, above 500 30s, above 1000 60s, above 2000 300s, and it steps back down only below 90, 450, 900 and 1800. Remove the annotation and it comes back.",
		Zh: "统计节点数，并在每个节点上设置注解 node.alpha.kubernetes.io/ttl：kubelet 可以缓存 Secret 和 ConfigMap 的秒数。100 个节点以内为 0；超过 100 为 15 秒，超过 500 为 30 秒，超过 1000 为 60 秒，超过 2000 为 300 秒；只有降到 90、450、900、1800 以下才回退。删掉注解，它会再加回来。",
	},
	Example: `kubectl annotate node node-1 node.alpha.kubernetes.io/ttl-
sim settle
kubectl describe node node-1`,
}
