//go:build js && wasm

package main

// The terminal's notes when kubeloop ends a wait real kubectl would carry
// on (core/kubectl's StoppedWait: rollout status without --timeout).
var _ = addMessages(map[string][2]string{
	"term.stoppedwaiting.quiet": {
		"kubeloop stopped waiting: the cluster has nothing left to do, so this rollout will not finish by itself. A real kubectl would keep waiting until you press Ctrl+C.",
		"kubeloop 停止了等待：集群已没有待办的工作，这次 rollout 不会自行完成。真实的 kubectl 会一直等下去，直到你按下 Ctrl+C。",
	},
	"term.stoppedwaiting.busy": {
		"kubeloop stopped waiting after %s of simulated time. A real kubectl would keep waiting until the rollout finishes or you press Ctrl+C.",
		"kubeloop 在模拟时间过去 %s 后停止了等待。真实的 kubectl 会一直等下去，直到 rollout 完成或你按下 Ctrl+C。",
	},
})
