package lessons

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/controllers"
	"github.com/kubeloop/kubeloop/core/cluster"
	"github.com/kubeloop/kubeloop/core/transcript"
	"github.com/kubeloop/kubeloop/site/lessons/text"
)

// TestEveryLessonRunsAsATranscript runs each lesson file the way the test
// suite runs scenarios: setup, then each step's commands. After a step's
// commands every one of its checks must hold; before them at least one
// must not, or the step would tick itself off on the page.
func TestEveryLessonRunsAsATranscript(t *testing.T) {
	all, err := ParseAll(text.Files())
	require.NoError(t, err)
	require.NotEmpty(t, all)
	for _, l := range all {
		t.Run(l.ID, func(t *testing.T) {
			c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()})
			out, err := transcript.Run(c, l.SetupScript)
			require.NoError(t, err)
			log := out
			for i, s := range l.Steps {
				mark := MarkOf(c)
				before := true
				for _, ch := range s.Checks {
					ok, _ := ch.Eval(c, mark)
					before = before && ok
				}
				assert.False(t, before, "step %d (%s) is done before its commands run", i+1, s.Goal.EN)
				out, err := transcript.Run(c, s.Script)
				require.NoError(t, err)
				log += out
				for _, ch := range s.Checks {
					ok, saw := ch.Eval(c, mark)
					assert.True(t, ok, "step %d (%s): check %q does not hold; saw: %s\n--- transcript so far:\n%s", i+1, s.Goal.EN, ch.Raw, saw, log)
				}
				if s.Predict != nil {
					// The cluster decides the answer: exactly one choice.
					answer, saw := s.Predict.Answer(c, mark)
					assert.GreaterOrEqual(t, answer, 0, "step %d (%s): the question %q has no one answer: %s", i+1, s.Goal.EN, s.Predict.Question.EN, saw)
				}
			}
		})
	}
}

// TestEveryLessonSpeaksBothLanguages keeps the zh-CN and English texts
// together: a lesson is never half translated.
func TestEveryLessonSpeaksBothLanguages(t *testing.T) {
	all, err := ParseAll(text.Files())
	require.NoError(t, err)
	for _, l := range all {
		assert.NotEmpty(t, l.Title.EN, l.ID)
		assert.NotEmpty(t, l.Title.ZH, l.ID)
		assert.Equal(t, l.Intro.EN == "", l.Intro.ZH == "", "%s: intro in one language only", l.ID)
		for i, s := range l.Steps {
			assert.NotEmpty(t, s.Goal.ZH, "%s step %d", l.ID, i+1)
			for _, ch := range s.Checks {
				assert.NotEmpty(t, ch.Describe("en"), "%s step %d", l.ID, i+1)
				assert.NotEmpty(t, ch.Describe("zh-CN"), "%s step %d", l.ID, i+1)
			}
			for _, c := range s.Commands {
				assert.False(t, strings.Contains(c.Line, "\n"), c.Line)
			}
		}
	}
}

