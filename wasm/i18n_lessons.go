//go:build js && wasm

package main

// The lesson panel's strings (lessons.go).
var _ = addMessages(map[string][2]string{
	"lesson.start.keeps": {"Starts a fresh cluster (seed 1). If the lesson puts its YAML in the editor, yours is kept aside: one click brings it back.",
		"会启动一个新集群（种子 1）。如果课程把它的 YAML 放进编辑器，你的 YAML 会被另存起来，点一下就能找回。"},
	"lesson.keptaside":   {"Your YAML is kept aside: “Bring back my YAML” in the lesson pane restores it.", "你的 YAML 已另存：点击课程面板里的“找回我的 YAML”即可恢复。"},
	"lesson.kept":        {"The lesson replaced your YAML in the editor; it is kept.", "课程替换了编辑器里你的 YAML，原来的已另存。"},
	"lesson.bringback":   {"Bring back my YAML", "找回我的 YAML"},
	"lesson.broughtback": {"Your YAML is back in the editor.", "你的 YAML 已放回编辑器。"},
	"lesson.step.done":   {"✓ done", "✓ 完成"},
	"lesson.step.passed": {"Step done.", "这一步完成了。"},
	"lesson.held":        {"Done: the cluster shows", "已完成：集群满足"},
	"lesson.nextstep":    {"Next step: %s", "下一步：%s"},
	"lesson.next.hint":   {"Finish this step's commands first if you like; running the next step's first command also moves on.", "可以先把这一步剩下的命令做完；直接运行下一步的第一条命令也会进入下一步。"},
	"lesson.ran":         {"You ran this", "你已运行过"},
})

// A step's question (lessonpredict.go).
var _ = addMessages(map[string][2]string{
	"predict.label":   {"Predict: ", "先预测："},
	"predict.invite":  {"Pick what you expect, then run the step and see what the cluster does.", "选出你预想的结果，然后运行这一步，看集群实际怎么做。"},
	"predict.yours":   {"Your prediction: ", "你的预测："},
	"predict.wait":    {" — now run the step: the cluster will answer.", " —— 现在运行这一步，集群会给出答案。"},
	"predict.answer":  {"✓ is what the cluster did.", "✓ 是集群的做法。"},
	"predict.right":   {"Right!", "猜对了！"},
	"predict.wrong":   {"Not this time.", "这次没猜中。"},
	"predict.unknown": {"The cluster did none of these this time (try the step again).", "这次集群的表现不符合任何一个选项（可以重做这一步）。"},
	"predict.saw":     {" Seen: %s", " 集群中看到：%s"},
})
