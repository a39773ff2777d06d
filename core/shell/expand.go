package shell

import (
	"errors"
	"strconv"
	"strings"
)

// expandWord turns a word as written into its value: quotes are removed,
// a backslash escapes what follows it, and, when dollar is not nil, each
// $ outside single quotes is expanded by it (the page's terminal has no
// variables: there a $ is itself).
func expandWord(raw string, dollar func(src string) (int, string, error)) (string, error) {
	var b strings.Builder
	var quote byte
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		switch {
		case quote == '\'':
			if c == '\'' {
				quote = 0
			} else {
				b.WriteByte(c)
			}
		case c == '\\' && quote == 0 && i+1 < len(raw):
			i++
			b.WriteByte(raw[i])
		case c == '\\' && quote == '"' && i+1 < len(raw) && strings.IndexByte("\"\\$`\n", raw[i+1]) >= 0:
			i++
			if raw[i] != '\n' { // a continued line
				b.WriteByte(raw[i])
			}
		case c == '"':
			quote ^= '"'
		case c == '\'' && quote == 0:
			quote = '\''
		case c == '$' && dollar != nil:
			n, val, err := dollar(raw[i:])
			if err != nil {
				return "", err
			}
			i += n - 1
			b.WriteString(val)
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), nil
}

// expandCommand expands a command's words and its redirections' files.
func (s *session) expandCommand(c command) ([]string, []redirect, error) {
	dollar := s.expand
	if s.env.Flavor == terminal {
		dollar = nil
	}
	words := make([]string, 0, len(c.words))
	for _, w := range c.words {
		v, err := expandWord(w, dollar)
		if err != nil {
			return nil, nil, err
		}
		words = append(words, v)
	}
	redirs := make([]redirect, 0, len(c.redirs))
	for _, r := range c.redirs {
		v, err := expandWord(r.file, dollar)
		if err != nil {
			return nil, nil, err
		}
		redirs = append(redirs, redirect{r.op, v})
	}
	return words, redirs, nil
}

// expand reads one expansion at the start of src ("$HOME", "${X}", "$?",
// "$(cmd)") and returns how many bytes it took and its value.
func (s *session) expand(src string) (int, string, error) {
	if len(src) < 2 {
		return 1, "$", nil
	}
	switch c := src[1]; {
	case c == '?':
		return 2, strconv.Itoa(s.status), nil
	case c == '$':
		return 2, "1", nil
	case c == '{':
		end := strings.IndexByte(src, '}')
		if end < 0 {
			return 0, "", errors.New("bad substitution")
		}
		return end + 1, s.vars[src[2:end]], nil
	case c == '(':
		end, err := substitution(src, 0)
		if err != nil {
			return 0, "", err
		}
		sub := &session{env: s.env, vars: s.vars, order: s.order, dir: s.dir}
		var out, errOut strings.Builder // the substitution's stderr is dropped
		sub.script(src[2:end-1], "", &out, &errOut)
		return end, strings.TrimRight(out.String(), "\n"), nil
	case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
		n := 1
		for n < len(src) && (src[n] == '_' || src[n] >= 'a' && src[n] <= 'z' || src[n] >= 'A' && src[n] <= 'Z' || src[n] >= '0' && src[n] <= '9') {
			n++
		}
		return n, s.vars[src[1:n]], nil
	}
	return 1, "$", nil
}
