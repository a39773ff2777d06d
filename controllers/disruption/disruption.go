// Package disruption is the disruption controller of kube-controller-manager
// ("disruption" in --controllers): it keeps each PodDisruptionBudget's
// status — how many of its pods are healthy, how many must be, and so how
// many may be disrupted now — which the eviction API (store.Evict, what
// `kubectl drain` calls) consults before it deletes a pod.
//
// Observe: the budget, the pods its selector matches, and for a percentage
// or maxUnavailable the scale of their controllers (a Deployment's
// replicas, through its ReplicaSet; a StatefulSet's; a ReplicaSet's or
// ReplicationController's). Diff: expectedPods, desiredHealthy,
// currentHealthy and disruptionsAllowed against status. Act: write the
// status and the DisruptionAllowed condition. Pods an eviction just
// charged (status.disruptedPods) do not count as healthy until they are
// seen to go, or for 2 minutes.
package disruption

import (
	"fmt"
	"sort"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/informer"
)

// DeletionTimeout is how long an evicted pod stays in disruptedPods
// waiting for its deletion to be seen.
const DeletionTimeout = 2 * time.Minute

// Reconciler is the disruption controller.
type Reconciler struct {
	// pdbs and pods are the caches the loop observes; never modify what
	// they return.
	pdbs informer.Lister[*api.PodDisruptionBudget]
	pods informer.Lister[*api.Pod]
	ctrl *controller.Controller
}

// Register adds the disruption controller to a manager.
func Register(m *controller.Manager) *controller.Controller {
	r := &Reconciler{pdbs: informer.ListerFor[*api.PodDisruptionBudget](m.Informers), pods: informer.ListerFor[*api.Pod](m.Informers)}
	c := m.NewController("disruption", r, controller.Options{Component: "controllermanager"})
	r.ctrl = c
	r.pdbs.AddHandler(informer.Handler{
		OnAdd:    c.EnqueueObject,
		OnUpdate: func(_, o api.Object) { c.EnqueueObject(o) },
	})
	wake := func(p *api.Pod) {
		for _, o := range r.pdbs.List(p.Namespace) {
			sel, err := o.Spec.Selector.AsSelector()
			if err == nil && !sel.Empty() && sel.Matches(p.Labels) {
				c.EnqueueObject(o)
			}
		}
	}
	r.pods.AddTypedHandler(informer.HandlerFor[*api.Pod]{
		OnAdd: wake,
		OnUpdate: func(old, p *api.Pod) {
			wake(old)
			wake(p)
		},
		OnDelete: wake,
	})
	return c
}

// Reconcile recounts one budget.
func (r *Reconciler) Reconcile(ctx *controller.Context, req controller.Request) (controller.Result, error) {
	pdb, ok := r.pdbs.Get(req.Namespace, req.Name)
	if !ok {
		ctx.Observe("PodDisruptionBudget %s is gone", req)
		return controller.Result{}, nil
	}
	now := ctx.Clock.Now()
	pods := r.selected(pdb)
	if len(pods) == 0 {
		ctx.Event(pdb, controller.EventNormal, "NoPods", "No matching pods found")
	}
	expected, desired, err := r.expectedAndDesired(ctx, pdb, pods)
	if err != nil {
		ctx.Event(pdb, controller.EventWarning, "CalculateExpectedPodCountFailed", "Failed to calculate the number of expected pods: %v", err)
		ctx.Why("cannot tell how many pods there should be (%v): allow no disruption", err)
		return controller.Result{}, r.write(ctx, pdb, func(st *api.PodDisruptionBudgetStatus) {
			st.DisruptionsAllowed = 0
			st.SetDisruptionAllowed(now, false, api.SyncFailedReason, err.Error())
		})
	}
	disrupted, requeue := r.disruptedPods(pdb, pods, now)
	healthy := 0
	for _, p := range pods {
		if _, charged := disrupted[p.Name]; charged || p.DeletionTimestamp != nil {
			continue
		}
		if api.IsPodReady(p) {
			healthy++
		}
	}
	allowed := max(0, healthy-desired)
	if expected <= 0 {
		allowed = 0
	}
	ctx.Observe("%d pods selected, %d expected, %d healthy, %d must stay healthy", len(pods), expected, healthy, desired)
	if allowed > 0 {
		ctx.Why("healthy %d − desired %d = %d disruption(s) allowed", healthy, desired, allowed)
	} else {
		ctx.Why("healthy %d ≤ desired %d: no eviction may take a pod now", healthy, desired)
	}
	err = r.write(ctx, pdb, func(st *api.PodDisruptionBudgetStatus) {
		st.ExpectedPods, st.DesiredHealthy, st.CurrentHealthy, st.DisruptionsAllowed = int32(expected), int32(desired), int32(healthy), int32(allowed)
		st.DisruptedPods = disrupted
		if allowed > 0 {
			st.SetDisruptionAllowed(now, true, api.SufficientPodsReason, "")
		} else {
			st.SetDisruptionAllowed(now, false, api.InsufficientPodsReason, "")
		}
	})
	return controller.Result{RequeueAfter: requeue}, err
}

