package volume

import "github.com/kubeloop/kubeloop/core/controller"

// Card is the PersistentVolume binder in the page's catalog.
var Card = controller.Card{
	Name:    "persistentvolume-binder-controller",
	Package: "controllers/volume",
	Title:   controller.Text{En: "PV binder: claims meet volumes", Zh: "PV 绑定器：卷申领与卷配对"},
	Summary: controller.Text{
		En: "Binds each PersistentVolumeClaim to a PersistentVolume that is big enough and of the same class, or asks the class's provisioner for a new one (with WaitForFirstConsumer, once a pod using the claim is scheduled). When the claim is deleted it applies the volume's reclaim policy.",
		Zh: "把每个 PersistentVolumeClaim 绑定到容量足够、类别相同的 PersistentVolume，或请该类别的供应器新建一个（WaitForFirstConsumer 时，等使用该申领的 Pod 被调度后）。申领被删除后，它执行卷的回收策略。",
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

// PVCProtectionCard is the PVC protection controller, registered with the
// binder.
var PVCProtectionCard = controller.Card{
	Name:    "persistentvolumeclaim-protection-controller",
	Package: "controllers/volume",
	Title:   controller.Text{En: "PVC protection: no claim deleted in use", Zh: "PVC 保护：使用中的申领不被删除"},
	Summary: controller.Text{
		En: "Every claim carries the kubernetes.io/pvc-protection finalizer. A deleted claim stays Terminating while a pod still mounts it; when the last such pod is gone the controller removes the finalizer and the claim goes. Apply the example, then kubectl delete pvc data --wait=false, then kubectl delete pod writer.",
		Zh: "每个申领都带有 kubernetes.io/pvc-protection 终结器。被删除的申领在仍有 Pod 挂载时保持 Terminating；最后一个这样的 Pod 消失后，控制器移除终结器，申领随之删除。应用示例后执行 kubectl delete pvc data --wait=false，再执行 kubectl delete pod writer。",
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

// PVProtectionCard is the PV protection controller, registered with the
// binder.
var PVProtectionCard = controller.Card{
	Name:    "persistentvolume-protection-controller",
	Package: "controllers/volume",
	Title:   controller.Text{En: "PV protection: no volume deleted while bound", Zh: "PV 保护：已绑定的卷不被删除"},
	Summary: controller.Text{
		En: "Every volume carries the kubernetes.io/pv-protection finalizer. A deleted PersistentVolume stays Terminating while a claim is bound to it; once it is released the controller removes the finalizer. Apply the example, then kubectl delete pv with the volume's name.",
		Zh: "每个卷都带有 kubernetes.io/pv-protection 终结器。被删除的 PersistentVolume 在仍与申领绑定时保持 Terminating；解除绑定后，控制器移除终结器。应用示例后用卷名执行 kubectl delete pv。",
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

// ExpanderCard is the volume expander.
var ExpanderCard = controller.Card{
	Name:    "persistentvolume-expander-controller",
	Package: "controllers/volume",
	Title:   controller.Text{En: "PV expander: claims that grow", Zh: "PV 扩容：变大的卷申领"},
	Summary: controller.Text{
		En: "Raise a bound claim's spec.resources.requests.storage and, if its StorageClass has allowVolumeExpansion: true, the volume grows: the claim shows the condition Resizing, the PersistentVolume gets the new capacity, the condition becomes FileSystemResizePending, and once a pod using the claim runs its node grows the file system and status.capacity shows the new size. Upstream the expand controller leaves the first step to the storage driver's external resizer and the last to the kubelet; here one loop plays all three. Shrinking is refused by validation, growing a claim of a class without allowVolumeExpansion by admission. Apply the example, then kubectl patch pvc data -p '{\"spec\":{\"resources\":{\"requests\":{\"storage\":\"2Gi\"}}}}'.",
		Zh: "调大已绑定申领的 spec.resources.requests.storage，若其 StorageClass 设置了 allowVolumeExpansion: true，卷就会变大：申领出现 Resizing 状况，PersistentVolume 得到新容量，状况变为 FileSystemResizePending，等使用该申领的 Pod 运行后，其节点扩展文件系统，status.capacity 显示新大小。上游的扩容控制器把第一步交给存储驱动的 external-resizer，把最后一步交给 kubelet；这里由一个循环扮演三者。缩小会被校验拒绝，类别不允许扩容时的扩容会被准入拒绝。应用示例后执行 kubectl patch pvc data -p '{\"spec\":{\"resources\":{\"requests\":{\"storage\":\"2Gi\"}}}}'。",
	},
	Example: `apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata:
  name: expandable
provisioner: rancher.io/local-path
reclaimPolicy: Delete
volumeBindingMode: WaitForFirstConsumer
allowVolumeExpansion: true
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: data
spec:
  storageClassName: expandable
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
