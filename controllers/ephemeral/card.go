package ephemeral

import "github.com/kubeloop/kubeloop/core/controller"

// Card is the ephemeral volume controller in the page's catalog.
var Card = controller.Card{
	Name:    "ephemeral-volume-controller",
	Package: "controllers/ephemeral",
	Title:   controller.Text{En: "Ephemeral volumes: a claim per pod", Zh: "临时卷：每个 Pod 一个申领"},
	Summary: controller.Text{
		En: "A pod volume with ephemeral.volumeClaimTemplate gets its own PersistentVolumeClaim, named <pod>-<volume> and owned by the pod: the scheduler waits for it like any claim, and the garbage collector deletes it when the pod goes. A claim of that name the pod does not own is never used: the pod stays Pending. Apply the example, kubectl get pvc, then delete the pod and watch the claim go.",
		Zh: "带 ephemeral.volumeClaimTemplate 的 Pod 卷会得到自己的 PersistentVolumeClaim，名为 <pod>-<卷名>，属主是该 Pod：调度器像等待任何申领一样等待它，Pod 离开时垃圾收集器删除它。同名但不属于该 Pod 的申领不会被使用：Pod 保持 Pending。应用示例，执行 kubectl get pvc，再删除 Pod，看申领随之消失。",
	},
	Example: `apiVersion: v1
kind: Pod
metadata:
  name: scratch
spec:
  containers:
  - name: app
    image: busybox
    command: ["sh", "-c", "sleep 3600"]
    volumeMounts:
    - name: cache
      mountPath: /cache
  volumes:
  - name: cache
    ephemeral:
      volumeClaimTemplate:
        metadata:
          labels:
            type: scratch
        spec:
          accessModes: ["ReadWriteOnce"]
          resources:
            requests:
              storage: 1Gi
`,
}
