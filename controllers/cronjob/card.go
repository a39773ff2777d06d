package cronjob

import "github.com/kubeloop/kubeloop/core/controller"

// Card is the cronjob controller in the page's catalog.
var Card = controller.Card{
	Name:    "cronjob-controller",
	Package: "controllers/cronjob",
	Title:   controller.Text{En: "CronJob: Jobs on a schedule", Zh: "CronJob：按计划创建 Job"},
	Summary: controller.Text{
		En: "Computes the most recent time the cron schedule was due and, if no Job exists for it, creates one named after that minute, honouring concurrencyPolicy and startingDeadlineSeconds. It keeps only the newest successfulJobsHistoryLimit and failedJobsHistoryLimit finished Jobs, and requeues itself for the next due time.",
		Zh: "计算 cron 计划最近一次应运行的时间；若该时刻还没有 Job，就创建一个以该分钟命名的 Job，并遵守 concurrencyPolicy 和 startingDeadlineSeconds。它只保留最新的 successfulJobsHistoryLimit 和 failedJobsHistoryLimit 个已结束 Job，并在下一次到期时再次入队。",
	},
	Example: `apiVersion: batch/v1
kind: CronJob
metadata:
  name: hello
spec:
  schedule: "*/1 * * * *"
  jobTemplate:
    spec:
      template:
        spec:
          containers:
          - name: hello
            image: busybox
            command: ["sh", "-c", "date; echo Hello from the Kubernetes cluster"]
          restartPolicy: OnFailure
`,
}
