package replicaset

import "github.com/kubeloop/kubeloop/core/controller"

// Card is the replicaset controller in the page's catalog.
var Card = controller.Card{
	Name:    "replicaset-controller",
	Package: "controllers/replicaset",
	Title:   controller.Text{En: "ReplicaSet: keep N pods running", Zh: "ReplicaSet：保持 N 个 Pod 运行"},
	Summary: controller.Text{
		En: "Counts the active pods that match a ReplicaSet's selector and compares them with spec.replicas. Too few: it creates pods from the template (in batches of 1, 2, 4, …); too many: it deletes the least valuable ones first (unscheduled, not ready, newest). It adopts matching orphans and releases pods whose labels no longer match.",
		Zh: "统计与 ReplicaSet 选择算符匹配的活跃 Pod，并与 spec.replicas 比较。少了就按模板创建 Pod（按 1、2、4…的批次）；多了就先删除价值最低的（未调度、未就绪、最新的）。它收养匹配的孤儿 Pod，释放标签不再匹配的 Pod。",
	},
	Example: `apiVersion: apps/v1
kind: ReplicaSet
metadata:
  name: frontend
  labels:
    app: guestbook
spec:
  replicas: 3
  selector:
    matchLabels:
      tier: frontend
  template:
    metadata:
      labels:
        tier: frontend
    spec:
      containers:
      - name: php-redis
        image: nginx:1.25
`,
}
