package kubelet

import (
	"testing"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
)

// TestStatusImageIsSpelledOnce: the image and imageID a container's
// status shows, spelled once per image (imageRef), are what spelling them from
// spec.image on every status gives — created, then running.
func TestStatusImageIsSpelledOnce(t *testing.T) {
	pod := &api.Pod{ObjectMeta: api.ObjectMeta{Name: "p", Namespace: "default", UID: "u"}}
	for _, image := range []string{"nginx", "nginx:1.25", "library/nginx:1.7.9", "docker.io/library/busybox",
		"registry.k8s.io/pause:3.9", "localhost:5000/app:v2", "ghcr.io/org/app", "nginx:1.25@sha256:abc"} {
		repo, tag := splitImage(image)
		wantImage := imageName(repo, tag)
		wantID := wantImage + "@sha256:" + digest(repo+":"+tag) + digest(tag+"@"+repo)
		c := newContainer(&api.Container{Name: "c", Image: image}, newImageRef(image), "10.0.0.1", time.Unix(0, 0))
		if cs := c.status(pod); cs.Image != wantImage || cs.ImageID != "" {
			t.Fatalf("%s created: image %q id %q, want %q and no id", image, cs.Image, cs.ImageID, wantImage)
		}
		c.start(pod.UID, time.Unix(1, 0))
		for i := 0; i < 2; i++ {
			if cs := c.status(pod); cs.Image != wantImage || cs.ImageID != wantID {
				t.Fatalf("%s running: image %q id %q, want %q %q", image, cs.Image, cs.ImageID, wantImage, wantID)
			}
		}
	}
}
