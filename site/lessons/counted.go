package lessons

import "strconv"

// counted is n and its noun, singular for one: "1 pod", "3 pods". A check
// a lesson lists and what it saw are read at a glance; "1 pods" reads as a
// slip.
func counted(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// countedArg is counted for a count as a check's argument holds it ("1",
// "3"): the text of the argument, whatever it is, with its noun.
func countedArg(n, one, many string) string {
	if n == "1" {
		return "1 " + one
	}
	return n + " " + many
}
