package kubectl

import (
	"errors"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
)

// This file is `kubectl rollout pause`, `resume` and `restart`: each a
// client-side change to a Deployment's spec, worded as kubectl words it.

func runRolloutPause(c *invocation, args []string) {
	c.patchDeployments(args, "paused", func(d *api.Deployment) error {
		if d.Spec.Paused {
			return errors.New("is already paused")
		}
		d.Spec.Paused = true
		return nil
	}, "pausing is not supported")
}

func runRolloutResume(c *invocation, args []string) {
	c.patchDeployments(args, "resumed", func(d *api.Deployment) error {
		if !d.Spec.Paused {
			return errors.New("is not paused")
		}
		d.Spec.Paused = false
		return nil
	}, "resuming is not supported")
}

// runRolloutRestart stamps the pod template with the simulated time, so the
// template changes and the Deployment rolls out new pods.
func runRolloutRestart(c *invocation, args []string) {
	c.patchDeployments(args, "restarted", func(d *api.Deployment) error {
		if d.Spec.Paused {
			return errors.New("can't restart paused deployment (run rollout resume first)")
		}
		now := c.env.Store().Clock().Now().UTC().Format(time.RFC3339) // after the flags are parsed (accepts.go)
		if d.Spec.Template.Annotations == nil {
			d.Spec.Template.Annotations = map[string]string{}
		}
		d.Spec.Template.Annotations[restartedAtAnnotation] = now
		return nil
	}, "restarting is not supported")
}

// patchDeployments applies change to each Deployment named in args and
// prints "deployment.apps/x <done>"; a refusal prints kubectl's
// `error: deployments.apps "x" <reason>`, other kinds get unsupported.
func (c *invocation) patchDeployments(args []string, done string, change func(d *api.Deployment) error, unsupported string) {
	pos, f, ok := c.parse(args)
	if !ok {
		return
	}
	ts, ok := c.rolloutTargets(pos, f)
	if !ok {
		return
	}
	st := c.env.Store()
	for _, t := range ts {
		live, ok := c.live(t, f)
		if !ok {
			continue
		}
		d, isDeployment := live.(*api.Deployment)
		if !isDeployment {
			c.fail("%s %q %s", t.kind.GroupResource(), t.name, unsupported)
			continue
		}
		next := api.DeepCopy(d)
		if err := change(next); err != nil {
			c.fail("%s %q %v", t.kind.GroupResource(), t.name, err)
			continue
		}
		if _, err := st.Update(next); err != nil {
			c.fail("failed to patch: %v", err)
			continue
		}
		c.printf("%s %s\n", qualifiedName(t.kind, t.name), done)
	}
}
