package endpointslicemirroring

import "github.com/kubeloop/kubeloop/core/controller"

// Card is the EndpointSlice mirroring controller in the page's catalog.
var Card = controller.Card{
	Name:    "endpointslice-mirroring-controller",
	Package: "controllers/endpointslicemirroring",
	Title:   controller.Text{En: "EndpointSlice mirroring: hand-written Endpoints", Zh: "EndpointSlice 镜像：手写的 Endpoints"},
	Summary: controller.Text{
		En: "A Service without a selector gets its Endpoints from you, not from a controller (an external database, say). This loop copies those Endpoints into EndpointSlices labelled managed-by endpointslicemirroring-controller.k8s.io, one per subset, ready for addresses and not ready for notReadyAddresses, so that slice readers see them too. Edit the Endpoints and the slice follows; delete the slice and it comes back.",
		Zh: "没有选择算符的 Service，其 Endpoints 由你而不是控制器来写（比如一个外部数据库）。这个循环把这些 Endpoints 复制为带 managed-by endpointslicemirroring-controller.k8s.io 标签的 EndpointSlice，每个子集一个，addresses 为就绪、notReadyAddresses 为未就绪，让读取切片的组件也能看到。修改 Endpoints，切片随之改变；删除切片，它会再出现。",
	},
	Example: `apiVersion: v1
kind: Service
metadata:
  name: external-db
spec:
  ports:
  - name: pg
    port: 5432
---
apiVersion: v1
kind: Endpoints
metadata:
  name: external-db
subsets:
- addresses:
  - ip: 192.0.2.10
  - ip: 192.0.2.11
  notReadyAddresses:
  - ip: 192.0.2.12
  ports:
  - name: pg
    port: 5432
`,
}