func TestParseRejectsMalformedLessons(t *testing.T) {
	head := "# lesson: T\n# lesson.zh: 题\n"
	step := head + "# step: a\n# step.zh: 甲\n"
	tests := []struct{ name, text, want string }{
		{"no title", "# step: a\n# step.zh: 甲\n# check: pods-ready app=x 1\n", "needs '# lesson:'"},
		{"no steps", head, "has no '# step:'"},
		{"step without zh", head + "# step: a\n# check: pods-ready app=x 1\n", "step 1 needs"},
		{"step without check", step, "has no '# check:'"},
		{"say.zh alone", step + "# say.zh: 乙\n", "must follow"},
		{"challenge before step", head + "# challenge:\n", "before the first"},
		{"check before step", head + "# check: pods-ready app=x 1\n", "before the first"},
		{"unknown predicate", step + "# check: frobbed x\n", "no predicate"},
		{"wrong arity", step + "# check: pods-ready app=x\n", "want 2 arguments"},
		{"bad count", step + "# check: pods-ready app=x many\n", "not a count"},
		{"writing check", step + "# check: kubectl delete pod x => deleted\n", "only kubectl get"},
		{"waiting check", step + "# check: kubectl rollout status deploy/x => rolled\n", "only kubectl get"},
		{"watching check", step + "# check: kubectl get pods -w => x\n", "cannot watch"},
		{"no operator", step + "# check: kubectl get pods\n", "want 'kubectl"},
		{"bad regexp", step + "# check: kubectl get pods ~> (\n", "missing closing"},
		{"heredoc open", step + "kubectl apply -f - <<END\nkind: Pod\n", "not terminated"},
		{"not kubectl", step + "rm -rf /\n", `not "rm -rf /"`},
		{"check in words missing", step + "# check: kubectl get pods => x\n", "needs '# check.say:'"},
		{"check in one language", step + "# check: kubectl get pods => x\n# check.say: x shows\n", "needs '# check.say:'"},
		{"predicate in one language", step + "# check: pods-ready app=x 1\n# check.say.zh: 甲\n", "needs '# check.say:'"},
		{"words before a check", step + "# check.say: x\n", "must follow its '# check:'"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse("x", tt.text)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.want)
		})
	}
}

func TestParseReadsStepsCommandsAndChecks(t *testing.T) {
	l, err := Parse("x", "# lesson: Title\n# lesson.zh: 标题\n# intro: One\n# intro: two.\n# intro.zh: 介绍\n"+
		"kubectl create namespace x\n"+
		"# step: Apply\n# step.zh: 应用\n# challenge:\n# say: Why.\n# say.zh: 为什么。\n"+
		"# a note for the reader only\n"+
		"kubectl apply -f - <<END\nkind: Pod\nEND\nsim settle\n"+
		"# check: kubectl get pods => Running\n# check.say: a pod runs\n# check.say.zh: 有 Pod 在运行\n# check: pods-ready app=x 1\n")
	require.NoError(t, err)
	assert.Equal(t, "One two.", l.Intro.EN)
	require.Len(t, l.Setup, 1)
	assert.Equal(t, "kubectl create namespace x\n", l.SetupScript)
	require.Len(t, l.Steps, 1)
	s := l.Steps[0]
	assert.Equal(t, Text{"Apply", "应用"}, s.Goal)
	assert.True(t, s.Challenge)
	assert.Equal(t, []Text{{"Why.", "为什么。"}}, s.Say)
	require.Len(t, s.Commands, 2)
	assert.True(t, s.Commands[0].IsApplyYAML())
	assert.Equal(t, "kubectl apply -f -", s.Commands[0].Line)
	assert.Equal(t, "kind: Pod\n", s.Commands[0].Stdin)
	assert.True(t, s.Commands[1].IsSim())
	assert.Equal(t, "# a note for the reader only\nkubectl apply -f - <<END\nkind: Pod\nEND\nsim settle\n", s.Script)
	require.Len(t, s.Checks, 2)
	assert.Equal(t, "=>", s.Checks[0].Op)
	assert.Equal(t, "pods-ready", s.Checks[1].Pred)
	assert.Equal(t, "a pod runs", s.Checks[0].Describe("en"))
	assert.Equal(t, "有 Pod 在运行", s.Checks[0].Describe("zh-CN"))
	assert.Equal(t, "exactly 1 pod with app=x, all Ready", s.Checks[1].Describe("en"), "a predicate describes itself")
	assert.Equal(t, "Title", l.Title.In("en"))
	assert.Equal(t, "标题", l.Title.In("zh-CN"))
}

// ParseAll of the lessons' files has one lesson per .txt file of their
// folder, in file-name order (the site's lesson list and its numbering
// follow it).
func TestParseAllIsEveryFileInNameOrder(t *testing.T) {
	entries, err := os.ReadDir("text")
	require.NoError(t, err)
	var want []string
	for _, e := range entries {
		if id, ok := strings.CutSuffix(e.Name(), ".txt"); ok {
			want = append(want, id)
		}
	}
	all, err := ParseAll(text.Files())
	require.NoError(t, err)
	var got []string
	for _, l := range all {
		got = append(got, l.ID)
	}
	assert.Equal(t, want, got)
	assert.Equal(t, "00-tour", got[0])
}

