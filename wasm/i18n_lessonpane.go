//go:build js && wasm

package main

// The running lesson's pane (lessons.go, lessonfit.go).
var _ = addMessages(map[string][2]string{
	"lesson.about": {"About this lesson", "关于这节课"},
})
