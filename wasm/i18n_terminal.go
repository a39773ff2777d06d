//go:build js && wasm

package main

// The terminal's notes about itself: the commands it has, and Tab's list.
var _ = addMessages(map[string][2]string{
	"term.commands": {
		"This terminal has kubectl (or its alias k), sim, clear and help.",
		"这个终端只有 kubectl（别名 k）、sim、clear 和 help 这几个命令。",
	},
	"term.didyoumean": {"Did you mean: %s", "你是不是想输入：%s"},
	"term.help.kubectl": {
		"kubectl … (or k …)   kubectl's commands on the simulated cluster; kubectl help lists them",
		"kubectl …（或 k …）   在模拟集群上运行 kubectl 命令；kubectl help 列出全部命令",
	},
	"term.help.sim": {
		"sim …                time and faults: sim advance 30s, sim settle, sim step; sim alone lists the rest",
		"sim …                时间与故障：sim advance 30s、sim settle、sim step；只输入 sim 会列出其余命令",
	},
	"term.help.clear": {"clear                clears the terminal", "clear                清屏"},
	"term.help.keys": {
		"Tab completes commands, flags, namespaces, -o formats and names (twice: lists them); ↑/↓ recall history; Ctrl+C stops a watch",
		"Tab 补全命令、参数、命名空间、-o 格式和名称（按两次列出候选）；↑/↓ 调出历史命令；Ctrl+C 停止 watch",
	},
	"term.more": {"… and %d more: type more of the word, then Tab", "……还有 %d 个：多输入几个字符再按 Tab"},
})
