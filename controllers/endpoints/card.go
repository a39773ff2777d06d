package endpoints

import "github.com/kubeloop/kubeloop/core/controller"

// Card is the endpoints controller in the page's catalog.
var Card = controller.Card{
	Name:    "endpoints-controller",
	Package: "controllers/endpoints",
	Title:   controller.Text{En: "Endpoints: a Service's pod addresses", Zh: "Endpoints：Service 的 Pod 地址"},
	Summary: controller.Text{
		En: "For every Service with a selector it lists the matching pods and writes their IPs and ports into the Endpoints object of the same name: ready pods under addresses, others under notReadyAddresses. A pod that starts, fails its probe or goes changes the list.",
		Zh: "对每个带选择算符的 Service，列出匹配的 Pod，把它们的 IP 和端口写入同名的 Endpoints 对象：就绪的放在 addresses，其余放在 notReadyAddresses。Pod 启动、探针失败或消失都会改变这个列表。",
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
