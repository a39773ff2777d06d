package shell

import (
	"fmt"
	"net/netip"
	"path"
	"strconv"
	"strings"
)

// runNslookup prints what busybox's nslookup prints. busybox 1.28 (the
// course's busybox:1.28.4) resolves through the C library, search path
// included, and names every address by its reverse lookup:
//
//	Server:    10.96.0.10
//	Address 1: 10.96.0.10 kube-dns.kube-system.svc.cluster.local
//
//	Name:      web-0.nginx
//	Address 1: 10.244.1.7 web-0.nginx.default.svc.cluster.local
//
// and on failure "nslookup: can't resolve 'NAME'" (stderr, exit 1).
// busybox 1.30 and later print a bind-like format instead.
func runNslookup(s *session, args []string, _ string, out, errOut *strings.Builder) int {
	names := operands(args)
	if len(names) == 0 {
		errOut.WriteString("BusyBox v1.28.4 (2018-05-22 17:00:17 UTC) multi-call binary.\n\nUsage: nslookup [HOST] [SERVER]\n\nQuery the nameserver for the IP address of the given HOST\noptionally using a specified DNS server\n")
		return 1
	}
	name, server := names[0], s.env.Nameserver
	if len(names) > 1 {
		server = names[1]
	}
	if !s.env.OldNslookup {
		fmt.Fprintf(out, "Server:\t\t%s\nAddress:\t%s:53\n\n", server, server)
		fqdn, ips, ok := s.lookup(name)
		if !ok {
			fmt.Fprintf(out, "** server can't find %s: NXDOMAIN\n\n", name)
			return 1
		}
		if _, err := netip.ParseAddr(name); err == nil {
			if ptr, ok := s.env.DNS.Reverse(name); ok {
				fmt.Fprintf(out, "%s.in-addr.arpa\tname = %s\n\n", reverseArpa(name), ptr)
				return 0
			}
			fmt.Fprintf(out, "** server can't find %s.in-addr.arpa: NXDOMAIN\n\n", reverseArpa(name))
			return 1
		}
		fmt.Fprintf(out, "Name:\t%s\n", fqdn)
		for _, ip := range ips {
			fmt.Fprintf(out, "Address: %s\n", ip)
		}
		out.WriteString("\n")
		return 0
	}
	s.printHost(out, "Server:", server, []string{server})
	out.WriteString("\n")
	_, ips, ok := s.lookup(name)
	if !ok {
		fmt.Fprintf(errOut, "nslookup: can't resolve '%s'\n", name)
		return 1
	}
	s.printHost(out, "Name:", name, ips)
	return 0
}

// printHost is busybox 1.28's print_host: the header padded to ten
// columns, then "Address N: IP [reverse name]" per address.
func (s *session) printHost(out *strings.Builder, header, name string, ips []string) {
	fmt.Fprintf(out, "%-10s %s\n", header, name)
	for i, ip := range ips {
		if rev, ok := s.env.DNS.Reverse(ip); ok {
			fmt.Fprintf(out, "Address %d: %s %s\n", i+1, ip, rev)
		} else {
			fmt.Fprintf(out, "Address %d: %s\n", i+1, ip)
		}
	}
}

func (s *session) lookup(name string) (string, []string, bool) {
	if s.env.DNS == nil {
		return "", nil, false
	}
	return s.env.DNS.Resolve(name, s.env.Namespace)
}

func reverseArpa(ip string) string {
	parts := strings.Split(ip, ".")
	for i, j := 0, len(parts)-1; i < j; i, j = i+1, j-1 {
		parts[i], parts[j] = parts[j], parts[i]
	}
	return strings.Join(parts, ".")
}

// url splits http://host[:port][/path].
func parseURL(raw string) (host string, port int, p string, err error) {
	rest := raw
	if scheme, after, ok := strings.Cut(raw, "://"); ok {
		if scheme != "http" {
			return "", 0, "", fmt.Errorf("Protocol %q not supported", scheme)
		}
		rest = after
	}
	hostport, p, _ := strings.Cut(rest, "/")
	p = "/" + p
	port = 80
	host = hostport
	if h, ps, ok := strings.Cut(hostport, ":"); ok {
		n, err := strconv.Atoi(ps)
		if err != nil {
			return "", 0, "", fmt.Errorf("bad port")
		}
		host, port = h, n
	}
	return host, port, p, nil
}

