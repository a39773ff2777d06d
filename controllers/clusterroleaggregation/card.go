package clusterroleaggregation

import "github.com/kubeloop/kubeloop/core/controller"

// Card is the clusterrole-aggregation controller in the page's catalog.
var Card = controller.Card{
	Name:    "clusterrole-aggregation-controller",
	Package: "controllers/clusterroleaggregation",
	Title:   controller.Text{En: "ClusterRole aggregation: roles made of roles", Zh: "ClusterRole 聚合：由角色组成的角色"},
	Summary: controller.Text{
		En: "A ClusterRole with an aggregationRule gets no rules from you: this loop collects the rules of every ClusterRole its clusterRoleSelectors match and writes their union into it. Label another ClusterRole to add its rules, remove the label to take them away; edit the aggregated role's rules by hand and the loop puts them back. (The sandbox stores RBAC but authorizes every request.)",
		Zh: "带 aggregationRule 的 ClusterRole 的规则不由你来写：这个循环收集其 clusterRoleSelectors 匹配到的所有 ClusterRole 的规则，把并集写进去。给另一个 ClusterRole 打上标签就加入它的规则，去掉标签就移除；手动修改聚合角色的规则，循环会改回来。（沙盒存储 RBAC 对象，但允许所有请求。）",
	},
	Example: `apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  name: monitoring
aggregationRule:
  clusterRoleSelectors:
  - matchLabels:
      rbac.example.com/aggregate-to-monitoring: "true"
rules: [] # The control plane automatically fills in the rules
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  name: monitoring-endpoints
  labels:
    rbac.example.com/aggregate-to-monitoring: "true"
rules:
- apiGroups: [""]
  resources: ["services", "endpointslices", "pods"]
  verbs: ["get", "list", "watch"]
`,
}
