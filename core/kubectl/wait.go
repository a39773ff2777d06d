package kubectl

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/kubectl/jsonpath"
	"github.com/kubeloop/kubeloop/core/yaml"
)

// `kubectl wait --for=…`: wait until each object named has a condition
// (condition=Ready, condition=Available=false), a JSONPath value
// (jsonpath='{.status.phase}'=Running, or any value at all) or is gone
// (delete). A real kubectl watches in wall time; here the simulated clock
// runs until the condition holds or --timeout (30s by default) of
// simulated time has passed — as `rollout status` waits.

func registerWait() {
	commands["wait"] = runWait
}

// waitCondition tells whether an object (nil: there is none) satisfies
// --for; an error ends the wait.
type waitCondition struct {
	forDelete bool
	check     func(o api.Object) (bool, error)
}

// runWait waits, one object after the other, until each object named or
// selected meets --for, and says so; it stops at the first that does not.
func runWait(c *invocation, args []string) {
	pos, f, ok := c.parse(args,
		flagDef{long: "for"},
		flagDef{long: "timeout", def: "30s"}, // kubectl wait's default
		flagDef{long: "selector", short: "l"},
		flagDef{long: "field-selector"},
		flagDef{long: "all", boolean: true},
		flagDef{long: "all-namespaces", short: "A", boolean: true},
	)
	if !ok {
		return
	}
	cond, err := parseWaitCondition(f.str("for"))
	if err != nil {
		c.fail("%v", err)
		return
	}
	timeout, ok := c.waitTimeout(f)
	if !ok {
		return
	}
	objs, ok := c.waitTargets(f, pos)
	if !ok {
		return
	}
	if len(objs) == 0 && !cond.forDelete {
		c.fail("no matching resources found")
		return
	}
	for _, o := range objs {
		if !c.waitForOne(o, cond, timeout) {
			return
		}
	}
}

// waitTimeout is --timeout: a negative one is a week; false if it does not
// parse (the error printed).
func (c *invocation) waitTimeout(f *flags) (time.Duration, bool) {
	timeout, err := time.ParseDuration(f.str("timeout"))
	if err != nil {
		c.fail("invalid argument %q for \"--timeout\" flag: time: invalid duration %q", f.str("timeout"), f.str("timeout"))
		return 0, false
	}
	if timeout < 0 {
		timeout = 168 * time.Hour // "negative means wait for a week"
	}
	return timeout, true
}

// waitTarget is one object to wait for, with its namespace.
type waitTarget struct {
	target
	ns string
}

// waitTargets are the objects named, or those of the one kind named that
// the selectors (or --all) select; false on a wrong argument (the error
// printed).
func (c *invocation) waitTargets(f *flags, pos []string) ([]waitTarget, bool) {
	ts, kindOnly, ok := c.namedTargets(pos)
	if !ok {
		return nil, false
	}
	var objs []waitTarget
	if kindOnly == nil {
		for _, t := range ts {
			objs = append(objs, waitTarget{t, namespaceFor(t.kind, f)})
		}
		return objs, true
	}
	space := namespaceFor(kindOnly, f)
	if f.boolean("all-namespaces") {
		space = ""
	}
	found, ok := c.selected(kindOnly, f, space)
	if !ok {
		return nil, false
	}
	for _, o := range found {
		m := o.GetObjectMeta()
		objs = append(objs, waitTarget{target{kindOnly, m.Name}, m.Namespace})
	}
	return objs, true
}

// waitForOne waits until o meets cond, or timeout has passed, and prints
// which; it reports whether the wait goes on to the next object.
func (c *invocation) waitForOne(o waitTarget, cond waitCondition, timeout time.Duration) bool {
	st := c.env.Store()
	get := func() api.Object {
		obj, err := st.Get(o.kind, o.ns, o.name)
		if err != nil {
			return nil
		}
		return obj
	}
	first := get()
	if first == nil {
		if cond.forDelete {
			return true // already gone: nothing to wait for, nothing printed
		}
		c.apiError(api.NewNotFound(o.kind, o.name), "", "")
		return false
	}
	check := cond.check
	if cond.forDelete {
		// Deleted, or deleted and made again (a StatefulSet's pod):
		// a watch would have seen it go.
		uid := first.GetObjectMeta().UID
		check = func(o api.Object) (bool, error) { return o == nil || o.GetObjectMeta().UID != uid, nil }
	}
	met, err := check(first)
	if err != nil {
		c.fail("%v", err)
		return false
	}
	if !met && timeout == 0 {
		c.fail("condition not met for %s/%s", o.kind.Resource, o.name)
		return false
	}
	if !met && !c.waitUntilMet(o, cond.forDelete, get, check, timeout) {
		return false
	}
	c.printf("%s condition met\n", qualifiedName(o.kind, o.name))
	return true
}

