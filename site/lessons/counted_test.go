package lessons

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestCountedSaysOneAsOne(t *testing.T) {
	assert.Equal(t, "0 pods", counted(0, "pod", "pods"))
	assert.Equal(t, "1 pod", counted(1, "pod", "pods"))
	assert.Equal(t, "3 pods", counted(3, "pod", "pods"))
	assert.Equal(t, "1 ReplicaSet", countedArg("1", "ReplicaSet", "ReplicaSets"))
	assert.Equal(t, "2 ReplicaSets", countedArg("2", "ReplicaSet", "ReplicaSets"))
	// The lessons' checks of one thing, as a learner reads them.
	for pred, want := range map[string]string{
		"pods-ready app=bare 1":    "exactly 1 pod with app=bare, all Ready",
		"rs-count app=nginx 1":     "exactly 1 ReplicaSet with app=nginx",
		"never-scaled app=web 1":   "no ReplicaSet with app=web was ever asked for 1 replica",
		"jobs-of tick 1":           "cronjob tick keeps exactly 1 Job",
		"ds-on-nodes default/ds 1": "daemonset default/ds has one Ready pod on each of 1 node",
	} {
		c, err := ParseCheck(pred)
		if assert.NoError(t, err, pred) {
			assert.Equal(t, want, c.Describe("en"), pred)
		}
	}
}
