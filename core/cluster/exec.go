package cluster

import (
	"fmt"
	"path"
	"sort"
	"strings"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/dns"
	"github.com/kubeloop/kubeloop/core/ipalloc"
	"github.com/kubeloop/kubeloop/core/shell"
	"github.com/kubeloop/kubeloop/core/vfs"
)

// This file is the inside of pods: `kubectl exec` and `kubectl run -it`
// run commands (core/shell) in a container's file tree, with its volumes
// mounted, its hostname and environment, the cluster DNS and HTTP to
// other pods. A container's own tree lives as long as its pod; emptyDir
// volumes too; a PersistentVolumeClaim's volume lives in its
// PersistentVolume and outlives the pod.

// Exec runs argv in a container of a running pod, as the kubelet's exec
// endpoint does. Failures are worded as kubectl prints them (stderr, exit
// code 1); otherwise the command's own output and exit code.
func (c *Cluster) Exec(namespace, pod, container string, argv []string, stdin string) (stdout, stderr string, exitCode int) {
	p, ci, errText := c.findContainer(namespace, pod, container)
	if errText != "" {
		return "", errText, 1
	}
	switch p.Status.Phase {
	case api.PodSucceeded, api.PodFailed:
		return "", fmt.Sprintf("error: cannot exec into a container in a completed pod; current phase is %s\n", p.Status.Phase), 1
	}
	name := p.Spec.Containers[ci].Name
	if !containerRunning(p, name) {
		return "", fmt.Sprintf("error: unable to upgrade connection: container not found (%q)\n", name), 1
	}
	env := c.shellEnv(p, p.Spec.Containers[ci])
	r := shell.Exec(env, argv, stdin)
	if r.NotFound {
		return "", fmt.Sprintf("error: Internal error occurred: Internal error occurred: error executing command in container: failed to exec in container: failed to start exec %q: OCI runtime exec failed: exec failed: unable to start container process: exec: %q: executable file not found in $PATH: unknown\n",
			execID(p.UID, argv), argv[0]), 1
	}
	return r.Stdout, r.Stderr, r.Code
}

// Attach runs a container's own command (what `kubectl run -it` attaches
// to) once the container has started, whatever has become of it since:
// the simulated process has no output of its own, so its output is
// computed here, in the container's tree.
func (c *Cluster) Attach(namespace, pod, container, stdin string) (stdout, stderr string, exitCode int) {
	p, ci, errText := c.findContainer(namespace, pod, container)
	if errText != "" {
		return "", errText, 1
	}
	return c.runMain(p, p.Spec.Containers[ci], stdin)
}

// runMain runs a container's own command (command and args) as its
// start does, for what it prints.
func (c *Cluster) runMain(p *api.Pod, spec api.Container, stdin string) (stdout, stderr string, exitCode int) {
	argv := append(append([]string(nil), spec.Command...), spec.Args...)
	if len(argv) == 0 {
		return "", "", 0
	}
	r := shell.Exec(c.shellEnv(p, spec), argv, stdin)
	if r.NotFound {
		return "", fmt.Sprintf("exec %s: executable file not found in $PATH\n", argv[0]), 128
	}
	return r.Stdout, r.Stderr, r.Code
}

// Shell starts an interactive shell in a running container (kubectl exec
// -it POD -- sh, kubectl run -it … with a shell).
func (c *Cluster) Shell(namespace, pod, container string) (*shell.Session, string) {
	p, ci, errText := c.findContainer(namespace, pod, container)
	if errText != "" {
		return nil, errText
	}
	switch p.Status.Phase {
	case api.PodSucceeded, api.PodFailed:
		return nil, fmt.Sprintf("error: cannot exec into a container in a completed pod; current phase is %s\n", p.Status.Phase)
	}
	if name := p.Spec.Containers[ci].Name; !containerRunning(p, name) {
		return nil, fmt.Sprintf("error: unable to upgrade connection: container not found (%q)\n", name)
	}
	return shell.NewSession(c.shellEnv(p, p.Spec.Containers[ci])), ""
}

