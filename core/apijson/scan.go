package apijson

import "strconv"

// A SyntaxError is text that is not JSON, described as encoding/json
// describes it ("invalid character 'x' looking for beginning of value").
type SyntaxError struct {
	msg    string
	Offset int64 // bytes read before the error
}

func (e *SyntaxError) Error() string { return e.msg }

// maxDepth is encoding/json's limit on nesting.
const maxDepth = 10000

// Valid reports whether data is one JSON value, with spaces around it.
func Valid(data []byte) bool { return checkValid(data) == nil }

// checkValid returns the error encoding/json's scanner would for data, or
// nil when it is one valid JSON value.
func checkValid(data []byte) error {
	s := scanner{data: data}
	end, err := s.value(s.skipSpace(0), 0)
	if err != nil {
		return err
	}
	if i := s.skipSpace(end); i < len(data) {
		return s.errorAt(i, s.ifNotEnd(i, "after top-level value"))
	}
	return nil
}

// scanner checks JSON text; its methods return the offset after what they
// read.
type scanner struct{ data []byte }

func quoteChar(c byte) string {
	if c == '\'' {
		return `'\''`
	}
	if c == '"' {
		return `'"'`
	}
	s := strconv.Quote(string(rune(c)))
	return "'" + s[1:len(s)-1] + "'"
}

func (s *scanner) errorAt(i int, context string) error {
	if i >= len(s.data) && context != "" {
		// encoding/json feeds a space at the end: where a space is wrong
		// too, the message is about the space.
		return &SyntaxError{"invalid character ' ' " + context, int64(len(s.data))}
	}
	if i >= len(s.data) {
		return &SyntaxError{"unexpected end of JSON input", int64(len(s.data))}
	}
	return &SyntaxError{"invalid character " + quoteChar(s.data[i]) + " " + context, int64(i + 1)}
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func (s *scanner) skipSpace(i int) int {
	for i < len(s.data) && isSpace(s.data[i]) {
		i++
	}
	return i
}

func (s *scanner) value(i, depth int) (int, error) {
	if i >= len(s.data) {
		return i, s.errorAt(i, "")
	}
	switch c := s.data[i]; {
	case c == '{':
		return s.object(i+1, depth+1)
	case c == '[':
		return s.array(i+1, depth+1)
	case c == '"':
		return s.str(i + 1)
	case c == '-' || '0' <= c && c <= '9':
		return s.number(i)
	case c == 't':
		return s.literal(i, "true")
	case c == 'f':
		return s.literal(i, "false")
	case c == 'n':
		return s.literal(i, "null")
	}
	return i, s.errorAt(i, s.ifNotEnd(i, "looking for beginning of value"))
}

func (s *scanner) object(i, depth int) (int, error) {
	if depth > maxDepth {
		return i, &SyntaxError{"exceeded max depth", int64(i)}
	}
	i = s.skipSpace(i)
	if i < len(s.data) && s.data[i] == '}' {
		return i + 1, nil
	}
	for {
		if i >= len(s.data) || s.data[i] != '"' {
			return i, s.errorAt(i, s.ifNotEnd(i, "looking for beginning of object key string"))
		}
		var err error
		if i, err = s.str(i + 1); err != nil {
			return i, err
		}
		if i = s.skipSpace(i); i >= len(s.data) || s.data[i] != ':' {
			return i, s.errorAt(i, s.ifNotEnd(i, "after object key"))
		}
		if i, err = s.value(s.skipSpace(i+1), depth); err != nil {
			return i, err
		}
		i = s.skipSpace(i)
		if i < len(s.data) && s.data[i] == '}' {
			return i + 1, nil
		}
		if i >= len(s.data) || s.data[i] != ',' {
			return i, s.errorAt(i, s.ifNotEnd(i, "after object key:value pair"))
		}
		i = s.skipSpace(i + 1)
	}
}

func (s *scanner) array(i, depth int) (int, error) {
	if depth > maxDepth {
		return i, &SyntaxError{"exceeded max depth", int64(i)}
	}
	i = s.skipSpace(i)
	if i < len(s.data) && s.data[i] == ']' {
		return i + 1, nil
	}
	for {
		var err error
		if i, err = s.value(i, depth); err != nil {
			return i, err
		}
		i = s.skipSpace(i)
		if i < len(s.data) && s.data[i] == ']' {
			return i + 1, nil
		}
		if i >= len(s.data) || s.data[i] != ',' {
			return i, s.errorAt(i, s.ifNotEnd(i, "after array element"))
		}
		i = s.skipSpace(i + 1)
	}
}

// str reads a string's body from just after its opening quote.
func (s *scanner) str(i int) (int, error) {
	for ; i < len(s.data); i++ {
		switch c := s.data[i]; {
		case c == '"':
			return i + 1, nil
		case c < 0x20:
			return i, s.errorAt(i, "in string literal")
		case c == '\\':
			i++
			if i >= len(s.data) {
				return i, s.errorAt(i, "in string escape code")
			}
			switch s.data[i] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			case 'u':
				for range 4 {
					i++
					if i >= len(s.data) || !isHex(s.data[i]) {
						return i, s.errorAt(i, `in \u hexadecimal character escape`)
					}
				}
			default:
				return i, s.errorAt(i, "in string escape code")
			}
		}
	}
	return i, s.errorAt(i, "")
}

func isHex(c byte) bool { return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' }

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func (s *scanner) number(i int) (int, error) {
	d := s.data
	if d[i] == '-' {
		i++
		if i >= len(d) || !isDigit(d[i]) {
			return i, s.errorAt(i, "in numeric literal")
		}
	}
	if d[i] == '0' {
		i++
	} else {
		for i < len(d) && isDigit(d[i]) {
			i++
		}
	}
	if i < len(d) && d[i] == '.' {
		i++
		if i >= len(d) || !isDigit(d[i]) {
			return i, s.errorAt(i, "after decimal point in numeric literal")
		}
		for i < len(d) && isDigit(d[i]) {
			i++
		}
	}
	if i < len(d) && (d[i] == 'e' || d[i] == 'E') {
		i++
		if i < len(d) && (d[i] == '+' || d[i] == '-') {
			i++
		}
		if i >= len(d) || !isDigit(d[i]) {
			return i, s.errorAt(i, "in exponent of numeric literal")
		}
		for i < len(d) && isDigit(d[i]) {
			i++
		}
	}
	return i, nil
}

func (s *scanner) literal(i int, word string) (int, error) {
	for j := 1; j < len(word); j++ {
		if i+j >= len(s.data) || s.data[i+j] != word[j] {
			return i + j, s.errorAt(i+j, "in literal "+word+" (expecting "+quoteChar(word[j])+")")
		}
	}
	return i + len(word), nil
}

// isNumber reports whether s is exactly one JSON number.
func isNumber(s string) bool {
	if s == "" || s[0] != '-' && !isDigit(s[0]) {
		return false
	}
	sc := scanner{data: []byte(s)}
	end, err := sc.number(0)
	return err == nil && end == len(s)
}

// ifNotEnd is context, or "" at the end of the text, where a space would
// be fine and the message is "unexpected end of JSON input".
func (s *scanner) ifNotEnd(i int, context string) string {
	if i >= len(s.data) {
		return ""
	}
	return context
}

// Cut reads the first JSON value of data, after any spaces, and returns it
// and the text after it, as a json.Decoder reading one value would.
func Cut(data []byte) (value, rest []byte, err error) {
	s := scanner{data: data}
	start := s.skipSpace(0)
	end, err := s.value(start, 0)
	if err != nil {
		return nil, nil, err
	}
	return data[start:end], data[end:], nil
}
