package kubectl

import (
	"errors"
	"fmt"

	"github.com/kubeloop/kubeloop/core/api"
)

// runRolloutUndo is `kubectl rollout undo TYPE/NAME [--to-revision=N]`,
// client-side as kubectl does it: find the ReplicaSet of that revision (the
// previous one by default), and write its pod template — without the
// pod-template-hash label — and its annotations back into the Deployment.
// The Deployment controller then finds that ReplicaSet is new again and
// gives it the next revision.
func runRolloutUndo(c *invocation, args []string) {
	pos, f, ok := c.parse(args, flagDef{long: "to-revision", integer: true, def: "0"})
	if !ok {
		return
	}
	ts, ok := c.rolloutTargets(pos, f)
	if !ok {
		return
	}
	to := f.integer("to-revision")
	st := c.env.Store()
	for _, t := range ts {
		rollbacker := rollbackers[t.kind.Kind]
		if rollbacker == nil {
			c.fail("no rollbacker has been implemented for %q", groupKind(t.kind))
			continue
		}
		live, ok := c.live(t, f)
		if !ok {
			continue
		}
		result, next, err := rollbacker(c, live, to)
		if err != nil {
			c.fail("%v", err)
			continue
		}
		if next != nil {
			if _, err := st.Update(next); err != nil {
				c.fail("failed restoring revision %d: %v", to, err)
				continue
			}
		}
		c.printf("%s %s\n", qualifiedName(t.kind, t.name), result)
	}
}

// rollbackers are `rollout undo`'s rollbackers by kind: the message, and
// the object to write (nil when nothing changes).
var rollbackers map[string]func(c *invocation, o api.Object, to int64) (string, api.Object, error)

func fillRollbackers() {
	rollbackers = map[string]func(c *invocation, o api.Object, to int64) (string, api.Object, error){
		"Deployment": func(c *invocation, o api.Object, to int64) (string, api.Object, error) {
			msg, next, err := rollback(c, o.(*api.Deployment), to)
			if next == nil {
				return msg, nil, err
			}
			return msg, next, err
		},
	}
}

// rollback decides a rollback of d to revision to (0: the previous one):
// the message, and the Deployment to write (nil when nothing changes).
func rollback(c *invocation, d *api.Deployment, to int64) (string, *api.Deployment, error) {
	if to < 0 {
		return "", nil, fmt.Errorf("unable to find specified revision %d in history", to)
	}
	rs, err := replicaSetForRevision(c, d, to)
	if err != nil {
		return "", nil, err
	}
	if d.Spec.Paused {
		return "", nil, errors.New("you cannot rollback a paused deployment; resume it first with 'kubectl rollout resume' and try again")
	}
	if equalIgnoreHash(&rs.Spec.Template, &d.Spec.Template) {
		return fmt.Sprintf("skipped rollback (current template already matches revision %d)", to), nil, nil
	}
	next := api.DeepCopy(d)
	next.Spec.Template = api.DeepCopy(rs.Spec.Template)
	delete(next.Spec.Template.Labels, podTemplateHashLabel)
	annotations := map[string]string{}
	for k, v := range d.Annotations {
		if rolloutAnnotationsToKeep[k] {
			annotations[k] = v
		}
	}
	for k, v := range rs.Annotations {
		if !rolloutAnnotationsToKeep[k] {
			annotations[k] = v
		}
	}
	next.Annotations = annotations
	if len(annotations) == 0 {
		next.Annotations = nil
	}
	next.ResourceVersion = ""
	return "rolled back", next, nil
}

// replicaSetForRevision finds the ReplicaSet of revision to, or for 0 the
// one with the second-highest revision.
func replicaSetForRevision(c *invocation, d *api.Deployment, to int64) (*api.ReplicaSet, error) {
	var latest, previous *api.ReplicaSet
	latestRev, previousRev := int64(-1), int64(-1)
	for _, rs := range ownedReplicaSets(c.env.Store(), d) {
		v, ok := revisionOf(rs)
		if !ok {
			continue
		}
		switch {
		case to > 0:
			if v == to {
				return rs, nil
			}
		case v > latestRev:
			previous, previousRev = latest, latestRev
			latest, latestRev = rs, v
		case v > previousRev:
			previous, previousRev = rs, v
		}
	}
	if to > 0 {
		return nil, fmt.Errorf("unable to find specified revision %d in history", to)
	}
	if previous == nil {
		return nil, fmt.Errorf("no rollout history found for deployment %q", d.Name)
	}
	return previous, nil
}
