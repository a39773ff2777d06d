package kubectl

import (
	"fmt"
	"hash/fnv"
	"strings"

	"github.com/kubeloop/kubeloop/core/api"
)

func registerCreateDeployment() {
	createCommands["deployment"] = runCreateDeployment
	createCommands["deploy"] = runCreateDeployment
}

// runCreateDeployment is `kubectl create deployment NAME --image=IMAGE…
// [--replicas=N] [--port=PORT] [-- COMMAND…]`: a Deployment whose pods are
// labelled app=NAME, one container per --image, named after its image.
func runCreateDeployment(c *invocation, args []string) {
	args, command := splitDashes(args)
	name, f, mode, ok := c.parseGenerator(args, "create deployment",
		flagDef{long: "image"},
		flagDef{long: "replicas", short: "r", integer: true, def: "1"},
		flagDef{long: "port", integer: true, def: "-1"},
	)
	if !ok {
		return
	}
	images := f.all("image")
	switch {
	case len(images) == 0:
		c.flagError(fmt.Errorf("required flag(s) \"image\" not set"))
		return
	case len(images) > 1 && len(command) > 0:
		c.fail("cannot specify multiple --image options and command")
		return
	}
	labels := map[string]string{"app": name}
	d := &api.Deployment{
		ObjectMeta: api.ObjectMeta{Name: name, Namespace: namespaceOf(f), Labels: labels},
		Spec: api.DeploymentSpec{
			Replicas: api.Ptr(int32(f.integer("replicas"))),
			Selector: &api.LabelSelector{MatchLabels: map[string]string{"app": name}},
			Template: api.PodTemplateSpec{
				ObjectMeta: api.ObjectMeta{Labels: map[string]string{"app": name}},
				Spec:       api.PodSpec{Containers: containersFor(images, command)},
			},
		},
	}
	if port := f.integer("port"); port >= 0 {
		d.Spec.Template.Spec.Containers[0].Ports = []api.ContainerPort{{ContainerPort: int32(port)}}
	}
	c.createGenerated(d, f, mode)
}

// containersFor is one container per image, named as kubectl names them:
// the image's last path element without tag or digest, '_' made '-', and a
// name already taken given a suffix (kubectl's is random; this one comes
// from the image, so that the same command gives the same pod).
func containersFor(images, command []string) []api.Container {
	var out []api.Container
	taken := map[string]bool{}
	for i, image := range images {
		name := image[strings.LastIndexByte(image, '/')+1:]
		name, _, _ = strings.Cut(name, ":")
		name, _, _ = strings.Cut(name, "@")
		name = strings.ReplaceAll(name, "_", "-")
		if taken[name] {
			name += "-" + nameSuffix(fmt.Sprint(i, image))
		}
		taken[name] = true
		out = append(out, api.Container{Name: name, Image: image, Command: command})
	}
	return out
}

// nameSuffix is five characters of the alphabet Kubernetes' random name
// suffixes use (no vowels, no look-alikes), derived from s.
func nameSuffix(s string) string {
	const alphabet = "bcdfghjklmnpqrstvwxz2456789"
	h := fnv.New64a()
	h.Write([]byte(s))
	n := h.Sum64()
	b := make([]byte, 5)
	for i := range b {
		b[i] = alphabet[n%uint64(len(alphabet))]
		n /= uint64(len(alphabet))
	}
	return string(b)
}
