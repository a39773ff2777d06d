package kubectl

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// kubectl v1.32 marks --record deprecated (pflag's MarkDeprecated): it still
// records the change cause, and pflag says so on stderr as it parses.
func TestRecordIsDeprecated(t *testing.T) {
	for _, line := range []string{
		"kubectl scale deployment web --replicas=2 --record",
		"kubectl set image deployment/web nginx=nginx:1.26 --record",
		"kubectl label deployment web tier=front --record",
	} {
		t.Run(line, func(t *testing.T) {
			e := newEnv(t)
			e.create(deployment("web", 3, "nginx:1.25"))
			r := e.run(line)
			assert.Equal(t, "Flag --record has been deprecated, --record will be removed in the future\n", r.Stderr)
			assert.NotEmpty(t, r.Stdout, "the command still runs")
		})
	}
	r := newEnv(t).run("kubectl scale deployment web --replicas=2")
	assert.NotContains(t, r.Stderr, "deprecated")
}
