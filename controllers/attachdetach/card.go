package attachdetach

import "github.com/kubeloop/kubeloop/core/controller"

// Card is the attach/detach controller in the page's catalog.
var Card = controller.Card{
	Name:    "persistentvolume-attach-detach-controller",
	Package: "controllers/attachdetach",
	Title:   controller.Text{En: "Attach/detach: volumes follow pods to nodes", Zh: "挂接/解除挂接：卷随 Pod 到节点"},
	Summary: controller.Text{
		En: "When a pod using a PersistentVolumeClaim is scheduled to a node, its volume is attached there (node status.volumesAttached, event SuccessfulAttachVolume); once the pod runs the kubelet reports it mounted (status.volumesInUse). When the pod goes it is unmounted, then detached. Upstream only attachable volumes take part — a CSI driver's, through VolumeAttachment objects and the driver's attacher — and kind's local-path volumes are not attachable, so on kind both lists stay empty; the sandbox plays the loop for every bound volume, without VolumeAttachments. Apply the example, kubectl get node -o yaml, then delete the pod.",
		Zh: "使用 PersistentVolumeClaim 的 Pod 被调度到某节点时，其卷被挂接到该节点（节点的 status.volumesAttached，事件 SuccessfulAttachVolume）；Pod 运行后 kubelet 报告卷已挂载（status.volumesInUse）。Pod 离开后先卸载、再解除挂接。上游只有可挂接的卷参与——CSI 驱动的卷，通过 VolumeAttachment 对象和驱动的 attacher——而 kind 的 local-path 卷不可挂接，所以在 kind 上两个列表都是空的；沙盒为每个已绑定的卷演示这个循环，不使用 VolumeAttachment。应用示例，执行 kubectl get node -o yaml，再删除 Pod。",
	},
	Example: `apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: data
spec:
  accessModes: ["ReadWriteOnce"]
  resources:
    requests:
      storage: 1Gi
---
apiVersion: v1
kind: Pod
metadata:
  name: writer
spec:
  containers:
  - name: app
    image: busybox
    command: ["sh", "-c", "sleep 3600"]
    volumeMounts:
    - name: data
      mountPath: /data
  volumes:
  - name: data
    persistentVolumeClaim:
      claimName: data
`,
}
