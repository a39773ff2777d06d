package kubelet

import (
	"fmt"
	"strings"
	"time"
)

// catalog lists the tags the simulated registry knows for well-known
// images, so that a typo such as nginx:1.91 fails to pull exactly as it
// would against Docker Hub. Repositories not listed here are assumed to
// exist with any tag: the sandbox cannot know every private image.
//
// The kubeloop/ images do not exist on Docker Hub: they are teaching
// images whose behaviour (see behaviours in process.go) shows one thing
// each — a crash loop, a slow start, a readiness probe that never passes.
var catalog = map[string][]string{
	"nginx":    {"1.7.9", "1.9.1", "1.14.2", "1.16.1", "1.19", "1.21", "1.23", "1.25", "1.25.3", "1.26", "1.27", "alpine", "stable", "latest"},
	"busybox":  {"1.28", "1.28.4", "1.35", "1.36", "1.36.1", "1.37", "stable", "musl", "glibc", "uclibc", "latest"},
	"httpd":    {"2.4", "2.4.58", "alpine", "latest"},
	"redis":    {"6", "7", "7.2", "alpine", "latest"},
	"alpine":   {"3.18", "3.19", "3.20", "latest"},
	"ubuntu":   {"20.04", "22.04", "24.04", "latest"},
	"mysql":    {"5.7", "8.0", "8.4", "latest"},
	"postgres": {"15", "16", "17", "latest"},
	"perl":     {"5.34", "5.34.0", "5.36", "5.38", "5.40", "slim", "latest"},
	"bench":    {"1.0", "2.0"},

	// The DaemonSet lesson's logging agent, at the two names the
	// Kubernetes docs have used for it.
	"k8s.gcr.io/fluentd-elasticsearch":      {"1.20"},
	"quay.io/fluentd_elasticsearch/fluentd": {"v2.5.2"},
	"registry.k8s.io/pause":                 {"3.6", "3.7", "3.8", "3.9", "3.10"},

	"kubeloop/crash":      {"v1", "latest"},
	"kubeloop/slow-start": {"v1", "latest"},
	"kubeloop/unready":    {"v1", "latest"},
}

// pullDuration is how long a successful pull takes: a little longer for
// larger images, so pods of a rollout do not all start in the same instant.
var pullDuration = map[string]time.Duration{
	"nginx": 2 * time.Second, "busybox": time.Second, "alpine": time.Second, "bench": time.Second,
	"perl": 5 * time.Second, "registry.k8s.io/pause": time.Second,
	"kubeloop/crash": time.Second, "kubeloop/slow-start": time.Second, "kubeloop/unready": time.Second,
}

const defaultPullDuration = 3 * time.Second

// splitImage returns the repository (without docker.io/library/) and tag.
func splitImage(image string) (repo, tag string) {
	ref := image
	if i := strings.LastIndex(ref, "@"); i >= 0 {
		ref = ref[:i]
	}
	tag = "latest"
	if i := strings.LastIndex(ref, ":"); i > strings.LastIndex(ref, "/") {
		ref, tag = ref[:i], ref[i+1:]
	}
	repo = strings.TrimPrefix(strings.TrimPrefix(ref, "docker.io/"), "library/")
	return repo, tag
}

// imageName is the fully qualified name a container runtime reports:
// docker.io/library/nginx:1.7.9, docker.io/kubeloop/crash:v1, and other
// registries' names as given.
func imageName(repo, tag string) string {
	first, _, hasSlash := strings.Cut(repo, "/")
	switch {
	case !hasSlash:
		return "docker.io/library/" + repo + ":" + tag
	case !strings.ContainsAny(first, ".:") && first != "localhost":
		return "docker.io/" + repo + ":" + tag
	}
	return repo + ":" + tag
}

// pull resolves an image: how long the pull takes, or the error message a
// container runtime prints for a missing tag.
func pull(image string) (time.Duration, error) {
	repo, tag := splitImage(image)
	d, ok := pullDuration[repo]
	if !ok {
		d = defaultPullDuration
	}
	tags, known := catalog[repo]
	if !known {
		return d, nil
	}
	for _, t := range tags {
		if t == tag {
			return d, nil
		}
	}
	full := imageName(repo, tag)
	return d, fmt.Errorf("failed to pull and unpack image %q: failed to resolve reference %q: %s: not found", full, full, full)
}
