package explain

import (
	"strings"
	"unicode"
)

// wrap breaks each line of s at spaces so that no line is wider than
// limit, as kubectl explain's word wrapper does; a word wider than limit
// stays whole. Chinese text has no spaces: it may break between any two
// Han characters (each two columns wide), never before its punctuation.
func wrap(s string, limit int) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = wrapLine(l, limit)
	}
	return strings.Join(lines, "\n")
}

// token is a unit the wrapper never breaks: a word, or a Han character
// with the punctuation that follows it.
type token struct {
	text       string
	width      int
	afterSpace bool
}

func wrapLine(line string, limit int) string {
	var b strings.Builder
	width := 0
	for _, t := range tokens(line) {
		gap := 0
		if t.afterSpace && width > 0 {
			gap = 1
		}
		if width > 0 && width+gap+t.width > limit {
			b.WriteByte('\n')
			width, gap = 0, 0
		}
		if gap == 1 {
			b.WriteByte(' ')
		}
		b.WriteString(t.text)
		width += gap + t.width
	}
	return b.String()
}

func tokens(line string) []token {
	var out []token
	space := false
	cur := -1 // index in out of the word being read, or -1
	for _, r := range line {
		switch {
		case r == ' ':
			space, cur = true, -1
		case wide(r) && cjkPunct(r) && len(out) > 0:
			out[len(out)-1].text += string(r)
			out[len(out)-1].width += 2
			cur = -1
		case wide(r):
			out = append(out, token{string(r), 2, space})
			space, cur = false, -1
		case cur >= 0:
			out[cur].text += string(r)
			out[cur].width++
		default:
			out = append(out, token{string(r), 1, space})
			space, cur = false, len(out)-1
		}
	}
	return out
}

// wide reports a character a terminal draws two columns wide.
func wide(r rune) bool {
	return unicode.Is(unicode.Han, r) || (r >= 0x3000 && r <= 0x303f) || (r >= 0xff00 && r <= 0xffef)
}

func cjkPunct(r rune) bool { return strings.ContainsRune("，。、；：！？）》」』", r) }
