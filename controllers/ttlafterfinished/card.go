package ttlafterfinished

import "github.com/kubeloop/kubeloop/core/controller"

// Card is the TTL-after-finished controller in the page's catalog.
var Card = controller.Card{
	Name:    "ttl-after-finished-controller",
	Package: "controllers/ttlafterfinished",
	Title:   controller.Text{En: "TTL after finished: clean up Jobs", Zh: "完成后 TTL：清理 Job"},
	Summary: controller.Text{
		En: "For a finished Job with ttlSecondsAfterFinished it waits that long after the Job's completion time, then deletes the Job with foreground propagation: the Job stays until the garbage collector has removed its pods.",
		Zh: "对设置了 ttlSecondsAfterFinished 的已结束 Job，从完成时刻起等待这么久，然后以前台级联方式删除 Job：在垃圾收集器删除它的 Pod 之前，Job 一直保留。",
	},
	Example: `apiVersion: batch/v1
kind: Job
metadata:
  name: pi-with-ttl
spec:
  ttlSecondsAfterFinished: 100
  template:
    spec:
      containers:
      - name: pi
        image: perl:5.34.0
        command: ["perl", "-Mbignum=bpi", "-wle", "print bpi(2000)"]
      restartPolicy: Never
`,
}
