//go:build js && wasm

package main

// The control-plane node's lane (clusterview.go).
var _ = addMessages(map[string][2]string{
	"nodes.controlplane.title":  {"This node runs the control plane. Its taint node-role.kubernetes.io/control-plane:NoSchedule keeps your pods off it; the cluster's own pods tolerate it.", "这个节点运行控制平面。它的污点 node-role.kubernetes.io/control-plane:NoSchedule 让你的 Pod 不会调度到这里；集群自己的 Pod 容忍这个污点。"},
	"nodes.controlplane.hidden": {"the control plane's own pods: turn on “system” to see them", "控制平面自己的 Pod：打开“系统”即可看到"},
})
