package shell

import (
	"fmt"
	"path"
	"strconv"
	"strings"
)

// commands are the programs the shell knows; which of them an image ships
// is its Flavor's business (known).
var commands map[string]func(s *session, args []string, stdin string, out, errOut *strings.Builder) int

func init() {
	commands = map[string]func(s *session, args []string, stdin string, out, errOut *strings.Builder) int{
		"sh": runSh, "ash": runSh, "bash": runSh, "dash": runSh,
		"hostname": func(s *session, _ []string, _ string, out, _ *strings.Builder) int {
			out.WriteString(s.env.Hostname + "\n")
			return 0
		},
		"echo":  runEcho,
		"cat":   runCat,
		"ls":    runLs,
		"mkdir": runMkdir,
		"rm":    runRm,
		"touch": runTouch,
		"pwd": func(s *session, _ []string, _ string, out, _ *strings.Builder) int {
			out.WriteString(s.dir + "\n")
			return 0
		},
		"cd":       runCd,
		"env":      runEnv,
		"printenv": runEnv,
		"date": func(s *session, _ []string, _ string, out, _ *strings.Builder) int {
			out.WriteString(s.env.Now.UTC().Format("Mon Jan _2 15:04:05 MST 2006") + "\n")
			return 0
		},
		"sleep": func(*session, []string, string, *strings.Builder, *strings.Builder) int { return 0 },
		"true":  func(*session, []string, string, *strings.Builder, *strings.Builder) int { return 0 },
		"false": func(*session, []string, string, *strings.Builder, *strings.Builder) int { return 1 },
		"whoami": func(_ *session, _ []string, _ string, out, _ *strings.Builder) int {
			out.WriteString("root\n")
			return 0
		},
		"exit":     runExit,
		"nslookup": runNslookup,
		"curl":     runCurl,
		"wget":     runWget,
	}
	for name, run := range textFilters {
		commands[name] = run
	}
}

// debianLacks are the busybox applets a Debian-based image does not ship.
var debianLacks = map[string]bool{"nslookup": true, "wget": true, "ash": true}

// known reports whether the image has the program.
func (s *session) known(name string) bool {
	if _, ok := s.env.Commands[name]; ok {
		return true
	}
	if _, ok := commands[name]; !ok {
		return false
	}
	switch s.env.Flavor {
	case terminal:
		_, ok := textFilters[name]
		return ok
	case Debian:
		return !debianLacks[name]
	default:
		return name != "curl" && name != "bash"
	}
}

// run runs one program with its arguments.
func (s *session) run(words []string, stdin string, out, errOut *strings.Builder) int {
	name := path.Base(words[0])
	if !s.known(name) {
		errOut.WriteString(s.notFound(words[0]))
		return 127
	}
	if run, ok := s.env.Commands[name]; ok {
		return run(words[1:], stdin, out, errOut)
	}
	return commands[name](s, words[1:], stdin, out, errOut)
}

func runSh(s *session, args []string, stdin string, out, errOut *strings.Builder) int {
	for i := 0; i < len(args); i++ {
		if args[i] == "-c" {
			if i+1 >= len(args) {
				errOut.WriteString("sh: -c requires an argument\n")
				return 2
			}
			sub := &session{env: s.env, vars: s.vars, order: s.order, dir: s.dir}
			code := sub.script(args[i+1], stdin, out, errOut)
			return code
		}
	}
	// No -c: the script is read from stdin (kubectl exec -i POD -- sh <<EOF).
	sub := &session{env: s.env, vars: s.vars, order: s.order, dir: s.dir}
	return sub.script(stdin, "", out, errOut)
}

func runEcho(_ *session, args []string, _ string, out, _ *strings.Builder) int {
	nl := true
	if len(args) > 0 && args[0] == "-n" {
		nl, args = false, args[1:]
	}
	out.WriteString(strings.Join(args, " "))
	if nl {
		out.WriteString("\n")
	}
	return 0
}

func runCat(s *session, args []string, stdin string, out, errOut *strings.Builder) int {
	files := operands(args)
	if len(files) == 0 {
		out.WriteString(stdin)
		return 0
	}
	code := 0
	for _, f := range files {
		if f == "-" {
			out.WriteString(stdin)
			continue
		}
		b, err := s.env.FS.ReadFile(s.abs(f))
		if err != nil {
			fmt.Fprintf(errOut, "cat: %s: %s\n", s.catName(f), errText(err))
			code = 1
			continue
		}
		out.Write(b)
	}
	return code
}

