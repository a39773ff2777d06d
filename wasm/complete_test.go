//go:build js && wasm

package main

import (
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/kubeloop/kubeloop/core/testtext"
)

// helpCommands reads kubectl's help as the regexp it replaced did
// (the page links no regexp): on real help text and on random lines.
func TestHelpCommandsAgreeWithTheRegexp(t *testing.T) {
	re := regexp.MustCompile(`(?m)^  ([a-z][a-z-]*)[ \t\r\f\v]{2,}\S`)
	want := func(text string) []string {
		var names []string
		for _, m := range re.FindAllStringSubmatch(text, -1) {
			names = append(names, m[1])
		}
		return names
	}
	help := "Basic Commands (Beginner):\n  create          Create a resource from a file or from stdin\n  expose          Take a replication controller\n" +
		"  run             Run a particular image on the cluster\n  set             Set specific features on objects\n\n" +
		"Deploy Commands:\n  rollout         Manage the rollout of a resource\n  api-resources   Print the supported API resources\n" +
		"   indented      three spaces: not a row\n  Upper         not a row\n  single x\n"
	assert.Equal(t, []string{"create", "expose", "run", "set", "rollout", "api-resources"}, helpCommands(help))
	assert.Equal(t, want(help), helpCommands(help))
	for _, s := range testtext.Strings(5, 20000, 0, 13, "  ab-Z\t\n\r.") {
		text := "  " + s
		assert.Equal(t, want(text), helpCommands(text), "%q", text)
	}
}