// selected are the pods in the budget's namespace its selector matches.
func (r *Reconciler) selected(pdb *api.PodDisruptionBudget) []*api.Pod {
	sel, err := pdb.Spec.Selector.AsSelector()
	if err != nil || sel.Empty() {
		return nil
	}
	var out []*api.Pod
	for _, p := range r.pods.List(pdb.Namespace) {
		if sel.Matches(p.Labels) {
			out = append(out, p)
		}
	}
	return out
}

// expectedAndDesired is upstream's arithmetic: minAvailable as a number
// needs only the pod count; a percentage, or maxUnavailable, is taken of
// the pods' controllers' scale (percentages of minAvailable round up, of
// maxUnavailable too, as intstr's GetScaledValueFromIntOrPercent with
// roundUp).
func (r *Reconciler) expectedAndDesired(ctx *controller.Context, pdb *api.PodDisruptionBudget, pods []*api.Pod) (expected, desired int, err error) {
	s := &pdb.Spec
	switch {
	case s.MaxUnavailable != nil:
		expected, err = r.controllersScale(ctx, pods)
		if err != nil {
			return 0, 0, err
		}
		n, err := s.MaxUnavailable.ScaledValue(expected, true)
		if err != nil {
			return 0, 0, err
		}
		ctx.Observe("maxUnavailable %s of %d → %d", s.MaxUnavailable.String(), expected, n)
		return expected, max(0, expected-n), nil
	case s.MinAvailable != nil && !s.MinAvailable.IsString:
		return len(pods), int(s.MinAvailable.IntVal), nil
	case s.MinAvailable != nil:
		expected, err = r.controllersScale(ctx, pods)
		if err != nil {
			return 0, 0, err
		}
		n, err := s.MinAvailable.ScaledValue(expected, true)
		if err != nil {
			return 0, 0, err
		}
		ctx.Observe("minAvailable %s of %d → %d", s.MinAvailable.String(), expected, n)
		return expected, n, nil
	}
	return len(pods), 0, nil
}

// controllersScale sums the desired replicas of the distinct controllers of
// the pods. A pod without a controller makes the count unknowable.
func (r *Reconciler) controllersScale(ctx *controller.Context, pods []*api.Pod) (int, error) {
	st := ctx.Store()
	seen := map[string]bool{}
	total := 0
	for _, p := range pods {
		ref := api.ControllerOf(p)
		if ref == nil {
			return 0, fmt.Errorf("found no controller ref for pod %q", p.Name)
		}
		kind, name, replicas := ref.Kind, ref.Name, int32(-1)
		switch ref.Kind {
		case "ReplicaSet":
			rs, err := controller.GetLive[*api.ReplicaSet](st, p.Namespace, ref.Name)
			if err != nil {
				return 0, err
			}
			replicas = api.Deref(rs.Spec.Replicas, 1)
			if d := api.ControllerOf(rs); d != nil && d.Kind == "Deployment" {
				dep, err := controller.GetLive[*api.Deployment](st, p.Namespace, d.Name)
				if err != nil {
					return 0, err
				}
				kind, name, replicas = "Deployment", d.Name, api.Deref(dep.Spec.Replicas, 1)
			}
		case "StatefulSet":
			set, err := controller.GetLive[*api.StatefulSet](st, p.Namespace, ref.Name)
			if err != nil {
				return 0, err
			}
			replicas = api.Deref(set.Spec.Replicas, 1)
		case "ReplicationController":
			rc, err := controller.GetLive[*api.ReplicationController](st, p.Namespace, ref.Name)
			if err != nil {
				return 0, err
			}
			replicas = api.Deref(rc.Spec.Replicas, 1)
		default:
			return 0, fmt.Errorf("pod %q is controlled by a %s, which has no scale", p.Name, ref.Kind)
		}
		if key := kind + "/" + name; !seen[key] {
			seen[key] = true
			total += int(replicas)
		}
	}
	return total, nil
}

