package endpointslice

import "github.com/kubeloop/kubeloop/core/controller"

// Card is the endpointslice controller in the page's catalog.
var Card = controller.Card{
	Name:    "endpointslice-controller",
	Package: "controllers/endpointslice",
	Title:   controller.Text{En: "EndpointSlice: scalable endpoints", Zh: "EndpointSlice：可扩展的端点"},
	Summary: controller.Text{
		En: "Does for EndpointSlices what the endpoints controller does for Endpoints: for each Service with a selector it keeps slices labelled kubernetes.io/service-name, each endpoint with its ready, serving and terminating conditions and its node. kube-proxy and DNS read these slices.",
		Zh: "对 EndpointSlice 做 endpoints 控制器对 Endpoints 做的事：为每个带选择算符的 Service 维护带 kubernetes.io/service-name 标签的切片，每个端点带有 ready、serving、terminating 状况及所在节点。kube-proxy 和 DNS 读取这些切片。",
	},
	Example: `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 2
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
---
apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  selector:
    app: web
  ports:
  - port: 80
`,
}
