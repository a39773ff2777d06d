package garbagecollector

import "github.com/kubeloop/kubeloop/core/controller"

// Card is the garbage collector in the page's catalog.
var Card = controller.Card{
	Name:    "garbage-collector-controller",
	Package: "controllers/garbagecollector",
	Title:   controller.Text{En: "Garbage collector: owners and dependents", Zh: "垃圾收集器：属主与附属"},
	Summary: controller.Text{
		En: "Builds a graph of ownerReferences. When an owner is gone it deletes the dependents (background cascade); with foreground deletion the owner waits, under the foregroundDeletion finalizer, until its blocking dependents are gone; with orphan it strips the ownerReferences instead. Apply the example, then kubectl delete deployment web --cascade=foreground and watch the ReplicaSet and pods go first.",
		Zh: "根据 ownerReferences 建立一张图。属主消失后它删除附属对象（后台级联）；前台删除时属主带着 foregroundDeletion 终结器等待，直到阻塞它的附属对象都被删除；orphan 策略则只去掉 ownerReferences。应用示例后执行 kubectl delete deployment web --cascade=foreground，观察 ReplicaSet 和 Pod 先被删除。",
	},
	Example: `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 3
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
`,
}