// findContainer looks a pod and container up; container "" is the first.
func (c *Cluster) findContainer(namespace, pod, container string) (*api.Pod, int, string) {
	o, err := c.store.Get(api.Pods, namespace, pod)
	if err != nil {
		return nil, 0, fmt.Sprintf("Error from server (NotFound): pods %q not found\n", pod)
	}
	p := o.(*api.Pod)
	if container == "" {
		return p, 0, ""
	}
	for i, ct := range p.Spec.Containers {
		if ct.Name == container {
			return p, i, ""
		}
	}
	return nil, 0, fmt.Sprintf("Error from server (BadRequest): container %s is not valid for pod %s\n", container, pod)
}

func containerRunning(p *api.Pod, name string) bool {
	for _, cs := range p.Status.ContainerStatuses {
		if cs.Name == name {
			return cs.State.Running != nil
		}
	}
	return false
}

// execID is a stable stand-in for the runtime's random exec id.
func execID(uid string, argv []string) string {
	h := uint64(14695981039346656037)
	for _, s := range append([]string{uid}, argv...) {
		for i := 0; i < len(s); i++ {
			h = (h ^ uint64(s[i])) * 1099511628211
		}
	}
	var b strings.Builder
	for i := 0; i < 4; i++ {
		h = h*6364136223846793005 + 1442695040888963407
		fmt.Fprintf(&b, "%016x", h)
	}
	return b.String()
}

// shellEnv is container ci of p as its shell sees it.
func (c *Cluster) shellEnv(p *api.Pod, spec api.Container) *shell.Env {
	repo, tag := splitImage(spec.Image)
	env := &shell.Env{
		FS:         shell.NewFS(c.containerFS(p, spec), c.mounts(p, spec)),
		Hostname:   podHostname(p),
		Namespace:  p.Namespace,
		Vars:       c.containerVars(p, spec, repo, tag),
		Now:        c.clk.Now(),
		DNS:        c.net.dns,
		Nameserver: ipalloc.DNSIP,
		Flavor:     shell.Debian,
		Dir:        spec.WorkingDir,
		HTTP:       func(ip string, port int, path string) (int, string, bool) { return c.httpGet(p, ip, port, path) },
	}
	if repo == "busybox" || repo == "alpine" {
		env.Flavor = shell.Busybox
		env.OldNslookup = repo == "busybox" && (strings.HasPrefix(tag, "1.2") || strings.HasPrefix(tag, "1.1"))
	}
	return env
}

// podHostname is the pod's hostname: spec.hostname, else its name (cut
// to 63 characters).
func podHostname(p *api.Pod) string {
	if p.Spec.Hostname != "" {
		return p.Spec.Hostname
	}
	if len(p.Name) > 63 {
		return strings.TrimRight(p.Name[:63], "-.")
	}
	return p.Name
}

// containerFS is the container's own tree, made from its image the first
// time it is looked at, and kept while the pod lives.
func (c *Cluster) containerFS(p *api.Pod, spec api.Container) *vfs.FS {
	c.forgetGonePods()
	byName := c.net.containers[p.UID]
	if byName == nil {
		byName = map[string]*vfs.FS{}
		c.net.containers[p.UID] = byName
	}
	if fs := byName[spec.Name]; fs != nil {
		return fs
	}
	fs := imageFS(spec.Image)
	host := podHostname(p)
	_ = fs.WriteFile("/etc/hostname", []byte(host+"\n"))
	_ = fs.WriteFile("/etc/resolv.conf", []byte(resolvConf(p)))
	_ = fs.WriteFile("/etc/hosts", []byte(hostsFile(p)))
	byName[spec.Name] = fs
	return fs
}

// forgetGonePods drops the trees of pods no longer stored.
func (c *Cluster) forgetGonePods() {
	live := map[string]bool{}
	for _, o := range c.store.List(api.Pods, "") {
		live[o.GetObjectMeta().UID] = true
	}
	for uid := range c.net.containers {
		if !live[uid] {
			delete(c.net.containers, uid)
		}
	}
	for uid := range c.net.emptyDirs {
		if !live[uid] {
			delete(c.net.emptyDirs, uid)
		}
	}
}

// volumeFS is implemented by the storage side (PersistentVolumes' trees).
type volumeFS interface{ VolumeFS(pvName string) *vfs.FS }

