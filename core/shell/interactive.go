package shell

import (
	"path"
	"strings"
)

// Interactive reports a command that is a shell with no script (sh, bash,
// ash or dash, with flags only): with -i and no input, it reads lines as
// they are typed.
func Interactive(argv []string) bool {
	if len(argv) == 0 {
		return false
	}
	switch path.Base(argv[0]) {
	case "sh", "bash", "ash", "dash":
	default:
		return false
	}
	for _, a := range argv[1:] {
		if a == "-c" || !strings.HasPrefix(a, "-") {
			return false
		}
	}
	return true
}
