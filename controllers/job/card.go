package job

import "github.com/kubeloop/kubeloop/core/controller"

// Card is the job controller in the page's catalog.
var Card = controller.Card{
	Name:    "job-controller",
	Package: "controllers/job",
	Title:   controller.Text{En: "Job: run pods to completion", Zh: "Job：运行 Pod 直到完成"},
	Summary: controller.Text{
		En: "Keeps up to spec.parallelism pods running until spec.completions of them have succeeded, counting successes and failures with finalizers so none is lost. Failed pods are replaced with exponential back-off until backoffLimit; then the Job is Failed.",
		Zh: "保持最多 spec.parallelism 个 Pod 运行，直到有 spec.completions 个成功，用终结器统计成功与失败，不漏一个。失败的 Pod 以指数退避替换，直到 backoffLimit；之后 Job 标记为 Failed。",
	},
	Example: `apiVersion: batch/v1
kind: Job
metadata:
  name: pi
spec:
  completions: 3
  parallelism: 2
  template:
    spec:
      containers:
      - name: pi
        image: perl:5.34.0
        command: ["perl", "-Mbignum=bpi", "-wle", "print bpi(2000)"]
      restartPolicy: Never
  backoffLimit: 4
`,
}
