package shell

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/kubeloop/kubeloop/core/vfs"
)

// fakeDNS knows web-0.nginx and the DNS server.
type fakeDNS struct{}

func (fakeDNS) Resolve(name, ns string) (string, []string, bool) {
	switch name {
	case "web-0.nginx", "web-0.nginx.default.svc.cluster.local":
		return "web-0.nginx.default.svc.cluster.local", []string{"10.244.1.7"}, true
	case "web":
		return "web.default.svc.cluster.local", []string{"10.100.0.5"}, true
	}
	return "", nil, false
}

func (fakeDNS) Reverse(ip string) (string, bool) {
	switch ip {
	case "10.96.0.10":
		return "kube-dns.kube-system.svc.cluster.local", true
	case "10.244.1.7":
		return "web-0.nginx.default.svc.cluster.local", true
	}
	return "", false
}

func newEnv(flavor Flavor) *Env {
	root := vfs.New()
	root.MkdirAll("/tmp")
	_ = root.WriteFile("/etc/hostname", []byte("web-0\n"))
	vol := vfs.New()
	_ = vol.WriteFile("/index.html", []byte("from the volume\n"))
	return &Env{
		FS: NewFS(root, []Mount{{Path: "/usr/share/nginx/html", FS: vol}}), Hostname: "web-0", Namespace: "default",
		Vars: []string{"PATH=/bin", "HOSTNAME=web-0", "HOME=/root"}, Now: time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC),
		DNS: fakeDNS{}, Nameserver: "10.96.0.10", Flavor: flavor, OldNslookup: true,
		HTTP: func(ip string, port int, path string) (int, string, bool) {
			if ip == "10.100.0.5" && port == 80 {
				return 200, "page " + path + "\n", true
			}
			return 0, "", false
		},
	}
}

func TestScripts(t *testing.T) {
	for _, tc := range []struct {
		script, stdout, stderr string
		code                   int
	}{
		{"hostname", "web-0\n", "", 0},
		{"echo hello   world", "hello world\n", "", 0},
		{`echo "a  b" 'c $HOME'`, "a  b c $HOME\n", "", 0},
		{"echo $HOSTNAME ${HOME}", "web-0 /root\n", "", 0},
		{"echo $(hostname)-x", "web-0-x\n", "", 0},
		{"echo hi > /tmp/f; echo there >> /tmp/f; cat /tmp/f", "hi\nthere\n", "", 0},
		{"cat /usr/share/nginx/html/index.html", "from the volume\n", "", 0},
		{"ls /usr/share/nginx", "html\n", "", 0},
		{"mkdir -p /a/b/c && ls /a/b", "c\n", "", 0},
		{"mkdir /x/y", "", "mkdir: can't create directory '/x/y': No such file or directory\n", 1},
		{"cat /nope", "", "cat: /nope: No such file or directory\n", 1},
		{"false || echo rescued", "rescued\n", "", 0},
		{"false && echo never", "", "", 1},
		{"frob", "", "sh: frob: not found\n", 127},
		{"frob; echo $?", "127\n", "sh: frob: not found\n", 0},
		{"exit 3; echo never", "", "", 3},
		{"X=1; echo $X", "1\n", "", 0},
		{"echo one | cat", "one\n", "", 0},
		{"pwd; cd /etc; pwd; cat hostname", "/\n/etc\nweb-0\n", "", 0},
		{"touch /tmp/t && rm /tmp/t && ls /tmp", "", "", 0},
		{"rm /tmp", "", "rm: '/tmp' is a directory\n", 1},
		{"date", "Tue Jan  2 03:04:05 UTC 2024\n", "", 0},
		{"sleep 5; echo woke", "woke\n", "", 0},
		{"env", "PATH=/bin\nHOSTNAME=web-0\nHOME=/root\n", "", 0},
		{"sh -c 'echo inner; exit 4'", "inner\n", "", 4},
		{"for i in 1 2; do echo $i; done", "", "sh: for: loops, conditionals and functions are not supported in this sandbox's shell\n", 2},
		{"wget -qO- web/x", "page /x\n", "", 0},
		{"wget -qO- nowhere", "", "wget: bad address 'nowhere'\n", 1},
		{"wget -qO- web-0.nginx", "", "wget: can't connect to remote host (10.244.1.7): Connection refused\n", 1},
		{"echo 'unterminated", "", "sh: syntax error: unterminated quoted string\n", 2},
	} {
		r := Script(newEnv(Busybox), tc.script, "")
		assert.Equal(t, tc.stdout, r.Stdout, tc.script)
		assert.Equal(t, tc.stderr, r.Stderr, tc.script)
		assert.Equal(t, tc.code, r.Code, tc.script)
	}
}

func TestNslookupBusybox128(t *testing.T) {
	r := Script(newEnv(Busybox), "nslookup web-0.nginx", "")
	assert.Equal(t, "Server:    10.96.0.10\nAddress 1: 10.96.0.10 kube-dns.kube-system.svc.cluster.local\n\n"+
		"Name:      web-0.nginx\nAddress 1: 10.244.1.7 web-0.nginx.default.svc.cluster.local\n", r.Stdout)
	assert.Equal(t, 0, r.Code)

	r = Script(newEnv(Busybox), "nslookup nope", "")
	assert.Equal(t, "Server:    10.96.0.10\nAddress 1: 10.96.0.10 kube-dns.kube-system.svc.cluster.local\n\n", r.Stdout)
	assert.Equal(t, "nslookup: can't resolve 'nope'\n", r.Stderr)
	assert.Equal(t, 1, r.Code)
}

