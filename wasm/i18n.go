//go:build js && wasm

package main

import (
	"fmt"
	"strings"
)

// Every string of the page, in English and Simplified Chinese. index.html
// names keys with data-i18n (text), data-i18n-title and data-i18n-aria-label
// (attributes); the Go code uses tr. Kubernetes' own words (Pod, Running,
// Ready, kubectl output) stay in English in both languages: they are what the
// learner will read on a real cluster.
var messages = map[string][2]string{ // key → {en, zh-CN}
	"tagline": {
		"Edit the desired state; the controllers observe, diff and act until the cluster matches it.",
		"编辑期望状态，控制器会不断观察、比较、行动，直到集群与之一致。",
	},

	"banner.panic": {
		"Something went wrong inside the simulator (%s). The page keeps running and your YAML is safe; reset the cluster if it looks wrong.",
		"模拟器内部出错（%s）。页面仍在运行，你的 YAML 已保存；如果集群状态异常，请重置集群。",
	},
	"banner.reset": {"Reset the cluster", "重置集群"},
	"banner.close": {"Dismiss", "关闭"},

	"clock.group":        {"Simulated time", "模拟时间"},
	"clock.play":         {"Play", "播放"},
	"clock.pause":        {"Pause", "暂停"},
	"clock.play.title":   {"Run or pause simulated time", "运行或暂停模拟时间"},
	"clock.step":         {"Step", "单步"},
	"clock.step.title":   {"Run exactly one task: one reconcile, one event delivery or one kubelet step", "只执行一个任务：一次调谐、一次事件投递或一次 kubelet 动作"},
	"clock.settle":       {"Settle", "稳定"},
	"clock.settle.title": {"Run until nothing is left to do (at most 10 simulated minutes)", "一直运行到没有待处理的工作（最多模拟 10 分钟）"},
	"clock.time.title":   {"Simulated time since the cluster started, and the store revision", "集群启动以来的模拟时间，以及存储的修订版本号"},
	"clock.reset":        {"Reset", "重置"},
	"clock.reset.title":  {"Start again with an empty cluster (your YAML stays)", "从空集群重新开始（YAML 保留）"},
	"clock.speed.title":  {"Simulated seconds per real second", "每秒真实时间对应的模拟秒数"},

	"editor.title":       {"Desired state — YAML", "期望状态 — YAML"},
	"editor.auto":        {"Auto-apply while typing", "输入时自动应用"},
	"editor.kbd":         {"applies", "应用"},
	"editor.auto.title":  {"Apply the YAML a moment after you stop typing", "停止输入片刻后自动应用 YAML"},
	"editor.apply":       {"Apply", "应用"},
	"editor.apply.title": {"Send the YAML to the API server, as kubectl apply -f does", "像 kubectl apply -f 一样把 YAML 发送给 API 服务器"},
	"editor.line":        {"line %d", "第 %d 行"},
	"editor.noline":      {"error", "错误"},
	"editor.unchanged":   {"Nothing was changed in the cluster.", "集群没有任何改变。"},
	"editor.applied":     {"Applied. Watch the controllers react →", "已应用。看看控制器如何响应 →"},

	"cluster.title":   {"Actual state — the cluster", "实际状态 — 集群"},
	"cluster.summary": {"%d pods · %d running · %d nodes", "%d 个 Pod · %d 个运行中 · %d 个节点"},
	"owners.title":    {"Ownership: Deployment → ReplicaSet → Pods", "归属关系：Deployment → ReplicaSet → Pod"},
	"owners.empty":    {"Nothing here yet. Press Apply to send the Deployment in the editor to the cluster.", "这里还是空的。点击“应用”，把编辑器中的 Deployment 发送到集群。"},
	"owners.bare":     {"Pods without an owner", "没有属主的 Pod"},
	"owners.desired":  {"desired", "期望"},
	"owners.ready":    {"ready", "就绪"},
	"owners.updated":  {"up-to-date", "已更新"},
	"owners.avail":    {"available", "可用"},
	"owners.rev":      {"revision %s", "修订版本 %s"},
	"nodes.title":     {"Nodes: where the pods run", "节点：Pod 运行的位置"},
	"nodes.pending":   {"Pending — not scheduled yet", "Pending — 尚未调度"},
	"nodes.none":      {"no pods", "没有 Pod"},
	"nodes.ready":     {"Ready", "Ready"},
	"nodes.notready":  {"NotReady", "NotReady"},
	"pod.ready":       {"ready", "就绪"},
	"pod.notready":    {"not ready", "未就绪"},
	"pod.restarts":    {"%d restarts", "重启 %d 次"},

	"term.title":   {"kubectl", "kubectl"},
	"term.hint":    {"Try: kubectl get pods · scale · set image · delete pod · sim settle", "试试：kubectl get pods · scale · set image · delete pod · sim settle"},
	"term.welcome": {"Type kubectl commands here, e.g. kubectl get pods. ↑/↓ recall history; “sim advance 30s” and “sim settle” move time; “clear” clears.", "在这里输入 kubectl 命令，例如 kubectl get pods。↑/↓ 调出历史命令；“sim advance 30s” 和 “sim settle” 推进时间；“clear” 清屏。"},
	"term.simhelp": {"sim commands: sim advance DURATION · sim settle [MAX] · sim step", "sim 命令：sim advance 时长 · sim settle [最长时间] · sim step"},
	"term.badtime": {"sim: %q is not a duration (try 30s, 2m)", "sim：%q 不是时长（试试 30s、2m）"},

	"sim.settled":    {"settled after %s", "%s 后稳定"},
	"sim.notsettled": {"not settled after %s: something keeps retrying (see Events)", "%s 后仍未稳定：有对象在不断重试（见“事件”）"},
	"sim.advanced":   {"advanced %s", "推进了 %s"},
	"sim.stepped":    {"ran one task", "执行了一个任务"},
	"sim.idle":       {"nothing to do: the cluster is at rest", "没有待处理的任务：集群已稳定"},
	"sim.reset":      {"new cluster (seed %d): three Ready nodes, no workloads", "新集群（种子 %d）：三个 Ready 节点，没有工作负载"},

	"trace.title":    {"Reconcile trace", "调谐记录"},
	"trace.hint":     {"observe → diff → act, newest first", "观察 → 比较 → 行动，最新在上"},
	"trace.empty":    {"No reconcile yet. Apply the YAML and watch each controller observe, diff and act.", "还没有调谐。应用 YAML 后，可以看到每个控制器如何观察、比较和行动。"},
	"trace.observed": {"observed", "观察"},
	"trace.diff":     {"diff", "差异"},
	"trace.act":      {"act", "行动"},
	"trace.why":      {"why", "原因"},

	"events.title": {"Events", "事件"},
	"events.empty": {"No events yet.", "还没有事件。"},
}

// Languages the page speaks, as BCP 47 tags; the index into messages' pairs.
const (
	langEN = "en"
	langZH = "zh-CN"
)

// pickLang chooses the language for a navigator.language value.
func pickLang(navigatorLanguage string) string {
	if strings.HasPrefix(strings.ToLower(navigatorLanguage), "zh") {
		return langZH
	}
	return langEN
}

// translate looks a key up; an unknown key is returned as itself so a
// missing string is visible, not blank.
func translate(lang, key string, args ...any) string {
	pair, ok := messages[key]
	if !ok {
		return key
	}
	s := pair[0]
	if lang == langZH {
		s = pair[1]
	}
	if len(args) > 0 {
		s = fmt.Sprintf(s, args...)
	}
	return s
}
