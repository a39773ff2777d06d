//go:build js && wasm

package main

// The strings of the layout's splitters and folds, and of presenter mode.
var _ = addMessages(map[string][2]string{
	"layout.fold":           {"Fold this pane", "收起此面板"},
	"layout.unfold":         {"Show this pane", "展开此面板"},
	"layout.split.cols":     {"Resize the columns (arrow keys; double-click: default)", "调整列宽（方向键；双击恢复默认）"},
	"layout.split.rows":     {"Resize the panes (arrow keys; Enter folds; double-click: default)", "调整面板高度（方向键；回车收起；双击恢复默认）"},
	"present.button":        {"Present", "演示"},
	"present.stop":          {"Stop presenting", "退出演示"},
	"present.title":         {"Presenter mode: large type for a projector, the panes you pick, keys Space/K play·pause, N step, S settle", "演示模式：适合投影的大字号，只显示你选的面板；按键 Space/K 播放·暂停，N 单步，S 稳定"},
	"present.panes":         {"Panes", "面板"},
	"present.panes.hint":    {"Show while presenting:", "演示时显示："},
	"present.pane.lesson":   {"Lesson", "课程"},
	"present.pane.editor":   {"YAML editor", "YAML 编辑器"},
	"present.pane.cluster":  {"Cluster", "集群"},
	"present.pane.terminal": {"kubectl", "kubectl"},
	"present.pane.trace":    {"Reconcile trace", "调谐记录"},
	"present.pane.events":   {"Events", "事件"},
	"present.keys":          {"Keys, when not typing in the editor or the terminal:", "不在编辑器或终端里输入时可用的按键："},
	"present.key.play":      {"play / pause", "播放 / 暂停"},
	"present.key.step":      {"one step", "单步"},
	"present.key.settle":    {"settle", "运行到稳定"},
})
