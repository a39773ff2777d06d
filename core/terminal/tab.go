package terminal

import "strings"

// Tab is Tab pressed in the terminal, as bash does it: one candidate
// completes the word (and a space, unless the word goes on: "--output=",
// "deploy/"); several complete their common prefix, and pressed again
// where that leaves the line, Tab lists them.
type Tab struct {
	// listable is the line a second Tab lists the candidates of.
	listable string
}

// Press returns the line after Tab, and the candidates to list (nil unless
// this Tab lists them).
func (t *Tab) Press(line string, cands []string, word string) (newLine string, list []string) {
	head := line[:len(line)-len(word)]
	switch len(cands) {
	case 0:
		t.listable = ""
		return line, nil
	case 1:
		t.listable = ""
		c := cands[0]
		if !strings.HasSuffix(c, "=") && !strings.HasSuffix(c, "/") {
			c += " "
		}
		return head + c, nil
	}
	common := cands[0]
	for _, c := range cands[1:] {
		for !strings.HasPrefix(c, common) {
			common = common[:len(common)-1]
		}
	}
	if len(common) > len(word) {
		t.listable = head + common
		return t.listable, nil
	}
	if t.listable == line {
		t.listable = ""
		return line, cands
	}
	t.listable = line
	return line, nil
}
