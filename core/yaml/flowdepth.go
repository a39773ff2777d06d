package yaml

import "strings"

// The YAML scanner reads a whole line of flow brackets into tokens before
// tokenize can count them, so a long line of "[[[[…" costs its full length
// in scanning before MaxDepth refuses it. flowTooDeep finds, in one cheap
// pass over the bytes, where brackets certainly nest past MaxDepth; the
// tokenizer then reads only the text up to there, and refuses it at the
// same token, with the same message, as it would have in the whole text.
//
// The pass is a hint, never the verdict: it counts only flow brackets
// (block nesting adds to the real depth, never takes from it), and where
// it misreads — a bracket inside a plain scalar or a block scalar's
// text — the tokenizer reading the prefix finds nothing wrong and the
// whole text is read as before.

// flowTooDeep returns the byte offset just past the bracket that opens
// flow level MaxDepth+1, if text has one.
func flowTooDeep(text string) (end int, deep bool) {
	var (
		depth       int
		quote       byte // the open quote, in flow context
		blockIndent = -1 // the indentation of the line that opened a block scalar
		lineStart   int
	)
	for lineStart < len(text) {
		lineEnd := strings.IndexByte(text[lineStart:], '\n')
		if lineEnd < 0 {
			lineEnd = len(text)
		} else {
			lineEnd += lineStart
		}
		line := text[lineStart:lineEnd]
		indent := len(line) - len(strings.TrimLeft(line, " "))
		if blockIndent >= 0 && (indent > blockIndent || strings.TrimSpace(line) == "") {
			lineStart = lineEnd + 1
			continue // a block scalar's text
		}
		blockIndent = -1
		var prev byte // the last byte before this one that is not a space
		for i := indent; i < len(line); i++ {
			c := line[i]
			switch {
			case quote == '"':
				if c == '\\' {
					i++
				} else if c == '"' {
					quote = 0
				}
				continue
			case quote == '\'':
				if c == '\'' && i+1 < len(line) && line[i+1] == '\'' {
					i++
				} else if c == '\'' {
					quote = 0
				}
				continue
			case c == '#' && (i == 0 || line[i-1] == ' ' || line[i-1] == '\t'):
				i = len(line) // a comment
				continue
			case c == '"' || c == '\'':
				if depth > 0 || startsValue(prev, line, i) {
					quote = c
				}
			case c == '[' || c == '{':
				if depth > 0 || startsValue(prev, line, i) {
					depth++
					if depth > MaxDepth {
						return lineStart + i + 1, true
					}
				}
			case c == ']' || c == '}':
				if depth > 0 {
					depth--
				}
			}
			if c != ' ' && c != '\t' {
				prev = c
			}
		}
		if depth == 0 && quote == 0 && opensBlockScalar(line) {
			blockIndent = indent
		}
		lineStart = lineEnd + 1
	}
	return 0, false
}

// startsValue reports whether the byte at i, outside flow context, begins
// a node: first on its line, or after "key: ", "- " or "? ".
func startsValue(prev byte, line string, i int) bool {
	if prev == 0 {
		return true
	}
	spaced := i > 0 && (line[i-1] == ' ' || line[i-1] == '\t')
	return spaced && (prev == ':' || prev == '-' || prev == '?')
}

// opensBlockScalar reports a line ending in a block scalar's indicator
// ("key: |", "- >-", "|2"), its comment aside.
func opensBlockScalar(line string) bool {
	if i := strings.Index(line, " #"); i >= 0 {
		line = line[:i]
	}
	line = strings.TrimRight(line, " \t\r")
	line = strings.TrimRight(line, "+-0123456789")
	if !strings.HasSuffix(line, "|") && !strings.HasSuffix(line, ">") {
		return false
	}
	before := line[:len(line)-1]
	key := strings.TrimRight(before, " \t")
	if strings.TrimSpace(key) == "" {
		return true
	}
	return key != before && (strings.HasSuffix(key, ":") || strings.HasSuffix(key, "-") || strings.HasSuffix(key, "?"))
}