func TestNslookupNewBusybox(t *testing.T) {
	env := newEnv(Busybox)
	env.OldNslookup = false
	r := Script(env, "nslookup web-0.nginx", "")
	assert.Equal(t, "Server:\t\t10.96.0.10\nAddress:\t10.96.0.10:53\n\nName:\tweb-0.nginx.default.svc.cluster.local\nAddress: 10.244.1.7\n\n", r.Stdout)
	r = Script(env, "nslookup nope", "")
	assert.Equal(t, "Server:\t\t10.96.0.10\nAddress:\t10.96.0.10:53\n\n** server can't find nope: NXDOMAIN\n\n", r.Stdout)
	assert.Equal(t, 1, r.Code)
}

func TestDebianImagesLackBusyboxApplets(t *testing.T) {
	r := Script(newEnv(Debian), "nslookup web", "")
	assert.Equal(t, "sh: 1: nslookup: not found\n", r.Stderr)
	assert.Equal(t, 127, r.Code)
	r = Script(newEnv(Debian), "curl -s web", "")
	assert.Equal(t, "page /\n", r.Stdout)
	r = Script(newEnv(Debian), "curl nowhere", "")
	assert.Equal(t, "curl: (6) Could not resolve host: nowhere\n", r.Stderr)
	assert.Equal(t, 6, r.Code)
	assert.True(t, Exec(newEnv(Debian), []string{"nslookup", "web"}, "").NotFound)
}

func TestExecRunsProgramsAndScriptsFromStdin(t *testing.T) {
	r := Exec(newEnv(Busybox), []string{"sh"}, "echo from stdin\nhostname\n")
	assert.Equal(t, "from stdin\nweb-0\n", r.Stdout)
	r = Exec(newEnv(Busybox), []string{"cat", "/etc/hostname"}, "")
	assert.Equal(t, "web-0\n", r.Stdout)
}

func TestSessionKeepsStateUntilExit(t *testing.T) {
	s := NewSession(newEnv(Busybox))
	assert.Equal(t, "/ # ", s.Prompt())
	_, exited := s.Line("cd /etc")
	assert.False(t, exited)
	assert.Equal(t, "/etc # ", s.Prompt())
	r, _ := s.Line("cat hostname")
	assert.Equal(t, "web-0\n", r.Stdout)
	_, exited = s.Line("exit")
	assert.True(t, exited)
}

func TestVolumeWritesLandInTheVolume(t *testing.T) {
	env := newEnv(Busybox)
	Script(env, "echo new > /usr/share/nginx/html/index.html", "")
	vol := env.FS.Mounts[0].FS
	b, _ := vol.ReadFile("/index.html")
	assert.Equal(t, "new\n", string(b))
	assert.False(t, env.FS.Root.Exists("/usr/share/nginx/html/index.html"))
}

// grep, head, tail, wc and sort ship in busybox and in Debian images
// (coreutils and grep): they read pipes and files, and word a missing file
// as each image's program does.
func TestTextFiltersInContainers(t *testing.T) {
	for _, tc := range []struct {
		flavor                 Flavor
		script, stdout, stderr string
		code                   int
	}{
		{Busybox, "env | grep HOSTNAME", "HOSTNAME=web-0\n", "", 0},
		{Debian, "env | grep HOSTNAME", "HOSTNAME=web-0\n", "", 0},
		{Busybox, "env | grep -c =", "3\n", "", 0},
		{Busybox, "env | grep -q NOPE || echo none", "none\n", "", 0},
		{Busybox, "env | sort | head -1", "HOME=/root\n", "", 0},
		{Busybox, "env | tail -n 1 | wc -l", "1\n", "", 0},
		{Busybox, "grep web /etc/hostname", "web-0\n", "", 0},
		{Busybox, "grep web /etc/hostname /etc/hostname", "/etc/hostname:web-0\n/etc/hostname:web-0\n", "", 0},
		{Busybox, "echo x > /tmp/x; head -1 /etc/hostname /tmp/x", "==> /etc/hostname <==\nweb-0\n\n==> /tmp/x <==\nx\n", "", 0},
		{Busybox, "wc -l /etc/hostname", "1 /etc/hostname\n", "", 0},
		{Busybox, "wc /etc/hostname", "        1         1         6 /etc/hostname\n", "", 0},
		{Debian, "wc /etc/hostname", "1 1 6 /etc/hostname\n", "", 0},
		{Debian, "env | wc", "      3       3      36\n", "", 0},
		{Busybox, "env | wc", "        3         3        36\n", "", 0},
		{Debian, "wc -l /etc/hostname /etc/hostname", " 1 /etc/hostname\n 1 /etc/hostname\n 2 total\n", "", 0},
		{Busybox, "grep x /nope", "", "grep: /nope: No such file or directory\n", 2},
		{Debian, "head /nope", "", "head: cannot open '/nope' for reading: No such file or directory\n", 1},
		{Busybox, "tail /nope", "", "tail: /nope: No such file or directory\n", 1},
		{Debian, "sort /nope", "", "sort: cannot read: /nope: No such file or directory\n", 2},
		{Busybox, "sort /nope", "", "sort: can't open '/nope': No such file or directory\n", 1},
		{Busybox, "grep -o x /etc/hostname", "", "grep: -o is not supported in this sandbox\n", 2},
	} {
		r := Script(newEnv(tc.flavor), tc.script, "")
		assert.Equal(t, tc.stdout, r.Stdout, tc.script)
		assert.Equal(t, tc.stderr, r.Stderr, tc.script)
		assert.Equal(t, tc.code, r.Code, tc.script)
	}
}

func TestSessionPipesThroughGrep(t *testing.T) {
	s := NewSession(newEnv(Debian))
	r, _ := s.Line("env | grep HOSTNAME")
	assert.Equal(t, "HOSTNAME=web-0\n", r.Stdout)
	r, _ = s.Line("X=1; env | grep -c X=")
	assert.Equal(t, "1\n", r.Stdout)
}