// mounts resolves the container's volumeMounts: a configMap or secret to
// its keys as files, a persistentVolumeClaim to its bound
// PersistentVolume's tree, emptyDir (and the kinds the sandbox does not
// model) to a tree kept for the pod's life.
func (c *Cluster) mounts(p *api.Pod, spec api.Container) []shell.Mount {
	var out []shell.Mount
	for _, vm := range spec.VolumeMounts {
		var vol *api.Volume
		for i := range p.Spec.Volumes {
			if p.Spec.Volumes[i].Name == vm.Name {
				vol = &p.Spec.Volumes[i]
			}
		}
		if vol == nil {
			continue
		}
		fs, _ := c.volumeFiles(p.Namespace, vol)
		if claim := api.VolumeClaimName(p, vol); claim != "" {
			fs = c.claimFS(p.Namespace, claim)
		}
		if fs == nil {
			byName := c.net.emptyDirs[p.UID]
			if byName == nil {
				byName = map[string]*vfs.FS{}
				c.net.emptyDirs[p.UID] = byName
			}
			if byName[vol.Name] == nil {
				byName[vol.Name] = vfs.New()
			}
			fs = byName[vol.Name]
		}
		// A subPath mount shows the whole volume: lessons do not use them.
		out = append(out, shell.Mount{Path: vm.MountPath, FS: fs})
	}
	return out
}

// claimFS follows a claim to its bound volume's tree, when the storage
// side provides one.
func (c *Cluster) claimFS(ns, claim string) *vfs.FS {
	k := api.PersistentVolumeClaims
	vf, ok := any(c).(volumeFS)
	if k == nil || !ok {
		return nil
	}
	o, err := c.store.Get(k, ns, claim)
	if err != nil {
		return nil
	}
	pvc, ok := o.(*api.PersistentVolumeClaim)
	if !ok || pvc.Spec.VolumeName == "" {
		return nil
	}
	return vf.VolumeFS(pvc.Spec.VolumeName)
}

// resolvConf is what the kubelet writes for dnsPolicy ClusterFirst.
func resolvConf(p *api.Pod) string {
	if p.Spec.DNSPolicy == "Default" || p.Spec.HostNetwork && p.Spec.DNSPolicy != "ClusterFirstWithHostNet" {
		return "nameserver 172.18.0.1\n"
	}
	return dns.ResolvConf(p.Namespace, ipalloc.DNSIP)
}

// hostsFile is the kubelet-managed /etc/hosts.
func hostsFile(p *api.Pod) string {
	var b strings.Builder
	b.WriteString("# Kubernetes-managed hosts file.\n127.0.0.1\tlocalhost\n::1\tlocalhost ip6-localhost ip6-loopback\nfe00::0\tip6-localnet\nfe00::0\tip6-mcastprefix\nfe00::1\tip6-allnodes\nfe00::2\tip6-allrouters\n")
	host := podHostname(p)
	if p.Spec.Subdomain != "" {
		fmt.Fprintf(&b, "%s\t%s.%s.%s.svc.cluster.local\t%s\n", p.Status.PodIP, host, p.Spec.Subdomain, p.Namespace, host)
	} else {
		fmt.Fprintf(&b, "%s\t%s\n", p.Status.PodIP, host)
	}
	return b.String()
}

// containerVars is the environment: PATH, HOSTNAME, the container's env,
// the service links of the namespace's Services, the image's own, HOME.
func (c *Cluster) containerVars(p *api.Pod, spec api.Container, repo, tag string) []string {
	vars := []string{"PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin", "HOSTNAME=" + podHostname(p)}
	for _, e := range spec.Env {
		vars = append(vars, e.Name+"="+c.envValue(p, e))
	}
	if api.Deref(p.Spec.EnableServiceLinks, true) {
		vars = append(vars, c.serviceLinks(p)...)
	}
	if repo == "nginx" {
		vars = append(vars, "NGINX_VERSION="+tag)
	}
	return append(vars, "HOME=/root")
}

func (c *Cluster) envValue(p *api.Pod, e api.EnvVar) string {
	if e.ValueFrom == nil || e.ValueFrom.FieldRef == nil {
		return e.Value
	}
	switch e.ValueFrom.FieldRef.FieldPath {
	case "metadata.name":
		return p.Name
	case "metadata.namespace":
		return p.Namespace
	case "metadata.uid":
		return p.UID
	case "spec.nodeName":
		return p.Spec.NodeName
	case "status.podIP":
		return p.Status.PodIP
	case "status.hostIP":
		return p.Status.HostIP
	case "spec.serviceAccountName":
		return p.Spec.ServiceAccountName
	}
	return ""
}

