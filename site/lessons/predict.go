package lessons

import (
	"fmt"
	"strings"
)

// A step may ask the learner to predict what the cluster will do before
// they run its commands ("# predict:" and its "# choice:" lines). Each
// choice carries a check; after the step's commands ran, the choice whose
// check holds is the answer, so the simulation itself decides — no answer
// is written into the lesson — and what the check saw explains it.
//
//	# predict: After the delete, which controller writes first?
//	# predict.zh: 删除之后，哪个控制器最先写入？
//	# choice: the replicaset controller | first-writer replicaset
//	# choice.zh: replicaset 控制器
//	# choice: the deployment controller | first-writer deployment
//	# choice.zh: deployment 控制器

// Prediction is a step's question and its choices.
type Prediction struct {
	Question Text
	Choices  []Choice
	Line     int // of "# predict:"
}

// Choice is one answer offered, with the check that makes it right.
type Choice struct {
	Text  Text
	Check Check
}

// Answer is which choice the cluster made true since the step began, and
// what its check saw; -1 when none or more than one holds (a lesson that
// is being written: the lessons' test refuses it).
func (p *Prediction) Answer(env Env, since Mark) (index int, saw string) {
	index = -1
	for i, c := range p.Choices {
		ok, s := c.Check.Eval(env, since)
		if !ok {
			continue
		}
		if index >= 0 {
			return -1, fmt.Sprintf("choices %d and %d both hold", index+1, i+1)
		}
		index, saw = i, s
	}
	if index < 0 {
		return -1, "no choice holds"
	}
	return index, saw
}

// predictDirective reads "# predict:", "# choice:" and their zh lines
// into step s.
func predictDirective(s *Step, key, value string, line int) error {
	switch key {
	case "predict":
		if s.Predict != nil {
			return fmt.Errorf("a step asks one '# predict:'")
		}
		s.Predict = &Prediction{Question: Text{EN: value}, Line: line}
	case "predict.zh":
		if s.Predict == nil {
			return fmt.Errorf("'# predict.zh:' must follow its '# predict:'")
		}
		s.Predict.Question.ZH = value
	case "choice":
		if s.Predict == nil {
			return fmt.Errorf("'# choice:' must follow a '# predict:'")
		}
		text, raw, ok := strings.Cut(value, " | ")
		if !ok || strings.TrimSpace(text) == "" {
			return fmt.Errorf("'# choice:' is 'TEXT | CHECK': what the learner reads, then the check that makes it the answer")
		}
		c, err := ParseCheck(strings.TrimSpace(raw))
		if err != nil {
			return err
		}
		if c.Pred == "" {
			return fmt.Errorf("a choice's check is a predicate (%s), which says in a few words what it saw", strings.TrimSpace(raw))
		}
		s.Predict.Choices = append(s.Predict.Choices, Choice{Text: Text{EN: strings.TrimSpace(text)}, Check: c})
	case "choice.zh":
		if s.Predict == nil || len(s.Predict.Choices) == 0 || s.Predict.Choices[len(s.Predict.Choices)-1].Text.ZH != "" {
			return fmt.Errorf("'# choice.zh:' must follow its '# choice:'")
		}
		s.Predict.Choices[len(s.Predict.Choices)-1].Text.ZH = value
	}
	return nil
}

// checkPrediction holds a step's question to the form the page needs: both
// languages, and at least two choices.
func checkPrediction(p *Prediction) error {
	switch {
	case p == nil:
		return nil
	case p.Question.EN == "" || p.Question.ZH == "":
		return fmt.Errorf("'# predict:' needs its '# predict.zh:'")
	case len(p.Choices) < 2:
		return fmt.Errorf("'# predict:' needs at least two '# choice:' lines")
	}
	for _, c := range p.Choices {
		if c.Text.ZH == "" {
			return fmt.Errorf("choice %q needs its '# choice.zh:'", c.Text.EN)
		}
	}
	return nil
}
