//go:build js && wasm

package main

// The Faults menu's and the node menu's strings (faults.go, lanefault.go).
var _ = addMessages(map[string][2]string{
	"faults.hintall": {"Click a pod to delete it. A node's ⋯ menu taints, cordons, drains, partitions, fails or deletes it. Each action runs its command in the terminal.",
		"点击 Pod 可以删除它。节点的 ⋯ 菜单可以给节点加污点、封锁（cordon）、驱逐（drain）、断开网络、让它故障或删除它。每个操作都会在终端里执行对应的命令。"},
	"node.cordon":            {"Cordon (no new pods)", "封锁（cordon，不再调度新 Pod）"},
	"node.uncordon":          {"Uncordon (schedulable again)", "解除封锁（uncordon，恢复调度）"},
	"node.drain":             {"Drain (evict its pods)", "驱逐（drain，把 Pod 赶走）"},
	"node.taint":             {"Taint it %s", "加污点 %s"},
	"node.untaint":           {"Remove taint %s", "去掉污点 %s"},
	"node.partition":         {"Cut it off from the control plane", "断开它与控制平面的网络"},
	"node.heal":              {"Reconnect it to the control plane", "恢复它与控制平面的网络"},
	"node.unschedulable":     {"SchedulingDisabled", "SchedulingDisabled"},
	"node.fault.partitioned": {"partitioned", "网络隔离"},
	"node.fault.partitioned.title": {"Cut off from the control plane (sim node partition): its kubelet cannot reach the API server, so the node's Lease and status stop, and after 50 s the node is NotReady. Its containers keep running; kubectl shows what the API server last heard.",
		"已与控制平面断开（sim node partition）：kubelet 连不上 API server，节点的 Lease 和状态不再更新，50 秒后节点变为 NotReady。容器仍在运行；kubectl 显示的是 API server 最后收到的状态。"},
	"node.fault.failed": {"kubelet stopped", "kubelet 已停止"},
	"node.fault.failed.title": {"Failed (sim node fail): its kubelet stopped, so the node's Lease and status stop, and after 50 s the node is NotReady.",
		"已故障（sim node fail）：kubelet 停止运行，节点的 Lease 和状态不再更新，50 秒后节点变为 NotReady。"},
})
