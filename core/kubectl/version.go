package kubectl

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/kubeloop/kubeloop/core/api"
)

// build is what a binary's version.Info says of how it was built, beyond
// its release.
type build struct{ gitCommit, buildDate, goVersion string }

// The two builds `kubectl version` describes are the real binaries the
// sandbox's output is checked against: the client is the kubectl v1.32.4 on
// the project's machines, the server the v1.32.13 control plane the parity
// run builds from k8s.io/kubernetes (which stamps its commit with the module
// version it was built from).
var (
	clientBuild = build{"4cb5f0764b8d5f425645c6f433394fede34a8a26", "2025-05-15T20:09:34Z", "go1.23.8"}
	serverBuild = build{"go-module-k8s.io-kubernetes-" + api.KubernetesVersion, "2026-12-05T14:38:53Z", "go1.26.8"}
)

// versionInfo is k8s.io/apimachinery's version.Info of a release, its keys
// in the struct's order (none is omitted when empty): the release's
// numbers, the build, and a linux/amd64 build by gc (the platform a kind
// node reports).
func versionInfo(gitVersion string, b build) [][2]string {
	major, minor, _ := strings.Cut(strings.TrimPrefix(gitVersion, "v"), ".")
	minor, _, _ = strings.Cut(minor, ".")
	return [][2]string{{"major", major}, {"minor", minor}, {"gitVersion", gitVersion},
		{"gitCommit", b.gitCommit}, {"gitTreeState", "clean"}, {"buildDate", b.buildDate},
		{"goVersion", b.goVersion}, {"compiler", "gc"}, {"platform", "linux/amd64"}}
}

// versionInfoJSON is versionInfo as kubectl version -o json indents it,
// inside its outer object.
func versionInfoJSON(gitVersion string, b build) string {
	var s strings.Builder
	s.WriteString("{\n")
	for i, kv := range versionInfo(gitVersion, b) {
		if i > 0 {
			s.WriteString(",\n")
		}
		fmt.Fprintf(&s, "    %q: %q", kv[0], kv[1])
	}
	s.WriteString("\n  }")
	return s.String()
}

// versionInfoYAML is versionInfo as kubectl version -o yaml writes it:
// keys sorted, the numbers and the timestamp quoted (sigs.k8s.io/yaml
// quotes what would read back as a number or a time).
func versionInfoYAML(gitVersion string, b build) string {
	info := versionInfo(gitVersion, b)
	// sort.Slice, not slices.SortFunc: its one sort serves every caller,
	// where slices' is copied into the page's binary for each element type.
	sort.Slice(info, func(i, j int) bool { return info[i][0] < info[j][0] })
	var s strings.Builder
	for _, kv := range info {
		v := kv[1]
		switch kv[0] {
		case "major", "minor", "buildDate":
			v = strconv.Quote(v)
		}
		fmt.Fprintf(&s, "  %s: %s\n", kv[0], v)
	}
	return s.String()
}
