package statefulset

import (
	"fmt"
	"sort"
	"strings"

	"github.com/kubeloop/kubeloop/controllers/history"
	"github.com/kubeloop/kubeloop/core/api"
)

// view is one reconcile's picture of a set: its pods by ordinal slot and
// those above the wanted count, updated as the reconcile writes, so the
// status it reports includes its own creates and deletes.
type view struct {
	set              *api.StatefulSet
	cur, upd         *api.ControllerRevision
	curTmpl, updTmpl *api.PodTemplateSpec
	start, replicas  int
	// slots[i] is the pod with ordinal start+i, nil when missing.
	slots []*api.Pod
	// condemned are member pods outside [start, start+replicas), highest
	// ordinal first.
	condemned []*api.Pod
}

func newView(set *api.StatefulSet, cur, upd *api.ControllerRevision, pods []*api.Pod) (*view, error) {
	curTmpl, err := history.Template(cur)
	if err != nil {
		return nil, fmt.Errorf("revision %s: %w", cur.Name, err)
	}
	updTmpl, err := history.Template(upd)
	if err != nil {
		return nil, fmt.Errorf("revision %s: %w", upd.Name, err)
	}
	v := &view{set: set, cur: cur, upd: upd, curTmpl: curTmpl, updTmpl: updTmpl,
		start: set.StartOrdinal(), replicas: int(api.Deref(set.Spec.Replicas, 1))}
	v.slots = make([]*api.Pod, v.replicas)
	for _, p := range pods {
		ord, ok := ordinalOf(set, p)
		if !ok {
			continue
		}
		if ord >= v.start && ord < v.start+v.replicas {
			v.slots[ord-v.start] = p
		} else {
			v.condemned = append(v.condemned, p)
		}
	}
	sort.Slice(v.condemned, func(i, j int) bool {
		a, _ := ordinalOf(set, v.condemned[i])
		b, _ := ordinalOf(set, v.condemned[j])
		return a > b
	})
	return v, nil
}

// partition is the first slot the rolling update touches.
func (v *view) partition() int {
	if ru := v.set.Spec.UpdateStrategy.RollingUpdate; ru != nil && ru.Partition != nil {
		return int(*ru.Partition)
	}
	return 0
}

// templateFor is the template and revision a new pod in slot i gets:
// below the partition the current revision, else the update revision.
func (v *view) templateFor(i int) (*api.PodTemplateSpec, string) {
	st := v.set.Spec.UpdateStrategy
	if st.Type == api.RollingUpdateStatefulSetStrategyType {
		if (st.RollingUpdate == nil && i < int(v.set.Status.CurrentReplicas)) ||
			(st.RollingUpdate != nil && i < v.partition()) {
			return v.curTmpl, v.cur.Name
		}
	}
	return v.updTmpl, v.upd.Name
}

// firstUnhealthy is the first pod, ascending through the slots and then
// descending through the condemned, that is not Running and Ready.
func (v *view) firstUnhealthy() *api.Pod {
	for _, p := range v.slots {
		if p != nil && !healthy(p) {
			return p
		}
	}
	for _, p := range v.condemned {
		if !healthy(p) {
			return p
		}
	}
	return nil
}

// outdated counts live pods not at the update revision.
func (v *view) outdated() int {
	n := 0
	for _, p := range v.all() {
		if p.DeletionTimestamp == nil && revisionOf(p) != v.upd.Name {
			n++
		}
	}
	return n
}

func (v *view) all() []*api.Pod {
	var out []*api.Pod
	for _, p := range v.slots {
		if p != nil {
			out = append(out, p)
		}
	}
	return append(out, v.condemned...)
}

// replaceCondemned swaps p for its state after a delete (nil: gone).
func (v *view) replaceCondemned(p, live *api.Pod) {
	for i, c := range v.condemned {
		if c == p {
			if live == nil {
				v.condemned = append(v.condemned[:i], v.condemned[i+1:]...)
			} else {
				v.condemned[i] = live
			}
			return
		}
	}
}

// describe is the observed line: each ordinal's state.
func (v *view) describe() string {
	var parts []string
	for i, p := range v.slots {
		name := PodName(v.set, v.start+i)
		switch {
		case p == nil:
			parts = append(parts, name+" missing")
		case healthy(p):
			parts = append(parts, name+" Running/Ready")
		default:
			parts = append(parts, name+" "+strings.TrimPrefix(notReadyReason(p), "is "))
		}
	}
	for _, p := range v.condemned {
		parts = append(parts, p.Name+" extra")
	}
	if len(parts) == 0 {
		return "no pods"
	}
	return "pods: " + strings.Join(parts, ", ")
}
