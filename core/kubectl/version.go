package kubectl

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// versionInfo is the part of k8s.io/apimachinery's version.Info the
// sandbox knows of a release: its numbers, and a linux/amd64 build by gc
// (the platform a kind node reports); commit and build date are left out
// rather than made up.
func versionInfo(gitVersion string) [][2]string {
	major, minor, _ := strings.Cut(strings.TrimPrefix(gitVersion, "v"), ".")
	minor, _, _ = strings.Cut(minor, ".")
	return [][2]string{{"major", major}, {"minor", minor}, {"gitVersion", gitVersion},
		{"gitTreeState", "clean"}, {"compiler", "gc"}, {"platform", "linux/amd64"}}
}

// versionInfoJSON is versionInfo as kubectl version -o json indents it,
// inside its outer object.
func versionInfoJSON(gitVersion string) string {
	var b strings.Builder
	b.WriteString("{\n")
	for i, kv := range versionInfo(gitVersion) {
		if i > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, "    %q: %q", kv[0], kv[1])
	}
	b.WriteString("\n  }")
	return b.String()
}

// versionInfoYAML is versionInfo as kubectl version -o yaml writes it:
// keys sorted, the numbers quoted.
func versionInfoYAML(gitVersion string) string {
	info := versionInfo(gitVersion)
	slices.SortFunc(info, func(a, b [2]string) int { return strings.Compare(a[0], b[0]) })
	var b strings.Builder
	for _, kv := range info {
		v := kv[1]
		if kv[0] == "major" || kv[0] == "minor" {
			v = strconv.Quote(v)
		}
		fmt.Fprintf(&b, "  %s: %s\n", kv[0], v)
	}
	return b.String()
}
