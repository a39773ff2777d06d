//go:build js && wasm

package main

// The terminal's notes on output it did not keep: by bytes (one output,
// scrollback.go) and kubectl's own bound (core/kubectl's MaxOutputBytes).
var _ = addMessages(map[string][2]string{
	"term.cutbytes": {
		"… the first %s of this output are not shown: the terminal keeps the last %s (and at most %d lines) of an output. A pipe shows the rest: | head -n 50, | grep Warning, | wc -c",
		"… 这次输出的前 %s 未显示：终端对一次输出只保留最后 %s（最多 %d 行）。用管道查看其余部分：| head -n 50、| grep Warning、| wc -c",
	},
	"term.kubectlcut": {
		"kubectl's output passed %s and stopped there: kubeloop keeps only the first %s of a command's output. Ask for less: a name, -l SELECTOR, -o name, or a pipe such as | head",
		"kubectl 的输出超过了 %s，在此处停止：kubeloop 对一条命令的输出只保留前 %s。请缩小范围：指定名称、-l SELECTOR、-o name，或使用 | head 之类的管道",
	},
})
