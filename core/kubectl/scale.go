package kubectl

import (
	"github.com/kubeloop/kubeloop/core/api"
)

func runScale(c *invocation, args []string) {
	pos, f, ok := c.parse(args,
		flagDef{long: "replicas", integer: true, def: "-1"},
		recordFlag,
		flagDef{long: "current-replicas", integer: true, def: "-1"},
	)
	if !ok {
		return
	}
	if !f.has("replicas") {
		c.fail("required flag(s) \"replicas\" not set")
		return
	}
	n := f.integer("replicas")
	if n < 0 {
		c.fail("The --replicas=COUNT flag is required, and COUNT must be greater than or equal to 0")
		return
	}
	ts, kindOnly, ok := c.targets(pos)
	if !ok {
		return
	}
	if kindOnly != nil || len(ts) == 0 {
		c.fail("resource(s) were provided, but no name was specified")
		return
	}
	cause := changeCause([]string{"scale"}, pos, f)
	st := c.env.Store()
	for _, t := range ts {
		live, ok := c.live(t, f)
		if !ok {
			continue
		}
		o := api.DeepCopyObject(live)
		var replicas **int32
		switch x := o.(type) {
		case *api.Deployment:
			replicas = &x.Spec.Replicas
		case *api.ReplicaSet:
			replicas = &x.Spec.Replicas
		case *api.StatefulSet:
			replicas = &x.Spec.Replicas
		case *api.ReplicationController:
			replicas = &x.Spec.Replicas
		default:
			c.fail("no scaler has been implemented for {%q %q}", t.kind.Group, t.kind.Kind)
			continue
		}
		if cur := f.integer("current-replicas"); cur >= 0 && int32(cur) != api.Deref(*replicas, 0) {
			c.fail("Expected replicas to be %d, was %d", cur, api.Deref(*replicas, 0))
			continue
		}
		*replicas = api.Ptr(int32(n))
		recordChange(o.GetObjectMeta(), f, cause)
		if _, err := st.Update(o); err != nil {
			c.apiError(err, "", "")
			continue
		}
		c.printf("%s scaled\n", qualifiedName(t.kind, t.name))
	}
}
