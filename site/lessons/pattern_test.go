package lessons

import (
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubeloop/kubeloop/site/lessons/text"
)

// TestLessonPatternsAgreeWithRegexp runs every "~>" check of the lessons,
// compiled by core/pattern, on texts like those a lesson's commands print,
// and compares it with Go's regexp.
func TestLessonPatternsAgreeWithRegexp(t *testing.T) {
	texts := []string{
		"", "Running", "deployment.apps/web scaled\n", "Error from server (NotFound): pods \"x\" not found\n",
		"NAME                                READY   STATUS    RESTARTS   AGE\nnginx-deployment-b96f959-jk4qd     1/1     Running   0          3s\n",
		"web-0.nginx.default.svc.cluster.local has address 10.244.1.2\n", "ImagePullBackOff", "deployment.apps/nginx-deployment rolled back\n",
		"Waiting for deployment \"nginx-deployment\" rollout to finish: 1 out of 3 new replicas have been updated...\n",
		"partitioned roll out complete: 3 new pods have been updated...\n", "REVISION  CHANGE-CAUSE\n1         <none>\n2         <none>\n",
	}
	all, err := ParseAll(text.Files())
	require.NoError(t, err)
	n := 0
	for _, l := range all {
		for _, s := range l.Steps {
			for _, c := range s.Checks {
				if c.Op != "~>" {
					continue
				}
				n++
				re := regexp.MustCompile(c.Want)
				for _, text := range texts {
					assert.Equal(t, re.MatchString(text), c.re.MatchString(text), "%s: %q on %q", l.ID, c.Want, text)
				}
			}
		}
	}
	assert.GreaterOrEqual(t, n, 5)
}
