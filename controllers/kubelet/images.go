package kubelet

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
)

// preloaded are the images on every node from the start: those of a kind
// cluster's own pods.
var preloaded = map[string]bool{
	api.EtcdImage: true, api.CoreDNSImage: true, api.KindnetImage: true, api.PauseImage: true,
	api.ComponentImage("kube-apiserver"): true, api.ComponentImage("kube-controller-manager"): true,
	api.ComponentImage("kube-scheduler"): true, api.ComponentImage("kube-proxy"): true,
}

// present reports whether node has image without pulling it.
func (r *Reconciler) present(node, image string) bool {
	return preloaded[image] || r.images[node][image]
}

// catalog is what the simulated registry holds for well-known images, so
// that a typo such as nginx:1.91 fails to pull exactly as it would against
// Docker Hub, while every tag a learner copies from a tutorial or the
// image's page pulls. Repositories not listed here are assumed to exist
// with any tag: the sandbox cannot know every private image.
//
// The kubeloop/ images do not exist on Docker Hub: they are teaching
// images whose behaviour (see behaviours in process.go) shows one thing
// each — a crash loop, a slow start, a readiness probe that never passes.
var catalog = map[string]repoTags{
	// Each release series up to its last patch release (as of the end of
	// 2025): "1.27.5" is 1.27 and 1.27.0 … 1.27.5.
	"nginx": {
		series: "1.7.12 1.8.1 1.9.15 1.10.3 1.11.13 1.12.2 1.13.12 1.14.2 1.15.12 1.16.1 1.17.10 1.18.0 1.19.10 " +
			"1.20.2 1.21.6 1.22.1 1.23.4 1.24.0 1.25.5 1.26.3 1.27.5 1.28.0 1.29.1",
		named:    "1 latest stable mainline alpine alpine-slim perl alpine-perl bookworm otel",
		variants: "-alpine -alpine-slim -perl -alpine-perl -bookworm -bookworm-perl -otel -alpine-otel",
	},
	"busybox": {
		series:   "1.24.2 1.25.1 1.26.2 1.27.2 1.28.4 1.29.3 1.30.1 1.31.1 1.32.1 1.33.1 1.34.1 1.35.0 1.36.1 1.37.0",
		named:    "1 latest stable unstable musl glibc uclibc",
		variants: "-musl -glibc -uclibc",
	},
	"httpd":  {series: "2.2.34 2.4.65", named: "2 latest alpine bookworm", variants: "-alpine -bookworm"},
	"redis":  {series: "5.0.14 6.0.20 6.2.20 7.0.15 7.2.10 7.4.5 8.0.3 8.2.2", named: "5 6 7 8 latest alpine bookworm", variants: "-alpine -bookworm"},
	"alpine": {series: "3.16.9 3.17.10 3.18.12 3.19.8 3.20.7 3.21.4 3.22.2 3.23.0", named: "3 latest edge"},
	"ubuntu": {named: "12.04 14.04 16.04 18.04 20.04 21.04 21.10 22.04 22.10 23.04 23.10 24.04 24.10 25.04 25.10 " +
		"trusty xenial bionic focal jammy lunar mantic noble oracular plucky questing latest rolling devel"},
	"mysql":    {series: "5.7.44 8.0.44 8.4.7 9.0.1 9.1.0 9.2.0 9.3.0 9.4.0 9.5.0", named: "5 8 9 latest lts innovation oracle", variants: "-oracle -debian"},
	"postgres": {series: "12.22 13.23 14.20 15.15 16.11 17.7 18.1", named: "latest alpine bookworm", variants: "-alpine -bookworm"},
	"perl":     {series: "5.34.3 5.36.3 5.38.5 5.40.3 5.42.0", named: "5 latest slim", variants: "-slim -threaded"},
	"bench":    {named: "1.0 2.0"},

	// The DaemonSet lesson's logging agent, at the two names the
	// Kubernetes docs have used for it.
	"k8s.gcr.io/fluentd-elasticsearch":      {named: "1.20"},
	"quay.io/fluentd_elasticsearch/fluentd": {named: "v2.5.2"},
	"registry.k8s.io/pause":                 {named: "3.1 3.2 3.5 3.6 3.7 3.8 3.9 3.10"},

	"kubeloop/crash":      {named: "v1 latest"},
	"kubeloop/slow-start": {named: "v1 latest"},
	"kubeloop/unready":    {named: "v1 latest"},
}

// repoTags describes a repository's tags by rule rather than one by one:
// every version of its release series, its named tags, and each of those
// with a variant suffix ("1.27-alpine", "alpine-perl" is named).
type repoTags struct {
	series   string // space-separated; "1.27.5": 1.27, 1.27.0 … 1.27.5
	named    string // space-separated tags that fit no series
	variants string // space-separated suffixes allowed after any tag
}

// has reports whether the registry holds tag.
func (r repoTags) has(tag string) bool {
	if r.hasBase(tag) {
		return true
	}
	for v := range strings.FieldsSeq(r.variants) {
		if base, ok := strings.CutSuffix(tag, v); ok && r.hasBase(base) {
			return true
		}
	}
	return false
}

func (r repoTags) hasBase(tag string) bool {
	for t := range strings.FieldsSeq(r.named) {
		if t == tag {
			return true
		}
	}
	for last := range strings.FieldsSeq(r.series) {
		cut := strings.LastIndexByte(last, '.')
		prefix, top := last[:cut], last[cut+1:]
		if tag == prefix {
			return true
		}
		rest, ok := strings.CutPrefix(tag, prefix+".")
		if !ok {
			continue
		}
		n, err := strconv.Atoi(rest)
		max, _ := strconv.Atoi(top)
		return err == nil && n >= 0 && n <= max && strconv.Itoa(n) == rest
	}
	return false
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
	if !known || tags.has(tag) {
		return d, nil
	}
	full := imageName(repo, tag)
	return d, fmt.Errorf("failed to pull and unpack image %q: failed to resolve reference %q: %s: not found", full, full, full)
}

// imageRef is how a container's status names its spec.image: the image as
// the runtime reports it, and the ID of the pulled image.
type imageRef struct {
	name, id string
}

func newImageRef(image string) *imageRef {
	repo, tag := splitImage(image)
	name := imageName(repo, tag)
	id := append(append(make([]byte, 0, len(name)+len("@sha256:")+64), name...), "@sha256:"...)
	id = appendDigest(id, repo, ":", tag)
	id = appendDigest(id, tag, "@", repo) // 64 hex digits, as sha256
	return &imageRef{name: name, id: string(id)}
}

// ref is spec.image's imageRef, spelled once per image, not per container:
// every status of every container shows it, and a rollout starts
// thousands of containers of one image.
func (r *Reconciler) ref(image string) *imageRef {
	ref := r.refs[image]
	if ref == nil {
		ref = newImageRef(image)
		r.refs[image] = ref
	}
	return ref
}
