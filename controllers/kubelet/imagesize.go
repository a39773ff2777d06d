package kubelet

import "hash/fnv"

// imageSizes are plausible sizes in bytes, as containerd reports them in
// the kubelet's Pulled event, of the images learners use most; each tag
// varies a little around its repository's size. nginx:1.25 is the size a
// real v1.32 node printed for it.
var imageSizes = map[string]int64{
	"nginx": 72080558, "busybox": 2160406, "redis": 45006040, "alpine": 3653068, "httpd": 58040108,
	"ubuntu": 29754422, "mysql": 172320120, "postgres": 153049316, "perl": 335003480, "bench": 5012340,
	"registry.k8s.io/pause": 320368, "k8s.gcr.io/fluentd-elasticsearch": 140208734,
	"kubeloop/crash": 2160406, "kubeloop/slow-start": 2160406, "kubeloop/unready": 2160406,
	"quay.io/fluentd_elasticsearch/fluentd": 148731106,
}

// imageSize is the size the Pulled event reports for image: deterministic,
// from the table for a known repository (within 5% of it, by tag) and
// between 10 and 210 MB for any other, from a hash of the name.
func imageSize(image string) int64 {
	repo, tag := splitImage(image)
	h := fnv.New64a()
	h.Write([]byte(repo + ":" + tag))
	sum := int64(h.Sum64() >> 1)
	base, known := imageSizes[repo]
	if !known {
		return 10_000_000 + sum%200_000_000
	}
	if repo == "nginx" && tag == "1.25" {
		return base
	}
	return base - base/20 + sum%(base/10+1)
}
