package lessons

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/controllers"
	"github.com/kubeloop/kubeloop/core/cluster"
	"github.com/kubeloop/kubeloop/core/transcript"
	"github.com/kubeloop/kubeloop/site/lessons/text"
)

// The answer each lesson's question teaches, as the simulation gives it:
// if the cluster's behaviour moved, the lesson's explanation would be
// wrong, and this says which.
func TestEveryPredictionHasTheAnswerItsLessonTeaches(t *testing.T) {
	want := map[string]string{
		"01-control-loop":       "the replicaset controller, creating new Pods",
		"03-controller-manager": "4: both changes wait as one key, and the controller reads 4",
		"04-leader-election":    "nothing: no one leads until the Lease expires",
		"07-rolling-update":     "5: one extra Pod, as maxSurge allows",
	}
	all, err := ParseAll(text.Files())
	require.NoError(t, err)
	asked := map[string]bool{}
	for _, l := range all {
		c := cluster.New(cluster.Options{Seed: 1, Controllers: controllers.All()})
		_, err := transcript.Run(c, l.SetupScript)
		require.NoError(t, err)
		for _, s := range l.Steps {
			mark := MarkOf(c)
			_, err := transcript.Run(c, s.Script)
			require.NoError(t, err)
			if s.Predict == nil {
				continue
			}
			asked[l.ID] = true
			answer, saw := s.Predict.Answer(c, mark)
			require.GreaterOrEqual(t, answer, 0, "%s: %s", l.ID, saw)
			assert.Equal(t, want[l.ID], s.Predict.Choices[answer].Text.EN, "%s: the cluster says %s", l.ID, saw)
			assert.NotEmpty(t, saw, "what the answer's check saw explains it")
		}
	}
	for id := range want {
		assert.True(t, asked[id], "%s asks no question", id)
	}
}

func TestParseRejectsMalformedPredictions(t *testing.T) {
	head := "# lesson: L\n# lesson.zh: L\n# step: S\n# step.zh: S\n"
	tail := "sim settle\n# check: pods-ready app=x 1\n"
	for name, body := range map[string]string{
		"a choice before its question": "# choice: a | first-writer x\n# choice.zh: a\n",
		"one choice":                   "# predict: Q\n# predict.zh: Q\n# choice: a | first-writer x\n# choice.zh: a\n",
		"no zh question":               "# predict: Q\n# choice: a | first-writer x\n# choice.zh: a\n# choice: b | first-writer y\n# choice.zh: b\n",
		"no zh choice":                 "# predict: Q\n# predict.zh: Q\n# choice: a | first-writer x\n# choice: b | first-writer y\n# choice.zh: b\n",
		"a choice without its check":   "# predict: Q\n# predict.zh: Q\n# choice: a\n",
		"a kubectl check":              "# predict: Q\n# predict.zh: Q\n# choice: a | kubectl get pods => x\n",
		"an unknown predicate":         "# predict: Q\n# predict.zh: Q\n# choice: a | first-writers x\n",
		"two questions":                "# predict: Q\n# predict.zh: Q\n# predict: R\n",
	} {
		_, err := Parse("t", head+body+tail)
		assert.Error(t, err, name)
	}
	l, err := Parse("t", head+"# predict: Q\n# predict.zh: 问\n# choice: a | first-writer x\n# choice.zh: 甲\n# choice: b | first-writer y\n# choice.zh: 乙\n"+tail)
	require.NoError(t, err)
	p := l.Steps[0].Predict
	require.NotNil(t, p)
	assert.Equal(t, Text{EN: "Q", ZH: "问"}, p.Question)
	assert.Equal(t, []Text{{EN: "a", ZH: "甲"}, {EN: "b", ZH: "乙"}}, []Text{p.Choices[0].Text, p.Choices[1].Text})
	assert.Equal(t, "first-writer", p.Choices[1].Check.Pred)
	assert.Equal(t, []string{"y"}, p.Choices[1].Check.Args)
}
