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
	"clock.settle":       {"Settle", "运行至稳定"},
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
	"owners.title":    {"Ownership: who owns which pods", "归属关系：Pod 归谁所有"},
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
	"nodes.more":      {"+%d more", "另有 %d 个"},
	"nodes.cells":     {"Too many pods for cards: each square is a pod, in its status colour, filled when ready. Hover one for its name, click it for its actions — or Tab to a node, then the arrow keys and Enter.", "Pod 太多，放不下卡片：每个方块是一个 Pod，颜色表示状态，实心表示就绪。悬停可看名字，点击查看操作；也可以用 Tab 选中节点，再用方向键和回车。"},
	"cells.lane":      {"%s: %d pods. The arrow keys move between them, Enter shows a pod's actions.", "%s：%d 个 Pod。用方向键在其间移动，按回车查看 Pod 的操作。"},
	"nodes.ready":     {"Ready", "Ready"},
	"nodes.notready":  {"NotReady", "NotReady"},
	"pod.ready":       {"ready", "就绪"},
	"pod.notready":    {"not ready", "未就绪"},
	"pod.restarts":    {"%d restarts", "重启 %d 次"},

	"term.title":    {"kubectl", "kubectl"},
	"term.hint":     {"Try: kubectl get pods · scale · set image · delete pod · sim settle", "试试：kubectl get pods · scale · set image · delete pod · sim settle"},
	"term.queued":   {"Waits for the task under way to end, then runs.", "等待正在进行的任务结束后运行。"},
	"term.welcome":  {"Type kubectl commands here (or k, its alias), e.g. k get pods. Tab completes, ↑/↓ recall history; “sim advance 30s” and “sim settle” move time; “clear” clears; “help” lists the commands.", "在这里输入 kubectl 命令（或它的别名 k），例如 k get pods。Tab 补全，↑/↓ 调出历史命令；“sim advance 30s” 和 “sim settle” 推进时间；“clear” 清屏；“help” 列出所有命令。"},
	"term.simhelp":  {"sim commands: %s (e.g. sim advance 30s, sim settle)", "sim 命令：%s（例如 sim advance 30s、sim settle）"},
	"term.shell":    {"a shell in the pod: type commands (ls, hostname, cat …), exit to leave", "Pod 内的 shell：输入命令（ls、hostname、cat …），exit 退出"},
	"term.out":      {"Terminal output", "终端输出"},
	"term.cut":      {"… %d earlier lines are not shown: the terminal keeps the last %d lines of an output. A pipe shows the rest: | head -n 50, | grep Warning, | wc -l", "… 前面 %d 行未显示：终端只保留一次输出的最后 %d 行。用管道查看其余部分：| head -n 50、| grep Warning、| wc -l"},
	"term.watching": {"watching… Ctrl+C stops", "正在 watch… 按 Ctrl+C 停止"},
	"term.badtime":  {"sim: %q is not a duration (try 30s, 2m)", "sim：%q 不是时长（试试 30s、2m）"},

	"sim.settled":    {"settled after %s", "%s 后达到稳定"},
	"sim.notsettled": {"not settled after %s: something keeps retrying (see Events)", "%s 后仍未稳定：有对象在不断重试（见“事件”）"},
	"sim.advanced":   {"advanced %s", "推进了 %s"},
	"sim.stepped":    {"ran one task", "执行了一个任务"},
	"sim.idle":       {"nothing to do: the cluster is at rest", "没有待处理的任务：集群已稳定"},
	"sim.idle.now":   {"nothing due now: the next task is later (Step or Play moves time)", "此刻没有待处理的任务：下一个任务在之后（单步或播放会推进时间）"},
	"sim.ranidle":    {"ran %d tasks due now; the clock did not move", "执行了此刻到期的 %d 个任务；时钟没有前进"},
	"sim.reset":      {"new cluster (seed %d): three Ready nodes, no workloads", "新集群（种子 %d）：三个 Ready 节点，没有工作负载"},

	"trace.title":        {"Reconcile trace", "调谐记录"},
	"trace.hint":         {"observe → diff → act, newest first", "观察 → 比较 → 行动，最新在上"},
	"trace.empty":        {"No reconcile yet. Apply the YAML and watch each controller observe, diff and act.", "还没有调谐。应用 YAML 后，可以看到每个控制器如何观察、比较和行动。"},
	"trace.system":       {"system", "系统"},
	"trace.system.title": {"Also show the cluster's own objects: their reconciles (kube-system, leases, the kubernetes Service) and, on the nodes, the control plane's pods, CoreDNS, kube-proxy and kindnet", "同时显示集群自身的对象：它们的调谐（kube-system、租约、kubernetes Service），以及节点上控制平面的 Pod、CoreDNS、kube-proxy 和 kindnet"},
	"trace.observed":     {"observed", "观察"},
	"trace.diff":         {"diff", "差异"},
	"trace.act":          {"act", "行动"},
	"trace.why":          {"why", "原因"},
	"trace.more":         {"… and %d more", "……另有 %d 项"},

	"skip":             {"Skip to the editor", "跳到编辑器"},
	"clock.idle":       {"To idle", "执行到期任务"},
	"clock.idle.title": {"Run every task due now (deliveries, reconciles) without moving the clock", "执行此刻到期的所有任务（事件投递、调谐），时钟不前进"},
	"theme.title":      {"Light or dark theme", "浅色或深色主题"},
	"theme.todark":     {"Switch to the dark theme", "切换到深色主题"},
	"theme.tolight":    {"Switch to the light theme", "切换到浅色主题"},

	"replay.label":      {"History", "历史"},
	"replay.aria":       {"Replay the store's revisions", "回放存储的修订版本"},
	"replay.live":       {"Back to live", "回到实时"},
	"replay.live.title": {"Leave the replay and show the cluster as it is now", "退出回放，显示集群当前状态"},
	"replay.live.text":  {"live · rev %d — drag left to replay", "实时 · rev %d — 向左拖动可回放"},
	"replay.text":       {"replaying rev %d of %d · t ≈ %s · read-only", "回放 rev %d / %d · t ≈ %s · 只读"},
	"replay.badge":      {"REPLAY · rev %d · read-only", "回放 · rev %d · 只读"},
	"replay.readonly":   {"You are looking at the past (replay): nothing can change it. Press “Back to live” first.", "你正在查看过去（回放），无法修改。请先点击“回到实时”。"},

	"seed.label": {"Seed", "种子"},
	"seed.title": {"The seed decides every random choice (names, ties): the same seed and the same steps give the same run. Reset applies it.", "种子决定所有随机选择（名称、平局）：相同的种子和相同的操作得到相同的运行结果。点“重置”生效。"},
	"seed.bad":   {"%q is not a seed: use a whole number such as 1 or 42.", "%q 不是有效的种子：请使用整数，例如 1 或 42。"},

	"share.button":  {"Share", "分享"},
	"share.title":   {"A link to this session: whoever opens it gets the same cluster, replayed to this moment", "生成这次会话的链接：打开它的人会得到相同的集群，重放到此刻"},
	"share.failed":  {"Could not make a share link: %s", "无法生成分享链接：%s"},
	"share.toolong": {"The YAML is too long for a link (%d KB; at most %d KB). Use Export and send the file instead.", "YAML 太长，放不进链接（%d KB；最多 %d KB）。请用“导出”发送文件。"},
	"share.done":    {"Share link ready in the address bar (%d characters for %d bytes of YAML).", "分享链接已放入地址栏（%d 个字符，对应 %d 字节 YAML）。"},
	"share.copied":  {"Share link copied (%d characters for %d bytes of YAML).", "分享链接已复制（%d 个字符，对应 %d 字节 YAML）。"},
	"share.bad":     {"This share link could not be opened: %s. The page started as usual.", "无法打开这个分享链接：%s。页面已照常启动。"},
	"share.opened":  {"Opened a shared cluster: the link's YAML, applied with seed %d.", "已打开分享的集群：链接中的 YAML 已用种子 %d 应用。"},

	"export.button": {"Export", "导出"},
	"export.title":  {"Download your objects as YAML for kubectl apply -f on a real cluster", "把你的对象下载为 YAML，可在真实集群上 kubectl apply -f"},
	"export.empty":  {"Nothing to export yet: apply something first.", "还没有可导出的内容：请先应用一些对象。"},
	"export.failed": {"Export failed: %s", "导出失败：%s"},
	"export.header": {"Exported from kubeloop: the objects you made, as you would write them for a real cluster.\nKept: what you changed later with kubectl (scale, set image, label, annotate, edit).\nLeft out: status, what the API server fills in (defaults you did not write, cluster IPs, node ports)\nand the objects the controllers made from yours. Objects of the default namespace name none.\nApply with: kubectl apply -f kubeloop.yaml", "从 kubeloop 导出：你创建的对象，写成你在真实集群上会写的样子。\n保留：你之后用 kubectl 做的修改（scale、set image、label、annotate、edit）。\n不含：status、API server 填入的字段（你没写的默认值、cluster IP、node port），\n以及控制器根据你的对象创建的对象。default 命名空间里的对象不写 namespace。\n应用方法：kubectl apply -f kubeloop.yaml"},
	"export.done":   {"Exported %d objects to kubeloop.yaml, as you would write them: no status, server fields or defaults, no objects the controllers made.", "已导出 %d 个对象到 kubeloop.yaml，保持你会写的样子：不含 status、服务器字段和默认值，也不含控制器生成的对象。"},

	"lesson.title":       {"Lessons", "课程"},
	"lesson.choose":      {"Choose a lesson", "选择课程"},
	"lesson.toggle":      {"Show or hide the lesson", "显示或隐藏课程"},
	"lesson.setup":       {"lesson “%s”: a fresh cluster (seed 1), set up by these commands:", "课程“%s”：一个新集群（种子 1），由以下命令准备："},
	"lesson.stepdone":    {"lesson: step %d done — %s", "课程：第 %d 步完成 — %s"},
	"lesson.start":       {"Start the lesson", "开始课程"},
	"lesson.resume":      {"Continue at step %d", "从第 %d 步继续"},
	"lesson.complete":    {"Lesson complete.", "课程完成。"},
	"lesson.next":        {"Next: %s", "下一课：%s"},
	"lesson.restart":     {"Restart the lesson", "重新开始本课"},
	"lesson.waiting":     {"Done when the cluster shows:", "当集群满足以下条件时完成："},
	"lesson.retry":       {"Try this step again", "重做这一步"},
	"lesson.solution":    {"Show a solution", "看一个解法"},
	"lesson.retry.title": {"Forget what happened so far in this step and watch again from now", "忽略这一步到目前为止发生的事，从现在开始重新观察"},
	"lesson.heredoc":     {"… %d lines of YAML (in the editor) …", "… %d 行 YAML（见编辑器）…"},
	"lesson.yaml":        {"Put in the editor:", "在编辑器中填入："},
	"lesson.yaml.placed": {"The lesson's YAML is in the editor. Read it, then press Apply.", "课程的 YAML 已放进编辑器。读一读，然后点击“应用”。"},
	"lesson.time":        {"Let time pass (Play, or):", "推进时间（点“播放”，或输入）："},
	"lesson.cmd":         {"In the terminal:", "在终端里："},
	"lesson.real":        {"What would a real cluster print?", "真实集群会输出什么？"},
	"lesson.real.title":  {"Each step's kubectl commands with their output, from this lesson run on a fresh cluster (seed 1). A real cluster prints the same, apart from names, ages and addresses.", "每一步的 kubectl 命令及其输出，取自本课在一个新集群（种子 1）上的运行。真实集群的输出与此相同，只有名称、时间和地址会不同。"},
	"lesson.real.head":   {"kubectl prints:", "kubectl 的输出："},
	"lesson.real.none":   {"No kubectl command in this step: time passes.", "这一步没有 kubectl 命令：只需推进时间。"},

	"editor.docs":   {"Objects:", "对象："},
	"editor.noname": {"(no name)", "（无名称）"},
	"editor.goto":   {"Go to line %d", "跳到第 %d 行"},

	"storage.toobig": {"The YAML is over %d KB: it stays in the editor but is no longer saved in this browser.", "YAML 超过 %d KB：它仍在编辑器里，但不再保存到浏览器中。"},
	"storage.aside":  {"Some saved data could not be read (%s). It was kept aside under kubeloop.aside.* in this browser's storage, and the page started clean.", "部分已保存的数据无法读取（%s）。它们已另存为浏览器存储中的 kubeloop.aside.*，页面以初始状态启动。"},

	"faults.button":     {"Faults", "故障"},
	"faults.title":      {"Break the cluster on purpose and watch it heal", "故意制造故障，看集群如何自愈"},
	"faults.addnode":    {"Add a node", "添加节点"},
	"faults.killleader": {"Kill the leader (%s)", "杀掉 leader（%s）"},
	"faults.more":       {"Node and leader faults appear here when the simulator supports them.", "模拟器支持节点和 leader 故障后，会显示在这里。"},
	"pod.delete":        {"Delete pod", "删除 Pod"},
	"pod.describe":      {"Describe", "查看详情"},
	"pod.aria":          {"Pod %s, %s. Press Enter for actions.", "Pod %s，%s。按回车查看操作。"},
	"node.fail":         {"Fail the node (kubelet stops)", "让节点故障（kubelet 停止）"},
	"node.recover":      {"Recover the node", "恢复节点"},
	"node.delete":       {"Delete the node", "删除节点"},
	"node.describe":     {"Describe", "查看详情"},
	"node.menu":         {"Actions for node %s", "节点 %s 的操作"},

	"mach.cm":           {"controller manager:", "控制器管理器："},
	"mach.role.leader":  {"leader", "leader"},
	"mach.role.standby": {"standby", "待命"},
	"mach.role.paused":  {"paused", "已暂停"},
	"mach.role.dead":    {"dead", "已停止"},
	"mach.queues":       {"work queues:", "工作队列："},
	"mach.idle":         {"all empty", "全部为空"},
	"mach.retry":        {"%s %s ↻%d, retry in %s", "%s %s ↻%d，%s 后重试"},
	"mach.retry.title":  {"NumRequeues %d: failed reconciles since the key last succeeded; the back-off doubles from 5 ms up to 1000 s. Last error: %s", "NumRequeues %d：自上次成功以来失败的调谐次数；退避时间从 5 毫秒开始翻倍，最长 1000 秒。最后的错误：%s"},
	"mach.queues.title": {"Keys waiting in each controller's work queue (↻ retries after errors)", "每个控制器工作队列中等待的键（↻ 出错后的重试次数）"},
	"mach.queue.title":  {"%s: %d waiting, %d in progress, %d delayed; %d adds, %d retries", "%s：%d 个等待，%d 个处理中，%d 个延迟；共加入 %d 次，重试 %d 次"},
	"pvc.title":         {"Storage: claims, volumes and who mounts them", "存储：卷申领、卷以及挂载它们的 Pod"},
	"pvc.status":        {"status", "状态"},
	"pvc.pod":           {"mounted by", "挂载者"},
	"dns.title":         {"Network: the names cluster DNS answers", "网络：集群 DNS 能解析的名称"},
	"dns.name":          {"name (.svc.cluster.local)", "名称（.svc.cluster.local）"},
	"dns.type":          {"type", "类型"},
	"dns.addrs":         {"addresses now", "当前地址"},

	"trace.filter":       {"only the reconciles about %s", "只显示与 %s 有关的调谐"},
	"trace.filter.clear": {"show all", "显示全部"},
	"pod.trace":          {"Show its reconciles", "显示与它有关的调谐"},

	"events.title": {"Events", "事件"},
	"events.empty": {"No events yet.", "还没有事件。"},

	// Nodes, Jobs and the leader Lease in the cluster view and machinery strip.
	"owners.job":         {"%d/%d completed · %d failed · %s", "%d/%d 已完成 · %d 失败 · %s"},
	"mach.lease":         {"Lease: %s, expires in %ds unless renewed", "租约：%s，%d 秒后过期（除非续约）"},
	"mach.lease.expired": {"Lease: %s, expired %ds ago", "租约：%s，已过期 %d 秒"},
	"mach.lease.title":   {"kube-system/kube-controller-manager: renewTime + leaseDurationSeconds (15 s)", "kube-system/kube-controller-manager：renewTime + leaseDurationSeconds（15 秒）"},
}

// addMessages merges one area's strings into messages: each area of the
// page (layout, sharing, faults, …) keeps its strings in a file of its own,
// i18n_<area>.go, as `var _ = addMessages(map[string][2]string{…})`. A key
// defined twice is a programmer's error.
func addMessages(m map[string][2]string) bool {
	for k, v := range m {
		if _, dup := messages[k]; dup {
			panic("i18n: key defined twice: " + k)
		}
		messages[k] = v
	}
	return true
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