// TestEveryCheckReadsInPlainWords: the page shows each check as a sentence
// in the learner's language, never as its pattern: a kubectl check has its
// "# check.say:" and "# check.say.zh:", a predicate describes itself.
func TestEveryCheckReadsInPlainWords(t *testing.T) {
	all, err := ParseAll(text.Files())
	require.NoError(t, err)
	n := 0
	for _, l := range all {
		for i, s := range l.Steps {
			for _, ch := range s.Checks {
				n++
				en, zh := ch.Describe("en"), ch.Describe("zh-CN")
				assert.NotEmpty(t, en, "%s step %d: %s", l.ID, i+1, ch.Raw)
				assert.NotEqual(t, en, zh, "%s step %d: %s has no Chinese words", l.ID, i+1, ch.Raw)
				assert.Regexp(t, `\p{Han}`, zh, "%s step %d: %s", l.ID, i+1, ch.Raw)
				if ch.Pred == "" {
					assert.NotEmpty(t, ch.Say.EN, "%s step %d: %s lacks '# check.say:'", l.ID, i+1, ch.Raw)
					assert.NotEmpty(t, ch.Say.ZH, "%s step %d: %s lacks '# check.say.zh:'", l.ID, i+1, ch.Raw)
					assert.NotContains(t, en, ch.Kubectl, "%s step %d: the words are not the pattern", l.ID, i+1)
				}
			}
		}
	}
	assert.Greater(t, n, 100)
}

// TestAWatchComesBeforeTheChangeItWatches: a step offers its watch first
// and then the change, or the watch would start when the change is already
// under way (issue 32: lesson 10 deleted its pods before the watch, so the
// learner never saw them terminate and come back in order). YAML is
// applied from the editor, which leaves the terminal's watch running; a
// kubectl change runs beside the watch ("& "), as from a second terminal.
// So in a step with a watch no change comes before it, and the first
// command after it that is not time passing is YAML or marked beside.
func TestAWatchComesBeforeTheChangeItWatches(t *testing.T) {
	all, err := ParseAll(text.Files())
	require.NoError(t, err)
	watches, beside := 0, 0
	for _, l := range all {
		for i, s := range l.Steps {
			w := slices.IndexFunc(s.Commands, func(c Command) bool { return isWatch(c.Line) })
			if w < 0 {
				continue
			}
			watches++
			for _, c := range s.Commands[:w] {
				assert.False(t, isChange(c), "%s step %d: %q comes before the watch %q", l.ID, i+1, c.Line, s.Commands[w].Line)
			}
			for _, c := range s.Commands[w+1:] {
				if c.IsSim() {
					continue
				}
				assert.True(t, c.IsApplyYAML() || c.Beside, "%s step %d: %q after the watch would end it: mark it '& ' to run beside the watch", l.ID, i+1, c.Line)
				if c.Beside {
					beside++
				}
				break
			}
		}
	}
	assert.Equal(t, 8, watches)
	assert.Equal(t, 3, beside)
}

// isChange reports a command that changes the cluster: YAML applied, or a
// kubectl verb that writes.
func isChange(c Command) bool {
	if c.IsApplyYAML() {
		return true
	}
	f := strings.Fields(c.Line)
	if len(f) < 2 || f[0] != "kubectl" {
		return false
	}
	switch f[1] {
	case "apply", "create", "replace", "delete", "scale", "set", "patch", "label", "annotate", "taint",
		"cordon", "uncordon", "drain", "run", "expose", "autoscale", "edit":
		return true
	case "rollout":
		return len(f) > 2 && f[2] != "status" && f[2] != "history"
	}
	return false
}
