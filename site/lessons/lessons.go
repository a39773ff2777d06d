// Package lessons reads the page's guided lessons, whose files are in
// site/lessons/text (the page loads them as data/lessons.json). A lesson
// is a transcript file (core/transcript's syntax: kubectl and sim lines,
// heredocs, # comments) whose structured comments carry the lesson's words
// in English and Simplified Chinese, and its checks:
//
//	# lesson: The control loop           title (English)
//	# lesson.zh: 控制循环                 title (简体中文)
//	# intro: …   # intro.zh: …           what the lesson is about
//	kubectl apply -f - <<EOF …           before the first step: setup, run by the page when the lesson starts
//	# step: Ask for three pods           a step begins: its goal
//	# step.zh: …
//	# say: …     # say.zh: …             one paragraph of explanation (repeatable)
//	kubectl scale …                      what the learner may do: the page offers each
//	                                     command (a heredoc's YAML goes to the editor)
//	sim settle                           time passing: the page's clock does this
//	kubectl get pods -w -l app=web       a watch, offered before the change it watches
//	& kubectl delete pod web-0           "& ": the change, run beside the open watch as
//	                                     from a second terminal (core/transcript); the
//	                                     page runs it at a click while the watch streams
//	# check: kubectl get deploy web => 3/3         stdout contains the text
//	# check: kubectl get pods !> web-bare          stdout does not contain it
//	# check: kubectl get rs ~> (?m)^web-\S+ +0 +0  stdout matches the regexp: RE2
//	                                               syntax, the subset pattern.go lists
//	# check: pods-ready app=web 3                  a Go predicate (predicates.go)
//	# check.say: three web pods, all Ready         the check in plain words, for the
//	# check.say.zh: 三个 web Pod，全部 Ready         page (required after a kubectl check;
//	                                               a predicate describes itself)
//
// Any other comment is a note for the reader of the file. Because the file
// is a transcript, `go test` runs it as one (lessons_test.go): after each
// step's commands every check of the step must hold, and before them at
// least one must not — so a check can neither rot nor pass by itself. On
// the page a step is done when its checks hold on the cluster, never by a
// click.
package lessons

import (
	"fmt"
	"sort"
	"strings"

	"github.com/kubeloop/kubeloop/core/shell"
	"github.com/kubeloop/kubeloop/core/transcript"

	"github.com/kubeloop/kubeloop/core/pattern"
)

// Text is one piece of prose in both languages.
type Text struct{ EN, ZH string }

// In returns the text in lang ("zh-CN" or anything else for English),
// falling back to the other language when one is missing.
func (t Text) In(lang string) string {
	if strings.HasPrefix(lang, "zh") && t.ZH != "" {
		return t.ZH
	}
	if t.EN == "" {
		return t.ZH
	}
	return t.EN
}

// Lesson is one parsed lesson file.
type Lesson struct {
	ID    string // the file name without .txt: "01-control-loop"
	Title Text
	Intro Text
	Setup []Command // run when the lesson starts
	// SetupScript is the transcript before the first step.
	SetupScript string
	Steps       []Step
	Source      string // the file's text
}

// Step is one goal, what to do for it and how the cluster shows it is met.
type Step struct {
	Goal     Text
	Say      []Text
	Commands []Command
	Checks   []Check
	// Challenge steps ("# challenge:") leave the learner to find the
	// commands: the page hides them behind "show a solution"; the test
	// still runs them, to prove the challenge can be met.
	Challenge bool
	// Predict, when set, is a question the learner answers before the
	// commands run (predict.go).
	Predict *Prediction
	// Script is the step's transcript lines (commands and plain comments),
	// which the test runs before the checks.
	Script string
	Line   int // 1-based line of "# step:" in the file
}

// Command is one line a lesson offers or runs.
type Command struct {
	Line  string // "kubectl apply -f -", "sim settle"
	Stdin string // a heredoc's body, when the line had one
	// Script is the command as written in the file, heredoc included.
	Script string
	// Beside: the line was marked "& ", to run beside an open watch
	// (core/transcript). Line is the command without the mark.
	Beside bool
}