// serviceLinks are the docker-links-style variables the kubelet sets for
// each Service of the pod's namespace (and `kubernetes` from default)
// that existed when the pod was created.
func (c *Cluster) serviceLinks(p *api.Pod) []string {
	var svcs []*api.Service
	for _, o := range c.store.List(api.Services, p.Namespace) {
		svcs = append(svcs, o.(*api.Service))
	}
	if p.Namespace != "default" {
		if o, err := c.store.Get(api.Services, "default", "kubernetes"); err == nil {
			svcs = append(svcs, o.(*api.Service))
		}
	}
	sort.SliceStable(svcs, func(i, j int) bool { return svcs[i].Name < svcs[j].Name })
	var out []string
	for _, s := range svcs {
		if s.Spec.ClusterIP == "" || s.IsHeadless() || len(s.Spec.Ports) == 0 || s.CreationTimestamp.After(p.CreationTimestamp.Time) {
			continue
		}
		name := strings.ToUpper(strings.ReplaceAll(s.Name, "-", "_"))
		ip, first := s.Spec.ClusterIP, s.Spec.Ports[0]
		out = append(out, fmt.Sprintf("%s_SERVICE_HOST=%s", name, ip), fmt.Sprintf("%s_SERVICE_PORT=%d", name, first.Port))
		for _, sp := range s.Spec.Ports {
			if sp.Name != "" {
				out = append(out, fmt.Sprintf("%s_SERVICE_PORT_%s=%d", name, strings.ToUpper(strings.ReplaceAll(sp.Name, "-", "_")), sp.Port))
			}
		}
		proto := strings.ToLower(first.Protocol)
		out = append(out, fmt.Sprintf("%s_PORT=%s://%s:%d", name, proto, ip, first.Port))
		for _, sp := range s.Spec.Ports {
			pr := strings.ToLower(sp.Protocol)
			pre := fmt.Sprintf("%s_PORT_%d_%s", name, sp.Port, strings.ToUpper(pr))
			out = append(out, fmt.Sprintf("%s=%s://%s:%d", pre, pr, ip, sp.Port), pre+"_PROTO="+pr,
				fmt.Sprintf("%s_PORT=%d", pre, sp.Port), pre+"_ADDR="+ip)
		}
	}
	return out
}

// splitImage returns an image's repository (without docker.io/library/)
// and tag.
func splitImage(image string) (repo, tag string) {
	ref := image
	if i := strings.LastIndex(ref, "@"); i >= 0 {
		ref = ref[:i]
	}
	tag = "latest"
	if i := strings.LastIndex(ref, ":"); i > strings.LastIndex(ref, "/") {
		ref, tag = ref[:i], ref[i+1:]
	}
	return strings.TrimPrefix(strings.TrimPrefix(ref, "docker.io/"), "library/"), tag
}

// imageFS is a fresh tree of an image: the usual top-level directories,
// and the files lessons look at (nginx's welcome page).
func imageFS(image string) *vfs.FS {
	fs := vfs.New()
	for _, d := range []string{"/bin", "/dev", "/etc", "/home", "/proc", "/root", "/sys", "/tmp", "/usr", "/var"} {
		fs.MkdirAll(d)
	}
	repo, tag := splitImage(image)
	switch repo {
	case "nginx":
		_ = fs.WriteFile("/usr/share/nginx/html/index.html", []byte(nginxWelcome))
		_ = fs.WriteFile("/usr/share/nginx/html/50x.html", []byte(nginxError(500, "An error occurred.", tag)))
		_ = fs.WriteFile("/etc/nginx/conf.d/default.conf", []byte("server {\n    listen       80;\n    server_name  localhost;\n\n    location / {\n        root   /usr/share/nginx/html;\n        index  index.html index.htm;\n    }\n}\n"))
	case "httpd":
		_ = fs.WriteFile("/usr/local/apache2/htdocs/index.html", []byte("<html><body><h1>It works!</h1></body></html>\n"))
	}
	return fs
}