// get resolves host and asks the cluster for the page.
func (s *session) get(host string, port int, p string) (ip string, status int, body string, resolved, connected bool) {
	switch host {
	case "localhost", "127.0.0.1":
		ip = "127.0.0.1"
	default:
		_, ips, ok := s.lookup(host)
		if !ok {
			return "", 0, "", false, false
		}
		ip = ips[0]
	}
	if s.env.HTTP == nil {
		return ip, 0, "", true, false
	}
	status, body, ok := s.env.HTTP(ip, port, p)
	return ip, status, body, true, ok
}

// runCurl is curl 7/8 for a plain GET: the body on stdout, errors as
// "curl: (N) …" with curl's exit codes.
func runCurl(s *session, args []string, _ string, out, errOut *strings.Builder) int {
	urls := operands(args)
	silent := false
	for _, a := range args {
		if strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "--") && strings.Contains(a, "s") || a == "--silent" {
			silent = true
		}
	}
	if len(urls) == 0 {
		errOut.WriteString("curl: try 'curl --help' or 'curl --manual' for more information\n")
		return 2
	}
	host, port, p, err := parseURL(urls[0])
	if err != nil {
		fmt.Fprintf(errOut, "curl: (1) %v\n", err)
		return 1
	}
	_, _, body, resolved, connected := s.get(host, port, p)
	switch {
	case !resolved:
		if !silent {
			fmt.Fprintf(errOut, "curl: (6) Could not resolve host: %s\n", host)
		}
		return 6
	case !connected:
		if !silent {
			fmt.Fprintf(errOut, "curl: (7) Failed to connect to %s port %d after 0 ms: Couldn't connect to server\n", host, port)
		}
		return 7
	}
	out.WriteString(body)
	return 0
}

// runWget is busybox wget: -q quiet, -O FILE (- for stdout).
func runWget(s *session, args []string, _ string, out, errOut *strings.Builder) int {
	quiet, dest := false, ""
	var urls []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "-O" && i+1 < len(args):
			dest = args[i+1]
			i++
		case strings.HasPrefix(a, "-") && len(a) > 1 && !strings.HasPrefix(a, "--"):
			if strings.Contains(a, "q") {
				quiet = true
			}
			if j := strings.Index(a, "O"); j >= 0 {
				dest = a[j+1:]
				if dest == "" && i+1 < len(args) {
					dest = args[i+1]
					i++
				}
			}
		default:
			urls = append(urls, a)
		}
	}
	if len(urls) == 0 {
		errOut.WriteString("BusyBox v1.28.4 (2018-05-22 17:00:17 UTC) multi-call binary.\n\nUsage: wget [-c|--continue] [--spider] [-q|--quiet] [-O|--output-document FILE]\n")
		return 1
	}
	host, port, p, err := parseURL(urls[0])
	if err != nil {
		fmt.Fprintf(errOut, "wget: not an http or ftp url: %s\n", urls[0])
		return 1
	}
	ip, status, body, resolved, connected := s.get(host, port, p)
	if !resolved {
		fmt.Fprintf(errOut, "wget: bad address '%s'\n", host)
		return 1
	}
	if !quiet {
		fmt.Fprintf(errOut, "Connecting to %s (%s:%d)\n", host, ip, port)
	}
	if !connected {
		fmt.Fprintf(errOut, "wget: can't connect to remote host (%s): Connection refused\n", ip)
		return 1
	}
	if status != 200 {
		fmt.Fprintf(errOut, "wget: server returned error: HTTP/1.1 %d %s\n", status, statusText(status))
		return 1
	}
	if dest == "-" {
		out.WriteString(body)
		return 0
	}
	if dest == "" {
		dest = path.Base(p)
		if dest == "/" || dest == "." {
			dest = "index.html"
		}
	}
	if err := s.env.FS.WriteFile(s.abs(dest), []byte(body)); err != nil {
		fmt.Fprintf(errOut, "wget: can't open '%s': %s\n", dest, errText(err))
		return 1
	}
	if !quiet {
		fmt.Fprintf(errOut, "saving to '%s'\n%-20s 100%% |********************************| %4d  0:00:00 ETA\n'%s' saved\n", dest, dest, len(body), dest)
	}
	return 0
}

func statusText(code int) string {
	switch code {
	case 403:
		return "Forbidden"
	case 404:
		return "Not Found"
	}
	return "Error"
}
