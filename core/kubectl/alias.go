package kubectl

import "strings"

// Alias is the name every Kubernetes course, and the CKA exam's terminal,
// gives kubectl (`alias k=kubectl`): a line may begin with either.
const Alias = "k"

// CommandLine reports whether line runs kubectl — its first word is
// "kubectl" or its alias "k" — and returns it with that word spelled
// "kubectl" and everything after it as typed, so what reads a kubectl line
// (the parser, the terminal's exec, a transcript) meets one spelling.
func CommandLine(line string) (string, bool) {
	trimmed := strings.TrimLeft(line, " \t")
	end := strings.IndexAny(trimmed, " \t")
	if end < 0 {
		end = len(trimmed)
	}
	switch trimmed[:end] {
	case "kubectl":
		return trimmed, true
	case Alias:
		return "kubectl" + trimmed[end:], true
	}
	return line, false
}