// docRoot is where a web server image serves files from; "" for images
// that serve nothing over HTTP.
func docRoot(image string) string {
	switch repo, _ := splitImage(image); repo {
	case "nginx":
		return "/usr/share/nginx/html"
	case "httpd":
		return "/usr/local/apache2/htdocs"
	}
	return ""
}

// httpGet answers a GET to ip:port from pod from: a Service's cluster IP
// goes to its first ready endpoint (kube-proxy's choice, made
// deterministic), a pod IP to that pod; a web server image serves its
// document root on port 80.
func (c *Cluster) httpGet(from *api.Pod, ip string, port int, urlPath string) (int, string, bool) {
	target := from
	if ip != "127.0.0.1" && ip != from.Status.PodIP {
		target = nil
		for _, o := range c.store.List(api.Services, "") {
			svc := o.(*api.Service)
			if svc.Spec.ClusterIP != ip {
				continue
			}
			for _, sp := range svc.Spec.Ports {
				if int(sp.Port) != port {
					continue
				}
				ep, err := c.store.Get(api.EndpointsKind, svc.Namespace, svc.Name)
				if err != nil {
					return 0, "", false
				}
				for _, ss := range ep.(*api.Endpoints).Subsets {
					for _, ept := range ss.Ports {
						if ept.Name == sp.Name && len(ss.Addresses) > 0 && ss.Addresses[0].TargetRef != nil {
							ref := ss.Addresses[0].TargetRef
							if po, err := c.store.Get(api.Pods, ref.Namespace, ref.Name); err == nil {
								return c.serve(po.(*api.Pod), int(ept.Port), urlPath)
							}
						}
					}
				}
				return 0, "", false
			}
			return 0, "", false
		}
		for _, o := range c.store.List(api.Pods, "") {
			if po := o.(*api.Pod); po.Status.PodIP == ip && po.Status.Phase == api.PodRunning {
				target = po
			}
		}
		if target == nil {
			return 0, "", false
		}
	}
	return c.serve(target, port, urlPath)
}

// serve is a pod's web server, if it runs one on port.
func (c *Cluster) serve(p *api.Pod, port int, urlPath string) (int, string, bool) {
	if p.Status.Phase != api.PodRunning || port != 80 {
		return 0, "", false
	}
	for i, ct := range p.Spec.Containers {
		root := docRoot(ct.Image)
		if root == "" || !containerRunning(p, ct.Name) || len(ct.Command) > 0 {
			continue
		}
		_, tag := splitImage(ct.Image)
		env := c.shellEnv(p, p.Spec.Containers[i])
		file := path.Join(root, path.Clean("/"+urlPath))
		if env.FS.IsDir(file) {
			if b, err := env.FS.ReadFile(path.Join(file, "index.html")); err == nil {
				return 200, string(b), true
			}
			return 403, nginxError(403, "", tag), true
		}
		if b, err := env.FS.ReadFile(file); err == nil {
			return 200, string(b), true
		}
		return 404, nginxError(404, "", tag), true
	}
	return 0, "", false
}

func nginxError(code int, _ string, tag string) string {
	text := map[int]string{403: "403 Forbidden", 404: "404 Not Found", 500: "500 Internal Server Error"}[code]
	return fmt.Sprintf("<html>\r\n<head><title>%s</title></head>\r\n<body>\r\n<center><h1>%s</h1></center>\r\n<hr><center>nginx/%s</center>\r\n</body>\r\n</html>\r\n", text, text, tag)
}

// nginxWelcome is the index.html the nginx image ships.
const nginxWelcome = `<!DOCTYPE html>
<html>
<head>
<title>Welcome to nginx!</title>
<style>
    body {
        width: 35em;
        margin: 0 auto;
        font-family: Tahoma, Verdana, Arial, sans-serif;
    }
</style>
</head>
<body>
<h1>Welcome to nginx!</h1>
<p>If you see this page, the nginx web server is successfully installed and
working. Further configuration is required.</p>

<p>For online documentation and support please refer to
<a href="http://nginx.org/">nginx.org</a>.<br/>
Commercial support is available at
<a href="http://nginx.com/">nginx.com</a>.</p>

<p><em>Thank you for using nginx.</em></p>
</body>
</html>
`
