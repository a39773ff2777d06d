package nodelifecycle

import "github.com/kubeloop/kubeloop/core/controller"

// Card is the node lifecycle controller in the page's catalog.
var Card = controller.Card{
	Name:    "node-lifecycle-controller",
	Package: "controllers/nodelifecycle",
	Title:   controller.Text{En: "Node lifecycle: notice dead nodes", Zh: "节点生命周期：发现失联节点"},
	Summary: controller.Text{
		En: "Watches each node's heartbeat Lease. When a kubelet has not renewed it for the grace period (50s, v1.32's --node-monitor-grace-period) the node's Ready condition becomes Unknown and the node gets the unreachable NoSchedule and NoExecute taints; when heartbeats return, the taints go.",
		Zh: "监视每个节点的心跳 Lease。kubelet 超过宽限期（50 秒，即 v1.32 的 --node-monitor-grace-period）未续约时，节点的 Ready 状况变为 Unknown，并被加上 unreachable 的 NoSchedule 和 NoExecute 污点；心跳恢复后污点被移除。",
	},
	Example: `sim node fail node-2
sim advance 1m
kubectl get nodes
kubectl describe node node-2`,
}

// TaintEvictionCard is the taint-eviction controller, registered with the
// node lifecycle controller.
var TaintEvictionCard = controller.Card{
	Name:    "taint-eviction-controller",
	Package: "controllers/nodelifecycle",
	Title:   controller.Text{En: "Taint eviction: NoExecute taints evict pods", Zh: "污点驱逐：NoExecute 污点驱逐 Pod"},
	Summary: controller.Text{
		En: "Deletes the pods on a node with a NoExecute taint they do not tolerate; a pod that tolerates it for tolerationSeconds (300s by default for not-ready and unreachable) is deleted when that time runs out. Their ReplicaSets then create replacements on healthy nodes. Apply the example, then fail a node (Faults menu, or sim node fail node-1) and advance time past five minutes.",
		Zh: "删除节点上不能容忍其 NoExecute 污点的 Pod；容忍 tolerationSeconds 秒的 Pod（not-ready 与 unreachable 默认 300 秒）在时间用完后被删除。随后它们的 ReplicaSet 在健康节点上创建替代 Pod。应用示例后让一个节点故障（故障菜单，或 sim node fail node-1），再把时间推进五分钟以上。",
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
