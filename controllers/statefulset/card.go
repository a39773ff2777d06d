package statefulset

import "github.com/kubeloop/kubeloop/core/controller"

// Card is the statefulset controller in the page's catalog.
var Card = controller.Card{
	Name:    "statefulset-controller",
	Package: "controllers/statefulset",
	Title:   controller.Text{En: "StatefulSet: stable names and storage", Zh: "StatefulSet：稳定的名字和存储"},
	Summary: controller.Text{
		En: "Creates pods web-0, web-1, … in order, each only after the one before is Running and Ready, and a PersistentVolumeClaim per pod from volumeClaimTemplates that outlives the pod. It scales down from the highest ordinal and updates in reverse order.",
		Zh: "按顺序创建 web-0、web-1……，每个都要等前一个 Running 且 Ready；并按 volumeClaimTemplates 为每个 Pod 创建比 Pod 活得更久的 PersistentVolumeClaim。缩容从最大序号开始，更新按逆序进行。",
	},
	Example: `apiVersion: v1
kind: Service
metadata:
  name: nginx
spec:
  clusterIP: None
  selector:
    app: nginx
  ports:
  - port: 80
    name: web
---
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: web
spec:
  serviceName: nginx
  replicas: 2
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx:1.9.1
        volumeMounts:
        - name: www
          mountPath: /usr/share/nginx/html
  volumeClaimTemplates:
  - metadata:
      name: www
    spec:
      accessModes: ["ReadWriteOnce"]
      resources:
        requests:
          storage: 1Gi
`,
}
