package apiserver

import "unicode/utf8"

// terminal is the line discipline of the pty an interactive `kubectl exec
// -it … sh` types into: the client's terminal is raw, so the remote side
// echoes what is typed, erases on backspace, and hands the shell a line at
// Enter. Ctrl-C abandons the line, Ctrl-D on an empty line ends the shell,
// Ctrl-U erases the line; the escape sequences of arrows and function
// keys are skipped (the shell keeps no history to move through).
func (x *execSession) terminal(b []byte) {
	for i := 0; i < len(b) && !x.done; i++ {
		c := b[i]
		wasCR := x.cr
		x.cr = c == '\r'
		if x.esc > 0 {
			x.skipEscape(c)
			continue
		}
		switch {
		case c == '\n' && wasCR: // the \n of a \r\n: Enter was taken at \r
		case c == '\r' || c == '\n':
			x.send(chanStdout, "\r\n")
			line := string(x.line)
			x.line = x.line[:0]
			x.runLine(line)
		case c == 0x7f || c == 0x08: // backspace
			if len(x.line) > 0 {
				_, n := utf8.DecodeLastRune(x.line)
				x.line = x.line[:len(x.line)-n]
				x.send(chanStdout, "\b \b")
			}
		case c == 0x03: // Ctrl-C
			x.line = x.line[:0]
			x.send(chanStdout, "^C\r\n")
			x.prompt()
		case c == 0x04: // Ctrl-D
			if len(x.line) == 0 {
				x.send(chanStdout, "\r\n")
				x.finish(x.shell.Status())
			}
		case c == 0x15: // Ctrl-U
			for range utf8.RuneCount(x.line) {
				x.send(chanStdout, "\b \b")
			}
			x.line = x.line[:0]
		case c == 0x1b: // ESC: a sequence follows
			x.esc = 1
		case c == '\t' || c >= 0x20:
			x.line = append(x.line, c)
			x.send(chanStdout, string([]byte{c}))
		}
	}
}

// skipEscape skips one byte of an escape sequence: ESC [ … final byte (a
// CSI, what arrows send), ESC O X (SS3, function keys), or ESC X.
func (x *execSession) skipEscape(c byte) {
	switch {
	case x.esc == 1 && (c == '[' || c == 'O'):
		x.esc = 2
		if c == 'O' {
			x.esc = 3 // one more byte, then the end
		}
	case x.esc == 2 && c >= 0x40 && c <= 0x7e: // a CSI's final byte
		x.esc = 0
	case x.esc == 2: // a CSI's parameter bytes
	default:
		x.esc = 0
	}
}
