package scheduler

import "github.com/kubeloop/kubeloop/core/controller"

// Card is kube-scheduler in the page's catalog: not a controller of
// kube-controller-manager, but a loop of its own.
var Card = controller.Card{
	Name:    "kube-scheduler",
	Package: "controllers/scheduler",
	Title:   controller.Text{En: "Scheduler: pick a node for each pod", Zh: "调度器：为每个 Pod 选择节点"},
	Summary: controller.Text{
		En: "A separate component, not part of kube-controller-manager. For each pod without spec.nodeName it filters the nodes (selector, affinity, taints, free resources) and scores the rest, then binds the pod to the best one — or records FailedScheduling and retries.",
		Zh: "独立组件，不属于 kube-controller-manager。对每个没有 spec.nodeName 的 Pod，它先过滤节点（选择器、亲和性、污点、剩余资源），再给余下节点打分，把 Pod 绑定到最佳节点——否则记录 FailedScheduling 并重试。",
	},
	Example: `apiVersion: v1
kind: Pod
metadata:
  name: big
spec:
  containers:
  - name: app
    image: nginx:1.25
    resources:
      requests:
        cpu: "100"
`,
}
