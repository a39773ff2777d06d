package shell

// command is one simple command as written: its words and redirections,
// not yet expanded.
type command struct {
	words  []string
	redirs []redirect
}

// redirect is one redirection; file is unexpanded ("" for 2>&1).
type redirect struct{ op, file string }

// statement is a pipeline and the connector before it: "", ";", "&&" or
// "||".
type statement struct {
	op   string
	pipe []command
}

// parse reads a script: pipelines of commands joined by ;, &, &&, || and
// newlines. A background job (&) runs at once, as if joined by ;.
func parse(src string) ([]statement, error) {
	toks, err := lex(src)
	if err != nil {
		return nil, err
	}
	var (
		out     []statement
		pipe    []command
		cur     command
		op      string
		pending string // a redirection waiting for its file
	)
	endCommand := func(next string) error {
		switch {
		case pending != "":
			return unexpected(next)
		case len(cur.words) > 0 || len(cur.redirs) > 0:
			pipe, cur = append(pipe, cur), command{}
		case next == "|" || len(pipe) > 0:
			return unexpected(next) // "| b" or "a | ;"
		}
		return nil
	}
	endStatement := func(next string) error {
		if err := endCommand(next); err != nil {
			return err
		}
		if len(pipe) > 0 {
			out, pipe = append(out, statement{op, pipe}), nil
		}
		op = next
		return nil
	}
	for _, t := range toks {
		var err error
		switch t.op {
		case "":
			if pending != "" {
				cur.redirs = append(cur.redirs, redirect{pending, t.word})
				pending = ""
			} else {
				cur.words = append(cur.words, t.word)
			}
		case "|":
			err = endCommand("|")
		case "&&", "||":
			err = endStatement(t.op)
		case ";", "&", "\n":
			err = endStatement(";")
		case "2>&1":
			cur.redirs = append(cur.redirs, redirect{op: t.op})
		case ">&1": // stdout to stdout: nothing to do
		default: // < > >> 2> 2>>
			if pending != "" {
				err = unexpected(t.op)
			}
			pending = t.op
		}
		if err != nil {
			return nil, err
		}
	}
	if err := endStatement(""); err != nil {
		return nil, err
	}
	return out, nil
}
