package deployment

import (
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/examples"
)

// Card is the deployment controller in the page's catalog.
var Card = controller.Card{
	Name:    "deployment-controller",
	Package: "controllers/deployment",
	Title:   controller.Text{En: "Deployment: rollouts of ReplicaSets", Zh: "Deployment：以 ReplicaSet 滚动发布"},
	Summary: controller.Text{
		En: "Watches Deployments and the ReplicaSets they own. It hashes the pod template to find (or create) the ReplicaSet for the current version, then scales new up and old down within maxSurge and maxUnavailable until only the new one has pods. It records revisions, so a rollout can be paused, resumed and undone.",
		Zh: "监视 Deployment 及其拥有的 ReplicaSet。它对 Pod 模板求哈希，找到（或创建）当前版本的 ReplicaSet，然后在 maxSurge 和 maxUnavailable 的限度内扩容新的、缩容旧的，直到只剩新的拥有 Pod。它记录修订版本，所以发布可以暂停、继续和回滚。",
	},
	Example: examples.NginxDeployment,
}