// disruptedPods keeps the evicted pods still expected to go: present, not
// yet being deleted, and evicted less than DeletionTimeout ago. It says
// when the oldest will expire.
func (r *Reconciler) disruptedPods(pdb *api.PodDisruptionBudget, pods []*api.Pod, now time.Time) (map[string]api.Time, time.Duration) {
	if len(pdb.Status.DisruptedPods) == 0 {
		return nil, 0
	}
	byName := map[string]*api.Pod{}
	for _, p := range pods {
		byName[p.Name] = p
	}
	out := map[string]api.Time{}
	var requeue time.Duration
	names := make([]string, 0, len(pdb.Status.DisruptedPods))
	for n := range pdb.Status.DisruptedPods {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		t := pdb.Status.DisruptedPods[n]
		p := byName[n]
		if p == nil || p.DeletionTimestamp != nil {
			continue
		}
		expires := t.Add(DeletionTimeout)
		if !now.Before(expires) {
			continue
		}
		out[n] = t
		if d := expires.Sub(now); requeue == 0 || d < requeue {
			requeue = d
		}
	}
	if len(out) == 0 {
		return nil, requeue
	}
	return out, requeue
}

// write applies set to a copy of the status and writes it if it changed.
func (r *Reconciler) write(ctx *controller.Context, pdb *api.PodDisruptionBudget, set func(*api.PodDisruptionBudgetStatus)) error {
	c := api.DeepCopy(pdb)
	c.Status.ObservedGeneration = pdb.Generation
	set(&c.Status)
	if statusEqual(pdb.Status, c.Status) {
		return nil
	}
	ctx.Diff("status: %d healthy of %d desired, disruptions allowed: %d (was %d)", c.Status.CurrentHealthy, c.Status.DesiredHealthy,
		c.Status.DisruptionsAllowed, pdb.Status.DisruptionsAllowed)
	_, err := ctx.UpdateStatus(c, fmt.Sprintf("disruptionsAllowed=%d", c.Status.DisruptionsAllowed))
	if api.IsNotFound(err) || api.IsConflict(err) {
		return nil // gone, or an eviction changed it: its event brings us back
	}
	return err
}

func statusEqual(a, b api.PodDisruptionBudgetStatus) bool {
	if a.ObservedGeneration != b.ObservedGeneration || a.DisruptionsAllowed != b.DisruptionsAllowed || a.CurrentHealthy != b.CurrentHealthy ||
		a.DesiredHealthy != b.DesiredHealthy || a.ExpectedPods != b.ExpectedPods || len(a.DisruptedPods) != len(b.DisruptedPods) ||
		len(a.Conditions) != len(b.Conditions) {
		return false
	}
	for k, v := range a.DisruptedPods {
		if w, ok := b.DisruptedPods[k]; !ok || !w.Equal(v.Time) {
			return false
		}
	}
	for i := range a.Conditions {
		x, y := a.Conditions[i], b.Conditions[i]
		if x.Status != y.Status || x.Reason != y.Reason || x.Message != y.Message || x.ObservedGeneration != y.ObservedGeneration {
			return false
		}
	}
	return true
}

// Card is what the page says about this controller.
var Card = controller.Card{
	Name:    "disruption-controller",
	Package: "controllers/disruption",
	Title:   controller.Text{En: "Disruption: PodDisruptionBudgets", Zh: "Disruption：Pod 干扰预算"},
	Summary: controller.Text{
		En: "Watches each PodDisruptionBudget and the pods it selects, counts the healthy ones against minAvailable or maxUnavailable, and writes how many disruptions are allowed now. Evictions — what kubectl drain sends — read that number: at 0 the API refuses with 429 and drain retries every 5 seconds until a replacement pod is Ready elsewhere.",
		Zh: "监视每个 PodDisruptionBudget 及其选中的 Pod，按 minAvailable 或 maxUnavailable 统计健康的 Pod，写出当前允许的干扰数。驱逐（kubectl drain 发出的请求）读取这个数：为 0 时 API 以 429 拒绝，drain 每 5 秒重试，直到替代的 Pod 在别处就绪。",
	},
	Example: `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 3
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: nginx
        image: nginx:1.14.2
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: web
spec:
  minAvailable: 2
  selector:
    matchLabels:
      app: web
`,
}
