package shell

import (
	"errors"
	"strconv"
	"strings"
)

type statement struct {
	op   string // connector before it: "", ";", "&&", "||"
	text string
}

// splitStatements splits a script at ;, &&, || and newlines outside
// quotes and $( ).
func splitStatements(src string) ([]statement, error) {
	var out []statement
	var cur strings.Builder
	op := ""
	flush := func(next string) {
		if t := strings.TrimSpace(cur.String()); t != "" {
			out = append(out, statement{op, t})
		}
		cur.Reset()
		op = next
	}
	var quote byte
	depth := 0
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case quote == '\'':
			if c == '\'' {
				quote = 0
			}
		case c == '\\' && i+1 < len(src):
			cur.WriteByte(c)
			i++
			c = src[i]
		case quote == '"':
			if c == '"' {
				quote = 0
			} else if c == '$' && i+1 < len(src) && src[i+1] == '(' {
				depth++
			} else if c == ')' && depth > 0 {
				depth--
			}
		case c == '\'' || c == '"':
			quote = c
		case c == '$' && i+1 < len(src) && src[i+1] == '(':
			depth++
		case c == ')' && depth > 0:
			depth--
		case depth > 0:
		case c == '#' && (cur.Len() == 0 || strings.HasSuffix(cur.String(), " ")):
			// A comment runs to the end of the line.
			for i+1 < len(src) && src[i+1] != '\n' {
				i++
			}
			continue
		case c == ';' || c == '\n':
			flush(";")
			continue
		case (c == '&' || c == '|') && i+1 < len(src) && src[i+1] == c:
			flush(string([]byte{c, c}))
			i++
			continue
		case c == '&' && !(i > 0 && src[i-1] == '>'):
			flush(";") // a background job: the script goes on at once
			continue
		}
		cur.WriteByte(c)
	}
	if quote != 0 {
		return nil, errors.New("unterminated quoted string")
	}
	flush("")
	return out, nil
}

// splitTop splits at sep (a single |) outside quotes and $( ).
func splitTop(src, sep string) []string {
	var out []string
	var quote byte
	depth, start := 0, 0
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		case c == '$' && i+1 < len(src) && src[i+1] == '(':
			depth++
		case c == ')' && depth > 0:
			depth--
		case depth == 0 && strings.HasPrefix(src[i:], sep):
			out = append(out, src[start:i])
			start = i + len(sep)
		}
	}
	return append(out, src[start:])
}

// words splits one command into words, expanding $VAR, ${VAR}, $? and
// $(command) (outside single quotes), and takes out its redirections.
func (s *session) words(text string) ([]string, []redirect, error) {
	var words []string
	var redirs []redirect
	var cur strings.Builder
	inWord := false
	pendingRedir := ""
	emit := func() {
		if !inWord {
			return
		}
		w := cur.String()
		cur.Reset()
		inWord = false
		if pendingRedir != "" {
			redirs = append(redirs, redirect{pendingRedir, w})
			pendingRedir = ""
			return
		}
		words = append(words, w)
	}
	var quote byte
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case quote == '\'':
			if c == '\'' {
				quote = 0
			} else {
				cur.WriteByte(c)
			}
		case c == '\\' && quote == 0 && i+1 < len(text):
			i++
			cur.WriteByte(text[i])
			inWord = true
		case c == '\\' && quote == '"' && i+1 < len(text) && strings.IndexByte("\"\\$`", text[i+1]) >= 0:
			i++
			cur.WriteByte(text[i])
		case c == '"':
			if quote == '"' {
				quote = 0
			} else {
				quote = '"'
			}
			inWord = true
		case c == '\'' && quote == 0:
			quote = '\''
			inWord = true
		case c == '$':
			n, val, err := s.expand(text[i:])
			if err != nil {
				return nil, nil, err
			}
			i += n - 1
			cur.WriteString(val)
			inWord = true
		case quote == 0 && (c == ' ' || c == '\t'):
			emit()
		case quote == 0 && (c == '>' || c == '<' || (c == '2' && !inWord && i+1 < len(text) && text[i+1] == '>')):
			emit()
			op := string(c)
			if c == '2' {
				op = "2>"
				i++
			}
			if i+1 < len(text) && text[i+1] == '>' && c != '<' {
				op += ">"
				i++
			}
			if op == "2>" && i+2 < len(text) && text[i+1:i+3] == "&1" {
				redirs = append(redirs, redirect{"2>&1", ""})
				i += 2
				continue
			}
			if pendingRedir != "" {
				return nil, nil, errors.New("unexpected redirection")
			}
			pendingRedir = op
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	if quote != 0 {
		return nil, nil, errors.New("unterminated quoted string")
	}
	emit()
	if pendingRedir != "" {
		return nil, nil, errors.New("unexpected newline")
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
		depth := 0
		for i := 1; i < len(src); i++ {
			switch src[i] {
			case '(':
				depth++
			case ')':
				depth--
				if depth == 0 {
					sub := &session{env: s.env, vars: s.vars, order: s.order, dir: s.dir}
					var out, errOut strings.Builder // the substitution's stderr is dropped
					sub.script(src[2:i], "", &out, &errOut)
					return i + 1, strings.TrimRight(out.String(), "\n"), nil
				}
			}
		}
		return 0, "", errors.New("unterminated $(")
	case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
		n := 1
		for n < len(src) && (src[n] == '_' || src[n] >= 'a' && src[n] <= 'z' || src[n] >= 'A' && src[n] <= 'Z' || src[n] >= '0' && src[n] <= '9') {
			n++
		}
		return n, s.vars[src[1:n]], nil
	}
	return 1, "$", nil
}
