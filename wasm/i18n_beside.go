//go:build js && wasm

package main

// A command beside the watch (beside.go).
var _ = addMessages(map[string][2]string{
	"term.beside":          {"another terminal", "另一个终端"},
	"term.beside.title":    {"Run beside the watch, as in a second terminal window: the watch goes on", "在 watch 旁边运行，就像在第二个终端窗口里：watch 继续"},
	"lesson.beside":        {"Beside the watch:", "在 watch 旁边："},
	"term.watching.beside": {"; buttons run beside it", "；按钮的命令在它旁边运行"},
})
