package shell

import (
	"errors"
	"fmt"
	"strings"
)

// token is a word or an operator of a command line. A word keeps its
// quotes and $ as written: expansion (expand.go) reads them, so a quoted
// "$X" and a bare $X can differ. An operator is one of ; & && || | < >
// >> 2> 2>> 2>&1, or "\n".
type token struct {
	op   string // the operator; "" for a word
	word string
}

// quoteError is a quote left open at the end of the line.
type quoteError struct{ quote byte }

// Error is busybox's wording; the page's terminal words it its own way.
func (quoteError) Error() string { return "unterminated quoted string" }

// errTrailingBackslash: a backslash that escapes nothing, where an
// interactive shell would wait for the rest of the line.
var errTrailingBackslash = errors.New("unexpected end of line after backslash")

// lex cuts src into tokens, as sh's tokenizer does: blanks separate
// words, quotes and a backslash make operators and blanks literal, $( )
// is one piece of a word however much it holds, and # at the start of a
// word comments out the rest of the line.
func lex(src string) ([]token, error) {
	var toks []token
	var cur strings.Builder
	inWord := false
	emit := func() {
		if inWord {
			toks = append(toks, token{word: cur.String()})
			cur.Reset()
			inWord = false
		}
	}
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case c == '\\':
			if i+1 >= len(src) {
				return nil, errTrailingBackslash
			}
			if src[i+1] == '\n' { // a continued line
				i++
				continue
			}
			cur.WriteString(src[i : i+2])
			i++
			inWord = true
		case c == '\'' || c == '"':
			end, err := quoted(src, i)
			if err != nil {
				return nil, err
			}
			cur.WriteString(src[i:end])
			i = end - 1
			inWord = true
		case c == '$' && strings.HasPrefix(src[i:], "$("):
			end, err := substitution(src, i)
			if err != nil {
				return nil, err
			}
			cur.WriteString(src[i:end])
			i = end - 1
			inWord = true
		case c == ' ' || c == '\t' || c == '\r':
			emit()
		case c == '#' && !inWord:
			for i+1 < len(src) && src[i+1] != '\n' {
				i++
			}
		case c == '2' && !inWord && strings.HasPrefix(src[i+1:], ">"):
			op := operator(src[i+1:])
			toks = append(toks, token{op: "2" + op})
			i += len(op)
		case strings.IndexByte(";&|<>\n", c) >= 0:
			emit()
			op := operator(src[i:])
			toks = append(toks, token{op: op})
			i += len(op) - 1
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	emit()
	return toks, nil
}

// operator is the longest operator at the start of s.
func operator(s string) string {
	for _, op := range []string{">&1", "&&", "||", ">>"} {
		if strings.HasPrefix(s, op) {
			return op
		}
	}
	return s[:1]
}

// quoted returns the end (just past the closing quote) of the quoted
// string starting at src[i]. Inside double quotes a backslash escapes
// the next character and $( ) may hold quotes of its own.
func quoted(src string, i int) (int, error) {
	q := src[i]
	for j := i + 1; j < len(src); j++ {
		switch {
		case src[j] == q:
			return j + 1, nil
		case q == '"' && src[j] == '\\':
			j++
		case q == '"' && strings.HasPrefix(src[j:], "$("):
			end, err := substitution(src, j)
			if err != nil {
				return 0, err
			}
			j = end - 1
		}
	}
	return 0, quoteError{q}
}

// substitution returns the end (just past the closing parenthesis) of the
// $( ) starting at src[i].
func substitution(src string, i int) (int, error) {
	depth := 0
	for j := i + 1; j < len(src); j++ {
		switch src[j] {
		case '\\':
			j++
		case '\'', '"':
			end, err := quoted(src, j)
			if err != nil {
				return 0, err
			}
			j = end - 1
		case '(':
			depth++
		case ')':
			if depth--; depth == 0 {
				return j + 1, nil
			}
		}
	}
	return 0, errors.New("unterminated $(")
}

// unexpected is the parser's complaint about an operator where it cannot
// stand ("" is the end of the line), in busybox's words.
func unexpected(op string) error {
	if op == "\n" || op == "" {
		return errors.New("unexpected newline")
	}
	return fmt.Errorf("unexpected %q", op)
}