// waitUntilMet runs the clock until check holds for what get reads, for
// at most timeout; it reports whether it held, having printed why not.
// Unless waiting for a delete, the object going is an error.
func (c *invocation) waitUntilMet(o waitTarget, forDelete bool, get func() api.Object,
	check func(api.Object) (bool, error), timeout time.Duration) bool {
	var met bool
	var checkErr error
	c.runUntil(func() bool {
		obj := get()
		if obj == nil && !forDelete {
			checkErr = api.NewNotFound(o.kind, o.name)
			return true
		}
		met, checkErr = check(obj)
		return met || checkErr != nil
	}, timeout)
	switch {
	case api.ReasonOf(checkErr) != "":
		c.apiError(checkErr, "", "")
		return false
	case checkErr != nil:
		c.fail("%v", checkErr)
		return false
	case !met:
		c.fail("timed out waiting for the condition on %s/%s", o.kind.Resource, o.name)
		return false
	}
	return true
}

// parseWaitCondition reads --for.
func parseWaitCondition(s string) (waitCondition, error) {
	switch {
	case strings.EqualFold(s, "delete"):
		return waitCondition{forDelete: true}, nil // runWait checks it by uid
	case strings.HasPrefix(s, "condition="):
		name, want, found := strings.Cut(strings.TrimPrefix(s, "condition="), "=")
		if !found {
			want = "true"
		}
		return waitCondition{check: func(o api.Object) (bool, error) { return hasCondition(o, name, want) }}, nil
	case strings.HasPrefix(s, "jsonpath="):
		return parseJSONPathWait(strings.TrimPrefix(s, "jsonpath="))
	}
	return waitCondition{}, fmt.Errorf("unrecognized condition: %q", s)
}

// hasCondition: status.conditions has one of that type (case folded) with
// that status (case folded), unless it describes an older generation.
func hasCondition(o api.Object, name, want string) (bool, error) {
	v, err := yaml.Generic(o)
	if err != nil {
		return false, err
	}
	obj, _ := v.(map[string]any)
	status, _ := obj["status"].(map[string]any)
	conditions, _ := status["conditions"].([]any)
	generation, hasGeneration := numberAt(obj, "metadata", "generation")
	for _, c := range conditions {
		cond, _ := c.(map[string]any)
		if t, _ := cond["type"].(string); !strings.EqualFold(t, name) {
			continue
		}
		s, ok := cond["status"].(string)
		if !ok {
			continue
		}
		if hasGeneration {
			observed, found := numberAt(cond, "observedGeneration")
			if !found {
				observed, found = numberAt(status, "observedGeneration")
			}
			if found && observed < generation {
				return false, nil
			}
		}
		return strings.EqualFold(s, want), nil
	}
	return false, nil
}

// numberAt is the integer at a path of map keys.
func numberAt(m map[string]any, path ...string) (int64, bool) {
	var v any = m
	for _, k := range path {
		mm, ok := v.(map[string]any)
		if !ok {
			return 0, false
		}
		v = mm[k]
	}
	n, ok := v.(interface{ Int64() (int64, error) })
	if !ok {
		return 0, false
	}
	i, err := n.Int64()
	return i, err == nil
}

// parseJSONPathWait reads --for=jsonpath='{…}'[=value]: a single '='
// separates the value ('==' inside the filter does not).
func parseJSONPathWait(in string) (waitCondition, error) {
	var parts []string
	var cur strings.Builder
	for i := 0; i < len(in); i++ {
		if in[i] == '=' {
			if i+1 < len(in) && in[i+1] == '=' {
				cur.WriteString("==")
				i++
				continue
			}
			parts = append(parts, cur.String())
			cur.Reset()
			continue
		}
		cur.WriteByte(in[i])
	}
	parts = append(parts, cur.String())
	if len(parts) > 2 {
		return waitCondition{}, errors.New("jsonpath wait format must be --for=jsonpath='{.status.readyReplicas}'=3 or --for=jsonpath='{.status.readyReplicas}'")
	}
	if parts[0] == "" {
		return waitCondition{}, errors.New("jsonpath expression cannot be empty")
	}
	text, err := relaxedPath(parts[0])
	if err != nil {
		return waitCondition{}, err
	}
	tmpl, err := jsonpath.Parse(text)
	if err != nil {
		return waitCondition{}, err
	}
	anyValue := len(parts) == 1
	want := ""
	if !anyValue {
		if want = strings.Trim(parts[1], `'"`); want == "" {
			return waitCondition{}, errors.New("jsonpath wait has to have a value after equal sign, like --for=jsonpath='{.status.readyReplicas}'=3")
		}
	}
	return waitCondition{check: func(o api.Object) (bool, error) {
		v, err := yaml.Generic(o)
		if err != nil {
			return false, err
		}
		// relaxedPath made the template one expression: one list of values.
		results, err := tmpl.Results(v, true)
		if err != nil || len(results[0]) == 0 {
			return false, err
		}
		if len(results[0]) > 1 {
			return false, errors.New("given jsonpath expression matches more than one value")
		}
		if anyValue {
			return true, nil
		}
		got := results[0][0]
		switch got.(type) {
		case map[string]any, []any:
			return false, errors.New("jsonpath leads to a nested object or list which is not supported")
		}
		return strings.TrimSpace(fmt.Sprint(got)) == strings.TrimSpace(want), nil
	}}, nil
}
