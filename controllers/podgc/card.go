package podgc

import "github.com/kubeloop/kubeloop/core/controller"

// Card is the pod garbage collector in the page's catalog.
var Card = controller.Card{
	Name:    "pod-garbage-collector-controller",
	Package: "controllers/podgc",
	Title:   controller.Text{En: "Pod GC: delete orphaned and old pods", Zh: "Pod 垃圾收集：删除孤立和过多的 Pod"},
	Summary: controller.Text{
		En: "Deletes terminated pods beyond --terminated-pod-gc-threshold (12500), oldest first; pods bound to a node that no longer exists, after 40s; and terminating pods that were never scheduled, which no kubelet would ever finish. Apply the example, then delete a node (sim node delete node-1): 40s later its pods are gone.",
		Zh: "删除超过 --terminated-pod-gc-threshold（12500）的已终止 Pod，最旧的先删；删除绑定到已不存在节点上的 Pod（40 秒后）；以及从未被调度、正在终止的 Pod——没有 kubelet 会替它们收尾。应用示例后删除一个节点（sim node delete node-1）：40 秒后其上的 Pod 被删除。",
	},
	Example: `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 3
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: nginx
        image: nginx:1.25
`,
}
