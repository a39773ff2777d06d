//go:build js && wasm

package main

import (
	"strconv"
	"strings"
)

// docText is one YAML document: its lines, and how many lines of the
// whole text come before it.
type docText struct {
	lines []string
	first int
}

func splitDocs(text string) []docText {
	all := strings.Split(text, "\n")
	var docs []docText
	cur := docText{}
	for i, l := range all {
		if strings.HasPrefix(l, "---") && strings.TrimSpace(strings.TrimPrefix(l, "---")) == "" {
			if len(cur.lines) > 0 {
				docs = append(docs, cur)
			}
			cur = docText{first: i + 1}
			continue
		}
		cur.lines = append(cur.lines, l)
	}
	if len(cur.lines) > 0 {
		docs = append(docs, cur)
	}
	return docs
}

// pathValues maps each field path to its scalar value as written (unquoted).
func pathValues(lines []string) map[string]string {
	out := map[string]string{}
	walkPaths(lines, func(path string, _ int, value string) {
		out[path] = strings.Trim(value, `"'`)
	})
	return out
}

// walkPaths calls fn for every key and list item of a block-style document
// with its path, 0-based line index and inline value.
func walkPaths(lines []string, fn func(path string, line int, value string)) {
	type frame struct {
		indent int
		path   string
		list   bool // a key with no inline value: its children may be "- " items
		items  int  // list items seen under this key
	}
	stack := []*frame{{indent: -1, list: true}}
	for i, raw := range lines {
		content := strings.TrimLeft(raw, " ")
		indent := len(raw) - len(content)
		content = stripComment(content)
		if content == "" {
			continue
		}
		for content == "-" || strings.HasPrefix(content, "- ") {
			// A list item belongs to the nearest key above it with a smaller
			// indent, or the same indent ("containers:\n- name: x").
			for len(stack) > 1 {
				top := stack[len(stack)-1]
				if top.indent < indent || (top.indent == indent && top.list) {
					break
				}
				stack = stack[:len(stack)-1]
			}
			parent := stack[len(stack)-1]
			path := parent.path + "[" + strconv.Itoa(parent.items) + "]"
			parent.items++
			rest := strings.TrimLeft(strings.TrimPrefix(content, "-"), " ")
			fn(path, i, rest)
			stack = append(stack, &frame{indent: indent, path: path})
			indent += len(content) - len(rest)
			content = rest
			if content == "" {
				break
			}
		}
		key, value, ok := splitKey(content)
		if !ok {
			continue
		}
		for len(stack) > 1 && stack[len(stack)-1].indent >= indent {
			stack = stack[:len(stack)-1]
		}
		parent := stack[len(stack)-1]
		path := key
		if parent.path != "" {
			path = parent.path + "." + key
		}
		fn(path, i, value)
		stack = append(stack, &frame{indent: indent, path: path, list: value == ""})
	}
}

// splitKey splits "key: value" (or "key:"); a quoted key is unquoted.
func splitKey(s string) (key, value string, ok bool) {
	i := strings.Index(s, ": ")
	if i < 0 {
		if !strings.HasSuffix(s, ":") {
			return "", "", false
		}
		i = len(s) - 1
	}
	key = strings.Trim(strings.TrimSpace(s[:i]), `"'`)
	if key == "" || strings.ContainsAny(key, "{}[]") {
		return "", "", false
	}
	return key, strings.TrimSpace(s[i+1:]), true
}

// stripComment drops a trailing " # comment" outside quotes, and blanks a
// comment line.
func stripComment(s string) string {
	if strings.HasPrefix(s, "#") {
		return ""
	}
	inSingle, inDouble := false, false
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\'':
			if !inDouble {
				inSingle = !inSingle
			}
		case '"':
			if !inSingle {
				inDouble = !inDouble
			}
		case '#':
			if !inSingle && !inDouble && i > 0 && (s[i-1] == ' ' || s[i-1] == '\t') {
				return strings.TrimRight(s[:i], " \t")
			}
		}
	}
	return strings.TrimRight(s, " \t\r")
}
