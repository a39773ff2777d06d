package daemonset

import "github.com/kubeloop/kubeloop/core/controller"

// Card is the daemonset controller in the page's catalog.
var Card = controller.Card{
	Name:    "daemonset-controller",
	Package: "controllers/daemonset",
	Title:   controller.Text{En: "DaemonSet: one pod per node", Zh: "DaemonSet：每个节点一个 Pod"},
	Summary: controller.Text{
		En: "For every node it decides whether the DaemonSet's pod should run there (node selector, affinity, taints it tolerates) and creates or deletes pods so each eligible node has exactly one. A node added later gets its pod; a template change rolls node by node.",
		Zh: "对每个节点判断 DaemonSet 的 Pod 是否应在其上运行（节点选择器、亲和性、可容忍的污点），并创建或删除 Pod，使每个合格节点恰好有一个。后加入的节点也会得到 Pod；模板变化时逐个节点滚动更新。",
	},
	Example: `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: node-agent
spec:
  selector:
    matchLabels:
      name: node-agent
  template:
    metadata:
      labels:
        name: node-agent
    spec:
      containers:
      - name: agent
        image: busybox
        command: ["sh", "-c", "sleep 3600"]
`,
}
