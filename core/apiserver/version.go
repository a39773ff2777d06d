package apiserver

import (
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/apijson"
)

// versionInfo is k8s.io/apimachinery's version.Info, what /version answers
// and `kubectl version` prints as the Server Version.
type versionInfo struct {
	Major        string `json:"major"`
	Minor        string `json:"minor"`
	GitVersion   string `json:"gitVersion"`
	GitCommit    string `json:"gitCommit"`
	GitTreeState string `json:"gitTreeState"`
	BuildDate    string `json:"buildDate"`
	GoVersion    string `json:"goVersion"`
	Compiler     string `json:"compiler"`
	Platform     string `json:"platform"`
}

// version answers /version as upstream's handler does: GET only, JSON
// only, always indented by two spaces and with no newline after it.
func (s *Server) version(r *Request) *Response {
	if r.Method != "GET" {
		return statusResponse(methodNotAllowed())
	}
	if _, refused := negotiate(r, jsonOnly); refused != nil {
		return notAcceptable(refused)
	}
	body, err := apijson.MarshalIndent(serverVersion(), "", "  ")
	if err != nil {
		return statusResponse(internalError(err.Error()))
	}
	return &Response{Code: 200, Header: map[string]string{"Content-Type": "application/json", "Cache-Control": "no-cache, private"}, Body: body}
}

// serverVersion is what the sandbox says of itself. The release is
// api.KubernetesVersion, which the sandbox's behaviour follows. The rest
// says what answers, as upstream's fields do of the binary that runs:
//   - gitCommit, gitTreeState and buildDate describe kubeloop's own
//     source, when the Go toolchain stamped the binary with it (a build in
//     a git checkout: the commit, clean or dirty, and the commit's time, as
//     Kubernetes' reproducible builds date a build by SOURCE_DATE_EPOCH).
//     A Kubernetes commit would be a lie: no Kubernetes source is in it.
//     Unstamped (go test, go run), they are what an unstamped Kubernetes
//     binary reports (k8s.io/component-base/version): no commit, no tree
//     state, 1970-01-01T00:00:00Z.
//   - goVersion, compiler and platform are the running binary's own, as
//     upstream's are: they are fixed in the binary, so the answer stays the
//     same for every request.
func serverVersion() versionInfo {
	major, minor := majorMinor(api.KubernetesVersion)
	v := versionInfo{
		Major: major, Minor: minor, GitVersion: api.KubernetesVersion,
		BuildDate: "1970-01-01T00:00:00Z",
		GoVersion: runtime.Version(), Compiler: runtime.Compiler, Platform: runtime.GOOS + "/" + runtime.GOARCH,
	}
	if info, ok := debug.ReadBuildInfo(); ok {
		stampFromVCS(&v, info.Settings)
	}
	return v
}

// stampFromVCS fills the source fields from the toolchain's vcs.* build
// settings, if the binary has them.
func stampFromVCS(v *versionInfo, settings []debug.BuildSetting) {
	for _, s := range settings {
		switch s.Key {
		case "vcs.revision":
			v.GitCommit = s.Value
		case "vcs.time":
			v.BuildDate = s.Value
		case "vcs.modified":
			v.GitTreeState = map[string]string{"true": "dirty", "false": "clean"}[s.Value]
		}
	}
}

// majorMinor splits a release "v1.32.13" into "1" and "32". A
// pre-release ("v1.33.0-alpha.1") has a minor of "33+", as upstream's
// builds between releases report.
func majorMinor(release string) (major, minor string) {
	parts := strings.SplitN(strings.TrimPrefix(release, "v"), ".", 3)
	if len(parts) < 2 {
		return parts[0], ""
	}
	major, minor = parts[0], parts[1]
	if len(parts) == 3 && strings.ContainsAny(parts[2], "-+") {
		minor += "+"
	}
	return major, minor
}