// IsApplyYAML reports whether the command applies YAML from a heredoc:
// the page offers its YAML for the editor.
func (c Command) IsApplyYAML() bool {
	return c.Stdin != "" && strings.HasPrefix(c.Line, "kubectl ")
}

// IsSim reports a `sim …` line (time passing, a fault).
func (c Command) IsSim() bool { return strings.HasPrefix(c.Line, "sim ") || c.Line == "sim" }

// Check is one condition on the cluster.
type Check struct {
	Raw string // as written after "# check: "
	// Say is the check in plain words ("# check.say:", "# check.say.zh:"),
	// what the page shows; the pattern is for the curious.
	Say Text
	// A kubectl check: the read-only command, the operator ("=>" contains,
	// "!>" does not contain, "~>" matches) and the operand.
	Kubectl, Op, Want string
	re                *pattern.Pattern
	// A predicate check: its name and arguments (predicates.go).
	Pred string
	Args []string
}

// ParseAll parses every lesson of files (lesson ID → the file's text: the
// page's data/lessons.json, or site/lessons/text for native hosts), in ID
// order — the order the page lists them in.
func ParseAll(files map[string]string) ([]*Lesson, error) {
	ids := make([]string, 0, len(files))
	for id := range files {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	out := make([]*Lesson, 0, len(ids))
	for _, id := range ids {
		l, err := Parse(id, files[id])
		if err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	return out, nil
}

// Find is the lesson of that ID among all.
func Find(all []*Lesson, id string) (*Lesson, error) {
	for _, l := range all {
		if l.ID == id {
			return l, nil
		}
	}
	return nil, fmt.Errorf("no lesson %q", id)
}

// Parse reads one lesson file. Errors name the line.
func Parse(id, text string) (*Lesson, error) {
	l := &Lesson{ID: id, Source: text}
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	if n := len(lines); n > 0 && lines[n-1] == "" {
		lines = lines[:n-1] // the final newline ends the last line
	}
	var step *Step // nil before the first step (setup)
	var script strings.Builder
	flush := func() {
		if step != nil {
			step.Script = script.String()
		} else {
			l.SetupScript = script.String()
		}
		script.Reset()
	}
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		trimmed := strings.TrimSpace(line)
		if key, value, ok := directive(trimmed); ok {
			if err := l.directive(&step, key, value, i+1, flush); err != nil {
				return nil, fmt.Errorf("%s.txt:%d: %w", id, i+1, err)
			}
			continue
		}
		if trimmed == "" || strings.HasPrefix(trimmed, "#") {
			script.WriteString(line + "\n")
			continue
		}
		cmd, end, err := readCommand(lines, i)
		if err != nil {
			return nil, fmt.Errorf("%s.txt:%d: %w", id, i+1, err)
		}
		script.WriteString(cmd.Script)
		i = end
		if step == nil {
			l.Setup = append(l.Setup, cmd)
		} else {
			step.Commands = append(step.Commands, cmd)
		}
	}
	flush()
	switch {
	case l.Title.EN == "" || l.Title.ZH == "":
		return nil, fmt.Errorf("%s.txt: needs '# lesson:' and '# lesson.zh:'", id)
	case len(l.Steps) == 0:
		return nil, fmt.Errorf("%s.txt: has no '# step:'", id)
	}
	for i, s := range l.Steps {
		if s.Goal.EN == "" || s.Goal.ZH == "" {
			return nil, fmt.Errorf("%s.txt:%d: step %d needs '# step:' and '# step.zh:'", id, s.Line, i+1)
		}
		if len(s.Checks) == 0 {
			return nil, fmt.Errorf("%s.txt:%d: step %d has no '# check:'", id, s.Line, i+1)
		}
		for _, say := range s.Say {
			if say.EN == "" || say.ZH == "" {
				return nil, fmt.Errorf("%s.txt:%d: step %d: every '# say:' needs its '# say.zh:'", id, s.Line, i+1)
			}
		}
		for _, c := range s.Checks {
			if err := c.plainWords(); err != nil {
				return nil, fmt.Errorf("%s.txt:%d: step %d: %w", id, s.Line, i+1, err)
			}
		}
		if err := checkPrediction(s.Predict); err != nil {
			return nil, fmt.Errorf("%s.txt:%d: step %d: %w", id, s.Predict.Line, i+1, err)
		}
	}
	return l, nil
}

// directive splits "# key: value" for the keys this package knows.
func directive(line string) (key, value string, ok bool) {
	rest, ok := strings.CutPrefix(line, "# ")
	if !ok {
		return "", "", false
	}
	key, value, ok = strings.Cut(rest, ":")
	if !ok {
		return "", "", false
	}
	switch key {
	case "lesson", "lesson.zh", "intro", "intro.zh", "step", "step.zh", "say", "say.zh", "check", "check.say", "check.say.zh", "challenge",
		"predict", "predict.zh", "choice", "choice.zh":
		return key, strings.TrimSpace(value), true
	}
	return "", "", false
}

// directive applies one directive to the lesson: the lesson's own keys
// here, a step's (stepDirective) to the current step, which must exist.
func (l *Lesson) directive(step **Step, key, value string, line int, flush func()) error {
	switch key {
	case "lesson":
		l.Title.EN = value
	case "lesson.zh":
		l.Title.ZH = value
	case "intro":
		l.Intro.EN = join(l.Intro.EN, value)
	case "intro.zh":
		l.Intro.ZH = join(l.Intro.ZH, value)
	case "step":
		flush()
		l.Steps = append(l.Steps, Step{Goal: Text{EN: value}, Line: line})
		*step = &l.Steps[len(l.Steps)-1]
	default:
		if *step == nil {
			return fmt.Errorf("'# %s:' before the first '# step:'", key)
		}
		if err := stepDirective(*step, key, value, line); err != nil {
			return err
		}
	}
	// Steps are appended by value: re-point at the last one, which the
	// slice may have moved.
	if len(l.Steps) > 0 && *step != nil {
		*step = &l.Steps[len(l.Steps)-1]
	}
	return nil
}

// stepDirective applies a step's directive to s.
func stepDirective(s *Step, key, value string, line int) error {
	switch key {
	case "step.zh":
		s.Goal.ZH = value
	case "challenge":
		s.Challenge = true
	case "say":
		s.Say = append(s.Say, Text{EN: value})
	case "say.zh":
		if len(s.Say) == 0 || s.Say[len(s.Say)-1].ZH != "" {
			return fmt.Errorf("'# say.zh:' must follow its '# say:'")
		}
		s.Say[len(s.Say)-1].ZH = value
	case "check":
		c, err := ParseCheck(value)
		if err != nil {
			return err
		}
		s.Checks = append(s.Checks, c)
	case "predict", "predict.zh", "choice", "choice.zh":
		return predictDirective(s, key, value, line)
	case "check.say", "check.say.zh":
		if len(s.Checks) == 0 {
			return fmt.Errorf("'# %s:' must follow its '# check:'", key)
		}
		say := &s.Checks[len(s.Checks)-1].Say
		if key == "check.say" {
			say.EN = value
		} else {
			say.ZH = value
		}
	}
	return nil
}

func join(a, b string) string {
	if a == "" {
		return b
	}
	return a + " " + b
}

// readCommand reads the command at lines[i] (with continuation lines and a
// heredoc) and returns it and the index of its last line.
func readCommand(lines []string, i int) (Command, int, error) {
	start := i
	cmd := lines[i]
	for strings.HasSuffix(cmd, "\\") && i+1 < len(lines) {
		i++
		cmd = strings.TrimSuffix(cmd, "\\") + " " + lines[i]
	}
	c := Command{Line: strings.TrimSpace(cmd)}
	if rest, ok := strings.CutPrefix(c.Line, transcript.BesideMark); ok {
		c.Line, c.Beside = strings.TrimSpace(rest), true
		cmd = strings.TrimPrefix(strings.TrimLeft(cmd, " \t"), transcript.BesideMark)
	}
	if j := strings.Index(cmd, "<<"); j >= 0 {
		delim := strings.Trim(strings.TrimSpace(strings.TrimPrefix(cmd[j+2:], "-")), `'"`)
		if delim == "" || strings.ContainsAny(delim, " \t") {
			return c, i, fmt.Errorf("a heredoc needs one word after <<")
		}
		c.Line = strings.TrimSpace(cmd[:j])
		end := -1
		for k := i + 1; k < len(lines); k++ {
			if lines[k] == delim {
				end = k
				break
			}
		}
		if end < 0 {
			return c, i, fmt.Errorf("here-document delimited by %q is not terminated", delim)
		}
		c.Stdin = strings.Join(lines[i+1:end], "\n") + "\n"
		i = end
	}
	c.Script = strings.Join(lines[start:i+1], "\n") + "\n"
	if !strings.HasPrefix(c.Line, "kubectl ") && !c.IsSim() {
		return c, i, fmt.Errorf("a lesson runs kubectl and sim commands, not %q", c.Line)
	}
	if c.Beside && c.IsSim() {
		return c, i, fmt.Errorf("%q: only a kubectl command runs beside a watch; sim lines already let it go on", c.Line)
	}
	return c, i, nil
}

// plainWords requires the check's plain words in both languages: a kubectl
// check's pattern is no sentence for a learner, so it needs its
// "# check.say:" and "# check.say.zh:"; a predicate describes itself, and
// may be said otherwise.
func (c Check) plainWords() error {
	switch {
	case c.Say.EN == "" && c.Say.ZH == "" && c.Pred != "":
		return nil
	case c.Say.EN == "" || c.Say.ZH == "":
		return fmt.Errorf("check %q needs '# check.say:' and '# check.say.zh:' after it: what it waits for, in plain words", c.Raw)
	}
	return nil
}

// ParseCheck reads what follows "# check: ".
func ParseCheck(s string) (Check, error) {
	c := Check{Raw: s}
	if strings.HasPrefix(s, "kubectl ") {
		for _, op := range []string{"=>", "!>", "~>"} {
			if cmd, want, ok := strings.Cut(s, " "+op+" "); ok {
				c.Kubectl, c.Op, c.Want = strings.TrimSpace(cmd), op, strings.TrimSpace(want)
				break
			}
		}
		if c.Op == "" || c.Want == "" {
			return c, fmt.Errorf("check %q: want 'kubectl … => TEXT' (or !> TEXT, ~> REGEXP)", s)
		}
		if err := readOnly(c.Kubectl); err != nil {
			return c, fmt.Errorf("check %q: %w", s, err)
		}
		if c.Op == "~>" {
			re, err := pattern.Compile(c.Want)
			if err != nil {
				return c, fmt.Errorf("check %q: %w", s, err)
			}
			c.re = re
		}
		return c, nil
	}
	f := strings.Fields(s)
	if len(f) == 0 {
		return c, fmt.Errorf("empty check")
	}
	p, ok := predicates[f[0]]
	if !ok {
		return c, fmt.Errorf("check %q: no predicate %q (known: %s)", s, f[0], strings.Join(PredicateNames(), ", "))
	}
	c.Pred, c.Args = f[0], f[1:]
	if err := p.validate(c.Args); err != nil {
		return c, fmt.Errorf("check %q: %w", s, err)
	}
	return c, nil
}

// readOnly accepts the kubectl commands a check may run: they must not
// change the cluster or move time (rollout status and delete --wait do).
func readOnly(line string) error {
	words, err := shell.Split(line)
	if err != nil {
		return err
	}
	if len(words) < 2 {
		return fmt.Errorf("no kubectl verb")
	}
	for _, w := range words {
		if w == "-w" || w == "--watch" || strings.HasPrefix(w, "--watch=") {
			return fmt.Errorf("a check cannot watch")
		}
	}
	switch words[1] {
	case "get", "describe":
		return nil
	case "rollout":
		if len(words) > 2 && words[2] == "history" {
			return nil
		}
	}
	return fmt.Errorf("a check runs only kubectl get, describe or rollout history")
}
