package controller

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// sprintf is fmt.Sprintf(format, args...) without its copy of a line that
// needs no formatting — a constant ("pod has no node"), or "%s" of one
// string: every reconcile records a few such lines, and each copy was an
// allocation. A line of plain verbs (plainf) is spelled out without fmt.
func sprintf(format string, args []any) string {
	switch {
	case len(args) == 0 && !strings.Contains(format, "%"):
		return format
	case len(args) == 1 && format == "%s":
		if s, ok := args[0].(string); ok {
			return s
		}
	}
	if s, ok := plainf(format, args); ok {
		return s
	}
	return fmt.Sprintf(format, args...)
}

// plainf is fmt.Sprintf of a format whose verbs are only %s, %v and %q of
// a string, %d and %v of an int, int32 or int64, %s and %v of a
// time.Duration, and %%, with one argument per verb; ok is false for any
// other format or argument, which fmt then formats. The trace's lines and
// the Events are nearly all of this kind ("Created pod: %s", "Scaled up
// replica set %s to %d"), ~330,000 of them in a 10,000-pod run: fmt's
// general path was 3% of its CPU under wasm.
func plainf(format string, args []any) (string, bool) {
	var buf [128]byte
	b, n := buf[:0], 0
	for {
		i := strings.IndexByte(format, '%')
		if i < 0 {
			b = append(b, format...)
			break
		}
		b = append(b, format[:i]...)
		if i+1 == len(format) {
			return "", false
		}
		verb := format[i+1]
		format = format[i+2:]
		if verb == '%' {
			b = append(b, '%')
			continue
		}
		if n == len(args) {
			return "", false
		}
		var i64 int64
		switch a := args[n].(type) {
		case string:
			switch verb {
			case 's', 'v':
				b = append(b, a...)
			case 'q':
				b = strconv.AppendQuote(b, a)
			default:
				return "", false
			}
			n++
			continue
		case time.Duration:
			if verb != 's' && verb != 'v' {
				return "", false
			}
			b = append(b, a.String()...)
			n++
			continue
		case int:
			i64 = int64(a)
		case int32:
			i64 = int64(a)
		case int64:
			i64 = a
		default:
			return "", false
		}
		if verb != 'd' && verb != 'v' {
			return "", false
		}
		b = strconv.AppendInt(b, i64, 10)
		n++
	}
	if n != len(args) {
		return "", false // fmt would add %!(EXTRA …)
	}
	return string(b), true
}
