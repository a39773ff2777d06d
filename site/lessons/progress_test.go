package lessons

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The StatefulSet lesson's step 2: its checks hold once the pods are up,
// before the learner asked web-0 its hostname and DNS its address — the
// point of the lesson. The step is done but stays open, every command
// still offered, until the learner moves on.
func TestAPassedStepKeepsOfferingItsCommandsUntilTheLearnerMovesOn(t *testing.T) {
	le := lessonByID(t, "10-statefulset-identity")
	p := NewProgress(le, 1)
	require.Equal(t, 1, p.Open())
	assert.False(t, p.Passed())
	assert.Equal(t, 1, p.Done())

	p.CommandRan("kubectl get pods -w -l app=nginx")
	p.YAMLApplied(le.Steps[1].Commands[1].Stdin)
	assert.True(t, p.ChecksHeld(), "the checks holding is news once")
	assert.False(t, p.ChecksHeld())
	assert.True(t, p.Passed())
	assert.Equal(t, 2, p.Done(), "saved progress counts the step done")
	assert.Equal(t, 1, p.Open(), "the step stays open")

	var offered []string
	for i, c := range p.Offered() {
		offered = append(offered, c.Line)
		assert.Equal(t, i < 2, p.Ran(i), c.Line)
	}
	assert.Contains(t, offered, "kubectl exec web-0 -- sh -c 'hostname'")
	assert.Contains(t, offered, "kubectl run -i --tty --image busybox:1.28.4 dns-test --restart=Never --rm -- nslookup web-0.nginx")

	// Running the step's own remaining commands does not move on.
	assert.False(t, p.CommandRan("kubectl exec web-0 -- sh -c 'hostname'"))
	assert.False(t, p.CommandRan("kubectl   run -i --tty --image busybox:1.28.4 dns-test --restart=Never --rm -- nslookup web-0.nginx"))
	assert.True(t, p.Ran(3))
	assert.True(t, p.Ran(4))
	assert.Equal(t, 1, p.Open())

	// Next moves on; the new step starts unheld, nothing of it ran.
	assert.True(t, p.Next())
	assert.Equal(t, 2, p.Open())
	assert.False(t, p.Passed())
	assert.Equal(t, 2, p.Done())
	assert.False(t, p.Ran(0))
	assert.False(t, p.Next(), "not before its checks hold")
}

// Starting the next step's first command moves on by itself, before the
// command runs (the page starts the step's window then): typed, with the
// k alias, or its YAML applied.
func TestStartingTheNextStepsFirstActionMovesOn(t *testing.T) {
	le := lessonByID(t, "10-statefulset-identity")
	p := NewProgress(le, 1)
	assert.False(t, p.CommandRan("kubectl get pods -w -l app=nginx"), "not while the step is not done")
	assert.Equal(t, 1, p.Open())
	p.ChecksHeld()
	assert.False(t, p.CommandRan("kubectl get pods"), "another command is no move")
	assert.True(t, p.CommandRan("k get pods  -w -l app=nginx"))
	assert.Equal(t, 2, p.Open())
	assert.True(t, p.Ran(0), "the command counts for the new step")

	// A YAML step: lesson 10's first step is done; the second begins
	// with the watch, then the StatefulSet.
	p = NewProgress(le, 0)
	p.ChecksHeld()
	assert.False(t, p.YAMLApplied("kind: Pod\n"))
	assert.True(t, p.CommandRan("kubectl get pods -w -l app=nginx"))
	assert.Equal(t, 1, p.Open())

	// Where the next step begins with YAML, applying that YAML moves on.
	le = lessonByID(t, "06-scaling")
	p = NewProgress(le, 0)
	p.ChecksHeld()
	yaml := le.Steps[1].Commands[0]
	require.True(t, yaml.IsApplyYAML())
	assert.True(t, p.YAMLApplied("\n"+yaml.Stdin+"\n"))
	assert.Equal(t, 1, p.Open())
	assert.True(t, p.Ran(0))
}

// A reload resumes from the saved count: the step after the done ones
// is open; a finished lesson shows its last step, done.
func TestProgressResumesFromTheSavedCount(t *testing.T) {
	le := lessonByID(t, "07-rolling-update")
	n := len(le.Steps)
	for done := -1; done <= n+1; done++ {
		p := NewProgress(le, done)
		want := max(0, min(done, n))
		assert.Equal(t, want, p.Done(), "saved %d", done)
		assert.Equal(t, want == n, p.Complete())
		assert.Equal(t, min(want, n-1), p.Open())
	}
	p := NewProgress(le, n)
	assert.False(t, p.HasNext())
	assert.False(t, p.Next(), "nothing after the last step")
	assert.False(t, p.CommandRan("kubectl get rs -w"))
}