// catName is how cat names a file in errors: busybox quotes nothing,
// GNU coreutils neither for plain names.
func (s *session) catName(f string) string { return f }

func runLs(s *session, args []string, _ string, out, errOut *strings.Builder) int {
	all := false
	for _, a := range args {
		if strings.HasPrefix(a, "-") && strings.Contains(a, "a") {
			all = true
		}
	}
	paths := operands(args)
	if len(paths) == 0 {
		paths = []string{"."}
	}
	code := 0
	for i, p := range paths {
		abs := s.abs(p)
		if !s.env.FS.Exists(abs) {
			if s.env.Flavor == Debian {
				fmt.Fprintf(errOut, "ls: cannot access '%s': No such file or directory\n", p)
				code = 2
			} else {
				fmt.Fprintf(errOut, "ls: %s: No such file or directory\n", p)
				code = 1
			}
			continue
		}
		if !s.env.FS.IsDir(abs) {
			out.WriteString(p + "\n")
			continue
		}
		names, _ := s.env.FS.List(abs)
		if len(paths) > 1 {
			if i > 0 {
				out.WriteString("\n")
			}
			out.WriteString(p + ":\n")
		}
		for _, n := range names {
			n = strings.TrimSuffix(n, "/")
			if strings.HasPrefix(n, ".") && !all {
				continue
			}
			out.WriteString(n + "\n")
		}
	}
	return code
}

func runMkdir(s *session, args []string, _ string, _, errOut *strings.Builder) int {
	parents := false
	for _, a := range args {
		if a == "-p" || strings.HasPrefix(a, "-") && strings.Contains(a, "p") {
			parents = true
		}
	}
	code := 0
	for _, p := range operands(args) {
		abs := s.abs(p)
		switch {
		case s.env.FS.Exists(abs) && !parents:
			fmt.Fprintf(errOut, "mkdir: can't create directory '%s': File exists\n", p)
			code = 1
		case !parents && !s.env.FS.IsDir(path.Dir(abs)):
			fmt.Fprintf(errOut, "mkdir: can't create directory '%s': No such file or directory\n", p)
			code = 1
		default:
			s.env.FS.MkdirAll(abs)
		}
	}
	return code
}

func runRm(s *session, args []string, _ string, _, errOut *strings.Builder) int {
	recursive, force := false, false
	for _, a := range args {
		if strings.HasPrefix(a, "-") {
			recursive = recursive || strings.ContainsAny(a, "rR")
			force = force || strings.Contains(a, "f")
		}
	}
	code := 0
	for _, p := range operands(args) {
		abs := s.abs(p)
		switch {
		case !s.env.FS.Exists(abs):
			if !force {
				fmt.Fprintf(errOut, "rm: can't remove '%s': No such file or directory\n", p)
				code = 1
			}
		case s.env.FS.IsDir(abs) && !recursive:
			fmt.Fprintf(errOut, "rm: '%s' is a directory\n", p)
			code = 1
		default:
			_ = s.env.FS.Remove(abs)
		}
	}
	return code
}

func runTouch(s *session, args []string, _ string, _, errOut *strings.Builder) int {
	code := 0
	for _, p := range operands(args) {
		abs := s.abs(p)
		if s.env.FS.Exists(abs) {
			continue
		}
		if !s.env.FS.IsDir(path.Dir(abs)) {
			fmt.Fprintf(errOut, "touch: %s: No such file or directory\n", p)
			code = 1
			continue
		}
		_ = s.env.FS.WriteFile(abs, nil)
	}
	return code
}

func runCd(s *session, args []string, _ string, _, errOut *strings.Builder) int {
	dir := "/root"
	if len(args) > 0 {
		dir = args[0]
	}
	abs := s.abs(dir)
	if !s.env.FS.IsDir(abs) {
		fmt.Fprintf(errOut, "sh: cd: can't cd to %s: No such file or directory\n", dir)
		return 2
	}
	s.dir = abs
	return 0
}

func runEnv(s *session, _ []string, _ string, out, _ *strings.Builder) int {
	for _, kv := range s.environ() {
		out.WriteString(kv + "\n")
	}
	return 0
}

func runExit(s *session, args []string, _ string, _, _ *strings.Builder) int {
	s.exited = true
	if len(args) > 0 {
		if n, err := strconv.Atoi(args[0]); err == nil {
			return n & 0xff
		}
		return 2
	}
	return s.status
}

// operands drops flags (-p, -rf, --force).
func operands(args []string) []string {
	var out []string
	for _, a := range args {
		if !strings.HasPrefix(a, "-") || a == "-" {
			out = append(out, a)
		}
	}
	return out
}
